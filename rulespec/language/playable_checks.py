"""Semantic checks that keep a file that compiles playable (issue 13): rules the
interpreter could start but never play to the end, or only at a cost no game can pay.

====  ================================================================================
E360  a show asks for more runs than a hand can hold, for runs the rules do not allow, or
      for the whole hand while melds go on the table
E361  a hand the deck deals can be melded in more ways than the interpreter lists
E362  an opening asks for a contract and a number of points at once
E364  pushing with a stock that is rebuilt: hands can grow without end
E397  one set of each rank where there are no sets, or with contracts or a rearranged table
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`), run after the others. (Fewer
than two players is E315, in ``game_checks``.)
"""

from __future__ import annotations

import random

from ..cards import build_deck
from ..melds.hand import hand_melds
from ..melds.context import rules_for
from ..memo import Memo
from ..ruleset import Ruleset
from .problems import Checks, Problem, player_counts, rounds

check = Checks()  # this module's checks, run after those of checks.py

#: the most meld moves one hand may offer: the interpreter lists every legal move, and a
#: list this long takes about a second to build on one core
MAX_MELD_MOVES = 20_000
#: how many hands, dealt at random from a fixed seed, are tried against MAX_MELD_MOVES
WITNESS_HANDS = 4


def _hand_sizes(r: Ruleset):
    """``(players, round, cards dealt)`` for every deal the rules can make."""
    for n in player_counts(r):
        for rnd in rounds(r):
            size = r.deal.hand_size(n, rnd)
            if size is not None:
                yield n, rnd, size


@check("E360")
def show_fits_the_hand(r: Ruleset, doc: dict):
    s = r.show
    if s is None:
        return
    if r.melds.on_table:
        yield Problem("show", "a show lays the whole hand down in melds at once, but under these "
                              "rules melds go on the table as they are made, so a hand may never "
                              "be shown", "add `kept in hand until the hand ends` to `melds:`")
        return
    runs = max(s.sequences, s.pure)
    path = "show.pure" if s.pure > s.sequences else "show.sequences"
    if runs and r.melds.run is None:
        yield Problem(path, f"a show needs {runs} runs, but the rules allow no runs",
                      "allow runs under `melds:`, or ask for fewer runs in the show")
        return
    if not runs:
        return
    need = runs * r.melds.run.min
    for n, rnd, size in _hand_sizes(r):
        if need > size:
            when = f" in round {rnd}" if len(rounds(r)) > 1 else ""
            most = size // r.melds.run.min
            yield Problem(path, f"a show needs at least {runs} runs of {r.melds.run.min} cards "
                                f"({need} cards), but with {n} players{when} a hand has only "
                                f"{size} cards to show",
                          f"ask for at most {most} runs, or deal more cards")
            return


_WITNESS = Memo(256)


def _most_meld_moves(r: Ruleset) -> tuple[int, int]:
    """The most meld moves of the witness hands (a few hands of the largest size the rules
    deal, shuffled from a fixed seed), and that size."""
    key = (r.deck, r.melds, r.wilds, r.aces, r.deal)
    return _WITNESS.get_or(key, _count_witnesses, r)


def _count_witnesses(r: Ruleset) -> tuple[int, int]:
    n, _rnd, size = max(_hand_sizes(r), key=lambda t: (t[2], t[0]))
    size += r.deal.starter_extra + 1  # the starter's extra cards and the card drawn
    # the deck the engine deals (a stripped pack's ranks only)
    deck = build_deck(r.deck.packs_for(n), r.deck.jokers_for(n), r.deck.ranks)
    rng = random.Random(0)
    most = 0
    for _ in range(WITNESS_HANDS):
        hand = rng.sample(deck, min(size, len(deck)))
        # the cut wild card: every card of the first card's rank wild, where the rules cut one
        rules = rules_for(r, hand[0] if r.wilds.cut else None)
        if not rules.wild_codes or not any(rules.is_wild(c) for c in hand):
            continue
        most = max(most, len(hand_melds(rules, hand)))
        if most > MAX_MELD_MOVES:
            break
    return most, size


@check("E361")
def meld_moves_bounded(r: Ruleset, doc: dict):
    if not (r.melds.on_table or r.knock is not None) or not list(_hand_sizes(r)):
        return
    if not r.wilds.any:
        return
    most, size = _most_meld_moves(r)
    if most > MAX_MELD_MOVES:
        yield Problem("wilds", f"with so many wild cards, a hand of {size} cards dealt at random "
                               f"can be melded in {most:,} ways; the interpreter lists every legal "
                               f"move and allows at most {MAX_MELD_MOVES:,} melds at a time",
                      "make fewer cards wild, or limit them (`at most 1 wild per meld`, "
                      "`wild cards may not outnumber natural cards`)")


@check("E362")
def opening_contract_or_points(r: Ruleset, doc: dict):
    if (r.opening.threshold is not None or r.opening.by_score) and r.opening.contracts:
        yield Problem("opening.by_score" if r.opening.threshold is None else "opening.threshold",
                      "the opening asks for a contract and for melds worth a number of points "
                      "at once; rulespec plays one or the other, not both",
                      "keep either the contracts (`round N:`, or one for every round) "
                      "or `melds worth at least N`")


@check("E364")
def push_needs_an_end_to_the_stock(r: Ruleset, doc: dict):
    st = r.stock
    if "push" in r.turn.draw_from and st.action != "end":
        yield Problem("turn.draw_from", "each push adds cards to a hand and the stock is rebuilt "
                                        "when it runs out, so hands can grow until no one can go "
                                        "out and the hand never ends",
                      "end the hand when the stock runs out: `stock: hand ends`")


@check("E397")
def one_set_of_each_rank(r: Ruleset, doc: dict):
    """One set of each rank needs sets; the contract searches and the rearranged table
    do not know it, so a player could be led to a meld the rule then refuses."""
    if r.melds.one_per_rank is None:
        return
    if r.melds.set is None:
        yield Problem("melds.one_per_rank", "the rules allow only one set of each rank, but "
                      "there are no sets", "remove `one set of each rank`, or allow sets")
    elif r.opening.contracts or r.turn.rearrange is not None:
        what = "opening contracts" if r.opening.contracts else "rearranging the table"
        yield Problem("melds.one_per_rank", f"one set of each rank cannot be played with "
                      f"{what}: rulespec plays one or the other, not both",
                      f"remove `one set of each rank`, or {what}")
