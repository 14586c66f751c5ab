"""Semantic checks of bonus cards (``bonus cards:``, Canasta's red threes): cards that are
not in the deck or are wild, no stock to replace them from, a score the method cannot
give, a count no side can reach.

====  ================================================================================
E393  bonus cards cannot be played as written: none named, one is not in the deck (a
      stripped rank, a tile set) or is also a wild card, turns never draw from the stock
      that replaces them, melds do not score for whoever laid them, the count for the
      score in all is more than the deck holds, or the hand's cards may run out
====  ================================================================================

Registered in this module's own table of checks (:mod:`.problems`).
"""

from __future__ import annotations

from .. import cards as C
from ..ruleset import Ruleset
from .problems import Checks, Problem, player_counts, rounds

check = Checks()


@check("E393")
def bonus_cards_can_be_played(r: Ruleset, doc: dict):
    b = r.bonus
    if b is None:
        return
    if not b.cards:
        yield Problem("bonus", "bonus cards are scored, but no card is named as one",
                      "name them first: `bonus cards: red 3s`")
        return
    if r.deck.tiles:
        yield Problem("bonus.cards", "bonus cards are cards of a pack, but the game is played "
                                     "with tiles", "remove `bonus cards:`")
        return
    gone = [c for c in b.cards if c[:-1] in r.deck.without]
    if gone:
        yield Problem("bonus.cards", f"the bonus cards {', '.join(gone)} are not in the deck: "
                                     f"their rank is taken out of every pack",
                      "name cards of a rank the deck keeps")
    wild = [c for c in b.cards if c[:-1] in r.wilds.ranks or c in r.wilds.cards]
    if wild:
        yield Problem("bonus.cards", f"{', '.join(wild)} would be both wild cards and bonus "
                                     "cards, but a bonus card is laid out at once and never melded",
                      "make other cards wild, or name other bonus cards")
    if "stock" not in r.turn.draw_from:
        yield Problem("bonus.cards", "a bonus card is replaced from the stock, but no turn draws "
                                     "from the stock", "add `from the stock` to `draw:`")
    if r.scoring.method != "owner" or r.scoring.settle is not None:
        yield Problem("bonus.each", "bonus cards score for the side that holds them, which only "
                                    "melds that score for whoever laid them can add to",
                      "write `scoring: melds score for whoever laid them`")
    most = max(len(b.cards) * r.deck.packs_for(n) for n in player_counts(r))
    if b.many is not None and b.many.count > most:
        yield Problem("bonus.many", f"a side would need {b.many.count} bonus cards to score "
                                    f"{b.many.value}, but the deck holds at most {most}",
                      f"write `all {most} score {b.many.value}`")
    for n in player_counts(r):
        size = max((r.deal.hand_size(n, k) or 0) for k in rounds(r))
        dealt = n * size + r.deal.starter_extra
        held = len(b.cards) * r.deck.packs_for(n)
        deck = len(C.build_deck(r.deck.packs_for(n), r.deck.jokers_for(n), r.deck.ranks))
        if dealt + held + 1 > deck:
            yield Problem("bonus.cards", f"with {n} players the deal and the bonus cards' "
                                         f"replacements ({dealt + held}) could take the whole "
                                         f"deck of {deck} cards", "deal fewer cards")
            break
