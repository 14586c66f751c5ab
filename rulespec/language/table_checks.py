"""Semantic checks of rules that move a card already on the table, or bar a discard for a
while (the E7xx range: rules that cannot be played together, opened when E3xx filled).

====  ================================================================================
E700  a wild card at a run's end moves to the other end, but wild cards keep their places
E701  a wild card at a run's end moves to the other end, but nothing can move: no wild
      cards, no runs, melds stay in hand, no laying off, or a table that may be
      rearranged (where any card moves anyway)
E702  cards may not be discarded in the first round of turns, but the deck has none of
      them, a turn has no discard, or they are barred for the whole hand already
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem, cards_lacking

check = Checks()

_MOVE = "table.end_wilds_move"
_REMOVE = "remove `a wild card at the end of a run may move to the other end`"


@check("E700")
def end_wilds_move_or_stay(r: Ruleset, doc: dict):
    """``table: wild cards keep their places`` and ``… may move to the other end``."""
    if r.table.end_wilds_move != "never" and r.table.wilds_stay:
        yield Problem(_MOVE, "a wild card at the end of a run may move to the other end, but "
                      "the rules also say wild cards keep their places",
                      "remove `wild cards keep their places` (it holds for a wild card inside "
                      "a run anyway), or the rule that moves it")


@check("E701")
def end_wilds_can_move(r: Ruleset, doc: dict):
    """``table: a wild card at the end of a run may move to the other end``: it moves when a
    player lays off the card it stands for, so it needs wild cards, runs on the table and
    laying off; a table that may be rearranged moves every card already."""
    if r.table.end_wilds_move == "never":
        return
    t = r.turn
    why = None
    if not r.wilds.any:
        why = "no card is wild"
    elif r.melds.run is None:
        why = "there are no runs"
    elif not r.melds.on_table:
        why = "melds stay in hand until the hand ends"
    elif t.layoff is None:
        why = "no one may lay off"
    elif t.rearrange is not None:
        why = "the table may be rearranged, where any card may move"
    if why is not None:
        yield Problem(_MOVE, f"a wild card at the end of a run may move to the other end, but "
                      f"{why}", _REMOVE)


@check("E702")
def first_round_bars_fit(r: Ruleset, doc: dict):
    """``discard: black 3s may not be discarded in the first round of turns``: the cards
    must be in the deck, a turn must end with a discard, and the cards must not be barred
    for the whole hand already."""
    names = r.turn.discard_barred_first
    if not names:
        return
    path = "turn.discard_barred_first"
    if r.turn.play_or_draw:
        yield Problem(path, "some cards may not be discarded in the first round of turns, but "
                      "a turn here ends with no discard", "remove the rule")
        return
    lacking = cards_lacking(r, names)
    both = [n for n in names if n in r.turn.discard_barred]
    if lacking:
        yield Problem(path, f"{', '.join(lacking)} may not be discarded in the first round of "
                      f"turns, but the deck has none (no card is wild, where wild cards are "
                      f"named)", "remove them, or add them to the deck")
    elif both:
        shown = ", ".join("wild cards" if n == "wild" else n for n in both)
        yield Problem(path, f"{shown} may not be discarded in the first round of turns, but "
                      f"they may not be discarded in any round already (while another card "
                      f"is held)", "remove them from one of the two rules")
