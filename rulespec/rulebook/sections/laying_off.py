"""Laying off: adding cards from hand to melds on the table (onto whose melds, and only
after melding or opening)."""

from __future__ import annotations

from .base import Base

_ONTO = {"any": "any meld on the table", "own": "your own melds",
         "team": "your own or your partner's melds"}


class LayingOff(Base):
    def laying_off_steps(self, layoff) -> list[str]:
        if layoff is None:
            return ["Laying off cards on melds already on the table is not allowed."]
        text = (f"**Lay off** (optional): add cards from your hand to {_ONTO[layoff['onto']]}, as "
                f"many as you like; each meld must stay valid.")
        req = layoff["requires"]
        if req == "own meld":
            text += " You may lay off only once you have melded at least once yourself."
        elif req == "opening":
            text += f" You may lay off only after you have {self.vocab.open('done')}."
        return [text]
