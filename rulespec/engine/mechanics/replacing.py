"""Wild-card replacement: taking a wild card off the table by putting the natural card
it stands for in its place."""

from __future__ import annotations

from .. import search as ES
from ...memo import Memo
from ... import cards as C
from .. import actions as A
from ..actions import Action
from ..phases import Phase
from ..views import TableMeld
from . import NOT_VALID_YET, by_card, names, not_held, set_bit

_RESCUES = Memo(20_000)


class Replacing:
    """Plays ``wilds.replace`` (in which melds, only after opening, the wild card must
    be melded again in the same turn). Reads ``wilds.replace.melds``,
    ``wilds.replace.after_opening``, ``wilds.replace.reuse_this_turn``,
    ``wilds.replace.jokers_only``, and
    ``turn.new_melds_after_opening`` and ``turn.melds_per_turn`` (where the wild may go
    again). A wild owed to the table narrows the turn to the moves that lay it."""

    def _replace_actions(self, p: int) -> list[Action]:
        rep = self.ruleset.wilds.replace
        if rep is None or (rep.after_opening and not self.opened[p]):
            return []
        acts = []
        for m in self.table:
            if m.reading is None or m.reading.kind not in rep.melds or not m.reading.wilds:
                continue
            rescues = self._rescues_of(m)
            for c in set(self.hands[p]):
                for w, new in rescues.get(c, ()):
                    if rep.jokers_only and w != C.JOKER:
                        continue
                    if rep.reuse_this_turn and not self._can_replay(p, m, c, w, new):
                        continue
                    acts.append(Action(A.REPLACE, (c, w), m.id, new))
        return acts

    def _rescues_of(self, m: TableMeld) -> dict:
        """Which wild card of the table meld ``m`` each natural card may take the place
        of, by card (the same until ``m`` changes)."""
        return _RESCUES.get_or((self.rules, tuple(m.cards), m.reading), by_card,
                               lambda c: ES.rescues(self.rules, m.cards, m.reading, c))

    def _can_replay(self, p, m, natural, wild, new) -> bool:
        """After swapping ``natural`` for ``wild`` in ``m``, can the wild be melded again
        this turn (laid off somewhere, or in a new meld)? Before opening, only in a meld
        towards the opening: asked of a copy of the game after the swap."""
        if self.opening_due(p):
            after = self.clone()
            after._scratch = {}
            after._do_replace(Action(A.REPLACE, (natural, wild), m.id, new))
            return bool(after._owed_actions(p))
        hand = list(self.hands[p])
        hand.remove(natural)
        hand.append(wild)
        cards = list(m.cards)
        cards.remove(wild)
        cards.append(natural)
        if self._layoff_allowed(p) and self._leaves_ok(len(hand) - 1):
            for t in self.table:
                if not self._onto_ok(p, t):
                    continue
                tc, tr = (cards, new) if t.id == m.id else (t.cards, t.reading)
                if ES.extensions(self.rules, tc, tr, wild):
                    return True
        t = self.ruleset.turn
        if self.opened[p] and not t.new_melds_after_opening:
            return False
        if t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn:
            return False
        banned = self._set_ranks(p)  # no second set of a rank the side has
        for cards2, r2 in ES.hand_melds(self.rules, hand):
            if wild in cards2 and self._leaves_ok(len(hand) - len(cards2)) and not (
                    set_bit(r2) & banned):
                return True
        return False

    def _owed_actions(self, p: int) -> list[Action]:
        """While a wild taken off the table is owed: only moves that put it back down."""
        owed = set(self.owed)
        acts = []
        t = self.ruleset.turn
        may_meld = not (self.opened[p] and not t.new_melds_after_opening) and not (
            t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn)
        opening = self.opening_due(p)  # a meld before opening goes towards it
        if may_meld and not (opening and not self._opening_possible(p)):
            for cards, reading in self._hand_melds(p):
                if (owed & set(cards) and self._leaves_ok(len(self.hands[p]) - len(cards))
                        and not (opening and not self._opening_ok(p, cards, reading))):
                    acts.append(self._meld_action(cards, reading))
        if self._layoff_allowed(p) and self._leaves_ok(len(self.hands[p]) - 1):
            for m in self.table:
                if self._onto_ok(p, m):
                    for w in owed:
                        acts.extend(self._layoffs_onto(m).get(w, ()))
        return acts

    def _do_replace(self, a: Action) -> None:
        p = self.player
        natural, wild = a.cards
        m = self.table[a.target - 1]
        self.hands[p].remove(natural)
        m.cards.remove(wild)
        m.cards.append(natural)
        self.laid_off.append((p, m.id, natural))  # it scores for p where melds score by owner
        m.reading = a.reading
        self.hands[p].append(wild)
        if self.ruleset.wilds.replace.reuse_this_turn:
            self.owed.append(wild)

    def _refuse_replace(self, parsed, missing, offered: bool) -> str | None:
        """Why this replacement is refused: the rules, the meld, the wild card, the card
        put in its place (None when no replacement belongs to this phase)."""
        if not offered and self.phase is not Phase.PLAY:
            return None
        if missing:
            return not_held(missing)
        rep = self.ruleset.wilds.replace
        if rep is None:
            return "the rules do not let wild cards be taken off the table"
        if rep.after_opening and not self.opened[self.player]:
            return "you may replace a wild card only after going down"
        target = parsed.target
        if not (1 <= target <= len(self.table)):
            return f"there is no meld {target} on the table"
        m = self.table[target - 1]
        if m.reading is None:
            return NOT_VALID_YET.format(target=target)
        if m.reading.kind not in rep.melds:
            return f"wild cards may be replaced only in {' and '.join(k + 's' for k in rep.melds)}"
        natural, wild = (C.card_str(c) for c in parsed.cards)
        if rep.jokers_only and parsed.cards[1] != C.JOKER:
            return "only a joker may be taken off the table, not another wild card"
        if not any(w == parsed.cards[1] for w, _ in m.reading.wilds):
            return f"{wild} does not stand for another card in meld {target}"
        if rep.reuse_this_turn:
            return (f"{natural} does not take the place of {wild} there, or the wild could not "
                    "be played again this turn as the rules require")
        return f"{natural} is not the card {wild} stands for"

    def _owed_first(self, kind: str) -> str | None:
        """Why a move waits while a wild card taken off the table is not yet played again."""
        if not self.owed:
            return None
        return (f"the wild card {names(self.owed)} you took off the table must be played again "
                "this turn before anything else")

    MOVES = {A.REPLACE: _do_replace}
    REFUSALS = {A.REPLACE: _refuse_replace}
    UNFINISHED = {"wild card owed": _owed_first}
