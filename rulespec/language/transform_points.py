"""Clause handlers with a number for issue #15's rules (a card's value by its meld, the
game's bonuses): kept apart from :mod:`.transformer`, which mixes them in."""

from __future__ import annotations


class PointClauses:
    """``values: ace low in a run = 1`` (an ace melded as the low end of a run is worth
    this on the table; elsewhere, and in hand, its value of ``A = ...``) and ``game: bonus
    N for winning the game``, ``bonus N per hand won``."""

    def value_ace_low_run(self, node, points):
        self.set(node, "values.ace_low_run", points)

    def game_bonus_win(self, node, points):
        self.set(node, "game.bonus.win", points)

    def game_bonus_hand(self, node, points):
        self.set(node, "game.bonus.per_hand", points)
