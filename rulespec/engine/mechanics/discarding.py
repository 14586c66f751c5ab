"""Discarding: ending a turn with a discard, the card that may not be thrown back, and a
hand made void by repeated throw-backs."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..actions import Action
from ..phases import Ending, Phase
from . import is_named

_NONE = frozenset()


class Discarding:
    """Plays the discard of ``turn:`` (``may not discard the card taken from the
    discard``, void after N throw-backs in a row) and going out by a final discard.
    Reads ``turn.discard_taken``, ``turn.discard_barred`` (and ``…_first``, for the first
    round of turns), ``turn.void_after_throw_backs``,
    ``going_out``."""

    def _banned_discards(self, p: int) -> frozenset | set:
        """The cards ``p`` may not discard now: those ``turn.discard_barred`` names,
        unless the hand holds nothing else (a player must be able to end the turn); then
        the one just taken from the discard pile, when the rules say so and something
        else may go."""
        hand = self.hands[p]
        out = set()
        if self.ruleset.turn.discard_barred or self.ruleset.turn.discard_barred_first:
            out = {c for c in hand if self._barred(c)}
            if len(out) == len(set(hand)):
                out = set()
        t = self.taken
        if t is not None and not self.ruleset.turn.discard_taken and t not in out \
                and any(x != t and x not in out for x in hand):
            out.add(t)
        return out or _NONE

    def _barred(self, card: int) -> bool:
        """Is ``card`` one ``turn.discard_barred`` names (``wild``: a wild card this deal),
        or, in the player's first turn of the hand, one ``turn.discard_barred_first`` names
        (Canasta's black threes in the first round of turns)?"""
        t = self.ruleset.turn
        if is_named(self.rules, card, t.discard_barred):
            return True
        return bool(t.discard_barred_first) and self._first_round_turn() \
            and is_named(self.rules, card, t.discard_barred_first)

    def _first_round_turn(self) -> bool:
        """Is this the player's first turn of the hand (the first round of turns, by
        seat, as ``mechanics.draw_limits`` counts it)?"""
        return self.turns_had[self.player] <= 1

    def _throw(self, p: int, card: int) -> None:
        """``card`` from ``p``'s hand onto the discard pile (a discard, or a knock's)."""
        self.hands[p].remove(card)
        self.discards.append(card)
        self.top_discarder = p

    def _do_discard(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self._throw(p, card)
        t = self.ruleset.turn
        if self.taken is not None and card == self.taken:
            self.throw_backs += 1
            most = t.void_after_throw_backs
            if most is not None and self.throw_backs >= most:
                self._end_hand(Ending.VOID, details={"why": "repeated throw-back"})
                return
        else:
            self.throw_backs = 0
        if not self.hands[p] and self.ruleset.going_out is not None \
                and not self._emptied(p, by_discard=True):
            self._went_out(p)
            return
        self._end_turn()

    def _taken_back(self, card: int) -> str | None:
        """Why ``card`` may not go on the discard pile (discarded, or face down to knock
        or show): it was just taken from it, or the rules bar it while the hand holds
        something else."""
        if card not in self._banned_discards(self.player):
            return None
        if self._barred(card) and not all(map(self._barred, self.hands[self.player])):
            if not is_named(self.rules, card, self.ruleset.turn.discard_barred):
                return (f"you may not discard {C.card_str(card)} in the first round of turns "
                        f"(your first turn of the hand) while you hold a card you may discard")
            return (f"you may not discard {C.card_str(card)} while you hold a card you may "
                    f"discard: the rules let it go only when you hold nothing else, such as "
                    f"your last card")
        return "you may not discard the card you just took from the discard pile"

    def _refuse_discard(self, parsed, missing, offered: bool) -> str | None:
        """Why this discard is refused (None when the phase has no discard)."""
        if not offered:
            if self.ruleset.turn.play_or_draw:
                return self.NO_DISCARD
            if self.phase is Phase.PLAY and self.must_knock:
                return "you took the last discard with the stock exhausted, so you must knock now"
            return None
        why = self._taken_back(parsed.cards[0])
        go = self.ruleset.going_out
        if why is None and len(self.hands[self.player]) == 1 and go is not None and go.long \
                and not self._out_ready(self.player):
            why = self._not_ready_yet()
        if why is None and len(self.hands[self.player]) == 1:
            why = ("you may not go out by discarding your last card: the rules say you go out "
                   "by melding")
        return why or "that discard is not allowed now"

    MOVES = {A.DISCARD: _do_discard}
    REFUSALS = {A.DISCARD: _refuse_discard}
