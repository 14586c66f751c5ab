"""Semantic checks of the limits on taking from the discard pile (issue "Reach"): the
first round of turns drawn from the stock, a short hand that may not take the pile, and
where the top card of a take may go (Bolivia, Samba).

====  ================================================================================
E357  the first round draws from the stock: the stock and the discard pile must both be
      draw sources, and no upcard is offered before it
E358  a short hand may not take the discard pile: the pile must be a draw source
E359  where the top card of a take may go: the pile must be a draw source, melds must go
      on the table, and the melds it names must exist (runs, sets, melds that long)
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()


@check("E357")
def first_round_fits(r: Ruleset, doc: dict):
    """``draw: from stock only in first round``: a draw source to keep and one to close,
    and no upcard offer before the first turn (which would take from the pile first)."""
    t = r.turn
    if not t.stock_first_round:
        return
    hint = "remove `from the stock only in the first round`, or "
    if "discard" not in t.draw_from:
        yield Problem("turn.stock_first_round", "the first round of turns draws from the stock "
                      "only, but no one may take from the discard pile in any round",
                      hint + "add the discard pile to `draw: from …`")
    elif "stock" not in t.draw_from:
        yield Problem("turn.stock_first_round", "the first round of turns draws from the stock "
                      "only, but no one may draw from the stock", hint + "add the stock to "
                      "`draw: from …`")
    elif r.deal.offer:
        yield Problem("turn.stock_first_round", "the first round of turns draws from the stock "
                      "only, but the upcard is offered before the first turn",
                      hint + "remove `upcard: offered to …`")


@check("E358")
def short_hand_fits(r: Ruleset, doc: dict):
    """``draw: with 1 card in hand, not from discard pile``: the pile must be a source."""
    if r.turn.short_hand is not None and "discard" not in r.turn.draw_from:
        yield Problem("turn.short_hand", "a player with few cards may not take from the discard "
                      "pile, but no one may take from it anyway", "add the discard pile to "
                      "`draw: from …`, or remove the rule")


@check("E359")
def top_taken_fits(r: Ruleset, doc: dict):
    """``draw: top card taken only in sets`` (``may not start runs``, ``may not go onto a
    meld of 7+ cards``): a pile to take from, a table to meld on, and the melds it names."""
    tt = r.turn.top_taken
    if tt is None:
        return
    path = "turn.top_taken." + ("runs" if tt.runs != "any" else "full")
    if "discard" not in r.turn.draw_from:
        yield Problem(path, "the rule says where the top card taken from the discard pile may "
                      "go, but no one may take from the discard pile", "add the discard pile to "
                      "`draw: from …`, or remove the rule")
    elif not r.melds.on_table:
        yield Problem(path, "the rule says where the top card taken from the discard pile may "
                      "go, but melds stay in hand until the hand ends", "remove the rule, or let "
                      "melds go on the table")
    elif tt.runs != "any" and r.melds.run is None:
        yield Problem("turn.top_taken.runs", "the top card taken is kept out of runs, but there "
                      "are no runs", "remove the rule")
    elif tt.runs == "never" and r.melds.set is None:
        yield Problem("turn.top_taken.runs", "the top card taken may go only in sets, but sets "
                      "are no melds here", "allow sets under `melds:`, or remove the rule")
    elif tt.full is not None and tt.full <= _shortest(r):
        yield Problem("turn.top_taken.full", f"the top card taken may not go onto a meld of "
                      f"{tt.full} or more cards, but every meld holds that many",
                      "give a larger number, or remove the rule")


def _shortest(r: Ruleset) -> int:
    """The fewest cards a meld of these rules holds."""
    return min([m.min for m in (r.melds.set, r.melds.run) if m is not None] or [0])
