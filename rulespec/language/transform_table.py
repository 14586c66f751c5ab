"""Clause handlers for who sits at the table (``players:``, ``partners:``): kept apart
from :mod:`.transformer`, which mixes them in."""

from __future__ import annotations

from lark import Tree


class TableClauses:
    """``players: 2-4``; ``partners: 2 teams of 2``, ``2 teams`` (as many in each team as
    the players divide into), either ``with 4 players`` (other counts play alone)."""

    def players_c(self, node, rng):
        self.set(node, "players", self.range_of(rng))

    def partners_teams(self, node, teams, size=None, when=None):
        """``2 teams of 2``; ``2 teams`` (as many in each as the players divide into);
        either ``with 4 players`` (other counts play alone)."""
        if isinstance(size, Tree):
            size, when = None, size
        players = [] if when is None else [
            self.range_of(r) if isinstance(r, Tree) else {"min": int(r), "max": int(r)}
            for r in when.children]
        self.set(node, "partnerships", {"teams": teams, "size": size, "players": players})

    partners_teams_any = partners_teams
