"""Melding: laying melds from hand onto the table during a turn, the rounds in which the
whole hand goes down at once, and going out by melding."""

from __future__ import annotations

import copy

from .. import search as ES
from ...memo import Memo, attach
from .. import actions as A
from ..actions import Action
from ..phases import Pending, Phase
from ..views import TableMeld

_MELD_CACHE = Memo(50_000)
_HEADS = Memo(50_000)  # (rules, cards) -> head_counts of its readings


class Melding:
    """Plays ``melds:`` on the table (``melds.on_table``), ``turn.melds_per_turn``,
    ``turn.new_melds_after_opening``, ``turn.all_at_once`` (rounds in which the whole hand
    goes down in one turn) and what a meld must leave in hand (``going_out``: a card to
    discard, or none, or never one alone). Reads those and ``opening.threshold`` (whether
    a meld's reading or only its kind counts towards the opening). A meld's moves are
    remembered per hand (``_MELD_CACHE``) and their labels per group of cards
    (``_HEADS``)."""

    def _hand_melds(self, p: int):
        hand = self.hands[p]
        return _MELD_CACHE.get_or((self.rules, tuple(sorted(hand))), ES.hand_melds, self.rules,
                                  hand)

    def _meld_action(self, cards, reading) -> Action:
        readings = ES.readings_of(self.rules, cards)
        heads = None
        if len(readings) > 1:
            heads = _HEADS.get_or((self.rules, tuple(cards)), A.head_counts, readings)
        return Action(A.MELD, tuple(cards), None, reading, A.meld_label(reading, readings, heads))

    def _meld_actions(self, p: int) -> list[Action]:
        rs = self.ruleset
        t = rs.turn
        hand = self.hands[p]
        whole = self._whole_hand_round()
        if self.opened[p] and not t.new_melds_after_opening and self.pending_mode is None:
            return []
        if (not whole and t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn
                and self.pending_mode is None):
            return []
        out = []
        opening = self.opening_due(p)
        if opening and not whole and not self._opening_possible(p):
            return []
        if whole and self.pending_mode is None and not self._whole_ok(p, ()):
            return []
        # towards a contract alone, a meld's cards and kind decide (not which places its
        # wild cards take): the readings of one group share the answer
        by_kind = self.ruleset.opening.threshold is None
        answers: dict = {}
        for cards, reading in self._hand_melds(p):
            left = len(hand) - len(cards)
            if whole:
                if not self._whole_ok(p, cards):
                    continue
            else:
                if not self._leaves_ok(left):
                    continue
                if opening:
                    key = (cards, reading.kind) if by_kind else (cards, reading)
                    ok = answers.get(key)
                    if ok is None:
                        ok = answers[key] = self._opening_ok(p, cards, reading)
                    if not ok:
                        continue
            out.append(self._meld_action(cards, reading))
        return out

    def _rest(self, p: int, cards) -> list[int]:
        rest = list(self.hands[p])
        for c in cards:
            rest.remove(c)
        return rest

    def _whole_hand_round(self) -> bool:
        r = self.ruleset.turn.all_at_once
        return r is not None and self.round in r

    def _whole_ok(self, p: int, cards) -> bool:
        rest = self._rest(p, cards)
        go = self.ruleset.going_out
        how = go.final_discard if go is not None else "required"
        cr = self._count_rules()
        if how == "forbidden":
            return ES.can_meld_all(cr, rest, 0)
        if how == "optional":
            return ES.can_meld_all(cr, rest, 1)
        if not rest or not ES.can_meld_all(cr, rest, 1):
            return False
        return any(ES.can_meld_all(cr, [x for i, x in enumerate(rest) if i != j], 0)
                   for j in {rest.index(c) for c in set(rest)})

    def _count_rules(self):
        r = self.rules
        cr = r.__dict__.get("_count_rules")
        if cr is None:
            cr = copy.copy(r)
            cr.value = tuple([1] * len(r.value))
            cr.__dict__.pop("_tables", None)
            cr.__dict__.pop("_count_rules", None)
            attach(r, "_count_rules", cr)
        return cr

    def _keep_min(self) -> int:
        """Fewest cards a meld or lay-off may leave in hand (so the turn can still end)."""
        go = self.ruleset.going_out
        if go is None:
            return 2
        return 1 if go.final_discard == "required" else 0

    def _leaves_ok(self, left: int) -> bool:
        go = self.ruleset.going_out
        if left < self._keep_min():
            return False
        if go is not None and go.final_discard == "forbidden" and left == 1:
            return False
        return True

    def _do_meld(self, a: Action) -> None:
        p = self.player
        if self.phase is Phase.KNOCK or self.phase is Phase.DEFEND:
            self._lay(p, a)
            return
        opening = self.opening_due(p)
        whole = self._whole_hand_round()
        self._lay(p, a)
        self.melds_this_turn += 1
        self.played_this_turn = True
        self.melded[p] = True
        for c in a.cards:
            if c in self.owed:
                self.owed.remove(c)
        if whole:
            self.pending_mode = Pending.WHOLE
            self.opened[p] = True
        elif opening:
            self.pending_mode = Pending.OPEN
            self.pending.append((a.cards, a.reading))
            if self._pending_complete(p):
                self.opened[p] = True
                self.pending_mode = None
                self.pending = []
        else:
            self.opened[p] = True
        if self.pending_mode is Pending.WHOLE and self._pending_complete(p):
            self.pending_mode = None
        self._after_table_move(p)

    def _lay(self, p: int, a: Action) -> None:
        hand = self.hands[p]
        for c in a.cards:
            hand.remove(c)
        self.table.append(TableMeld(len(self.table) + 1, p, list(a.cards), a.reading))

    def _after_table_move(self, p: int) -> None:
        if not self.hands[p] and self.ruleset.going_out is not None:
            self._went_out(p)

    MOVES = {A.MELD: _do_meld}
