"""The meld questions the interpreter asks during play, in one namespace.

The engine-only searches live here, each module named by what it finds:
:mod:`.contract` (can a hand still complete an opening contract, and one way it can),
:mod:`.on_table` (lay-off targets and wild cards a natural may take the place of) and
:mod:`.whole_hand` (can every card of a hand go into melds). The meld primitives they
build on stay in :mod:`rulespec.melds` and are named here too, so the engine reads all
its meld questions from one place: the melds of a hand, the readings of a group, opening
values and contract slots.
"""

from ...melds.checks import contract_slots
from ...melds.distinct import readings_of
from ...melds.hand import cards_in_melds, hand_melds
from ...melds.opening import (
    opening_bound,
    opening_reaches,
    opening_solution,
    opening_value,
    reading_value,
)
from .contract import can_fill, can_fill_with, fill_from, fill_groups, fit_slots, left_ok
from .on_table import end_moves, extensions, rescues
from .whole_hand import can_meld_all, counting_rules

__all__ = [
    "can_fill",
    "end_moves",
    "can_fill_with",
    "can_meld_all",
    "cards_in_melds",
    "contract_slots",
    "counting_rules",
    "extensions",
    "fill_from",
    "fill_groups",
    "fit_slots",
    "hand_melds",
    "left_ok",
    "opening_bound",
    "opening_reaches",
    "opening_solution",
    "opening_value",
    "reading_value",
    "readings_of",
    "rescues",
]
