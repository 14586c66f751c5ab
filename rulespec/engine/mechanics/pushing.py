"""Pushing (Push Rummy): instead of taking the top discard, a player passes it with a
stock card to the next player, then draws."""

from __future__ import annotations

from .. import actions as A
from ..phases import Ending, Phase, Then


class Pushing:
    """Plays ``push`` as a draw source of ``turn:`` (``may push``): the top discard goes
    to the next active seat with a stock card on top, then the pusher draws from the
    stock or, where ``turn.push.then`` is ``discard``, takes the new top discard. Reads
    ``turn.push``; whether a push is offered is decided with the other draws (drawing)."""

    def _do_push(self, a) -> None:
        p = self.turn
        self._drew(p)
        left = self._next_seat(p, self.active)
        card = self.discards.pop()
        self.hands[left].append(card)
        self._chance = [(A.CARD, left)]
        self._then = Then.PUSHED

    def _then_pushed(self) -> None:
        """The pushed cards are given: the pusher's own draw."""
        p = self.turn
        push = self.ruleset.turn.push
        if push.then == "discard" and self.discards:
            card = self.discards.pop()
            self.hands[p].append(card)
            self.taken = card
            self.phase = Phase.PLAY
            self.player = p
            return
        if not self._stock_live() and not self._rebuild():
            self._end_hand(Ending.STOCK_EXHAUSTED)
            return
        self._draw_for_turn()

    def _refuse_push(self, parsed, missing, offered: bool) -> str | None:
        """Why a push is refused: the rules have none, or it is not the time."""
        if offered:
            return None
        return ("you may push only when the rules allow it and both a discard and a stock "
                "card are there")

    MOVES = {A.PUSH: _do_push}
    REFUSALS = {A.PUSH: _refuse_push}
    THEN = {Then.PUSHED: _then_pushed}
