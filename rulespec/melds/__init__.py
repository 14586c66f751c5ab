"""Melds under a compiled ruleset: validation (:func:`classify_meld`), the exact solver
(:func:`best_arrangement`, :func:`deadwood`) and the checks built on them (contracts,
opening values, declarations, penalties, lay-offs, wild replacement).

Nothing here knows a particular variant: every behaviour is read from the ``Ruleset``.
"""

from .arrange import best_arrangement
from .classify import classify_meld
from .context import card_value, rules_for
from .fast import deadwood, deadwood_after_discard, deadwood_many
from .model import Arrangement, Meld, Reading, Verdict

__all__ = [
    "Arrangement",
    "Meld",
    "Reading",
    "Verdict",
    "best_arrangement",
    "card_value",
    "classify_meld",
    "deadwood",
    "deadwood_after_discard",
    "deadwood_many",
    "rules_for",
]
