"""Rearranging the table (issue #15, item 8): during a turn a player takes cards off the
melds on the table and lays them again, one small move at a time, and every meld must be
valid when the turn ends. Small moves keep the legal moves enumerable: ``take`` a card
off a meld into hand, ``put`` a card into a meld (or start a new one) whether the meld
is valid yet or not, and ``reset`` to put the table and the hand back as the turn found
them. A cap on rearranging moves per turn (``turn.rearrange.max_moves``) keeps every
turn finite. Wild cards are not taken this way: they leave the table only by
replacement (:mod:`.replacing`)."""

from __future__ import annotations

import copy
from collections import Counter

from .. import actions as A
from .. import search as ES
from ..actions import Action
from ..phases import Phase
from ..views import TableMeld
from . import names, not_held

_RESET = A.simple(A.RESET)


class Rearranging:
    """Plays ``turn.rearrange`` (``melding: table may be rearranged``; ``only own melds
    may be rearranged``; ``rearranging only after opening``; ``at most N rearranging
    moves per turn``). Keeps, per turn, the table and hand as the turn found them
    (``turn_start``), the cards taken off the table not yet laid again (``borrowed``)
    and the rearranging moves made (``rearranging_moves``)."""

    # ------------------------------------------------------------ the turn's bookkeeping

    def _mark_turn_start(self, p: int) -> None:
        """Remember the table and ``p``'s hand before the turn (only where rearranging is
        allowed: that is what ``reset`` goes back to)."""
        if self.ruleset.turn.rearrange is None:
            return
        self.turn_start = (copy.deepcopy(self.table), list(self.hands[p]), list(self.opened),
                           self.melded[p])
        self.rearranging_moves = 0

    def _borrowed(self) -> Counter:
        """The cards taken off the table this turn and still in hand: what the hand holds
        beyond what the turn found in it (copies of a card are the same card)."""
        return Counter(self.hands[self.turn]) - Counter(self.turn_start[1])

    def _table_settled(self) -> bool:
        """Is every meld on the table valid and every card taken off it laid again?"""
        if self.ruleset.turn.rearrange is None:
            return True
        return not self._borrowed() and all(m.reading is not None for m in self.table)

    def _played_from_hand(self, p: int) -> bool:
        """Has this turn put cards of ``p``'s own on the table, the table settled?"""
        if self.ruleset.turn.rearrange is None:
            return self.played_this_turn
        return self._table_settled() and len(self.hands[p]) < len(self.turn_start[1])

    def _rearranged(self) -> bool:
        """Has this turn changed the table or the hand (so a draw must wait for a reset)?"""
        if self.ruleset.turn.rearrange is None:
            return False
        table, hand, _o, _m = self.turn_start
        return (Counter(hand) != Counter(self.hands[self.player])
                or [sorted(m.cards) for m in table] != [sorted(m.cards) for m in self.table])

    # ------------------------------------------------------------ moves

    def _may_rearrange(self, p: int) -> bool:
        r = self.ruleset.turn.rearrange
        if r is None or self.phase is not Phase.PLAY or self.owed:
            return False
        if r.after_opening and not self.opened[p]:
            return False
        return self.rearranging_moves < r.max_moves

    def _rearrange_actions(self, p: int) -> list[Action]:
        acts: list[Action] = []
        if self.ruleset.turn.rearrange is None:
            return acts
        if self._rearranged():
            acts.append(_RESET)
        if not self._may_rearrange(p):
            return acts
        own = self.ruleset.turn.rearrange.melds == "own"
        for m in self.table:
            if own and m.owner != p:
                continue
            for c in sorted(set(m.cards)):
                if not self.rules.is_wild(c):
                    acts.append(A.simple(A.TAKE, c, m.id))
        held = sorted(set(self.hands[p]))
        for m in self.table:
            if own and m.owner != p:
                continue
            acts.extend(A.simple(A.PUT, c, m.id) for c in held)
        acts.extend(A.simple(A.PUT, c) for c in held)
        return acts

    def _reread(self, m: TableMeld) -> None:
        readings = ES.readings_of(self.rules, m.cards) if len(m.cards) else ()
        m.reading = readings[0] if readings else None

    def _renumber(self) -> None:
        self.table = [m for m in self.table if m.cards]
        for i, m in enumerate(self.table):
            m.id = i + 1

    def _do_take(self, a: Action) -> None:
        p, card = self.player, a.cards[0]
        m = self.table[a.target - 1]
        m.cards.remove(card)
        self.hands[p].append(card)
        self.rearranging_moves += 1
        self._reread(m)
        self._renumber()

    def _do_put(self, a: Action) -> None:
        p, card = self.player, a.cards[0]
        self.hands[p].remove(card)
        self.played_this_turn = True
        self.rearranging_moves += 1
        if a.target is None:
            self.table.append(TableMeld(len(self.table) + 1, p, [card], None))
        else:
            m = self.table[a.target - 1]
            m.cards.append(card)
            self._reread(m)
        self._after_table_move(p)

    def _do_reset(self, a: Action) -> None:
        p = self.player
        table, hand, opened, melded = self.turn_start
        self.table = copy.deepcopy(table)
        self.hands[p] = list(hand)
        self.opened, self.melded[p] = list(opened), melded  # a side's opening goes back too
        self.played_this_turn = False
        self.melds_this_turn = 0
        self.pending, self.pending_mode, self.owed = [], None, []

    def _refuse_rearrange(self, parsed, missing, offered: bool) -> str | None:
        r = self.ruleset.turn.rearrange
        if r is None:
            return "the rules do not let you rearrange the melds on the table"
        if parsed.kind == A.RESET:
            return "nothing has changed this turn, so there is nothing to put back"
        p = self.player
        if r.after_opening and not self.opened[p]:
            return "you may rearrange the table only after your opening"
        if self.rearranging_moves >= r.max_moves:
            return (f"you have made the {r.max_moves} rearranging moves a turn allows: finish "
                    "the melds with what you hold, or `reset`")
        if parsed.kind == A.PUT and missing:
            return not_held(missing)
        if parsed.target is not None and not (1 <= parsed.target <= len(self.table)):
            return f"there is no meld {parsed.target} on the table"
        if parsed.kind == A.TAKE:
            m = self.table[parsed.target - 1]
            if parsed.cards[0] not in m.cards:
                return f"meld {parsed.target} has no {names(parsed.cards)}"
            if self.rules.is_wild(parsed.cards[0]):
                return "a wild card leaves the table only when a natural card replaces it"
        if r.melds == "own":
            return "you may rearrange only your own melds"
        return None

    MOVES = {A.TAKE: _do_take, A.PUT: _do_put, A.RESET: _do_reset}
    REFUSALS = {A.TAKE: _refuse_rearrange, A.PUT: _refuse_rearrange, A.RESET: _refuse_rearrange}
