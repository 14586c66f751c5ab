"""Cards that may not be melded (``melds.barred``, ``barred_runs``): the meld rules keep
them out of every meld the engine offers; here are the one meld they allow, the set of
cards melded only when going out (``going_out_only``, Canasta's black threes), and why
a meld or lay-off that holds a barred card is refused."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ... import cards as C
from ...melds.classify import unordered_readings
from ...melds.model import Reading
from .. import search as ES
from ..long_melds import long_kinds_met
from ..phases import Pending
from . import names, set_bit


class BarredCards:
    """Plays ``melds: black 3s may be melded only when going out``: such cards go down
    only as a set of their own (no wild card, no other card) laid by the meld that ends
    the hand, leaving nothing or the one card of the final discard, once the player may
    go out (``going_out.long``; no packet set aside waits for them). A player who has not
    opened may open in that turn and go out with them: the set counts towards the opening
    threshold with the melds laid before it that turn (Canasta: "the sum of the values of
    the cards played in the player's turn"; going out concealed). Reads
    ``melds.going_out_only``, ``melds.set``, ``going_out``, ``opening`` and
    ``melds.barred``, ``barred_runs`` for the refusals."""

    def _going_out_sets(self, p: int) -> list:
        """The melds of ``p``'s cards melded only when going out that go out now."""
        r = self.rules
        hand = self.hands[p]
        own = Counter(c for c in hand if c in r.out_only)
        if (not own or not r.has_sets or self.ruleset.going_out is None
                or self.pending_mode is Pending.WHOLE
                or not self._table_settled() or (self.packets and self._packet_waits(p))):
            return []
        opening = self.opening_due(p)
        if opening and self.ruleset.opening.contract(self.round) is not None:
            return []  # a contract asks for its own melds, never these
        out = []
        for rank in sorted({C.rank_of(c) for c in own}):
            if set_bit(Reading("set", rank=rank)) & self._set_ranks(p):
                continue  # the side's one set of this rank is down already
            reading = Reading("set", rank=rank)
            for cards in _sets_of(r, sorted(own.elements()), rank):
                left = len(hand) - len(cards)
                if left > 1 or not self._leaves_ok(left, self._out_ready(p, new=len(cards))):
                    continue
                if opening and not self._opens_with(p, cards, reading):
                    continue
                out.append(self._meld_action(cards, reading))
        return out

    def _opens_with(self, p: int, cards, reading) -> bool:
        """Do the melds ``p`` laid this turn and the set ``cards`` make the opening?"""
        laid = sum(ES.reading_value(self.rules, c, rd) for c, rd in self.pending)
        need = self._threshold(p)
        return need is None or laid + ES.reading_value(self.rules, cards, reading) >= need

    def _opens_going_out(self, p: int, laid, rest, meld, need: int) -> bool:
        """Can ``p``, with ``rest`` left in hand after the melds ``laid`` this turn (the
        last of them ``meld``, not yet on the table, or None), still open by going out
        this turn with a set of cards melded only when going out? That set holds every
        such card of ``rest`` (one may be kept as the final discard when nothing else
        is), every other card goes into melds but one kept to discard, and the values of
        all reach ``need`` (what the opening still lacks); going out's long melds must be
        on the table by then."""
        r, go = self.rules, self.ruleset.going_out
        own = sorted(c for c in rest if c in r.out_only)
        if (len(own) < r.out_min or not r.has_sets or go is None
                or len({C.rank_of(c) for c in own}) > 1
                or self.ruleset.opening.contract(self.round) is not None):
            return False
        rank = C.rank_of(own[0])
        reading = Reading("set", rank=rank)
        if set_bit(reading) & self._set_ranks(p) or any(
                set_bit(rd) & set_bit(reading) for _c, rd in laid if rd.kind == "set"):
            return False
        others = [c for c in rest if c not in r.out_only]
        discard = go.final_discard != "forbidden"
        banned = self._set_ranks(p)
        # quick noes: more cards than the final discard in no meld, or worth too little
        if not ES.can_meld_all(r, others, 1 if discard else 0, banned):
            return False
        top = ES.opening_bound(r, others, set(others)) + ES.reading_value(r, own, reading)
        if top < need:
            return False
        for cards in _sets_of(r, own, rank):
            spare = len(own) - len(cards)
            if spare > 1 or (spare and (others or not discard)):
                continue
            value = ES.reading_value(r, cards, reading)
            drops = [None] + (sorted(set(others), key=lambda c: r.opening_natural[c])
                              if discard and not spare else [])
            for d in drops:
                if d is None and go.final_discard == "required" and not spare:
                    continue
                part = list(others)
                if d is not None:
                    part.remove(d)
                if (ES.can_meld_all(r, part, 0, banned)
                        and self._melds_whole(p, part, value, need, meld, len(cards))):
                    return True
        return False

    def _melds_whole(self, p: int, part, value: int, need: int, meld, size: int) -> bool:
        """Can every card of ``part`` go into melds worth, with ``value``, at least
        ``need``, leaving on the table the long melds going out needs (counting ``meld``,
        and the set of ``size`` cards going out)?"""
        worth, groups, dead = ES.opening_solution(self.rules, part, self._set_ranks(p))
        if dead or worth + value < need:
            return False
        go = self.ruleset.going_out
        if go.long is None:
            return True
        side, long = self._team(p), go.long
        found = [m.reading for m in self.table
                 if self._team(m.owner) == side and len(m.cards) >= long.size]
        for g in list(groups) + ([list(meld)] if meld is not None else []):
            if len(g) >= long.size:
                found.append(ES.readings_of(self.rules, g)[0])
        if size >= long.size:
            found.append(Reading("set", rank=C.rank_of(next(iter(self.rules.out_only)))))
        if not long.kinds:
            return len(found) >= long.melds
        return long_kinds_met(long.kinds, found)

    def _barred_why(self, cards) -> str | None:
        """Why ``cards`` typed as a meld are refused for a barred card in them (None when
        no card of theirs is barred, or when they make a meld with none)."""
        r = self.rules
        if not r.barred_any or not unordered_readings(r, cards, clear=False):
            return None
        held = [c for c in cards if not r.is_wild(c)]
        out_only = [c for c in held if c in r.out_only]
        if out_only and len(out_only) == len(cards):
            return (f"{names(out_only)} may be melded only when going out: as a set of "
                    "their own, with no wild card, by the meld that ends your hand (or "
                    "leaves only the card you discard), once you have opened or open with it")
        never = [c for c in held if c in r.barred_in["set"]]
        if never:
            return f"{names(never)} may not be melded" + (
                " except as a set of their own when going out" if set(never) <= r.out_only
                else "")
        in_runs = [c for c in held if c in r.barred_in["run"]]
        if in_runs and len({C.rank_of(c) for c in held}) > 1:
            return f"{names(in_runs)} may not be in a run"
        if len(held) < len(cards):
            return ("a wild card may not stand for a card that may not be melded "
                    f"({names(sorted(r.barred_in['run']))})")
        return None

    def _barred_layoff_why(self, card: int) -> str | None:
        """Why laying off ``card`` is refused for being barred (None: it is not)."""
        r = self.rules
        if not r.barred_any or r.is_wild(card):
            return None
        if card in r.barred_in["set"]:
            return f"{C.card_str(card)} may not be melded, nor laid off onto a meld"
        return None


def _sets_of(rules, cards: list[int], rank: int):
    """Every set of ``rank`` that ``cards`` (sorted codes) can make on their own, by the
    size of the set they go out with (``out_min``, ``out_max``: a set's unless said) and
    the meld rules' suits."""
    pool = [c for c in cards if C.rank_of(c) == rank]
    top = len(pool) if rules.out_max is None else min(len(pool), rules.out_max)
    seen = set()
    for k in range(rules.out_min, top + 1):
        for group in combinations(pool, k):
            if group in seen:
                continue
            seen.add(group)
            if rules.distinct and len({C.suit_of(c) for c in group}) < k:
                continue
            yield group
