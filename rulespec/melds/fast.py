"""Least deadwood as a number, by the fastest route the hand allows.

Hands with no wild card and no two copies of a card (every Gin hand, most hands of
one-pack games) take a table route: runs never cross suits, so the best runs of each
suit's 13-bit mask come from a table built once per ruleset, and the only choices left
are which sets to make - rare, since a set needs three cards of a rank. Any other hand
goes to the exact search in :mod:`.solver`; the tests check both routes agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product

from .. import cards as C
from ..ruleset import Ruleset
from .context import Rules, rules_for
from .solver import Search

FULL = (1 << 13) - 1
BIT = tuple(1 << c for c in range(53))
_BIT = BIT.__getitem__


class Tables:
    """Per-ruleset tables of the table route."""

    def __init__(self, rules: Rules):
        self.ok = rules.has_runs or rules.has_sets
        # the table route needs sets of at least 3 (two sets of one rank need 6 cards)
        self.sets = rules.has_sets and rules.set_min >= 3
        if rules.has_sets and rules.set_min < 3:
            self.ok = False
        self.wild_mask = sum(BIT[c] for c in rules.wild_codes)
        self.value = rules.value
        by_values: dict[tuple, tuple[int, ...]] = {}
        dead = []
        for s in range(4):
            vals = tuple(rules.value[C.make(r, s)] for r in range(13))
            if vals not in by_values:
                by_values[vals] = self._suit_deadwood(rules, vals)
            dead.append(by_values[vals])
        self.dead = dead
        # set options: (rank, which suits are present) -> 52-bit masks of the melded cards
        self.set_options: dict[tuple[int, int], list[int]] = {}
        lo = rules.set_min
        hi = rules.set_max if rules.set_max is not None else 4
        for r in range(13):
            for present in range(16):
                suits = [s for s in range(4) if present >> s & 1]
                opts = [0]
                for k in range(lo, min(hi, len(suits)) + 1):
                    for sub in combinations(suits, k):
                        opts.append(sum(BIT[C.make(r, s)] for s in sub))
                self.set_options[(r, present)] = opts
        self.set_min = lo

    @staticmethod
    def _windows(rules: Rules) -> list[list[tuple[int, int]]]:
        """Run windows as rank bitmasks, grouped by their lowest bit."""
        masks = set()
        for length in range(rules.run_min, rules.run_max + 1):
            if rules.aces == "around":
                starts = range(13)
            else:
                lo, hi = rules.span_limits()
                starts = range(lo, hi - length + 2)
            for start in starts:
                ranks = [(start + t) % 13 for t in range(length)]
                if len(set(ranks)) == length:
                    masks.add(sum(1 << r for r in ranks))
        by_low: list[list[int]] = [[] for _ in range(13)]
        for m in masks:
            by_low[(m & -m).bit_length() - 1].append(m)
        return by_low

    def _suit_deadwood(self, rules: Rules, vals: tuple[int, ...]) -> tuple[int, ...]:
        """Deadwood of each 13-bit mask of one suit when only runs may be made."""
        total = [0] * (FULL + 1)
        for m in range(1, FULL + 1):
            low = m & -m
            total[m] = total[m ^ low] + vals[low.bit_length() - 1]
        if not rules.has_runs:
            return tuple(total)
        by_low = self._windows(rules)
        wval = {w: total[w] for ws in by_low for w in ws}
        best = [0] * (FULL + 1)
        for m in range(1, FULL + 1):
            low = m & -m
            b = best[m ^ low]
            for w in by_low[low.bit_length() - 1]:
                if w & m == w:
                    v = wval[w] + best[m ^ w]
                    if v > b:
                        b = v
            best[m] = b
        return tuple(total[m] - best[m] for m in range(FULL + 1))


def tables(rules: Rules) -> Tables:
    """The tables of ``rules``' ruleset: built from values without a cut wild card, so one
    set serves every deal (the route only takes hands holding no wild card)."""
    t = rules.__dict__.get("_tables")
    if t is None:
        base = rules_for(rules.ruleset, None) if rules.wild is not None else rules
        t = base.__dict__.get("_tables")
        if t is None:
            t = base._tables = Tables(base)
        rules._tables = t
    return t


def _table_deadwood(t: Tables, h: int) -> int:
    """Least deadwood of the hand whose cards are the bits of ``h`` (no wilds, no copies)."""
    d0, d1, d2, d3 = t.dead
    m0, m1, m2, m3 = h & FULL, h >> 13 & FULL, h >> 26 & FULL, h >> 39 & FULL
    best = d0[m0] + d1[m1] + d2[m2] + d3[m3]
    if not t.sets:
        return best
    if t.set_min == 3:
        cand = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1))
    else:
        cand = m0 & m1 & m2 & m3
    if not cand:
        return best
    opts = []
    while cand:
        low = cand & -cand
        r = low.bit_length() - 1
        present = (m0 >> r & 1) | (m1 >> r & 1) << 1 | (m2 >> r & 1) << 2 | (m3 >> r & 1) << 3
        opts.append(t.set_options[(r, present)])
        cand ^= low
    for combo in product(*opts):
        x = h
        for rem in combo:
            x &= ~rem
        v = d0[x & FULL] + d1[x >> 13 & FULL] + d2[x >> 26 & FULL] + d3[x >> 39 & FULL]
        if v < best:
            best = v
    return best


def deadwood_value(rules: Rules, hand: list[int]) -> int:
    """Least deadwood of ``hand`` (table route when it applies, else the exact search)."""
    t = rules.__dict__.get("_tables") or tables(rules)
    h = sum(map(_BIT, hand))
    if t.ok and h.bit_count() == len(hand) and not h & rules.wild_bits_joker:
        return _table_deadwood(t, h)
    total = sum(rules.value[c] for c in hand)
    val, _m, _d = Search(rules, hand).solve()
    return total - val


def deadwood(ruleset: Ruleset, hand: Iterable[int], wild: int | None = None) -> int:
    """Least value of the unmatched cards of ``hand`` (the number only: faster)."""
    try:
        rules = ruleset.__dict__["_meld_rules"][wild]
    except KeyError:
        rules = rules_for(ruleset, wild)
    t = rules.__dict__.get("_tables") or tables(rules)
    h = sum(map(_BIT, hand))
    if t.ok and h.bit_count() == len(hand) and not h & rules.wild_bits_joker:
        return _table_deadwood(t, h)
    hand = list(hand)
    return sum(rules.value[c] for c in hand) - Search(rules, hand).solve()[0]


def deadwood_after_discard(rules: Rules, hand: list[int]) -> int:
    """Least deadwood after discarding one card of ``hand`` (Gin's 11-card count).

    Discarding ``d`` can lower the deadwood by at most the value of ``d``, so cards are
    tried from the most valuable down and the loop stops once none can do better."""
    value = rules.value
    order = sorted(hand, key=value.__getitem__, reverse=True)
    t = rules.__dict__.get("_tables") or tables(rules)
    h = sum(map(_BIT, hand))
    if t.ok and h.bit_count() == len(hand) and not h & rules.wild_bits_joker:
        full = _table_deadwood(t, h)
        best = _table_deadwood(t, h ^ _BIT(order[0]))
        for d in order[1:]:
            if full - value[d] >= best:
                break
            v = _table_deadwood(t, h ^ _BIT(d))
            if v < best:
                best = v
        return best
    full = deadwood_value(rules, hand)
    best = None
    tried = set()
    for d in order:
        if best is not None and full - value[d] >= best:
            break
        if d in tried:
            continue
        tried.add(d)
        rest = list(hand)
        rest.remove(d)
        v = deadwood_value(rules, rest)
        if best is None or v < best:
            best = v
    return best if best is not None else 0


def deadwood_many(
    ruleset: Ruleset, hands: Iterable[Iterable[int]], wild: int | None = None,
    discard: bool = False,
) -> list[int]:
    """Least deadwood of each hand (``discard``: after the best discard), the table route
    inlined so a batch pays no per-hand call overhead."""
    rules = rules_for(ruleset, wild)
    t = tables(rules)
    out = []
    append = out.append
    get = BIT.__getitem__
    ok = t.ok and not discard
    wmask = rules.wild_bits_joker
    for hand in hands:
        if ok:
            h = sum(map(get, hand))
            if h.bit_count() == len(hand) and not h & wmask:
                append(_table_deadwood(t, h))
                continue
        hand = list(hand)
        append(deadwood_after_discard(rules, hand) if discard else deadwood_value(rules, hand))
    return out
