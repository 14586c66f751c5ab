"""Semantic checks of canastas by kind: a long set's or run's own bonus (``scoring: run of
7+ cards = +1500``), going out only with long melds of some kinds (``going out: only with 2
natural and 2 mixed melds of 7+ cards``) and wild cards that naturals must outnumber.

====  ================================================================================
E350  a long set's or run's own bonus cannot be earned: melds do not score for whoever
      laid them, the rules have no such melds, or none may grow that long
E351  going out needs long melds of a kind that cannot be made: no such melds, none that
      long, or mixed ones where that kind may hold no wild card
E352  naturals must outnumber wild cards, yet wild cards alone may make a meld, or the
      weaker `wilds may not outnumber naturals` is given too
E399  all-wild sets take no rank, but no set may be made of wild cards alone (no wild
      cards, no sets, or no all-wild sets)
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


@check("E351")
def long_kinds_to_go_out_can_be_made(r: Ruleset, doc: dict):
    """Going out needs long melds of some kinds: each part must be a kind the rules have,
    that may grow that long, and may hold a wild card where it must be mixed. (Melds kept
    in hand, or no meld that long at all, are E389's.)"""
    go = r.going_out
    if go is None or go.long is None or not r.melds.on_table:
        return
    for part in go.long.kinds:
        what = f"going out needs {part.kind}s of {go.long.size} or more cards"
        most = longest(r, part.kind)
        if part.kind != "meld" and most == 0:
            yield Problem("going_out.long", f"{what}, but the rules have no {part.kind}s",
                          f"ask for melds or the other kind, or allow {part.kind}s")
        elif part.kind != "meld" and longest(r, "meld") >= go.long.size > most:
            yield Problem("going_out.long", f"{what}, but no {part.kind} may have more than "
                          f"{most} cards", f"ask for shorter ones, or let {part.kind}s grow longer")
        elif part.wilds == "mixed" and not may_hold_wilds(r, part.kind):
            yield Problem("going_out.long", f"going out needs mixed {part.kind}s (with a wild "
                          f"card), but no {part.kind} may hold a wild card",
                          "drop `mixed`, or let wild cards join such melds")


@check("E352")
def naturals_outnumber_fits(r: Ruleset, doc: dict):
    """Naturals must outnumber wild cards in every meld: then no meld is wild cards alone,
    and the weaker `may not outnumber` says less than it. (No card wild at all is E324.)"""
    w = r.wilds
    if not w.naturals_outnumber or not w.any:
        return
    if w.all_wild != "never":
        what = "sets" if w.all_wild == "sets" else "melds"
        yield Problem("wilds.naturals_outnumber", "natural cards must outnumber wild cards in "
                      f"a meld, but {what} of wild cards alone are allowed",
                      f"drop `all-wild {what} allowed`, or the rule on naturals")
    if w.not_outnumber:
        yield Problem("wilds.naturals_outnumber", "natural cards must outnumber wild cards, and "
                      "wild cards may not outnumber natural cards: two rules for one thing",
                      "keep `naturals must outnumber wilds` (more natural cards) or `wilds may "
                      "not outnumber naturals` (at least as many)")


@check("E396")
def min_naturals_fits(r: Ruleset, doc: dict):
    """At least N natural cards in a meld with a wild card: some meld must have room for
    them and a wild card, or no wild card could ever be melded. (No card wild at all is
    E324.)"""
    w, n = r.wilds, r.wilds.min_naturals
    if n is None or not w.any:
        return
    rules = [x for x in (r.melds.set, r.melds.run) if x is not None]
    if rules and all(x.max is not None and x.max < n + 1 for x in rules):
        longest = max(x.max for x in rules)
        yield Problem("wilds.min_naturals", f"a meld with a wild card needs at least "
                      f"{n} natural cards, but no meld has more than {longest} cards, so no "
                      "wild card could ever be melded",
                      "ask for fewer natural cards, or let melds be longer")


@check("E399")
def all_wild_own_has_sets(r: Ruleset, doc: dict):
    """``all-wild sets have no rank`` needs sets of wild cards alone to be allowed."""
    w = r.wilds
    if not w.all_wild_own:
        return
    why = ("there are no wild cards" if not w.any else "there are no sets"
           if r.melds.set is None else "no meld may be made of wild cards alone"
           if w.all_wild == "never" else None)
    if why is not None:
        yield Problem("wilds.all_wild_own", f"all-wild sets take no rank, but {why}",
                      "remove the rule, or add `wild: all-wild sets allowed`"
                      if w.all_wild == "never" and w.any and r.melds.set is not None
                      else "remove the rule")
