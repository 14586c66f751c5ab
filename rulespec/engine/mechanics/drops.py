"""Drops and missed turns: leaving a hand before the draw (a first drop) or after it (a
middle drop) for a fixed penalty, and a count of missed turns that becomes a drop."""

from __future__ import annotations

from .. import actions as A
from ..actions import Action
from ..phases import Ending


class Drops:
    """Plays ``drops:`` (the first- and middle-drop penalties, N missed turns in a row
    counted as a middle drop). Reads ``drops.first``, ``drops.middle``, ``drops.misses``.
    Keeps per seat whether it has drawn this hand and its missed turns in a row."""

    def _do_miss(self, a: Action) -> None:
        p = self.player
        self.misses[p] += 1
        if self.misses[p] >= self.ruleset.drops.misses:
            self._drop(p, self.ruleset.drops.middle)
        else:
            self._end_turn()

    def _do_drop(self, a: Action) -> None:
        p = self.player
        d = self.ruleset.drops
        self._drop(p, d.middle if self.drawn[p] else d.first)

    def _drop(self, p: int, points: int, ending: Ending = Ending.DROPS) -> None:
        self.dropped[p] = points
        self.active[p] = False
        self.out.extend(self.hands[p])
        self.hands[p] = []
        live = [s for s in range(self.n) if self.active[s]]
        if len(live) == 1:
            self._end_hand(ending, winner=live[0])
            return
        if self.turn == p:
            self._turn_reset()
            self._start_turn(self._next_seat(p, self.active))

    def _drew(self, p: int) -> None:
        """``p`` drew (from the stock, the discard pile or by a push): a drop from now on
        is a middle drop, and the missed turns in a row start again."""
        self.drawn[p] = True
        self.misses[p] = 0

    def _refuse_drop(self, parsed, missing, offered: bool) -> str | None:
        """Why a drop or a missed turn is refused: the rules have none, or not now."""
        if offered:
            return None
        drops = self.ruleset.drops
        if drops is None:
            return "the rules have no drops"
        if parsed.kind == A.MISS and drops.misses is None:
            return "the rules do not count missed turns"
        return "you may drop or miss a turn only at the start of your turn, before drawing"

    MOVES = {A.MISS: _do_miss, A.DROP: _do_drop}
    REFUSALS = {A.MISS: _refuse_drop, A.DROP: _refuse_drop}
