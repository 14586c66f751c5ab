"""Drawing: where a player draws from (the stock, the top discard), and the starter's
first turn without a draw."""

from __future__ import annotations

from .. import words as W
from .base import Base

_SOURCES = {"stock": "the top card of the stock", "discard": "the top card of the discard pile"}


class Drawing(Base):
    def drawing_steps(self, t) -> list[str]:
        sources = t["draw_from"]
        if "push" in sources:
            step = self.pushing_step(t["push"])
        else:
            step = f"**Draw** one card: {W.join([_SOURCES[s] for s in sources], 'or')}."
        if not t["starter_draws"]:
            step += (" On the very first turn of a hand the starting player does not draw: they "
                     "begin by melding (if they can) and discarding.")
        return [step]
