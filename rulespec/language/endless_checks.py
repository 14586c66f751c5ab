"""Semantic checks of a game with no end (``game: no end``: play as many hands as you like,
keeping a running total).

====  ================================================================================
E363  a game with no end that something else ends: a target, a number of deals,
      elimination or hands to win
E372  a game with no end and something that happens only when the game ends: bonuses
      for the game, or settling the difference
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()

_ENDS = (("target", "a target score"), ("rounds", "a number of deals"),
         ("eliminate", "players knocked out at a total"), ("hands", "a number of hands to win"))


@check("E363")
def no_end_has_no_end(r: Ruleset, doc: dict):
    """``game: no end`` beside a rule that ends the game."""
    g = r.game
    if not g.endless:
        return
    for field, words in _ENDS:
        if getattr(g, field) is not None:
            yield Problem(f"game.{field}", f"the game has no end, but {words} ends it",
                          "write `with an end` under `game:` to give it one, or remove "
                          "this rule")
            return


@check("E372")
def no_end_has_no_end_of_game(r: Ruleset, doc: dict):
    """``game: no end`` beside what is done only when the game ends."""
    g = r.game
    if not g.endless:
        return
    if g.bonus is not None:
        yield Problem("game.bonus", "bonuses are added when the game ends, but it has no end",
                      "remove the bonuses, or give the game an end (`to 100 points`)")
    if g.settle is not None:
        yield Problem("game.settle", "the game is settled when it ends, but it has no end",
                      "remove the settlement, or give the game an end (`to 100 points`)")
