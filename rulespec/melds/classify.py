"""Meld validation: is a group of cards a set or a run under a ruleset, and how can it
be read (what does each wild card stand for)?

Written to be obviously right rather than fast: it tries every rank (sets) and every
window of places (runs) and every role for the wild cards. The solver has its own fast
model of the same rules, and the tests check the two agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations, permutations

from .. import cards as C
from ..ruleset import Ruleset
from .context import Rules, rules_for
from .model import Meld, Reading


def _set_readings(rules: Rules, fixed: list[int], duals: list[int], wilds: list[int]):
    size = len(fixed) + len(duals) + len(wilds)
    if size < rules.set_min or (rules.set_max is not None and size > rules.set_max):
        return
    if fixed:
        ranks = {C.rank_of(fixed[0])}
        if any(C.rank_of(c) != C.rank_of(fixed[0]) for c in fixed):
            return
    else:
        # a set of wild cards alone: no rank whose every card is wild, or no rank at all
        ranks = {r for r in rules.order if not _all_wild_rank(rules, r)}
        if rules.all_wild_own and rules.limits_ok("set", 0, len(duals) + len(wilds)):
            yield Reading("set", wilds=tuple(sorted((w, None) for w in wilds + duals)))
    for rank in sorted(ranks):
        usable = [c for c in duals if rules.dual_in_sets and C.rank_of(c) == rank]
        # every choice of which dual cards stand for themselves
        seen = set()
        for k in range(len(usable) + 1):
            for nat in combinations(usable, k):
                if nat in seen:
                    continue
                seen.add(nat)
                naturals = fixed + list(nat)
                if not naturals and rules.all_wild_own:
                    continue  # said above, with no rank
                if rules.distinct and len({C.suit_of(c) for c in naturals}) != len(naturals):
                    continue
                acting = wilds + list((Counter(duals) - Counter(nat)).elements())
                if not rules.limits_ok("set", len(naturals), len(acting)):
                    continue
                if len(acting) > rules.set_room(rank, naturals):  # a wild for a barred card
                    continue
                yield Reading(
                    "set", rank=rank, wilds=tuple(sorted((w, None) for w in acting))
                )


def _all_wild_rank(rules: Rules, rank: int) -> bool:
    """Is every card of ``rank`` wild, none of them natural in a set (a set of 2s where 2s
    are wild is never declared)?"""
    return all(rules.is_wild(c) and not (c in rules.dual and rules.dual_in_sets)
               for c in (C.make(rank, s) for s in range(4)))


def every_pairing(rules: Rules, acting: list[int], free: list[int]):
    """Every way the wild cards ``acting`` can stand for the empty places ``free`` (card
    codes), as sorted (wild, stands for) pairs: one try per order of the wild cards."""
    for order in set(permutations(acting)):
        pairs = tuple(sorted(zip(order, free)))
        # a dual card "standing for" itself is the natural reading again
        if not any(w == s and w in rules.dual for w, s in pairs):
            yield pairs


def _run_readings(rules: Rules, fixed: list[int], duals: list[int], wilds: list[int], pairings):
    """Every run reading: each window of places, each choice of dual cards standing for
    themselves, and each of ``pairings``' ways of placing the wild cards left."""
    size = len(fixed) + len(duals) + len(wilds)
    if fixed:
        suits = {C.suit_of(fixed[0])}
        if any(C.suit_of(c) != C.suit_of(fixed[0]) for c in fixed):
            return
        if len({C.rank_of(c) for c in fixed}) != len(fixed):
            return
    else:
        suits = set(range(4))
    have_duals = Counter(duals)
    for suit in sorted(suits):
        for window in rules.run_windows.get(size, ()):
            places = {r: i for i, r in enumerate(window)}
            if any(C.rank_of(c) not in places for c in fixed):
                continue
            taken = {places[C.rank_of(c)] for c in fixed}
            usable = sorted({c for c in duals if C.suit_of(c) == suit and C.rank_of(c) in places
                             and places[C.rank_of(c)] not in taken})
            for k in range(len(usable) + 1):
                for nat in combinations(usable, k):
                    acting = sorted(wilds + list((have_duals - Counter(nat)).elements()))
                    if not rules.limits_ok("run", len(fixed) + len(nat), len(acting)):
                        continue
                    used = taken | {places[C.rank_of(c)] for c in nat}
                    free = sorted(C.make(window[i], suit) for i in range(size) if i not in used)
                    if rules.not_for.intersection(free):  # a wild would stand for a barred card
                        continue
                    for pairs in pairings(rules, acting, free):
                        yield Reading("run", suit=suit, ranks=window, wilds=pairs)


def unordered_readings(rules: Rules, cards: Iterable[int], pairings=every_pairing,
                       clear: bool = True) -> list[Reading]:
    """The readings of ``cards`` as one meld, the wild cards of runs placed by
    ``pairings`` (empty: not a meld), each once, in no particular order. ``clear``: none
    holding a barred card or a wild card standing for one (False: the readings the
    barred cards rule out too, to say why a meld is refused)."""
    cards = list(cards)
    if not cards:
        return []
    fixed = [c for c in cards if not rules.is_wild(c)]
    if C.JOKER in fixed:  # a joker that is not wild is no card of any meld
        return []
    duals = [c for c in cards if c in rules.dual]
    wilds = [c for c in cards if rules.is_wild(c) and c not in rules.dual]
    out: list[Reading] = []
    if rules.has_sets:
        out.extend(_set_readings(rules, fixed, duals, wilds))
    if rules.has_runs:
        out.extend(_run_readings(rules, fixed, duals, wilds, pairings))
    if clear and rules.barred_any:  # no barred card in a meld, nor a wild card standing for one
        out = [r for r in out if rules.reading_ok(cards, r)]
    return list(dict.fromkeys(out))


def readings(rules: Rules, cards: Iterable[int]) -> list[Reading]:
    """Every reading of ``cards`` as a meld under ``rules`` (empty: not a meld), the
    purest first."""
    unique = unordered_readings(rules, cards)
    unique.sort(key=lambda r: (not r.pure, len(r.wilds), r.kind != "set", r.rank or 0,
                               r.suit or 0, r.ranks, r.wilds))
    return unique


def classify_meld(ruleset: Ruleset, cards: Iterable[int], wild: int | None = None) -> Meld | None:
    """The meld ``cards`` make under ``ruleset`` with every reading of it, or None.

    ``wild`` is the card cut as the wild joker (variants with a cut wild card). The
    answer does not depend on the order of ``cards``."""
    rules = rules_for(ruleset, wild)
    ordered = tuple(sorted(cards, key=C.sort_key))
    found = readings(rules, ordered)
    if not found:
        return None
    return Meld(found[0].kind, any(r.pure for r in found), ordered, tuple(found))
