"""Going out: getting rid of the last card ends the hand, with or without a final discard."""

from __future__ import annotations

from collections.abc import Iterator

from .base import Base


class GoingOut(Base):
    def going_out_md(self, g) -> Iterator:
        if g is None:
            return
        fd = g["final_discard"]
        text = ("**Going out.** A player who gets rid of the last card in hand goes out, and the "
                "hand ends at once.")
        if fd == "optional":
            text += (" You may go out by melding or laying off all your cards, or by discarding "
                     "the last one.")
        elif fd == "required":
            text += (" You must go out by discarding your last card: you may not meld or lay off "
                     "your whole hand, leaving nothing to discard.")
        else:
            text += (" You must go out by melding or laying off all your cards; you may not "
                     "discard your last card.")
        yield "ending", 0, text
