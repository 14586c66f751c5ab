"""Least deadwood as a number, by the fastest route the hand allows.

Hands with no wild card and no two copies of a card (every Gin hand, most hands of
one-pack games) take a table route: runs never cross suits, so the best runs of each
suit's 13-bit mask come from a table built once per ruleset, and the only choices left
are which sets to make - rare, since a set needs three cards of a rank. Any other hand
goes to the exact search in :mod:`.solver`; the tests check both routes agree.

The least deadwood after the best discard (Gin's 11-card count) is one lookup too: each
suit's table has a second half, the least deadwood of the mask after removing one of its
cards. With the sets chosen, the best discard comes from one suit, so the answer is the
sum of the suits' deadwood plus the best single suit's change (see :class:`Tables`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product

from .. import cards as C
from ..memo import attach
from ..ruleset import Ruleset
from .context import Rules, rules_for
from .solver import Search

FULL = (1 << 13) - 1
BIT = tuple(1 << c for c in range(53))
# a list's __getitem__ is a plain builtin method: map() calls it faster than a tuple's
_BIT = list(BIT).__getitem__
#: one card of each suit at rank 0 (shift left by r for rank r)
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: "no card of this suit to discard": larger than any deadwood, never the minimum
NO_SHED = 1 << 40


class Tables:
    """Per-ruleset tables of the table route.

    ``dead[s][m]`` is the least deadwood of suit ``s``'s 13-bit mask ``m`` with runs only;
    ``shed[s][m]`` is how much removing the best card of ``m`` changes it:
    ``min(dead[s][m ^ c] for c in m) - dead[s][m]`` (``NO_SHED`` for an empty mask).

    After the best discard a hand's deadwood is ``min(sets; sum(dead) + min(shed))``, the
    sets ranging over every legal choice from the whole hand. Exact for any meld sizes:
    each term is the deadwood of a legal arrangement of the hand less one card (a card
    outside the chosen sets), so none is below the answer, and the term for the best
    discard's own sets (a choice the whole hand allows too) reaches it. No meld size is
    assumed: a hand that melds completely gets 0 only when some card can go and the rest
    still meld (a run or set of 4 when 3 is allowed); under melds of exactly 3 and 4
    cards it may not, and then it gets the cheapest way to break a meld.
    """

    def __init__(self, rules: Rules):
        self.ok = rules.has_runs or rules.has_sets
        # the table route needs sets of at least 3 (two sets of one rank need 6 cards)
        self.sets = rules.has_sets and rules.set_min >= 3
        if rules.has_sets and rules.set_min < 3:
            self.ok = False
        self.value = rules.value
        by_values: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        dead, shed = [], []
        for s in range(4):
            vals = tuple(rules.value[C.make(r, s)] for r in range(13))
            if vals not in by_values:
                d = self._suit_deadwood(rules, vals)
                by_values[vals] = d, self._suit_shed(d)
            dead.append(by_values[vals][0])
            shed.append(by_values[vals][1])
        self.dead = dead
        self.shed = shed
        #: the sets a rank's cards allow, keyed by those cards (``h & SPREAD << r``): the
        #: 52-bit masks of the cards each set would meld
        self.set_choices: dict[int, tuple[int, ...]] = {}
        lo = rules.set_min
        hi = rules.set_max if rules.set_max is not None else 4
        for r in range(13):
            for present in range(16):
                suits = [s for s in range(4) if present >> s & 1]
                opts = []
                for k in range(lo, min(hi, len(suits)) + 1):
                    for sub in combinations(suits, k):
                        opts.append(sum(BIT[C.make(r, s)] for s in sub))
                self.set_choices[sum(BIT[C.make(r, s)] for s in suits)] = tuple(opts)
        self.set_min = lo
        if lo > min(hi, 4):  # no set fits in one pack
            self.sets = False
        #: what the hot paths unpack: the mask of the cards that send a hand off the table
        #: route (wild and barred cards; every card when the route does not apply), the
        #: least set size (0: no sets), the dead and shed tables of the four suits and
        #: ``set_choices``
        self.flat = (
            rules.wild_bits_joker | rules.barred_bits if self.ok else (1 << 53) - 1,
            (3 if lo == 3 else 4) if self.sets else 0, *dead, *shed, self.set_choices,
        )

    @staticmethod
    def _windows(rules: Rules) -> list[list[int]]:
        """Run windows as rank bitmasks, grouped by their lowest bit."""
        masks = {sum(1 << r for r in w) for ws in rules.run_windows.values() for w in ws}
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

    @staticmethod
    def _suit_shed(dead: tuple[int, ...]) -> tuple[int, ...]:
        """For each mask, the least deadwood after removing one of its cards, less its
        deadwood (``NO_SHED`` for the empty mask)."""
        out = [NO_SHED] * (FULL + 1)
        for m in range(1, FULL + 1):
            best = NO_SHED
            rest = m
            while rest:
                low = rest & -rest
                v = dead[m ^ low]
                if v < best:
                    best = v
                rest ^= low
            out[m] = best - dead[m]
        return tuple(out)


def tables(rules: Rules) -> Tables:
    """The tables of ``rules``' ruleset: built from values without a cut wild card, so one
    set serves every deal (the route only takes hands holding no wild card: callers add
    the deal's ``rules.wild_bits_joker`` to ``flat``'s mask)."""
    t = rules.__dict__.get("_tables")
    if t is None:
        base = rules_for(rules.ruleset, None) if rules.wild is not None else rules
        t = base.__dict__.get("_tables")
        if t is None:
            t = attach(base, "_tables", Tables(base))
        attach(rules, "_tables", t)
    return t


def _rules_flat(rules: Rules) -> tuple:
    """The tables' ``flat`` with the deal's wild cards in its first mask."""
    flat = (rules.__dict__.get("_tables") or tables(rules)).flat
    return (flat[0] | rules.wild_bits_joker,) + flat[1:]


def _with_sets(flat: tuple, h: int, cand: int, best: int, discard: bool) -> int:
    """Least deadwood of ``h`` (``discard``: after the best discard), ``best`` being the
    answer without sets and ``cand`` the ranks that may hold one."""
    _w, _s, d0, d1, d2, d3, e0, e1, e2, e3, choices = flat
    if cand & (cand - 1):  # sets possible at several ranks: every combination
        opts = []
        while cand:
            low = cand & -cand
            opts.append((0,) + choices[h & SPREAD * low])
            cand ^= low
        removals = [sum(combo) for combo in product(*opts)][1:]
    else:
        removals = choices[h & SPREAD * cand]
    for rem in removals:
        x = h - rem
        m0, m1, m2, m3 = x & 8191, x >> 13 & 8191, x >> 26 & 8191, x >> 39
        v = d0[m0] + d1[m1] + d2[m2] + d3[m3]
        if discard:
            v += min(e0[m0], e1[m1], e2[m2], e3[m3])
        if v < best:
            best = v
    return best


def _table_route(flat: tuple, h: int, discard: bool) -> int:
    """Least deadwood of the hand whose cards are the bits of ``h`` (no wilds, no copies;
    ``discard``: after its best discard) from the tables' ``flat``."""
    _w, sets, d0, d1, d2, d3, e0, e1, e2, e3, _c = flat
    m0, m1, m2, m3 = h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39
    best = d0[m0] + d1[m1] + d2[m2] + d3[m3]
    if discard:
        if not h:
            return 0
        best += min(e0[m0], e1[m1], e2[m2], e3[m3])
    if not sets or not best:
        return best
    if sets == 3:
        cand = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1))
    else:
        cand = m0 & m1 & m2 & m3
    return _with_sets(flat, h, cand, best, discard) if cand else best


