"""Special hands: the hands that may (or must) be declared to end a hand at once, when, and
what each other player then owes. The words are in ``templates/prose/special.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base

class SpecialHands(Base):
    def special_md(self, items) -> Iterator:
        if not items:
            return
        hands = [self._special_line(h) for h in items]
        collects = self._special_collects()
        yield "ending", 4, prose.say("special", "special", hands=hands,
                                     dealt=any(h["when"] == "dealt" for h in items),
                                     first=len(items) > 1, collects=collects)

    def _special_line(self, h: dict) -> str:
        """One special hand in words: what it holds, when, must or may, what it costs the others."""
        held = h["pattern"] if h["pattern"] in ("pairs", "one suit") else "count"
        each = h["each"]
        factor = (h["factor"] or 1) if each is None else 1  # a fixed amount has no factor
        return prose.say("special", "hand", held=held,
                         pairs=h["pairs"] if held == "pairs" else None,
                         jokers=self.rs.deck.has_jokers,
                         least=h["least"] if held == "count" else None,
                         most=h["most"] if held == "count" else None,
                         when=h["when"], must=h["must"], each=each,
                         stake=self.ir["scoring"]["stake"] if each is None else None,
                         times=None if factor == 1 else W.times(factor))

    def _special_collects(self) -> str:
        """Who gets what the others owe, by the scoring method and the payments."""
        s = self.rs.scoring
        return prose.say("special", "collects", method=s.method, settle=s.settle,
                         partners=self.rs.partnerships is not None)
