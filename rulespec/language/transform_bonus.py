"""Clause handlers for bonus cards (``bonus cards:``, Canasta's red threes): which cards
(by colour and rank, by rank, or named), what each scores, what a side with many scores,
and whether they count against a side that has not melded; and for the cards named the
same ways that may not be melded (``melds: black 3s may not be melded``). Kept apart
from :mod:`.transformer`, which mixes them in."""

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


def _named(words) -> list[str]:
    """The cards a phrase names: ``red 3s`` (a colour and a rank), ``3s``, ``3H 3D``."""
    if words[0] in ("red", "black"):
        return C.rank_cards(words[1], words[0])
    if len(words) == 1 and words[0] in C.RANKS:
        return C.rank_cards(words[0])
    return list(words)


class BarredClauses:
    """``melds: 3s may not be melded``; ``3s may not be in runs``; ``black 3s may be
    melded only when going out``: the cards of ``melds.barred``, ``melds.barred_runs``
    and ``melds.going_out_only``."""

    def meld_barred(self, node, *words):
        for card in _named(words):
            self.set(node, "melds.barred", card)

    def meld_barred_runs(self, node, *words):
        for card in _named(words):
            self.set(node, "melds.barred_runs", card)

    def meld_going_out_only(self, node, *words):
        """``black 3s may be melded only when going out`` (``, as a set of 3 or 4``: the
        size of that set, ``melds.going_out_size``; else a set's size)."""
        sized = [w for w in words if getattr(w, "data", None) == "out_only_size"]
        for card in _named([w for w in words if w not in sized]):
            self.set(node, "melds.going_out_only", card)
        if sized:
            self.set(node, "melds.going_out_size", self.range_of(sized[0].children[0]))
