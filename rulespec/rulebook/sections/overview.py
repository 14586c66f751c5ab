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
        lo, hi = self.ir["players"]["min"], self.ir["players"]["max"]
        counts = range(lo, (hi if hi is not None else max(lo, 12)) + 1)
        part = self.rs.partnerships
        _ = [(r["min"], r["max"]) for r in p["players"]]  # who plays in teams decides the page
        alone = [n for n in counts if not part.teamed(n)]
        teamed = [n for n in counts if part.teamed(n)]
        sizes = [p["size"]] if p["size"] is not None else sorted({n // p["teams"] for n in teamed})
        yield "overview", 1, prose.say(
            "overview", "partnerships", teams=p["teams"],
            size=sizes[0] if len(sizes) == 1 else None,
            sizes=None if len(sizes) == 1 else W.join(
                [f"of {W.number(n // p['teams'])} with {W.number(n)} players" for n in teamed]),
            only=W.join(map(W.number, teamed), "or") + " players" if alone and len(sizes) == 1
            else None,
            alone=W.join(map(W.number, alone), "or") + " players" if alone else None)
