"""Laying off: adding cards from hand to melds on the table (onto whose melds, and only
after melding or opening). The words are in ``templates/prose/laying_off.md.j2``."""

from __future__ import annotations

from .. import prose
from .base import Base


class LayingOff(Base):
    def laying_off_steps(self, layoff) -> list[str]:
        if layoff is None:
            return [prose.say("laying_off", "lay_off", onto=None, needs=None, done=None)]
        return [prose.say("laying_off", "lay_off", onto=layoff["onto"], needs=layoff["requires"],
                          done=self.vocab.open("done"))]
