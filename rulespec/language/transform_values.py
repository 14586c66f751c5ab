"""Clause handlers for card values that depend on the meld a card is in (issue #15):
kept apart from :mod:`.transformer`, which mixes them in."""

from __future__ import annotations


class ValueClauses:
    """``values: ace low in a run = 1``: an ace melded as the low end of a run (A-2-3) is
    worth this on the table; elsewhere, and in hand, its value of ``A = ...``."""

    def value_ace_low_run(self, node, points):
        self.set(node, "values.ace_low_run", points)
