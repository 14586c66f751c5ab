"""The shapes a run's natural cards can take in the solver's search (its *skeletons*): the
cards of one suit from a lowest card up, with the wild cards the gaps and the shortest run
need, for each place the lowest card may stand (an ace low or high, round the corner)."""

from __future__ import annotations

from itertools import combinations

from .. import cards as C
from .context import Rules


def run_members(r: Rules, wmax: int, f: int, rank: int, others):
    """Run skeletons holding card ``f`` and higher cards of its suit (``others``):
    ``(members, wilds needed, low, length)``, the fewest-wild placement first."""
    if r.aces == "around":
        yield from _around(r, wmax, f, rank, others)
        return
    starts = []  # (place of f in the pack's order, direction)
    place = r.place_of
    if rank == 0:
        if r.aces in ("low", "either"):
            starts.append((0, 1))
        if r.aces in ("high", "either"):
            starts.append((r.n_ranks, -1))
    else:
        starts.append((place[rank], 1))
    results = []
    for p, step in starts:
        cand = sorted((abs(place[C.rank_of(o)] - p), o) for o in others)
        limit = r.run_max
        out = []

        def grow(last, n, gaps, chosen, start):
            span = last + 1
            g = gaps + max(0, r.run_min - span)
            if g <= wmax:
                low = p if step == 1 else p - last
                out.append((chosen, g, low, span))
            for t in range(start, len(cand)):
                d, i = cand[t]
                if d + 1 > limit:
                    break
                ng = gaps + d - last - 1
                if ng > wmax:
                    break
                grow(d, n + 1, ng, chosen + (i,), t + 1)

        grow(0, 1, 0, (f,), 0)
        results.extend(out)
    results.sort(key=lambda x: x[1])
    yield from results

def _around(r: Rules, wmax: int, f: int, rank: int, others):
    """Run skeletons where a run may turn the corner (K-A-2): every subset of ``others``."""
    for k in range(0, min(len(others), r.run_max - 1) + 1):
        for sub in combinations(others, k):
            members = (f,) + sub
            ranks = [C.rank_of(o) for o in members]
            n = len(members)
            for low, length in r.run_places(ranks):
                g = (length - n) + max(0, r.run_min - length)
                if g <= wmax and length <= r.run_max:
                    yield members, g, low, length
