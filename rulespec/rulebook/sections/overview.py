"""The overview: who plays (the number of players, fixed partnerships). The words are in
``templates/prose/overview.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base


class Overview(Base):
    def players_md(self, players) -> Iterator:
        lo, hi = players["min"], players["max"]
        yield "overview", 0, prose.say("overview", "players", players=W.span(lo, hi, "player"))

    def partnerships_md(self, p) -> Iterator:
        if p is None:
            return
        yield "overview", 1, prose.say("overview", "partnerships", teams=p["teams"],
                                       size=p["size"])
