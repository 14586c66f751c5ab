"""Semantic checks on the ranks of the pack (issue #15, item 7): a pack without some ranks
must keep enough ranks to meld, no other rule may name a rank it took out, and a wild rank
named by the cards dealt must be a rank."""

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


@check("W303")
def aces_without_runs(r: Ruleset, doc: dict):
    """Where aces rank (low, high, either, round the corner) matters only to runs: in a
    game without them `aces:` changes nothing, though a reader would think it does."""
    if r.melds.run is None and r.aces.mode != "low" and not r.deck.tiles:
        yield Problem("aces.mode", f"the rules make aces {r.aces.mode}, but there are no runs, "
                      "and where an ace ranks matters only to runs", "remove the `aces:` rule")


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


@check("E318")
def wild_rank_of_cards_dealt(r: Ruleset, doc: dict):
    """``wild: rank of cards dealt`` needs one deal size per round, whatever the number of
    players, and no more than 13 cards (a king)."""
    if not r.wilds.dealt_rank:
        return
    last = r.game.rounds or max([1] + [s.rounds.max or s.rounds.min
                                       for s in r.deal.sizes if s.rounds is not None])
    seats = range(r.players.min, (r.players.max or r.players.min) + 1)
    for k in range(1, last + 1):
        sizes = {r.deal.hand_size(n, k) for n in seats}
        if len(sizes) > 1:
            yield Problem("wilds.dealt_rank", f"the cards dealt in round {k} differ by the number "
                          "of players, so they name no one wild rank",
                          "deal the same number of cards to any number of players, or name "
                          "the wild rank of each round (`in round 1: wild: 3s`)")
            return
        size = sizes.pop()
        if size is not None and size > 13:
            yield Problem("wilds.dealt_rank", f"round {k} deals {size} cards, and no rank is "
                          f"numbered {size}", "deal at most 13 cards (13 names the kings)")
            return
