"""Out-of-turn claims ("May I?"): when the player in turn draws from the stock, the
others, in turn order, may claim the discard they passed, with penalty cards. Where the
claimer melds it at once and plays on (Desmoche, Seven Bridge's pon), only a player who
could meld it may claim, and the claim takes the turn: the players between lose theirs."""

from __future__ import annotations

from .. import actions as A
from ..phases import Phase, Then
from . import ordered

_MAY_I, _PASS = A.simple(A.MAY_I), A.simple(A.PASS)


class Claims:
    """Plays ``turn.claims`` (``may claim the discard out of turn with N penalty
    cards``): who may claim (never the seat that discarded it), the penalty cards drawn
    from the stock, and whether the claimer melds at once or waits for a turn. Reads
    ``turn.claims.penalty``, ``turn.claims.wait``, ``turn.claims.takes_turn``. Phases
    ``claim`` (``may i`` or ``pass``) and ``claim meld`` (the claimer's melds, then
    ``pass``)."""

    def _open_claims(self, p: int) -> bool:
        """``p`` draws from the stock: may anyone claim the discard first? Then the first
        claimer is asked (phase ``claim``) and True."""
        cl = self.ruleset.turn.claims
        if cl is None or not self.discards or not self._stock_live(cl.penalty):
            return False
        order = []
        s = p
        for _ in range(self.n - 1):
            s = self._next_seat(s, self.active)
            if s == p:
                break
            if s != self.top_discarder and s not in order and self._may_claim(s, cl):
                order.append(s)
        if cl.takes_turn:
            order = [s for s in order if self._could_meld_claim(s)]
        if not order:
            return False
        self.claimers = order
        self.phase = Phase.CLAIM
        self.player = order[0]
        return True

    def _may_claim(self, seat: int, cl) -> bool:
        """Has ``seat`` claims left this hand (``turn.claims.per_hand``), and (under
        ``before_opening``) not yet opened?"""
        if cl.before_opening and self.opened[seat]:
            return False
        return cl.per_hand is None or self.claims_made[seat] < cl.per_hand

    def _could_meld_claim(self, seat: int) -> bool:
        """Could ``seat``, taking the top discard, meld it at once (worked out on a copy
        of the game in which it is ``seat``'s turn)?"""
        g = self.clone()
        card = g.discards.pop()
        g._start_turn(seat)
        g.hands[seat].append(card)
        g.phase = Phase.PLAY
        return bool(g._uses_taken(seat, card))

    def _claim_moves(self) -> list:
        return [_MAY_I, _PASS]

    def _do_may_i(self, a) -> None:
        claimer = self.player
        card = self.discards.pop()
        self.hands[claimer].append(card)
        self._claimer, self._claimed = claimer, card
        self.claims_made[claimer] += 1
        self.claimers = []
        self._chance = [(A.CARD, claimer)] * self.ruleset.turn.claims.penalty
        self._then = Then.CLAIMED
        if not self._chance:
            self._then = None
            self._then_claimed()

    def _then_claimed(self) -> None:
        """The claimer has the discard and the penalty cards: melds now (``claim meld``)
        or waits, and the player in turn draws; or it is the claimer's turn now, which
        melds the card first."""
        if self.ruleset.turn.claims.takes_turn:
            claimer, card = self._claimer, self._claimed
            self._start_turn(claimer)
            self._drew(claimer)
            self.phase = Phase.PLAY
            self._took(claimer, card, True)  # melded first (mechanics.meld_taken)
            return
        if not self.ruleset.turn.claims.wait:
            self.phase = Phase.CLAIM_MELD
            self.player = self._claimer
            self.melds_this_turn = 0
            self.pending = []
            self.pending_mode = None
            self.owed = []
            return
        self._draw_for_turn()

    def _pass_claim(self) -> None:
        self.claimers.pop(0)
        if self.claimers:
            self.player = self.claimers[0]
        else:
            self.phase = Phase.DRAW
            self._draw_for_turn()

    def _claim_meld_moves(self) -> list:
        return ordered(self._play_actions(claim=True))

    def _pass_claim_meld(self) -> None:
        """The claimer is done melding: the player in turn draws."""
        if self.played_this_turn:
            self.played[self.player] = True
        self._draw_for_turn()
        self.played_this_turn = False

    def _refuse_may_i(self, parsed, missing, offered: bool) -> str | None:
        """Why a claim is refused: the rules have none, or no discard can be claimed now."""
        if offered:
            return None
        if self.ruleset.turn.claims is not None:
            return "no discard can be claimed now"
        return "the rules have no out-of-turn claims (May I?)"

    MOVES = {A.MAY_I: _do_may_i}
    REFUSALS = {A.MAY_I: _refuse_may_i}
    THEN = {Then.CLAIMED: _then_claimed}
    PHASES = {Phase.CLAIM: _claim_moves, Phase.CLAIM_MELD: _claim_meld_moves}
    PASSES = {Phase.CLAIM: _pass_claim, Phase.CLAIM_MELD: _pass_claim_meld}
