"""The distinct readings of a group of cards, found without trying every order of its
wild cards.

:func:`~rulespec.melds.classify.readings` tries every permutation of the wild cards over
a run's empty places (obviously right, and the reference the tests hold this to), which
is factorial work: nine wild cards made one legal-move list take minutes (issue 13, item
5). Readings that differ only by which wild card fills which place are one reading to
the interpreter (see :func:`~rulespec.melds.engine_support.readings_of`), so here each
run window and choice of dual cards standing for themselves gives its one representative
straight away with :func:`pair_up`: the same walk over windows as the reference, with
:func:`one_pairing` in place of :func:`~rulespec.melds.classify.every_pairing`.
"""

from __future__ import annotations

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
