"""Discarding: ending a turn with a discard, the card that may not be thrown back, and a
hand made void by repeated throw-backs."""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..phases import Ending


class Discarding:
    """Plays the discard of ``turn:`` (``may not discard the card taken from the
    discard``, void after N throw-backs in a row) and going out by a final discard.
    Reads ``turn.discard_taken``, ``turn.void_after_throw_backs``, ``going_out``."""

    def _banned_discard(self, p: int) -> int | None:
        """The card ``p`` may not discard now: the one just taken from the discard pile,
        when the rules say so and the hand holds something else."""
        t = self.taken
        if t is None or self.ruleset.turn.discard_taken:
            return None
        if all(x == t for x in self.hands[p]):
            return None
        return t

    def _do_discard(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self.hands[p].remove(card)
        self.discards.append(card)
        self.top_discarder = p
        t = self.ruleset.turn
        if self.taken is not None and card == self.taken:
            self.throw_backs += 1
            most = t.void_after_throw_backs
            if most is not None and self.throw_backs >= most:
                self._end_hand(Ending.VOID, details={"why": "repeated throw-back"})
                return
        else:
            self.throw_backs = 0
        if not self.hands[p] and self.ruleset.going_out is not None:
            self._went_out(p)
            return
        self._end_turn()

    MOVES = {A.DISCARD: _do_discard}
