"""Ending a hand: going out, scoring the hand, and dealing on or ending the game."""

from __future__ import annotations

from ..phases import Ending, Phase
from ..scoring import game_bonuses, game_over, number, score_hand


class HandEnd:
    """Plays going out (``going_out``: a player with no cards left ends the hand, in one
    turn without having melded before: going rummy) and what follows every ending: the
    hand scored as ``scoring:`` says (:mod:`..scoring`), the totals, then the game's end
    (``game:`` target, rounds, elimination) or the next deal."""

    def _went_out(self, p: int) -> None:
        rummy = not self._played_at_start if p == self.turn else False
        self._end_hand(Ending.WENT_OUT, winner=p, rummy=rummy)

    def _end_hand(self, reason: Ending, winner: int | None = None, rummy: bool = False,
                  details: dict | None = None) -> None:
        res = score_hand(self, reason, winner, rummy, details)
        self.results.append(res)
        for p in range(self.n):
            self.totals[p] = number(self.totals[p] + res.scores[p])
        over, winners = game_over(self)
        self._chance = []
        if over:
            bonus = game_bonuses(self, winners)
            if any(bonus):
                res.details["game bonuses"] = tuple(bonus)
                self.totals = [number(t + b) for t, b in zip(self.totals, bonus)]
            self._over = True
            self.winners = winners
            self.phase = Phase.OVER
            self.player = None
            return
        self._start_hand()
