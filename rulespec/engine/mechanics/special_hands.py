"""Special hands (issue 15, item 12): a hand that, once held, may (or must) be declared and
ends the hand at once with its own score, such as Tonk's dealt hand counting 49 or 50 or
Marriage's eight dublees. What counts as one is the rule's pattern; it is declared on the
deal, before the first turn, or in the holder's turn after drawing, before any other move."""

from __future__ import annotations

from collections import Counter

from ... import cards as C
from .. import actions as A
from ..phases import Ending, Phase
from . import ordered

_DECLARE, _PASS = A.simple(A.DECLARE), A.simple(A.PASS)


class SpecialHands:
    """Plays ``special:`` (``special hands:`` in a file). Reads ``special.*.pattern``,
    ``least``, ``most``, ``pairs``, ``when`` and ``must``; the score (``factor``, ``each``)
    is :mod:`..scoring`'s. On the deal the seats holding one are asked in turn, from the
    starting player (phase ``declare``: ``declare``, or ``pass`` where it need not be); one
    who declares ends the hand, which is void when another seat was dealt one too (Tonk's
    draw). In a turn, ``declare`` joins the moves after the draw, or is the only move when it
    must be made."""

    def special_held(self, seat: int, when: str) -> int | None:
        """The first special hand of the rules (in the order written) declared ``when``
        ("dealt" | "turn") that ``seat``'s hand is now, by its index; None: none."""
        for i, rule in enumerate(self.ruleset.special):
            if rule.when == when and self._matches(rule, self.hands[seat]):
                return i
        return None

    def _matches(self, rule, hand: list[int]) -> bool:
        if not hand:
            return False
        if rule.pattern == "count":
            count = sum(self.rules.value[c] for c in hand)
            return ((rule.least is None or count >= rule.least)
                    and (rule.most is None or count <= rule.most))
        if rule.pattern == "pairs":
            return sum(n // 2 for n in Counter(hand).values()) >= rule.pairs
        # one suit: every card a natural card of the same suit (a joker has no suit)
        return C.JOKER not in hand and len({C.suit_of(c) for c in hand}) == 1

    # ------------------------------------------------------------ on the deal

    def _offer_specials(self) -> bool:
        """The deal is done: queue the seats holding a special hand declared when dealt, in
        turn order from the starting player. False: nobody holds one, play begins."""
        if not any(r.when == "dealt" for r in self.ruleset.special):
            return False
        seat, order = self.starter, []
        for _ in range(sum(self.in_hand)):
            if self.special_held(seat, "dealt") is not None:
                order.append(seat)
            seat = self._next_seat(seat, self.in_hand)
        if not order:
            return False
        self.declarers = order
        self.phase = Phase.DECLARE
        self.player = self.turn = order[0]
        return True

    def _declare_dealt_moves(self) -> list:
        rule = self.ruleset.special[self.special_held(self.player, "dealt")]
        return [_DECLARE] if rule.must else [_DECLARE, _PASS]

    def _pass_declare(self) -> None:
        """A special hand not declared: ask the next seat holding one, or begin play."""
        self.declarers.pop(0)
        if self.declarers:
            self.player = self.turn = self.declarers[0]
            return
        self._begin_play()

    # ------------------------------------------------------------ in a turn

    def _can_declare_now(self, p: int) -> int | None:
        """A special hand ``p`` may declare in this turn: after the draw, before any meld."""
        if self.phase is not Phase.PLAY or self.played_this_turn or self.melds_this_turn:
            return None
        return self.special_held(p, "turn")

    def _with_declares(self, acts: list) -> list:
        """The play phase's moves with ``declare`` where a special hand is held: the only
        move when it must be declared."""
        i = self._can_declare_now(self.player)
        if i is None:
            return acts
        if self.ruleset.special[i].must:
            return [_DECLARE]
        return ordered([*acts, _DECLARE])

    # ------------------------------------------------------------ declaring

    def _do_declare(self, a) -> None:
        p = self.player
        if self.phase is Phase.DECLARE:
            i = self.special_held(p, "dealt")
            others = [q for q in range(self.n) if q != p and self.in_hand[q]
                      and self.special_held(q, "dealt") is not None]
            if others:  # two special hands dealt: the hand is a draw
                seats = ", ".join(f"seat {q}" for q in [p, *others])
                self._end_hand(Ending.VOID, details={"why": f"special hands dealt to {seats}"})
                return
        else:
            i = self._can_declare_now(p)
        self._end_hand(Ending.SPECIAL, winner=p, details={"special hand": i})

    def _refuse_declare(self, parsed, missing, offered: bool) -> str | None:
        """Why ``declare`` is refused: no special hands, not now, not this hand."""
        rules = self.ruleset.special
        if not rules:
            return "the rules have no special hands"
        whens = {r.when for r in rules}
        if self.phase is Phase.PLAY and "turn" in whens:
            if self.played_this_turn or self.melds_this_turn:
                return "a special hand is declared after the draw, before any other move"
            return "your hand is no special hand the rules name"
        if "turn" in whens:
            return "a special hand is declared in your turn, after drawing"
        return "a special hand is declared only when the cards are dealt, before the first turn"

    MOVES = {A.DECLARE: _do_declare}
    REFUSALS = {A.DECLARE: _refuse_declare}
    PHASES = {Phase.DECLARE: _declare_dealt_moves}
    PASSES = {Phase.DECLARE: _pass_declare}
