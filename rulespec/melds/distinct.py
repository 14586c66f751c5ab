"""The distinct readings of a group of cards, found without trying every order of its
wild cards.

:func:`~rulespec.melds.classify.readings` tries every permutation of the wild cards over
a run's empty places (obviously right, and the reference the tests hold this to), which
is factorial work: nine wild cards made one legal-move list take minutes (issue 13, item
5). Readings that differ only by which wild card fills which place are one reading to
the interpreter (see :func:`~rulespec.melds.engine_support.readings_of`), so here each
run window and choice of dual cards standing for themselves gives its one representative
straight away with :func:`pair_up`.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .. import cards as C
from .classify import _limits_ok, _set_readings, _windows
from .context import Rules
from .model import Reading


def pair_up(rules: Rules, wilds, places):
    """Which wild card stands for which place: the lowest card code for the lowest place,
    except that a wild card that may stand for itself never stands in for itself (that is
    the natural reading). None when no pairing is allowed.

    Greedy, wild by wild from the lowest, each taking the lowest place it may that leaves
    the rest a pairing (a place is lost only when every wild card left is that very card):
    the smallest pairing in order, in linear work rather than one try per permutation."""
    ws = sorted(wilds)
    pairs = list(zip(ws, places))
    if not any(w == s and w in rules.dual for w, s in pairs):
        return tuple(pairs)
    free = sorted(places)
    out = []
    for i, w in enumerate(ws):
        rest = ws[i + 1:]
        for j, s in enumerate(free):
            if w == s and w in rules.dual:
                continue
            left = free[:j] + free[j + 1:]
            if rest and rest[0] == rest[-1] and rest[0] in rules.dual and rest[0] in left:
                continue  # every wild card left is this one card: it could not take its own place
            out.append((w, s))
            free = left
            break
        else:
            return None
    return tuple(out)


def _run_readings(rules: Rules, fixed: list[int], duals: list[int], wilds: list[int]):
    """As :func:`~rulespec.melds.classify._run_readings`, one reading per window and
    choice of duals standing for themselves (the representative pairing)."""
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
        for window in _windows(rules, size):
            if len(set(window)) != len(window):
                continue
            places = {r: i for i, r in enumerate(window)}
            if any(C.rank_of(c) not in places for c in fixed):
                continue
            taken = {places[C.rank_of(c)] for c in fixed}
            usable = sorted({c for c in duals if C.suit_of(c) == suit and C.rank_of(c) in places
                             and places[C.rank_of(c)] not in taken})
            for k in range(len(usable) + 1):
                for nat in combinations(usable, k):
                    acting = sorted(wilds + list((have_duals - Counter(nat)).elements()))
                    if not _limits_ok(rules, "run", len(fixed) + len(nat), len(acting)):
                        continue
                    used = taken | {places[C.rank_of(c)] for c in nat}
                    free = sorted(C.make(window[i], suit) for i in range(size) if i not in used)
                    pairs = pair_up(rules, acting, free)
                    if pairs is not None:
                        yield Reading("run", suit=suit, ranks=window, wilds=tuple(sorted(pairs)))


def distinct_readings(rules: Rules, group) -> list[Reading]:
    """The readings of ``group`` (card codes) as one meld, one per way of placing its wild
    cards up to wild cards trading places (empty: not a meld). Unordered."""
    cards = list(group)
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
        out.extend(_run_readings(rules, fixed, duals, wilds))
    return list(dict.fromkeys(out))
