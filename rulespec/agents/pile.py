"""Taking the whole discard pile (Canasta), for the greedy agent.

Where the top discard is taken only with the rest of the pile (``take only the whole
discard pile``), a take is not one card but many: judged by its top card alone, or by the
deadwood the whole pile adds, it almost never pays, and greedy hands ran the stock out
(a Mexicana trial: 4-7 takes a game against 85-131 turns where one was legal). A pile is
judged here by what the whole take gives the hand:

* the cards it melds at once: the points of the hand and pile that the best arrangement
  of both puts into melds, over those of the hand alone (a pair of the hand that the
  pile's card completes counts, as do the pile's own sets);
* the cards it lays off onto the side's sets on the table (a natural card of a set's rank,
  and a wild card where the side has a meld), which grow them towards the long-meld bonus;
* against the cards it would be stuck with: the deadwood the rest adds to the hand.

Cards melded or laid off count :data:`GROW` times over (each one brings a meld nearer its
bonus); the pile is taken when they outweigh the deadwood. It costs two hand costs (the
evaluator's cache, bounded searches), asked only in a turn where a take is legal.
"""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from ..engine import actions as A

#: what a point melded or laid off by a take is worth against a point of deadwood it adds:
#: a card melded is no deadwood, and it brings its meld nearer the long-meld bonus
GROW = 2


def whole_pile(ruleset) -> bool:
    """Is the top discard taken only with the rest of the pile (Canasta)?"""
    td = ruleset.turn.take_discards
    return td is not None and not td.top_alone


def pile_take(game, p: int, ev, hand, kinds):
    """The take of the pile (``draw discard`` for a pile of one card, ``draw N discards
    to CARD`` otherwise) when what it gives ``p``'s hand outweighs the deadwood it adds;
    None when no take is legal or none pays."""
    takes = list(kinds.get(A.DRAW_DISCARDS, ()))
    if A.DRAW_DISCARD in kinds and game.discards:
        takes.append(kinds[A.DRAW_DISCARD][0])
    best, pick = 0.0, None
    for a in takes:
        n = a.target if a.kind == A.DRAW_DISCARDS else 1
        worth = pile_worth(game, p, ev, hand, game.discards[-n:])
        if worth > best:
            best, pick = worth, a
    return pick


def pile_worth(game, p: int, ev, hand, cards) -> float:
    """What taking ``cards`` is worth to ``p``'s hand (above 0: it pays): the points the
    take melds or lays off, :data:`GROW` times over, less the deadwood it adds."""
    if game.ruleset.bonus is not None:  # bonus cards taken are laid out, never held
        cards = [c for c in cards if not game._is_bonus(c)]
    onto, rest = _laid_off(game, p, cards)
    before = ev.cost(hand)
    grown = list(hand) + rest
    after = ev.cost(grown)
    melded = (sum(ev.value[c] for c in rest) - (after - before)) + sum(ev.value[c] for c in onto)
    return GROW * melded - max(0, after - before)


def _laid_off(game, p: int, cards) -> tuple[list, list]:
    """``cards`` split into those that ``p`` could lay off onto the side's melds on the
    table (natural cards of its sets' ranks, wild cards while the side has a meld; a set
    takes no more than the rules' largest) and the rest."""
    rules = game.rules
    side = game._team(p)
    room: Counter = Counter()
    mine = [m for m in game.table if game._team(m.owner) == side and m.reading is not None]
    for m in mine:
        if m.reading.kind == "set":
            cap = rules.set_max if rules.set_max is not None else len(cards) + len(m.cards)
            room[m.reading.rank] += max(0, cap - len(m.cards))
    onto, rest = [], []
    for c in cards:
        wild = c == C.JOKER or rules.is_wild(c)
        rank = None if wild else C.rank_of(c)
        if wild and mine and c not in rules.out_only:
            onto.append(c)
        elif rank is not None and room[rank] > 0 and c not in rules.out_only:
            room[rank] -= 1
            onto.append(c)
        else:
            rest.append(c)
    return onto, rest
