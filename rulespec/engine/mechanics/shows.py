"""Shows (Indian Rummy): declaring a hand, every card grouped with the sequences the
rules ask for; a wrong show costs its penalty and the player leaves the hand. Where the
rules give a wrong show no price (no ``wrong show = N``), only a valid show is offered:
a show that could fail for free would be a way out of every hand."""

from __future__ import annotations

from ...melds.checks import show_search
from .. import search as ES
from .. import actions as A
from ..actions import Action
from ..phases import Ending


class Shows:
    """Plays ``show:`` (N sequences, N of them pure, every other card in a set or a
    sequence; counted with every card worth one) and the wrong-show penalty. Reads
    ``show.sequences``, ``show.pure``, ``scoring.wrong_show``."""

    def valid_show(self, seat: int) -> bool:
        """Can ``seat``'s hand be declared: every card grouped, with the show's sequences?"""
        hand = self.hands[seat]
        s = self.ruleset.show
        if not hand:
            return False
        val, _g, _d = show_search(self._count_rules(), s, list(hand)).solve()
        return val is not None and val == len(hand)

    def _valid_show_discards(self, seat: int, order, banned) -> list[int]:
        """The cards (of ``order``) whose discard leaves a valid show; none at once when
        the hand cannot be melded but for one card (one search instead of one a card)."""
        hand = self.hands[seat]
        if not ES.can_meld_all(self.rules, hand, 1):
            return []
        # a card whose discard leaves a valid show is the one card the whole hand can
        # leave out while holding the show's sequences: one search says whether any is
        val, _g, _d = show_search(self._count_rules(), self.ruleset.show, list(hand)).solve()
        if val is None or val < len(hand) - 1:
            return []
        return [c for c in order if c not in banned and self._shows_without(seat, c)]

    def _shows_without(self, seat: int, card: int) -> bool:
        """Would ``seat``'s hand show validly once ``card`` is discarded?"""
        hand = self.hands[seat]
        at = hand.index(card)
        del hand[at]
        try:
            return self.valid_show(seat)
        finally:
            hand.insert(at, card)  # back where it was: asking changes nothing

    def _do_show(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self.hands[p].remove(card)
        if self.valid_show(p):
            self.discards.append(card)
            self.top_discarder = p
            if self.ruleset.show.last_turns:  # the others have one more turn each
                self._close(p, Ending.SHOW)
                return
            self._end_hand(Ending.SHOW, winner=p)
            return
        self.hands[p].append(card)
        self.wrong_shows.append(p)
        self._drop(p, self.ruleset.scoring.wrong_show or 0, Ending.WRONG_SHOW)

    def _refuse_show(self, parsed, missing, offered: bool) -> str | None:
        """Why this show is refused: the rules have none, not now, the card just taken, a
        hand that would not show validly where a wrong show has no price."""
        card = parsed.cards[0] if parsed.cards else None
        if (self.ruleset.show is not None and self.ruleset.scoring.wrong_show is None
                and card in self.hands[self.player]
                and card not in self._banned_discards(self.player)
                and not self._shows_without(self.player, card)):
            return ("your hand, without that card, is not all in melds as a show needs, and "
                    "these rules have no wrong show")
        if offered:
            return self._taken_back(parsed.cards[0])
        if self.ruleset.show is None:
            return "the rules have no show (declaration)"
        return "you may show only after drawing, in your own turn"

    MOVES = {A.SHOW: _do_show}
    REFUSALS = {A.SHOW: _refuse_show}
