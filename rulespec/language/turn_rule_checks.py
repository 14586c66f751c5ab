"""Semantic checks of three small turn rules players asked for: one contract for every
deal, cards that may not be discarded, and wild cards that may not stand for a card.

====  ================================================================================
E365  a contract for every round that no round uses (each has its own)
E366  cards that may not be discarded: none the deck holds, every card, or no discard
E367  a wild rank that may not stand for a card, where that rank is not the only wild card
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from .. import cards as C
from ..ruleset import Ruleset
from .problems import Checks, Problem, cards_held, cards_lacking

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


@check("E366")
def discard_bars_fit(r: Ruleset, doc: dict):
    """``discard: QS only as last card``: the cards named must be in the deck, must leave
    some card to discard, and the turn must end with a discard at all."""
    names = r.turn.discard_barred
    if not names:
        return
    path = "turn.discard_barred"
    if r.turn.play_or_draw:
        yield Problem(path, "some cards may not be discarded, but a turn here ends with no "
                            "discard", "remove the rule, or `only instead of playing`")
        return
    held, lacking = cards_held(r), cards_lacking(r, names)
    if lacking:
        yield Problem(path, f"{', '.join(lacking)} may not be discarded, but the deck has "
                            f"none (no card is wild, where wild cards are named)",
                      "remove them, or add them to the deck (`wild:` for wild cards)")
    elif held <= set(names) or "wild" in names and _all_wild(r):
        yield Problem(path, "no card in the deck may be discarded while the hand holds "
                            "another, so every turn is stuck", "name fewer cards")


def _all_wild(r: Ruleset) -> bool:
    """Is every natural card wild (every rank of the pack named wild)?"""
    return set(r.deck.ranks) <= {C.rank_index(x) for x in r.wilds.ranks}


@check("E367")
def wild_bar_names_the_wilds(r: Ruleset, doc: dict):
    """``2s may not stand for QS``: the interpreter bars every wild card alike (the solver
    treats wild cards as interchangeable), so the rank named must be the only wild card."""
    w = r.wilds
    by = w.not_for_by
    if not w.not_for or by is None or not w.any:
        return
    others = [x for x in w.ranks if x != by] + list(w.cards)
    others += ["jokers"] * w.jokers + ["the cut card's rank"] * w.cut
    others += ["the rank of the cards dealt"] * w.dealt_rank
    if by not in w.ranks:
        yield Problem("wilds.not_for_by", f"{by}s may not stand for a card, but {by}s are not "
                                         f"wild", f"write `wild cards may not stand for "
                                                  f"{w.not_for[0]}`, or make {by}s wild")
    elif others:
        yield Problem("wilds.not_for_by", f"only {by}s may not stand for these cards, but "
                      f"rulespec bars every wild card alike, and {others[0]} are wild too",
                      f"write `wild cards may not stand for {w.not_for[0]}`")
