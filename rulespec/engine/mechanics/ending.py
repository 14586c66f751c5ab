"""Ending a turn and a hand: going out (at once, or once every other player has had one
more turn), scoring the hand, and dealing on or ending the game."""

from __future__ import annotations

from ..long_melds import long_kinds_met, long_melds_said
from ..phases import Ending, Phase
from ..game_end import game_bonuses, game_over, game_settlement
from ..scoring import number, score_hand


class HandEnd:
    """Plays going out (``going_out``: a player with no cards left ends the hand, in one
    turn without having melded before: going rummy) and what follows every ending: the
    hand scored as ``scoring:`` says (:mod:`..scoring`), the totals, then the game's end
    (``game:`` target, rounds, elimination) or the next deal. Under ``last_turns`` (of
    ``going_out`` or ``show``) the player who goes out or shows *closes* the hand
    (:attr:`Game.closer`): each other player has one more turn, and the hand ends, as the
    closer's, when play comes back to the closer (or the stock or a stalemate stops it)."""

    def _out_ready(self, p: int, new: int = 0, onto=None, reading=None) -> bool:
        """May ``p`` go out once this move is made (``new``: the size of a meld being laid,
        ``onto``: the table meld a card is laid off onto; ``reading``: the new meld's
        reading, or ``onto``'s once the card is on it)? Under ``going_out.long`` the
        player (or their side) needs that many melds of that size or more on the table
        (Canasta: a canasta), of the kinds it names (Hand and Foot: two clean books and
        two dirty ones)."""
        go = self.ruleset.going_out
        if go is None:
            return False
        if go.long is None:
            return True
        side, size = self._team(p), go.long.size
        if go.bonus_each and not self._bonus_for_each(side, size, new, onto):
            return False
        if not go.long.kinds:
            have = sum(1 for m in self.table if self._team(m.owner) == side
                       and len(m.cards) + (m is onto) >= size)
            return have + (new >= size) >= go.long.melds
        found = [(reading if m is onto and reading is not None else m.reading)
                 for m in self.table if self._team(m.owner) == side
                 and len(m.cards) + (m is onto) >= size]
        if new >= size:
            found.append(reading)
        return long_kinds_met(go.long.kinds, [r for r in found if r is not None])

    def _bonus_for_each(self, side: int, size: int, new: int, onto) -> bool:
        """``going_out.bonus_each``: has ``side`` laid out a bonus card for each of its melds
        of ``size`` or more cards, counted after the move (Mexicana: a red three a canasta)?"""
        melds = sum(1 for m in self.table if self._team(m.owner) == side
                    and len(m.cards) + (m is onto) >= size) + (new >= size)
        return sum(len(self.bonus[s]) for s in range(self.n) if self._team(s) == side) >= melds

    def _not_ready_yet(self) -> str:
        go = self.ruleset.going_out
        long = go.long
        whose = "your side needs" if self.ruleset.partnerships is not None else "you need"
        each = (", and a bonus card laid out for each meld of that size" if go.bonus_each
                else "")
        return (f"you may not go out yet: {whose} {long_melds_said(long)} of {long.size} or "
                f"more cards on the table first{each}")

    def _went_out(self, p: int) -> None:
        rummy = not self._played_at_start if p == self.turn else False
        if self.ruleset.going_out.last_turns:
            self._close(p, Ending.WENT_OUT, rummy)
            return
        self._end_hand(Ending.WENT_OUT, winner=p, rummy=rummy)

    def _close(self, p: int, reason: Ending, rummy: bool = False) -> None:
        """``p`` went out or showed where the others have one more turn: the first to do
        so closes the hand (a player who does it in their last turn only ends that turn)."""
        if self.closer is None:
            self.closer = (p, reason, rummy)
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.turn
        if self.played_this_turn:
            self.played[p] = True
        nxt = self._next_seat(p, self.active)
        stalemate, stock_gone = self._stalemate(), self._stock_gone()
        if self.closer is not None and (nxt == self.closer[0] or stalemate or stock_gone):
            closer, reason, rummy = self.closer
            self._end_hand(reason, winner=closer, rummy=rummy)
            return
        if stalemate:
            self._end_hand(Ending.STALEMATE)
            return
        if stock_gone:
            self._end_hand(Ending.STOCK_EXHAUSTED)
            return
        self._start_turn(nxt)

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
            settled = game_settlement(self, winners)
            if any(settled):
                res.details["game settlement"] = tuple(settled)
                self.totals = [number(t + s) for t, s in zip(self.totals, settled)]
            self._over = True
            self.winners = winners
            self.phase = Phase.OVER
            self.player = None
            return
        self._start_hand()
