"""Semantic checks of the limits on taking from the discard pile (issue "Reach"): the
first round of turns drawn from the stock, and a short hand that may not take the pile.

====  ================================================================================
E357  the first round draws from the stock: the stock and the discard pile must both be
      draw sources, and no upcard is offered before it
E358  a short hand may not take the discard pile: the pile must be a draw source
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
