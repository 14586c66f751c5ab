"""Knocking and gin: knocking under a deadwood limit with a face-down discard, gin and
big gin, the knocker's melds laid out, then each defender's lay-offs and melds."""

from __future__ import annotations

from ... import cards as C
from ...melds.fast import after_discard_value, deadwood_value
from .. import actions as A
from ..actions import Action
from ..phases import Ending, Phase
from ..views import TableMeld
from ..scoring import upcard_rules
from . import names, not_held, ordered


#: the knock limit of ``knock: at any count``: more than any hand can hold
ANY_COUNT = 1_000_000


class Knocking:
    """Plays ``knock:`` (``when deadwood <= N``, ``gin at 0``, ``defender lays off unless
    gin``, lay-offs at most N beyond a run's ends, melds laid out no longer than N) and
    ``gin:`` (big gin: every card melded, nothing discarded). Reads ``knock.max_deadwood``
    (a number, ``upcard`` or ``any``: at any count), ``knock.by_upcard`` (the limit set by
    the first upcard, once per hand), ``knock.before_draw`` (``knock`` with no card at the
    start of a turn, offered among the draws), ``knock.after_draw`` (``knock CARD`` after
    drawing; not under ``only before drawing``), ``knock.defender_lays_off``,
    ``knock.run_end_layoffs``, ``knock.lay_out_max``, ``gin``, ``gin.big_gin``. Phases
    ``knock`` (the knocker's melds, then ``pass``), ``lay off`` (a defender onto the
    knocker's melds) and ``defend`` (the defender's melds). The knock is settled in
    :mod:`..settlement`."""

    def _set_knock_max(self) -> None:
        """The most deadwood a knock may have this hand, read once per hand (when the first
        upcard is turned): the rules' number or the upcard's value, unless a rule for the
        upcard's rank or suit says otherwise (``gin only when the upcard is an ace``)."""
        k = self.ruleset.knock
        if k is None:
            return
        up = self.first_upcard
        limit = k.max_deadwood
        if limit == "upcard":
            limit = self.rules.value[up] if up is not None else 0
        elif limit == "any":
            limit = ANY_COUNT
        for r in upcard_rules(k.by_upcard, up)[:1]:
            limit = r.value
        self.knock_max = limit

    def _deadwood(self, hand) -> int:
        """What a hand counts at a knock: its deadwood, or every card (``knock_counts_all``)."""
        if self.ruleset.knock_counts_all:
            return sum(self.rules.value[c] for c in hand)
        return deadwood_value(self.rules, list(hand))

    def _deadwood_after_discard(self, hand) -> int:
        """The least a hand counts at a knock once one card is discarded."""
        if self.ruleset.knock_counts_all:
            return self._deadwood(hand) - max(self.rules.value[c] for c in hand)
        return after_discard_value(self.rules, list(hand))

    def _big_gin_ok(self, hand) -> bool:
        g = self.ruleset.gin
        return g is not None and g.big_gin and self._deadwood(hand) == 0

    def _knock_starts(self, p: int) -> list[Action]:
        rs = self.ruleset
        out: list[Action] = []
        hand = self.hands[p]
        if rs.knock is None or not rs.knock.after_draw:  # `only before drawing` (Tonk's drop)
            return out
        limit = self.knock_max
        if self._deadwood_after_discard(hand) <= limit:
            banned = self._banned_discards(p)
            for c in sorted(set(hand), key=C.sort_key):
                if c not in banned:
                    rest = list(hand)
                    rest.remove(c)
                    if self._deadwood(rest) <= limit:
                        out.append(A.KNOCKS[c])
        if self._big_gin_ok(hand):
            out.append(A.simple(A.GIN))
        return out

    def _knock_before_draw(self, p: int) -> list[Action]:
        """``knock`` at the start of a turn, with no card drawn and none discarded, where
        the rules allow it (``knock: before or after drawing``) and the hand as it stands
        is within the limit."""
        k = self.ruleset.knock
        if k is None or not k.before_draw or self._deadwood(self.hands[p]) > self.knock_max:
            return []
        return [_KNOCK_NOW]

    def _knock_actions(self) -> list[Action]:
        p = self.player
        hand = self.hands[p]
        acts = []
        for cards, reading in self._lay_out_melds(p):
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            if self._deadwood(rest) <= self.knock_limit:
                acts.append(self._meld_action(cards, reading))
        if sum(self.rules.value[c] for c in hand) <= self.knock_limit:
            acts.append(A.simple(A.PASS))
        return acts

    def _defender_layoffs(self) -> list[Action]:
        p = self.player
        most = self.ruleset.knock.run_end_layoffs
        acts = []
        for m in self.table:
            if m.owner != self.knocker:
                continue
            for c in set(self.hands[p]):
                opts = self._layoffs_onto(m).get(c, [])
                if most is not None and m.reading.kind == "run":
                    opts = [a for a in opts if self._run_ends_ok(m, a.reading, most)]
                acts.extend(opts)
        return acts

    def _run_ends_ok(self, m: TableMeld, new, most: int) -> bool:
        """Does ``new`` (what run ``m`` becomes) hold at most ``most`` cards beyond each
        end of the run as it was laid?"""
        first = self.first_reading.get(m.id, m.reading)
        low = new.ranks.index(first.ranks[0])
        high = len(new.ranks) - low - len(first.ranks)
        return low <= most and high <= most

    def _lay_out_melds(self, p: int):
        """The melds ``p`` may lay out after a knock (no longer than the rules allow; none
        where every card in hand counts)."""
        if self.ruleset.knock_counts_all:
            return []
        most = self.ruleset.knock.lay_out_max
        melds = self._hand_melds(p)
        if most is None:
            return melds
        return [(cards, r) for cards, r in melds if len(cards) <= most]

    def _do_knock(self, a: Action) -> None:
        p = self.player
        if a.cards:  # after drawing: a card goes face down on the pile
            self._throw(p, a.cards[0])
        self.knocker = p
        self.knock_limit = self.knock_max
        self.big_gin = False
        self.phase = Phase.KNOCK

    def _do_gin(self, a: Action) -> None:
        self.knocker = self.player
        self.knock_limit = 0
        self.big_gin = True
        self.phase = Phase.KNOCK

    def _knock_done(self) -> None:
        k = self.knocker
        K = self.hand_value(k)
        gin = self.ruleset.gin is not None and K == 0
        self._gin = gin
        self.defenders = [s for s in self._order_from(k) if s != k]
        self._lays_off = self.ruleset.knock.defender_lays_off and not gin
        self._next_defender()

    def _next_defender(self) -> None:
        if not self.defenders:
            reason = (Ending.BIG_GIN if self.big_gin else Ending.GIN) if self._gin else Ending.KNOCK
            self._end_hand(reason, winner=self.knocker)
            return
        self.player = self.defenders[0]
        self.phase = Phase.LAY_OFF if self._lays_off else Phase.DEFEND

    def hand_value(self, seat: int) -> int:
        """Total value of the cards ``seat`` holds (unmelded cards after a knock)."""
        v = self.rules.value
        return sum(v[c] for c in self.hands[seat])

    def _order_from(self, seat: int) -> list[int]:
        out = [seat]
        s = seat
        while True:
            s = self._next_seat(s, self.active)
            if s == seat:
                return out
            out.append(s)

    def _knock_moves(self) -> list:
        return ordered(self._knock_actions())

    def _lay_off_moves(self) -> list:
        return ordered(self._defender_layoffs() + [_PASS])

    def _defend_moves(self) -> list:
        acts = [self._meld_action(c, r) for c, r in self._lay_out_melds(self.player)]
        acts.append(_PASS)
        return ordered(acts)

    def _pass_lay_off(self) -> None:
        """The defender is done laying off: now its own melds."""
        self.phase = Phase.DEFEND

    def _pass_defend(self) -> None:
        self.defenders.pop(0)
        self._next_defender()

    def _refuse_knock(self, parsed, missing, offered: bool) -> str | None:
        """Why this knock is refused: no knocking, not now, too much deadwood."""
        rs = self.ruleset
        if offered or not parsed.cards:
            return self._refuse_knock_when(parsed, offered)
        if rs.knock is None:
            return "the rules have no knocking"
        if missing:
            return not_held(missing)
        if not rs.knock.after_draw:
            return "you may knock only at the start of your turn, before drawing (`knock`)"
        if self.phase is not Phase.PLAY:
            return "you may knock only after drawing, in your own turn"
        rest = list(self.hands[self.player])
        rest.remove(parsed.cards[0])
        after = f"after discarding {names(parsed.cards)} your deadwood is {self._deadwood(rest)}"
        if rs.gin_only:
            return f"only gin ends a hand: you may knock only with no deadwood; {after}"
        if self.knock_max == rs.knock.max_deadwood:
            return f"you may knock only with deadwood of {self.knock_max} or less; {after}"
        if self.knock_max == 0:
            return (f"the upcard was {names([self.first_upcard])}: you may knock only with gin "
                    f"(no deadwood); {after}")
        return (f"the upcard was {names([self.first_upcard])}: you may knock only with deadwood "
                f"of {self.knock_max} or less; {after}")

    def _refuse_knock_when(self, parsed, offered: bool) -> str | None:
        """Why a knock is refused for when it comes: a knock with a card before drawing,
        a knock without one after it, a knock before drawing the rules do not allow."""
        k = self.ruleset.knock
        if parsed.cards:  # offered: a knock with a card is legal now, but not this card
            return self._taken_back(parsed.cards[0])
        if k is None:
            return "the rules have no knocking"
        if not k.before_draw:
            return "you may knock only after drawing, discarding a card face down (`knock CARD`)"
        if self.phase is not Phase.DRAW:
            return "you have drawn, so knock by discarding a card face down (`knock CARD`)"
        rest = self._deadwood(self.hands[self.player])
        return (f"you may knock only with deadwood of {self.knock_max} or less; "
                f"your deadwood is {rest}")

    def _refuse_gin(self, parsed, missing, offered: bool) -> str | None:
        """Why big gin is refused: the rules have none, or the hand is not all melds."""
        if offered:
            return None
        gin = self.ruleset.gin
        if gin is None or not gin.big_gin:
            return "the rules have no big gin: gin is a knock with no deadwood (`knock CARD`)"
        return "big gin needs every card in melds, with nothing to discard"

    MOVES = {A.KNOCK: _do_knock, A.GIN: _do_gin}
    REFUSALS = {A.KNOCK: _refuse_knock, A.GIN: _refuse_gin}
    PHASES = {Phase.KNOCK: _knock_moves, Phase.LAY_OFF: _lay_off_moves, Phase.DEFEND: _defend_moves}
    PASSES = {Phase.KNOCK: _knock_done, Phase.LAY_OFF: _pass_lay_off, Phase.DEFEND: _pass_defend}


_PASS = A.simple(A.PASS)
_KNOCK_NOW = A.simple(A.KNOCK)  # a knock before drawing: no card
