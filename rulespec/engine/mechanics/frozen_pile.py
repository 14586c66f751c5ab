"""The frozen discard pile and its stop cards (Canasta): what freezes the pile, how a
frozen pile may still be taken (its top card melded at once with a natural pair from the
hand), and the cards that, on top, close the pile to the next player.

A frozen take is offered only where the meld it owes is there after it (one move looked
ahead on a copy), so a player who takes the pile can always meet the rule; the moves
after it are narrowed by :mod:`.meld_taken`, which asks :meth:`_pair_fits`."""

from __future__ import annotations

from collections import Counter

from ... import cards as C
from .. import actions as A


class FrozenPile:
    """Plays ``discard pile frozen by discarded wild cards``, ``discard pile frozen before
    opening``, ``frozen discard pile taken only with a natural pair`` and ``discard pile
    may not be taken when top card is CARDS``. Reads ``turn.take_discards.frozen_by``,
    ``frozen_unopened``, ``frozen_take`` and ``turn.discard_stops``. After a frozen take,
    :attr:`pair_hand` holds the hand as it was before it (the cards the owed meld may use
    besides the top card); None after any other take."""

    pair_hand: tuple | None = None  # set with deep_taken by every deep take

    def _stopped(self) -> bool:
        """Is the top discard a stop card, so that the pile may not be taken now?"""
        stops = self.ruleset.turn.discard_stops
        return bool(stops and self.discards) and C.card_str(self.discards[-1]) in stops

    def _side_opened(self, p: int) -> bool:
        """Has ``p``, or (with partners) a partner of ``p``, opened this hand?"""
        if self.ruleset.partnerships is None:
            return self.opened[p]
        return any(self.opened[s] for s in range(self.n) if self._team(s) == self._team(p))

    def _thaw_depth(self) -> int:
        """How many cards from the top may be taken without a frozen take: all of them;
        only the top card while the player's side has not opened (``frozen_unopened``);
        down to the topmost discarded wild card (``frozen_by``), none under it."""
        td = self.ruleset.turn.take_discards
        depth = len(self.discards)
        if td.frozen_unopened and not self._side_opened(self.player):
            depth = min(depth, 1)
        if td.frozen_by == "wild":
            for d in range(1, depth + 1):
                if self.rules.is_wild(self.discards[-d]):
                    return d
        return depth

    def _natural(self, c: int, rank: int) -> bool:
        return c != C.JOKER and not self.rules.is_wild(c) and C.rank_of(c) == rank

    def _pair_in_hand(self) -> bool:
        """Does the hand hold two natural cards of the top discard's rank (a natural top)?"""
        top = self.discards[-1]
        if top == C.JOKER or self.rules.is_wild(top):
            return False
        r = C.rank_of(top)
        return sum(self._natural(c, r) for c in self.hands[self.player]) >= 2

    def _frozen_take_ok(self, take) -> bool:
        """May the frozen pile be taken with ``take`` (the rule, a natural pair in hand,
        and the meld it owes possible at once)?"""
        return (self.ruleset.turn.take_discards.frozen_take == "natural_pair"
                and self._pair_in_hand() and self._could_meld_after_take(take))

    def _pair_fits(self, a) -> bool:
        """Does move ``a`` meet a frozen take (or is there none this turn)? It must be a meld
        of the top card and two natural cards of its rank, every card but the top one
        from the hand as it was before the take."""
        hand = self.pair_hand
        if hand is None or self.deep_taken is None:
            return True
        if a.kind != A.MELD:
            return False
        rest = Counter(a.cards)
        rest[self.taken] -= 1
        if +rest - Counter(hand):  # a card that came from the pile
            return False
        r = C.rank_of(self.taken)
        return sum(n for c, n in rest.items() if n > 0 and self._natural(c, r)) >= 2

    def _why_frozen(self, n: int) -> str | None:
        """Why a take of ``n`` cards is refused by the frozen pile (None: it is not)."""
        if n <= self._thaw_depth():
            return None
        td = self.ruleset.turn.take_discards
        top = C.card_str(self.discards[-1])
        if td.frozen_unopened and not self._side_opened(self.player):
            why, below = "your side has not opened, so the discard pile is frozen", "top card"
        else:
            why = "a wild card discarded freezes the discard pile under it"
            below = "topmost wild card"
        if td.frozen_take != "natural_pair":
            return f"{why}: no card below the {below} may be taken"
        if not self._pair_in_hand():
            return (f"{why}: you may take it only by melding its top card, {top}, at once "
                    f"with two natural cards of its rank from your hand, and you hold no "
                    "natural pair of it")
        return (f"{why}: you may take it only by melding its top card, {top}, at once with two "
                "natural cards of its rank from your hand, and no such meld is allowed now")

    def _why_stopped(self) -> str | None:
        if not self._stopped():
            return None
        return (f"{C.card_str(self.discards[-1])} on top of the discard pile stops it: you may "
                "not take from the discard pile this turn")
