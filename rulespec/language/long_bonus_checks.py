"""Semantic checks of the long melds of the Canasta family that have bonuses or moments of
their own: a meld of wild cards alone (``scoring: meld of 7+ wild cards = +1000``), a set
of one rank (``scoring: set of 7s of 7+ cards = +1500``) and the second hand picked up on
completing a long meld (``deal: second hand taken after completing a meld of 7+ cards``),
and going out with a bonus card for each long meld (``going out: only with as many bonus
cards as long melds``).

====  ================================================================================
E336  a bonus for a meld of wild cards alone that no meld can earn: melds do not score
      for whoever laid them, no meld may be made of wild cards alone, or none that long
E337  a bonus for a set of one rank that no set can earn: melds do not score for whoever
      laid them, the rules have no sets, none that long, the deck has no such cards,
      they are wild, or two bonuses name one rank
E338  the second hand is picked up on completing a meld no meld can reach
E339  going out needs a bonus card for each long meld, but going out needs no long melds,
      or there are no bonus cards
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from .. import cards as C
from ..melds.context import rules_for
from ..ruleset import Ruleset
from .canasta_checks import longest
from .problems import Checks, Problem

check = Checks()

_OWNERS = "add `scoring: melds score for whoever laid them`"


@check("E336")
def wild_bonus_can_be_earned(r: Ruleset, doc: dict):
    """A meld of wild cards alone earns its bonus: by owner scoring, where wild cards alone
    may make a meld, and one of that size."""
    wb = r.scoring.kind_bonus.wild
    if wb is None:
        return
    path, what = "scoring.kind_bonus.wild", f"a meld of {wb.size} or more wild cards"
    if r.scoring.method != "owner":
        yield Problem(path, f"{what} earns a bonus, but melds do not score for whoever laid "
                      "them", _OWNERS)
    if not r.wilds.any or r.wilds.all_wild == "never":
        yield Problem(path, f"{what} earns a bonus, but no meld may be made of wild cards "
                      "alone", "add `wild: all-wild melds allowed` (or `all-wild sets "
                      "allowed`), or remove the bonus")
        return
    rules = rules_for(r)
    if not any(rules.all_wild_ok(kind, size) for kind in ("set", "run")
               for size in range(wb.size, 21)):
        yield Problem(path, f"{what} earns a bonus, but no meld of wild cards alone may have "
                      f"{wb.size} cards", "make the bonus's meld shorter, or let such melds "
                      "grow longer")


@check("E337")
def rank_bonus_can_be_earned(r: Ruleset, doc: dict):
    """A set of one rank earns its bonus: by owner scoring, where sets of that rank, natural
    cards in them, may grow to its size; one bonus a rank."""
    seen: set[str] = set()
    for i, rb in enumerate(r.scoring.kind_bonus.ranks):
        path = f"scoring.kind_bonus.ranks.{i}"
        what = f"a set of {rb.rank}s of {rb.size} or more cards"
        if rb.rank in seen:
            yield Problem(path, f"two bonuses for sets of {rb.rank}s", "keep one of them")
        seen.add(rb.rank)
        if r.scoring.method != "owner":
            yield Problem(path, f"{what} earns a bonus, but melds do not score for whoever "
                          "laid them", _OWNERS)
        most = longest(r, "set")
        if most == 0:
            yield Problem(path, f"{what} earns a bonus, but the rules have no sets",
                          "remove the bonus, or allow sets in `melds:`")
        elif most < rb.size:
            yield Problem(path, f"{what} earns a bonus, but no set may have more than "
                          f"{most} cards", "make the bonus's set shorter, or let sets grow "
                          "longer")
        if C.rank_index(rb.rank) not in r.deck.ranks:
            yield Problem(path, f"{what} earns a bonus, but the deck has no {rb.rank}s",
                          "name a rank of the deck")
        elif rb.rank in r.wilds.ranks:
            yield Problem(path, f"{what} earns a bonus, but {rb.rank}s are wild: a set of "
                          f"them is a meld of wild cards", "name another rank, or use `meld "
                          "of N+ wild cards = +N`")


@check("E338")
def second_hand_on_long_can_come(r: Ruleset, doc: dict):
    """The second hand picked up on completing a long meld: a meld must be able to grow
    that long. (A second hand needs hands that can empty: E378.)"""
    sh = r.deal.second_hand
    if sh is None or sh.on_long is None:
        return
    most = longest(r, "meld")
    if most < sh.on_long:
        yield Problem("deal.second_hand.on_long", f"the second hand is picked up on "
                      f"completing a meld of {sh.on_long} or more cards, but no meld may have "
                      f"more than {most} cards", "ask for a shorter meld, or let melds grow "
                      "longer")


@check("E339")
def bonus_each_can_be_counted(r: Ruleset, doc: dict):
    """Going out with a bonus card for each long meld: the long melds are those going out
    names, and the bonus cards those of ``bonus cards:``."""
    go = r.going_out
    if go is None or not go.bonus_each:
        return
    if go.long is None:
        yield Problem("going_out.bonus_each", "going out needs as many bonus cards as long "
                      "melds, but going out needs no long melds, so none has a size",
                      "add `going out: only with a meld of 7+ cards` (or the size you play)")
    if r.bonus is None:
        yield Problem("going_out.bonus_each", "going out needs as many bonus cards as long "
                      "melds, but the rules have no bonus cards", "add `bonus cards: red 3s` "
                      "(or the cards you play), or remove the rule")
