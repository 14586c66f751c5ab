"""Semantic checks for tiles, turns without a discard and table manipulation (issue #15,
items 7-9): combinations that parse but cannot be played as written."""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem, said

check = Checks()


@check("E376")
def no_discard_turn_fits(r: Ruleset, doc: dict):
    """A turn that plays or draws has no discard: nothing may need one."""
    t = r.turn
    if not t.play_or_draw:
        return
    why = None
    if r.going_out is not None and r.going_out.final_discard == "required":
        why = "going out needs a final discard"
    elif set(t.draw_from) != {"stock"}:
        why = "a turn may draw from somewhere other than the stock"
    elif not r.melds.on_table:
        why = "melds stay in hand, so a turn could never play"
    elif r.knock is not None or r.show is not None:
        why = "a hand ends by a knock or a show, which lays a card face down"
    elif t.use_drawn:
        why = "the card drawn must be melded or discarded, and drawing ends the turn"
    if why:
        yield Problem("turn.play_or_draw", f"a turn either plays or draws one card from the "
                      f"stock (no discard), but {why}",
                      "remove `draw: only instead of playing`, or the rule it clashes with")


@check("W376")
def no_discard_to_go_out_with(r: Ruleset, doc: dict):
    """A turn that plays or draws has no discard, so a player goes out by playing the last
    card: `only without discard` or `with or without final discard` says nothing (found by
    a trial: Machiavelli's page said a last card could be discarded)."""
    g = r.going_out
    if (r.turn.play_or_draw and g is not None and g.final_discard != "required"
            and said(doc, "going_out.final_discard")):
        yield Problem("going_out.final_discard", "a turn plays or draws and has no discard, so "
                      "a player goes out by playing the last card, and this rule changes nothing",
                      "remove it (going out is allowed unless `going out: not allowed`)")


@check("E377")
def rearranging_fits(r: Ruleset, doc: dict):
    """Rearranging is checked when the turn ends, which a discard would cut short."""
    if r.turn.rearrange is not None and not r.turn.play_or_draw:
        yield Problem("turn.rearrange", "the melds on the table may be rearranged, but a turn "
                      "ends with a discard, so nothing checks the table is valid again",
                      "add `draw: only instead of playing` (a turn plays or draws, no discard)")
