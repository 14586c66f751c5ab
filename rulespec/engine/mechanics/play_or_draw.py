"""Turns without a discard (issue #15, item 9): a turn either plays to the table or draws
one card from the stock, which ends it. Going out is playing the last card; with the
stock gone, a player who does not play passes, and the hand ends when every player in
it has passed in a row (Rummikub)."""

from __future__ import annotations

from .. import actions as A
from ..phases import Ending, Phase, Then

_PASS, _DRAW_STOCK = A.simple(A.PASS), A.simple(A.DRAW_STOCK)


class PlayOrDraw:
    """Plays ``turn.play_or_draw`` (``draw: only instead of playing``, ``discard: none``).
    Every turn starts in the play phase; ``draw stock`` is offered only while nothing has
    been played this turn and ends the turn once the card is in hand; ``pass`` ends a turn
    that played (or, with the stock gone, one that could not). Reads ``stock`` through
    the exhaustion mechanic (whether the stock can still be drawn from)."""

    def _turn_end_moves(self, p: int) -> list:
        """How a turn without a discard may end now: ``pass`` after playing, else a draw
        (or ``pass`` when the stock is gone for good); nothing while the table is being
        rearranged into melds that are not all valid yet."""
        if not self._table_settled():
            return []
        if self._played_from_hand(p):
            return [_PASS]
        if self._rearranged():
            return []  # a turn that moved cards about but played none must reset, then draw
        if self._stock_live() or self._can_rebuild():
            return [_DRAW_STOCK]
        return [_PASS]

    def _pass_play(self) -> None:
        """``pass`` in the play phase: the turn ends (the hand, when everybody passed in a
        row with the stock gone)."""
        p = self.turn
        if self._played_from_hand(p):
            self.idle_passes = 0
            if not self.hands[p] and self.ruleset.going_out is not None:
                self._went_out(p)
                return
        else:
            self.idle_passes += 1
            if self.idle_passes >= sum(self.active):
                self._end_hand(Ending.STOCK_EXHAUSTED)
                return
        self._end_turn()

    def _then_end_turn(self) -> None:
        """The card drawn instead of playing is in hand: the turn is over."""
        self.player = self.turn
        self.idle_passes = 0
        self._end_turn()

    #: why a discard (asked of the discarding mechanic) is refused in such a game
    NO_DISCARD = ("there is no discard in this game: play cards to the table and `pass`, or "
                  "`draw stock` instead of playing")

    PASSES = {Phase.PLAY: _pass_play}
    THEN = {Then.END_TURN: _then_end_turn}
