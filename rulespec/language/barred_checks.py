"""Semantic checks of cards that may not be melded (``melds: 3s may not be melded``,
``… may not be in runs``, ``… may be melded only when going out``).

====  ================================================================================
E325  cards that may not be melded cannot be played as written: one is not in the deck
      (a stripped rank, a tile set) or is also a wild card, one is both never melded and
      melded only when going out, or no meld is left possible
E326  cards melded only when going out never can be: going out is not allowed, melds
      stay in hand, there are no sets, the deck holds too few of them for a set, or the
      table may be rearranged
E398  the size said for the set cards melded only when going out make (``as a set of 3 or
      4``) is empty, or more than the deck holds of them
E327  cards kept out of runs where there are no runs, or where no run is left possible
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from .. import cards as C
from ..melds.context import rules_for
from ..ruleset import Ruleset
from .problems import Checks, Problem, player_counts

check = Checks()

_FIELDS = ("barred", "barred_runs", "going_out_only")
_SAID = {"barred": "may not be melded", "barred_runs": "may not be in runs",
         "going_out_only": "may be melded only when going out"}


@check("E325")
def barred_cards_can_be_played(r: Ruleset, doc: dict):
    m = r.melds
    named = [f for f in _FIELDS if getattr(m, f)]
    if not named:
        return
    for f in named:
        path, cards = f"melds.{f}", getattr(m, f)
        if r.deck.tiles:
            yield Problem(path, "cards that may not be melded are cards of a pack, but the "
                                "game is played with tiles", "remove the rule")
            return
        gone = [c for c in cards if c[:-1] in r.deck.without]
        if gone:
            yield Problem(path, f"{', '.join(gone)} are not in the deck: their rank is taken "
                                "out of every pack", "name cards of a rank the deck keeps")
        wild = [c for c in cards if c[:-1] in r.wilds.ranks or c in r.wilds.cards]
        if wild:
            yield Problem(path, f"{', '.join(wild)} would be wild cards that {_SAID[f]}",
                          "make other cards wild, or name other cards")
    # never, and only when going out, cannot both hold (kept out of runs as well is
    # only said twice: Samba keeps all threes out of runs, its black threes out of all)
    both = sorted(set(m.barred) & set(m.going_out_only), key=C.parse_card)
    if both:
        yield Problem("melds.going_out_only", f"{', '.join(both)} are named both as cards "
                      f"that {_SAID['barred']} and as cards that {_SAID['going_out_only']}",
                      "name each card under one rule")
    rules = rules_for(r)
    if not rules.has_runs and (m.set is None or _no_set_left(r, rules)):
        yield Problem(f"melds.{named[0]}", "no meld is left possible: every card a meld "
                      "could hold may not be melded", "name fewer cards")


def _no_set_left(r: Ruleset, rules) -> bool:
    """Is every rank of the pack barred from sets?"""
    ranks = rules.order
    return all(all(C.make(rank, s) in rules.barred_in["set"] for s in range(4))
               for rank in ranks) and not r.wilds.any


@check("E326")
def going_out_sets_can_be_laid(r: Ruleset, doc: dict):
    m = r.melds
    if not m.going_out_only:
        return
    path = "melds.going_out_only"
    why = None
    if r.going_out is None:
        why, hint = "going out is not allowed", "remove the rule, or allow going out"
    elif not m.on_table:
        why, hint = "melds stay in hand until the hand ends", "remove the rule"
    elif m.set is None:
        why, hint = "they go down only as a set, and there are no sets", "allow sets"
    elif r.turn.rearrange is not None:
        why, hint = "the table may be rearranged", "remove the rule, or rearranging"
    if why is not None:
        yield Problem(path, f"cards may be melded only when going out, but {why}", hint)
        return
    if m.going_out_size is not None:
        return  # E398 says it of the size said
    for cards, most in _out_only_ranks(r):
        if m.set.max is not None:
            most = min(most, m.set.max)
        if most < m.set.min:
            yield Problem(path, f"{', '.join(cards)} may be melded only as a set of their "
                          f"own, of {m.set.min} or more cards, but the deck holds at most "
                          f"{most} to put in one", "name more cards, or allow smaller sets")


def _out_only_ranks(r: Ruleset):
    """Each rank's cards melded only when going out, and how many of them the deck holds
    to put in one set (one of each where a set's suits differ)."""
    m = r.melds
    packs = max(r.deck.packs_for(n) for n in player_counts(r))
    for rank in sorted({c[:-1] for c in m.going_out_only}, key=C.RANKS.index):
        cards = [c for c in m.going_out_only if c[:-1] == rank]
        yield cards, len(cards) if m.set.suits == "distinct" else len(cards) * packs


@check("E398")
def going_out_size_fits(r: Ruleset, doc: dict):
    """The size said for the set of cards melded only when going out can be laid."""
    m, size = r.melds, r.melds.going_out_size
    if size is None or not m.going_out_only or m.set is None:
        return
    path = "melds.going_out_size"
    if size.max is not None and size.max < size.min:
        yield Problem(path, f"cards melded only when going out go down as a set of "
                      f"{size.min} to {size.max} cards, and no number is both",
                      f"write the smaller number first: `as a set of {size.max}-{size.min}`")
        return
    for cards, most in _out_only_ranks(r):
        if most < size.min:
            yield Problem(path, f"{', '.join(cards)} may be melded only as a set of their own "
                          f"of {size.min} or more cards, but the deck holds at most {most} "
                          "to put in one", f"write `as a set of {min(most, 3)}-{most}`, or "
                          "name more cards")


@check("E327")
def runs_left_possible(r: Ruleset, doc: dict):
    m = r.melds
    if not m.barred_runs:
        return
    if m.run is None:
        yield Problem("melds.barred_runs", "cards are kept out of runs, but there are no runs",
                      "remove the rule, or allow runs")
    elif not rules_for(r).has_runs:
        yield Problem("melds.barred_runs", "no run is left possible: the cards kept out of "
                      f"runs leave no {m.run.min} places in a row", "name fewer cards")