def deadwood_value(rules: Rules, hand: list[int]) -> int:
    """Least deadwood of ``hand`` (table route when it applies, else the exact search)."""
    return deadwood_left(rules, hand)[0]


def deadwood_left(rules: Rules, hand: list[int],
                  search=Search) -> tuple[int, list | None, list | None]:
    """Least deadwood of ``hand``, and the melds and the cards left out of them in one
    arrangement that reaches it (None, None by the table route: the number only).
    ``search``: the solver class to ask when the table route does not apply."""
    t = rules.__dict__.get("_tables") or tables(rules)
    h = sum(map(_BIT, hand))
    if not h & (t.flat[0] | rules.wild_bits_joker) and h.bit_count() == len(hand):
        return _table_route(t.flat, h, False), None, None
    total = sum(rules.value[c] for c in hand)
    val, melds, dead = search(rules, hand).solve()
    return total - val, melds, dead


def _flat(ruleset: Ruleset, wild: int | None) -> tuple:
    """The tables :func:`deadwood` unpacks for ``ruleset`` and ``wild``, cached on the
    ruleset like :func:`~.context.rules_for`'s."""
    try:
        return ruleset.__dict__["_meld_flat"][wild]
    except KeyError:
        flat = _rules_flat(rules_for(ruleset, wild))
        cache = ruleset.__dict__.get("_meld_flat") or attach(ruleset, "_meld_flat", {})
        cache[wild] = flat
        return flat


