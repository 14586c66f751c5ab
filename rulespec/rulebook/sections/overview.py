"""The overview: who plays (the number of players, fixed partnerships)."""

from __future__ import annotations

from collections.abc import Iterator

from .. import words as W
from .base import Base


class Overview(Base):
    def players_md(self, players) -> Iterator:
        lo, hi = players["min"], players["max"]
        name = self.ir["name"]
        yield "overview", 0, f"{name} is a game for {W.span(lo, hi, 'player')}."

    def partnerships_md(self, p) -> Iterator:
        if p is None:
            return
        yield "overview", 1, (
            f"The players form {W.plural(p['teams'], 'team')} of {W.number(p['size'])} "
            f"in fixed partnerships; partners sit opposite each other, so that the "
            f"turn passes from team to team.")
