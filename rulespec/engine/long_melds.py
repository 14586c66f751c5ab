"""Which long melds a side has against the ones going out needs by kind (``going out: only
with 2 natural and 2 mixed melds of 7+ cards``): each long meld counts for one part of the
need, and a meld that fits several parts (a natural run, for "a natural meld" and "a
run") may go to any of them, so the question is a matching, settled exactly."""

from __future__ import annotations

from itertools import combinations


def fits(part, reading) -> bool:
    """Does a long meld read as ``reading`` count for ``part`` (a ``LongKind``)?"""
    if part.kind != "meld" and reading.kind != part.kind:
        return False
    if part.wilds == "any":
        return True
    return (part.wilds == "mixed") == bool(reading.wilds)


def long_kinds_met(parts, readings) -> bool:
    """Can the long melds read as ``readings`` be shared out so that each part gets its
    count of melds it fits, no meld counted twice? By Hall's theorem: for every group of
    parts, the melds that fit one of them are at least as many as the group needs."""
    fit = [{i for i, r in enumerate(readings) if fits(part, r)} for part in parts]
    for n in range(1, len(parts) + 1):
        for group in combinations(range(len(parts)), n):
            need = sum(parts[g].melds for g in group)
            if len(set().union(*(fit[g] for g in group))) < need:
                return False
    return True


def long_melds_said(long) -> str:
    """The long melds going out needs, in words for a refusal: "a meld", "2 melds", "2
    natural melds and 2 mixed melds"."""
    if not long.kinds:
        return "a meld" if long.melds == 1 else f"{long.melds} melds"
    said = []
    for part in long.kinds:
        noun = part.kind + ("s" if part.melds > 1 else "")
        wilds = "" if part.wilds == "any" else part.wilds + " "
        said.append(f"{'a' if part.melds == 1 else part.melds} {wilds}{noun}")
    return " and ".join(said)
