"""Best arrangement and least deadwood of a hand: the solver's answers as public types."""

from __future__ import annotations

from collections.abc import Iterable

from ..ruleset import Ruleset
from .classify import classify_meld
from .context import rules_for
from .model import Arrangement, Meld
from .solver import Search, order_for


def to_melds(ruleset: Ruleset, groups, wild: int | None) -> tuple[Meld, ...]:
    """Classify groups the solver built; each must be a meld, or the solver is wrong."""
    out = []
    for g in groups:
        m = classify_meld(ruleset, g, wild)
        if m is None:  # pragma: no cover - a solver bug, never a user error
            raise AssertionError(f"solver built a non-meld: {g}")
        out.append(m)
    return tuple(out)


def best_arrangement(ruleset: Ruleset, hand: Iterable[int], wild: int | None = None) -> Arrangement:
    """The partition of ``hand`` into melds that leaves the least value unmatched.

    Exact: every legal choice of melds (and of what each wild card stands for) is
    considered. Ties go to the arrangement the search meets first."""
    rules = rules_for(ruleset, wild)
    hand = list(hand)
    _val, groups, dead = Search(rules, hand, order=order_for(hand)).solve()  # big: by rank
    dead = tuple(sorted(dead))
    return Arrangement(
        to_melds(ruleset, groups, wild), dead, sum(rules.value[c] for c in dead)
    )

