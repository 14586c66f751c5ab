"""Clause handlers for bonus cards (``bonus cards:``, Canasta's red threes): which cards
(by colour and rank, by rank, or named), what each scores, what a side with many scores,
and whether they count against a side that has not melded; kept apart from
:mod:`.transformer`, which mixes them in."""

from __future__ import annotations

from .. import cards as C


class BonusClauses:
    """``bonus cards: red 3s; each scores 100; all 4 score 800; count against a side that
    has not melded``: the fields of ``bonus``."""

    def bonus_colour(self, node, colour, rank):
        for card in C.rank_cards(rank, colour):
            self.set(node, "bonus.cards", card)

    def bonus_ranks(self, node, rank):
        for card in C.rank_cards(rank):
            self.set(node, "bonus.cards", card)

    def bonus_cards(self, node, *cards):
        for c in cards:
            self.set(node, "bonus.cards", c)

    def bonus_each(self, node, points):
        self.set(node, "bonus.each", points)

    def bonus_many(self, node, count, points):
        self.set(node, "bonus.many", {"count": count, "value": points})
