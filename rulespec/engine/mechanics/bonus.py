"""Bonus cards (``bonus cards:``, Canasta's red threes): set aside in front of whoever
gets one, replaced from the stock, and scored for the side at the hand's end."""

from __future__ import annotations

from ... import cards as C
from ...memo import cached
from .. import actions as A
from ..phases import Ending, Phase, Then


@cached(None)
def bonus_codes(bonus) -> frozenset:
    """The card codes of ``ruleset.bonus`` (empty without the rule)."""
    return frozenset(C.parse_card(c) for c in bonus.cards) if bonus is not None else frozenset()


class BonusCards:
    """Plays ``bonus`` (``bonus cards: red 3s; each scores 100; ...``). A bonus card never
    stays in a hand: one dealt is laid out in front of its seat (:attr:`Game.bonus`) and,
    once the deal and the upcard are done, replaced from the stock, seat by seat in the
    order of the deal; one drawn from the stock (a turn's draw, a claim's penalty card, a
    pushed card's company) is laid out at once and the next stock card comes in its
    place, again and again while they are bonus cards. If the stock is gone then, it is
    rebuilt or the hand ends as when a player draws from an exhausted stock. A bonus card
    turned up as the upcard stays in the discard pile with another card turned on it, and
    one taken with the discard pile, or found in a second hand picked up (mechanic
    second_hand), is laid out with no replacement. How they score is
    :func:`..scoring.bonus_points`. Reads ``bonus.cards``."""

    def _is_bonus(self, card: int) -> bool:
        return card in bonus_codes(self.ruleset.bonus)

    def _lay_out_bonus(self, seat: int, card: int) -> bool:
        """A card dealt or drawn to ``seat``: if it is a bonus card, lay it out and ask for
        its replacement (True); else False, and it goes to the hand."""
        if not self._is_bonus(card):
            return False
        self.bonus[seat].append(card)
        if self.phase is Phase.DEAL:  # replaced once the deal is done (_replace_dealt_bonus)
            self.bonus_owed[seat] += 1
        elif self._stock_live() or (self._rebuild() and self._stock_live()):
            self._chance.insert(0, (A.CARD, seat))
        else:
            self._end_hand(Ending.STOCK_EXHAUSTED)
        return True

    def _replace_dealt_bonus(self) -> bool:
        """After the deal: each seat dealt bonus cards gets as many from the stock (chance
        steps, in the order of the deal), then the deal is done again (True), until no
        seat is owed one or the stock is empty (False)."""
        owed = self.bonus_owed
        if not any(owed) or not self.stock:
            return False
        seat, order = self.dealer, []
        for _ in range(self.n):
            seat = self._next_seat(seat, self.in_hand)
            order += [(A.DEAL, seat)] * owed[seat]
        self.bonus_owed = [0] * self.n
        self._chance = order[:len(self.stock)]
        self._then = Then.BEGIN
        return True

    def _bonus_upcard(self, card: int) -> bool:
        """A bonus card turned up stays in the discard pile and another card is turned on
        it (True), so that the top card a player may take is never one."""
        if not self._is_bonus(card) or not self.stock:
            return False
        self.discards.append(card)
        self._chance.insert(0, (A.UPCARD, None))
        return True

    def _lay_out_taken_bonus(self, p: int, taken) -> None:
        """Bonus cards taken with the discard pile, or in a packet picked up, go in front of
        ``p``, not replaced."""
        hand = self.hands[p]
        for c in taken:
            if self._is_bonus(c):
                hand.remove(c)
                self.bonus[p].append(c)
