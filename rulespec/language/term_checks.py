"""Semantic checks of the variant's own words that say a rule (``terms:``): a name for a
long meld (``meld of 7+ cards is called "canasta"``) is said wherever the page speaks of
melds of that size, so some rule must speak of them.

====  ================================================================================
E373  a long meld is named, but no rule speaks of melds of that many cards or more
      (going out, a long meld's bonus, the second hand, the top card of a take)
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()


def long_sizes(r: Ruleset) -> set[int]:
    """The sizes of the long melds some rule speaks of ("a meld of N or more cards")."""
    s, go, second = r.scoring, r.going_out, r.deal.second_hand
    kb = s.kind_bonus
    found = {b.size for b in (s.meld_bonus, kb.set, kb.run, kb.wild) if b is not None}
    found |= {b.size for b in kb.ranks}
    if go is not None and go.long is not None:
        found.add(go.long.size)
    if second is not None and second.on_long is not None:
        found.add(second.on_long)
    if r.turn.top_taken is not None and r.turn.top_taken.full is not None:
        found.add(r.turn.top_taken.full)
    return found


@check("E373")
def long_term_is_said(r: Ruleset, doc: dict):
    """A name for a long meld names a size some rule speaks of."""
    t = r.terms
    if t.long is None or t.long_size is None:
        return
    sizes = long_sizes(r)
    if t.long_size in sizes:
        return
    hint = (f"name the size the rules speak of: `meld of {min(sizes)}+ cards is called "
            f"\"{t.long}\"`" if sizes else
            "add the rule that needs it (`going out: only with 1 meld of "
            f"{t.long_size}+ cards`, `scoring: meld of {t.long_size}+ cards = +500`), "
            "or remove the name")
    yield Problem("terms.long", f"melds of {t.long_size} or more cards are called "
                  f"\"{t.long}\", but no rule speaks of melds of {t.long_size} or more cards",
                  hint)