def deadwood(ruleset: Ruleset, hand: Iterable[int], wild: int | None = None) -> int:
    """Least value of the unmatched cards of ``hand`` (the number only: faster)."""
    # every caller's hot path: the deal's tables in locals, no call but sum(map(...))
    try:
        flat = ruleset.__dict__["_meld_flat"][wild]
    except KeyError:
        flat = _flat(ruleset, wild)
    wmask, sets, d0, d1, d2, d3, _e0, _e1, _e2, _e3, _c = flat
    try:
        n = len(hand)
    except TypeError:  # an iterator: read it once
        hand = list(hand)
        n = len(hand)
    h = sum(map(_BIT, hand))
    if h & wmask or h.bit_count() != n:
        rules = rules_for(ruleset, wild)
        hand = list(hand)
        # the number only: rank by rank finds the same, far quicker in several packs
        return sum(rules.value[c] for c in hand) - Search(rules, hand, order="rank").solve()[0]
    m0, m1, m2, m3 = h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39
    best = d0[m0] + d1[m1] + d2[m2] + d3[m3]
    if not sets or not best:
        return best
    if sets == 3:
        cand = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1))
    else:
        cand = m0 & m1 & m2 & m3
    return _with_sets(flat, h, cand, best, False) if cand else best


def deadwood_after_discard(
    ruleset: Ruleset, hand: Iterable[int], wild: int | None = None
) -> int:
    """Least deadwood of ``hand`` after its best discard (how Gin counts 11 cards)."""
    return after_discard_value(rules_for(ruleset, wild), list(hand))


def after_discard_value(rules: Rules, hand: list[int]) -> int:
    """:func:`deadwood_after_discard` under ``rules``.

    On the table route one lookup per suit (see :class:`Tables`). Otherwise each discard
    is solved: discarding ``d`` can lower the deadwood by at most the value of ``d``, so
    cards are tried from the most valuable down and the loop stops once none can do
    better."""
    try:
        flat = rules.__dict__["_tables"].flat
    except KeyError:
        flat = tables(rules).flat
    h = sum(map(_BIT, hand))
    if not h & (flat[0] | rules.wild_bits_joker) and h.bit_count() == len(hand):
        # _table_route(flat, h, True) inlined: every Gin knock check comes here
        if not h:
            return 0
        _w, sets, d0, d1, d2, d3, e0, e1, e2, e3, _c = flat
        m0, m1, m2, m3 = h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39
        best = d0[m0] + d1[m1] + d2[m2] + d3[m3] + min(e0[m0], e1[m1], e2[m2], e3[m3])
        if not sets or not best:
            return best
        if sets == 3:
            cand = (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1))
        else:
            cand = m0 & m1 & m2 & m3
        return _with_sets(flat, h, cand, best, True) if cand else best
    value = rules.value
    order = sorted(hand, key=value.__getitem__, reverse=True)
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
    flat = _rules_flat(rules)
    out = []
    append = out.append
    get = _BIT
    wmask, sets, d0, d1, d2, d3, e0, e1, e2, e3, _c = flat
    for hand in hands:
        if not isinstance(hand, (list, tuple)):
            hand = list(hand)
        h = sum(map(get, hand))
        if h & wmask or h.bit_count() != len(hand):
            append(after_discard_value(rules, hand) if discard else deadwood_value(rules, hand))
            continue
        m0, m1, m2, m3 = h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39
        best = d0[m0] + d1[m1] + d2[m2] + d3[m3]
        if discard:
            if not h:
                append(0)
                continue
            best += min(e0[m0], e1[m1], e2[m2], e3[m3])
        if sets and best:
            cand = (
                (m0 & m1 & (m2 | m3)) | (m2 & m3 & (m0 | m1)) if sets == 3
                else m0 & m1 & m2 & m3
            )
            if cand:
                best = _with_sets(flat, h, cand, best, discard)
        append(best)
    return out
