"""Asking partner "may I go out?" (Canasta, Samba, Hand and Foot): the player in turn asks
(``ask partner``), the partner answers out of turn (``answer yes`` / ``answer no``), and
the answer binds the rest of the turn.

Three blocks that compose: a decision out of turn by another player (phase ``answer``:
the partner is the seat to move, as a claimer is in ``claim``); a constraint on the rest
of the turn, which narrows the moves other mechanics offer (``NARROWS``) instead of adding
moves of its own; and the question of whether the player can still go out this turn,
worked out on copies of the game with the engine's own moves (:meth:`Asking._way_out`).

* A player may ask only when a way to go out this turn is found, with two cards or more in
  hand (so that a "no" can be met by discarding), once a turn.
* After "yes" only the moves after which a way out is still found are legal (going out
  itself always is): the player goes out this turn, and no penalty is needed.
* After "no", and under ``only after asking partner`` before a "yes", going out is refused
  this turn, and so are the melds and lay-offs that would leave a single card (it could
  only leave the hand by going out).

The search for a way out is bounded (:data:`WAY_OUT_NODES` copies of the game): a player
whose way out is too long to find asks a move or two later, with fewer cards.
"""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase
from . import ordered

_ASK, _YES, _NO = A.simple(A.ASK), A.simple(A.YES), A.simple(A.NO)
_TABLE = (A.MELD, A.LAY_OFF)

#: the most copies of the game one search for a way out makes (the interpreter's limit)
WAY_OUT_NODES = 60
#: what ``answer`` holds in a copy that searches for a way out: no narrowing there
_SEARCHING = "searching"


def _fits(cards, rest) -> bool:
    """Are ``cards`` all among ``rest`` (the hand less the card kept back to discard)?"""
    return all(cards.count(c) <= rest.count(c) for c in set(cards))


def _loose(acts, hand) -> int:
    """How many different cards of ``hand`` no meld or lay-off of ``acts`` takes."""
    covered = {c for a in acts if a.kind in _TABLE for c in a.cards}
    return len({c for c in hand if c not in covered})


