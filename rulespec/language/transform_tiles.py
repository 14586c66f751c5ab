"""Clause handlers with values for the deck's jokers, tiles and table manipulation (issue
#15, items 7-9), mixed into :class:`~.transformer.RuleTransformer` so that module stays
small."""

from __future__ import annotations


class TilesClauses:
    """``deck: 2 jokers`` (``per pack``, ``for 5-8 players``), ``values: numbered tiles =
    face value`` and ``melding: at most N rearranging moves per turn``."""

    def deck_jokers(self, node, n):
        self.set(node, "deck.jokers", n)
        self.set(node, "deck.jokers_per_pack", False)

    def deck_jokers_for(self, node, n, rng):
        self.set(node, "deck.jokers_by", {"jokers": n, "players": self.range_of(rng)})

    def deck_jokers_per_pack(self, node, n):
        self.set(node, "deck.jokers", n)
        self.set(node, "deck.jokers_per_pack", True)

    def numbered_values(self, cls, prefix: str, points) -> None:
        """Every number 1-13 worth its number (or ``points``): tiles have no court cards."""
        for i in range(13):
            self.set(cls, f"{prefix}.ranks.{i}", i + 1 if points is None else points)

    def rearrange_cap(self, node, n):
        self.set(node, "turn.rearrange.max_moves", n)
