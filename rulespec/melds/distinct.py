"""The distinct readings of a group of cards, found without trying every order of its
wild cards.

:func:`~rulespec.melds.classify.readings` tries every permutation of the wild cards over
a run's empty places (obviously right, and the reference the tests hold this to), which
is factorial work: nine wild cards made one legal-move list take minutes (issue 13, item
5). Readings that differ only by which wild card fills which place are one reading to
the interpreter, so here each run window and choice of dual cards standing for
themselves gives its one representative straight away with :func:`pair_up`: the same
walk over windows as the reference, with :func:`one_pairing` in place of
:func:`~rulespec.melds.classify.every_pairing`. :func:`readings_of` gives them the
interpreter's way: one per way of placing the wild cards (two wild cards trading places
count once: the lowest card code takes the lowest place), in order, remembered.
"""

from __future__ import annotations

from ..memo import Memo
from .classify import unordered_readings
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


def one_pairing(rules: Rules, acting: list[int], free: list[int]):
    """The representative way of placing the wild cards (:func:`pair_up`), if any."""
    pairs = pair_up(rules, acting, free)
    if pairs is not None:
        yield tuple(sorted(pairs))


def distinct_readings(rules: Rules, group) -> list[Reading]:
    """The readings of ``group`` (card codes) as one meld, one per way of placing its wild
    cards up to wild cards trading places (empty: not a meld). Unordered."""
    return unordered_readings(rules, group, one_pairing)


def _dedupe(found: list[Reading]) -> tuple[Reading, ...]:
    """Readings that differ only by which of several wild cards fills which place are one
    reading; the representative gives the lowest card code the lowest place."""
    best: dict[tuple, Reading] = {}
    for r in found:
        key = (r.kind, r.rank, r.suit, r.ranks,
               tuple(sorted(w for w, _ in r.wilds)),
               tuple(sorted((s for _, s in r.wilds), key=lambda x: -1 if x is None else x)))
        old = best.get(key)
        if old is None or _order(r) < _order(old):
            best[key] = r
    return tuple(best.values())


def pair_key(pair: tuple[int, int | None]) -> tuple[int, int]:
    """The order of a reading's ``(wild card, stands for)`` pairs (a set's None first)."""
    return (pair[0], -1 if pair[1] is None else pair[1])


def _order(r: Reading) -> tuple:
    return tuple(map(pair_key, r.wilds))


def reading_key(r: Reading) -> tuple:
    """The order readings are listed in: pure ones first, then fewer wild cards, sets
    before runs (as :func:`~rulespec.melds.classify.readings` sorts them), then the wilds."""
    return (not r.pure, len(r.wilds), r.kind != "set", r.rank or 0, r.suit or 0, r.ranks, _order(r))


_READINGS = Memo(200_000)


def readings_of(rules: Rules, cards) -> tuple[Reading, ...]:
    """The distinct readings of ``cards`` as one meld (empty: not a meld), ordered by
    :func:`reading_key`."""
    group = tuple(sorted(cards))
    return _READINGS.get_or((rules, group), _classified, rules, group)


def _classified(rules: Rules, group: tuple[int, ...]) -> tuple[Reading, ...]:
    return _in_order(_dedupe(distinct_readings(rules, group)))


def remember(rules: Rules, group: tuple[int, ...], found) -> tuple[Reading, ...]:
    """The readings of ``group`` as :func:`readings_of` gives them, from ``found`` (all
    of its readings, already worked out) unless they are known."""
    if rules.barred_any:  # no barred card in a meld, nor a wild card standing for one
        found = [r for r in found if rules.reading_ok(group, r)]
    return _READINGS.get_or((rules, group), _in_order, found)


def _in_order(readings) -> tuple[Reading, ...]:
    return tuple(sorted(readings, key=reading_key))