class Asking:
    """Plays ``going out: may ask partner first`` and ``only after asking partner``
    (``going_out.ask``: "may" or "must"). The partner who answers is the asker's next
    partner in the order of play. :attr:`Game.answer` is this turn's: None (not asked),
    "yes" or "no" (reset with the turn)."""

    answer = None  # the partner's answer this turn (set with the turn)

    @staticmethod
    def narrows(rs) -> bool:
        go = rs.going_out
        return go is not None and go.ask is not None and rs.partnerships is not None

    def _partner_of(self, p: int) -> int | None:
        """The partner who answers ``p``: the next of ``p``'s side in the order of play."""
        side, s = self._team(p), p
        for _ in range(self.n - 1):
            s = self._next_seat(s, self.active)
            if s == p:
                break
            if self._team(s) == side:
                return s
        return None

    def _goes_out(self, a, p: int) -> bool:
        """Does move ``a`` of ``p`` empty the hand and so go out (no packet set aside waits)?"""
        held = len(self.hands[p])
        empties = ((a.kind == A.MELD and len(a.cards) == held)
                   or (a.kind in (A.LAY_OFF, A.DISCARD, A.PUT) and held == 1))
        return empties and not self._packet_waits(p)

    def _leaves_one(self, a, p: int) -> bool:
        """Would move ``a`` leave ``p`` one card, which only going out could then shed?"""
        if self.ruleset.turn.play_or_draw or self._packet_waits(p):
            return False
        held = len(self.hands[p])
        return ((a.kind == A.MELD and held - len(a.cards) == 1)
                or (a.kind in (A.LAY_OFF, A.PUT) and held == 2))

    def _may_not_go_out(self) -> bool:
        """Is going out refused for the rest of this turn: "no", or asking is a must and
        the partner has not said yes?"""
        if self.answer == "no":
            return True
        return self.ruleset.going_out.ask == "must" and self.answer != "yes" \
            and self._partner_of(self.turn) is not None

    def _ask_narrow(self, acts: list) -> list:
        """The play phase's moves under the answer given (or to be asked for)."""
        if self.answer == _SEARCHING or self.player != self.turn:
            return acts
        p = self.player
        if self.answer == "yes":
            kept = [a for a in acts if self._goes_out(a, p) or self._way_out_after(a)]
            return kept or acts  # never none: the search found a way when the player asked
        ask = self._may_ask(p, acts)
        if self._may_not_go_out():
            kept = [a for a in acts if not self._goes_out(a, p) and not self._leaves_one(a, p)]
            acts = kept or acts
        return ordered([*acts, _ASK]) if ask else acts

    def _may_ask(self, p: int, acts: list) -> bool:
        """May ``p`` ask now: not yet this turn, a partner to answer, nothing unfinished,
        two cards or more in hand, and a way out this turn?"""
        if self.answer is not None or self._partner_of(p) is None or len(self.hands[p]) < 2:
            return False
        if self.pending_mode is not None or self.owed or self.must_knock \
                or not self._table_settled() or self._owed_taken() is not None:
            return False
        if not any(self._goes_out(a, p) for a in acts) and _loose(acts, self.hands[p]) \
                > self._loose_allowed(None):
            return False  # cards that no meld or lay-off takes: no way out (and no copy made)
        return self._per_move("way out", p,
                              lambda: self._way_out(self._searching_copy(), WAY_OUT_NODES)[0])

    def _way_out_after(self, a) -> bool:
        g = self._searching_copy()
        g._do(a)
        if g.phase is not Phase.PLAY or g.player != self.player:
            return False  # the turn is over (or out of the player's hands) without going out
        return g._way_out(g, WAY_OUT_NODES)[0]

    def _searching_copy(self):
        g = self.clone()
        g.answer = _SEARCHING
        return g

    @staticmethod
    def _way_out(game, nodes: int, reserved: int | None = None) -> tuple[bool, int]:
        """Can the player in turn go out this turn from ``game``? Each card of the hand,
        the lowest first, goes into a meld or is laid off (``reserved``: the one card kept
        back for the final discard), tried on copies of the game; at most ``nodes``
        copies. Returns (found, copies left)."""
        p = game.player
        acts = game.legal_actions()
        if any(a.kind != A.PUT and game._goes_out(a, p) for a in acts):
            return True, nodes
        hand = game.hands[p]
        if len(hand) < 2 or game.phase is not Phase.PLAY:
            return False, nodes
        rest = list(hand)
        if reserved is not None:
            rest.remove(reserved)
        table = [a for a in acts if a.kind in _TABLE and _fits(a.cards, rest)]
        covered = {c for a in table for c in a.cards}
        loose = {c for c in rest if c not in covered}
        if not rest or len(loose) > game._loose_allowed(reserved):
            return False, nodes
        low = min(rest, key=C.sort_key)
        for a in table:
            if low not in a.cards:
                continue
            if nodes <= 0:
                return False, 0
            g = game.clone()
            g._do(a)
            nodes -= 1
            if g.phase is Phase.PLAY and g.player == p:
                found, nodes = game._way_out(g, nodes, reserved)
                if found:
                    return True, nodes
        if game._loose_allowed(reserved) and not loose - {low}:
            return game._way_out(game, nodes, low)
        return False, nodes

    def _loose_allowed(self, reserved) -> int:
        """How many cards of the hand may be left for the final discard: one, unless going
        out is without a discard or a card is kept back for it already."""
        go = self.ruleset.going_out
        return 1 if go.final_discard != "forbidden" and reserved is None else 0

    def _ask_moves(self) -> list:
        return [_NO, _YES]

    def _do_ask(self, a) -> None:
        self.answer = "asked"
        self.phase = Phase.ANSWER
        self.player = self._partner_of(self.turn)

    def _do_answer(self, a) -> None:
        self.answer = "yes" if a.kind == A.YES else "no"
        self.phase = Phase.PLAY
        self.player = self.turn

    def _refuse_ask(self, parsed, missing, offered: bool) -> str | None:
        """Why asking partner is refused now."""
        go = self.ruleset.going_out
        if go is None or go.ask is None:
            return "the rules have no asking partner's permission to go out"
        if self._partner_of(self.player) is None:
            return "you have no partner to ask"
        if self.phase is not Phase.PLAY:
            return None
        if self.answer is not None:
            return f"you have asked already this turn, and your partner said {self.answer}"
        if len(self.hands[self.player]) < 2:
            return "ask while you still hold two cards or more, so that a no can be met"
        return "you may ask only when you could go out this turn, and you cannot"

    def _refuse_answer(self, parsed, missing, offered: bool) -> str | None:
        if self.phase is Phase.ANSWER:
            return None
        return "nobody has asked you whether they may go out"

    def _why_asked(self, parsed) -> str | None:
        """Why the answer (or the lack of one) took this move away, in the player's words."""
        if self.phase is not Phase.PLAY or self.answer == _SEARCHING:
            return None
        p = self.player
        a = next((x for x in self._ask_candidates(parsed) if x.text == parsed.text), None)
        if a is None:
            return None
        if self.answer == "yes":
            if self._goes_out(a, p) or self._way_out_after(a):
                return None
            return "your partner said yes, so you must go out this turn, and after this move " \
                "you could not"
        if not self._may_not_go_out():
            return None
        if self._goes_out(a, p) or self._leaves_one(a, p):
            why = ("your partner said no, so you may not go out this turn" if self.answer == "no"
                   else "you may go out only after asking your partner (`ask partner`) and "
                   "hearing yes")
            return why if self._goes_out(a, p) else why + ", and this would leave you one card"
        return None

    def _ask_candidates(self, parsed) -> list:
        """The moves other mechanics offer now that ``parsed`` could be."""
        acts = self._play_moves()
        return [a for a in acts if a.text == parsed.text or A.loose_key(a) == parsed.loose_key()]

    MOVES = {A.ASK: _do_ask, A.YES: _do_answer, A.NO: _do_answer}
    REFUSALS = {A.ASK: _refuse_ask, A.YES: _refuse_answer, A.NO: _refuse_answer}
    PHASES = {Phase.ANSWER: _ask_moves}
    NARROWED = {"asking partner": _why_asked}
    NARROWS = {Phase.PLAY: _ask_narrow}
