"""Semantic checks of values and openings that depend on where a card is: an opening that
must include a pure run (``opening: melds worth at least 51 including a pure run``) and a
card worth one value melded and another left in hand (``values: black 3s = 5 melded, 100
in hand``).

====  ================================================================================
E353  the opening must include pure runs, but no opening worth points is required, the
      opening is a contract, there are no runs, or melds stay in hand
E354  a card is given a value melded, but no card on the table is ever counted: melds do
      not score for whoever laid them, nor does an opening count points
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
