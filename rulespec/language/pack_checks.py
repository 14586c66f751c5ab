"""Semantic checks for stripped packs (issue #15, item 7): a pack without some ranks
must keep enough ranks to meld, and no other rule may name a rank it took out."""

from __future__ import annotations

from .. import cards as C
from ..ruleset import Ruleset
from .problems import Checks, Problem

check = Checks()


def _gone(r: Ruleset) -> set[int]:
    return {C.rank_index(x) for x in r.deck.without}


@check("E316")
def stripped_pack_playable(r: Ruleset, doc: dict):
    """The ranks left must hold a run (or sets), and tiles are never stripped."""
    d = r.deck
    if not d.without:
        return
    left = len(d.ranks)
    if left == 0:
        yield Problem("deck.without", "the pack is stripped of every rank, so it holds no cards",
                      "name only the ranks taken out, like `without 8s, 9s and 10s`")
        return
    if d.tiles:
        yield Problem("deck.without", "tiles are numbered 1 to 13 in every set; a tile set is "
                      "never stripped", "remove `without …` from `deck:`")
    run = r.melds.run
    if run is not None and run.min > left and r.melds.set is None:
        yield Problem("deck.without", f"runs need {run.min} cards, but the pack keeps only "
                      f"{left} rank{'s' if left != 1 else ''}, so no meld can be made",
                      "take fewer ranks out, or allow sets")
    if 0 not in d.ranks and r.aces.mode != "low":
        yield Problem("aces.mode", f"the rules make aces {r.aces.mode}, but the pack has no aces",
                      "remove the `aces:` rule, or keep the aces in the pack")


@check("E317")
def no_rule_names_a_rank_taken_out(r: Ruleset, doc: dict):
    """A wild card, a cut joker's rank or a contract cannot name a rank the pack lacks."""
    gone = _gone(r)
    if not gone:
        return
    w = r.wilds
    for i, rank in enumerate(w.ranks):
        if C.rank_index(rank) in gone:
            yield Problem(f"wilds.ranks.{i}",
                          f"the {rank}s are wild, but the pack is stripped of them",
                          f"make a rank the pack keeps wild, or keep the {rank}s in the pack")
    for i, card in enumerate(w.cards):
        if C.rank_of(C.parse_card(card)) in gone:
            yield Problem(f"wilds.cards.{i}",
                          f"{card} is wild, but the pack is stripped of its rank",
                          "name a card the pack holds")
    if w.cut_joker_rank is not None and C.rank_index(w.cut_joker_rank) in gone:
        yield Problem("wilds.cut_joker_rank", f"a cut joker makes the {w.cut_joker_rank}s wild, "
                      "but the pack is stripped of them", "name a rank the pack keeps")


@check("W317")
def values_of_cards_taken_out(r: Ruleset, doc: dict):
    """A value given to one named card the pack lacks is never used."""
    gone = _gone(r)
    for values, path in ((r.values, "values.cards"),
                         (r.opening.values, "opening.values.cards")):
        if values is None:
            continue
        for i, cv in enumerate(values.cards):
            if C.rank_of(C.parse_card(cv.card)) in gone:
                yield Problem(f"{path}.{i}", f"{cv.card} is given a value, but the pack is "
                              "stripped of its rank, so the value is never used",
                              "remove the value, or keep the rank in the pack")
