"""The play phase: what a player may do after drawing, gathered from every mechanic that
plays then (melds, lay-offs, wild replacements, then the moves that end the turn)."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase
from . import ordered

_PASS, _DROP = A.simple(A.PASS), A.simple(A.DROP)


class Playing:
    """Orders the play phase. Reads ``melds.on_table`` (melds go down during the turn),
    ``going_out.final_discard`` (whether a last card may be discarded), ``show`` and
    ``drops`` (a drop after the draw is a middle drop); each mechanic decides its own
    moves. A wild card owed to the table, an opening half laid, or a must-knock narrow
    the moves to what finishes that first."""

    def _play_actions(self, claim: bool = False) -> list:
        rs = self.ruleset
        p = self.player
        hand = self.hands[p]
        if self.must_knock:
            return self._knock_starts(p)
        acts: list = []
        if rs.melds.on_table:
            if self.owed:
                return self._owed_actions(p)
            acts.extend(self._meld_actions(p))
            if self.pending_mode is not None and not self._pending_complete(p):
                return acts
            acts.extend(self._layoff_actions(p))
            acts.extend(self._replace_actions(p))
            acts.extend(self._rearrange_actions(p))
            if rs.turn.play_or_draw:
                return acts + self._turn_end_moves(p)
        if claim:
            acts.append(_PASS)
            return acts
        # discards, in a player's order (the list comes out sorted without sorting)
        held = set(hand)
        order = ([c for c in A.SORTED_CODES if c in held] if len(held) < 20
                 else sorted(held, key=C.sort_key))
        banned = self._banned_discards(p)
        last = len(hand) == 1
        if not (last and (rs.going_out is None or rs.going_out.final_discard == "forbidden"
                          or not self._out_ready(p))) or (last and self._packet_waits(p)):
            d = A.DISCARDS
            acts.extend(d[c] for c in order if c not in banned)
        acts.extend(self._knock_starts(p))
        if rs.show is not None:
            sh = A.SHOWS
            if rs.scoring.wrong_show is None:  # no price for a wrong show: none is made
                acts.extend(sh[c] for c in self._valid_show_discards(p, order, banned))
            else:
                acts.extend(sh[c] for c in order if c not in banned)
        if rs.drops is not None and self.phase is Phase.PLAY:
            acts.append(_DROP)  # leaving the hand after drawing: a middle drop
        return acts

    def _play_moves(self) -> list:
        acts = self._play_actions()
        # without melds on the table the list is built in order, with no duplicates
        acts = ordered(acts) if self.ruleset.melds.on_table else acts
        return self._with_declares(acts) if self.ruleset.special else acts

    PHASES = {Phase.PLAY: _play_moves}
