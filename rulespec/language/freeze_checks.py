"""Semantic checks of the discard pile's freezes and stop cards (Canasta family): a pile
always frozen, a pile frozen by the card turned up at the deal, and the cards that stop
the pile named by kind (wild cards, jokers).

====  ================================================================================
E302  the pile always frozen, taken only whole, with no way to take a frozen pile
E303  the pile frozen by cards turned up: nothing is turned up, the deck has none of
      them, or, taken only whole, nothing lets a frozen pile be taken
E319  stop cards the deck does not hold (wild cards where none is wild, jokers where
      the deck has none, cards of a rank it lacks)
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem, cards_lacking

check = Checks()

_PAIR = "`frozen discard pile taken only with a natural pair`"


def _none(missing: list[str]) -> str:
    """Why the deck holds none of ``missing``, in words."""
    return "no card is wild" if missing == ["wild cards"] else (
        "the deck has none" + (" (and no card is wild)" if "wild cards" in missing else ""))


@check("E302")
def always_frozen_fits(r: Ruleset, doc: dict):
    """A pile always frozen and taken only whole needs a way to take a frozen pile."""
    td = r.turn.take_discards
    if td is None or not td.frozen_always:
        return
    if not td.top_alone and td.frozen_take is None:
        yield Problem("turn.take_discards.frozen_always", "the discard pile is always frozen "
                      "and taken only whole, but nothing lets a frozen pile be taken, so no one "
                      "could ever take it", f"add {_PAIR}, or remove the rule")


@check("E303")
def upcard_freeze_fits(r: Ruleset, doc: dict):
    """A pile frozen by the card turned up needs an upcard, such cards in the deck and,
    where the pile is taken only whole, a way to take it frozen."""
    td = r.turn.take_discards
    if td is None or not td.frozen_upcard:
        return
    path = "turn.take_discards.frozen_upcard"
    missing = cards_lacking(r, td.frozen_upcard)
    if not r.deal.upcard:
        yield Problem(path, "the discard pile is frozen by a card turned up at the deal, but "
                      "no card is turned up to start it",
                      "add `upcard: turned up to start the discard pile`, or remove the rule")
    elif missing:
        yield Problem(path, f"{', '.join(missing)} turned up would freeze the discard pile, but "
                      f"{_none(missing)}", "remove them, or add them to the deck (`wild:` for "
                      "wild cards)")
    elif not td.top_alone and td.frozen_take is None:
        yield Problem(path, "a card turned up freezes the discard pile, which is taken only "
                      "whole, but nothing lets a frozen pile be taken, so after such a deal no "
                      "one could take the pile in that hand", f"add {_PAIR}, or remove the rule")


@check("E319")
def stops_in_deck(r: Ruleset, doc: dict):
    """The stop cards named must be cards the deck holds (wild cards: some card wild)."""
    missing = cards_lacking(r, r.turn.discard_stops)
    if missing:
        yield Problem("turn.discard_stops", f"{', '.join(missing)} on top would stop the "
                      f"discard pile, but {_none(missing)}", "remove them, or add them to the "
                      "deck (`wild:` for wild cards)")
