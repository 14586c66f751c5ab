"""Semantic checks of three small turn rules players asked for: one contract for every
deal, cards that may not be discarded, and wild cards that may not stand for a card.

====  ================================================================================
E365  a contract for every round that no round uses (each has its own)
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()


def say_rounds(n: int) -> str:
    return f"{n} round" + ("s" if n != 1 else "")


@check("E365")
def every_round_contract_used(r: Ruleset, doc: dict):
    """``opening: 1 run of 3`` beside ``round N:`` contracts for every one of a fixed
    number of rounds: a round's own contract wins, so the shared one is never played."""
    o = r.opening
    every = [i for i, c in enumerate(o.contracts) if c.round == 0]
    if not every or r.game.rounds is None:
        return
    own = {c.round for c in o.contracts}
    if all(k in own for k in range(1, r.game.rounds + 1)):
        yield Problem(f"opening.contracts.{every[0]}",
                      f"this contract holds in every round without one of its own, but the "
                      f"game has {say_rounds(r.game.rounds)} and each has its own contract",
                      "remove it, or the contract of one round")
