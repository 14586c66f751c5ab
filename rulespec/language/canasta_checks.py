"""Semantic checks of canastas by kind: a long set's or run's own bonus (``scoring: run of
7+ cards = +1500``), going out only with long melds of some kinds (``going out: only with 2
natural and 2 mixed melds of 7+ cards``) and wild cards that naturals must outnumber.

====  ================================================================================
E350  a long set's or run's own bonus cannot be earned: melds do not score for whoever
      laid them, the rules have no such melds, or none may grow that long
E351  going out needs long melds of a kind that cannot be made: no such melds, none that
      long, or mixed ones where that kind may hold no wild card
E352  naturals must outnumber wild cards, yet wild cards alone may make a meld, or no
      card is wild
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()

#: no run is longer than the ranks of a suit
MAX_RUN = 13


def longest(r: Ruleset, kind: str) -> int:
    """The most cards a ``kind`` meld may hold ("meld": either kind; 0: no such melds)."""
    if kind == "meld":
        return max(longest(r, "set"), longest(r, "run"))
    rule = r.melds.set if kind == "set" else r.melds.run
    if rule is None:
        return 0
    top = rule.max or 99
    return min(top, MAX_RUN) if kind == "run" else top


def may_hold_wilds(r: Ruleset, kind: str) -> bool:
    """May a ``kind`` meld ("meld": some meld) hold a card that stands as a wild card?"""
    w = r.wilds
    if not w.any or w.max_per_meld == 0:
        return False
    if kind == "meld":
        return any(may_hold_wilds(r, k) for k in ("set", "run") if longest(r, k))
    return w.only_in is None or w.only_in == kind


@check("E350")
def kind_bonus_can_be_earned(r: Ruleset, doc: dict):
    """A long set's or run's own bonus goes to its owner, for a meld of that kind that
    reaches its size."""
    for kind in ("set", "run"):
        kb = r.scoring.kind_bonus.of(kind)
        if kb is None:
            continue
        path, what = f"scoring.kind_bonus.{kind}", f"a {kind} of {kb.size} or more cards"
        if r.scoring.method != "owner":
            yield Problem(path, f"{what} earns a bonus, but melds do not score for whoever "
                          "laid them", "add `scoring: melds score for whoever laid them`")
        most = longest(r, kind)
        if most == 0:
            yield Problem(path, f"{what} earns a bonus, but the rules have no {kind}s",
                          f"remove the bonus, or allow {kind}s in `melds:`")
        elif most < kb.size:
            yield Problem(path, f"{what} earns a bonus, but no {kind} may have more than "
                          f"{most} cards", f"make the bonus's {kind} shorter, or let {kind}s "
                          "grow longer")
