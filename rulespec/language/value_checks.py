"""Semantic checks of values and openings that depend on where a card is: an opening that
must include a pure run (``opening: melds worth at least 51 including a pure run``) and a
card worth one value melded and another left in hand (``values: black 3s = 5 melded, 100
in hand``).

====  ================================================================================
E353  the opening must include pure runs, but no opening worth points is required, the
      opening is a contract, there are no runs, or melds stay in hand
E354  a card is given a value melded, but no card on the table is ever counted: melds do
      not score for whoever laid them, nor does an opening count them
E355  a card is given a value melded, but it may never be melded
E356  (in the transformer) a value melded for a wild card, or among opening values
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()


@check("E353")
def pure_runs_in_the_opening(r: Ruleset, doc: dict):
    o = r.opening
    if not o.pure_runs:
        return
    runs = "a pure run" if o.pure_runs == 1 else f"{o.pure_runs} pure runs"
    if o.contracts:
        yield Problem("opening.pure_runs", f"the opening must include {runs}, but the opening "
                      "is a contract, which names its melds itself",
                      "keep either the contracts or `melds worth at least N including a pure "
                      "run`")
    elif o.threshold is None and not o.by_score:
        yield Problem("opening.pure_runs", f"the opening must include {runs}, but no opening "
                      "worth a number of points is required",
                      "write `opening: melds worth at least 51 including a pure run`")
    elif r.melds.run is None:
        yield Problem("opening.pure_runs", f"the opening must include {runs}, but there are "
                      "no runs", "remove `including a pure run`, or allow runs in `melds:`")


def _counted_on_table(r: Ruleset) -> bool:
    """Does anything count the cards on the table: scoring by owner, or an opening worth
    points counted with the values of ``values:``?"""
    opening = (r.opening.threshold is not None or bool(r.opening.by_score))
    return r.scoring.method == "owner" or (opening and r.opening.values is None)


@check("E354")
def melded_values_count(r: Ruleset, doc: dict):
    if r.values.melded and not _counted_on_table(r):
        cards = ", ".join(cv.card for cv in r.values.melded)
        yield Problem("values.melded", f"{cards} are given a value melded, but no card on the "
                      "table is ever counted: melds do not score for whoever laid them, and no "
                      "opening counts them with these values",
                      "give them one value, or add `scoring: melds score for whoever laid "
                      "them`")


@check("E355")
def melded_values_of_cards_never_melded(r: Ruleset, doc: dict):
    barred = set(r.melds.barred)
    for i, cv in enumerate(r.values.melded):
        if cv.card in barred:
            yield Problem(f"values.melded.{i}", f"{cv.card} is given a value melded, but it may "
                          "never be melded", "give it one value, or let it be melded (`may be "
                          "melded only when going out`)")
