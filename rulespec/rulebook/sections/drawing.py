"""Drawing: where a player draws from (the stock, the top discard), a discard that must
be melded at once, and the starter's first turn without a draw."""

from __future__ import annotations

from .. import words as W
from .base import Base

_SOURCES = {"stock": "the top card of the stock", "discard": "the top card of the discard pile"}


class Drawing(Base):
    def deep_take_text(self, td, top_too: bool) -> str:
        """Taking more than the top discard (``turn.take_discards``); ``top_too``: the top
        card taken alone must be melded at once as well (one sentence says both)."""
        if td["down_to"] == "any":
            text = (" Instead of the top card alone you may take any card of the discard pile "
                    "and every card above it, all into your hand; the pile is spread so that "
                    "every card in it can be seen.")
        else:
            text = (" Instead of the top card alone you may take the whole discard pile into "
                    "your hand; the pile is spread so that every card in it can be seen.")
        if td["frozen_by"] == "wild":
            text += (" A wild card discarded freezes the pile under it: you may take down to "
                     "the topmost wild card in the pile, never below it.")
        if td["meld_deepest"]:
            which = ("The card you take, or the deepest of the cards you take," if top_too
                     else "The deepest card you take")
            text += (f" {which} must go on the table at once, before anything else in the "
                     "turn, in a new meld or laid off onto a meld already there: so you may take "
                     "cards down to a card only when you can meld it.")
        return text

    def drawing_steps(self, t) -> list[str]:
        sources = t["draw_from"]
        if "push" in sources:
            step = self.pushing_step(t["push"])
        else:
            step = f"**Draw** one card: {W.join([_SOURCES[s] for s in sources], 'or')}."
        td = t["take_discards"]
        both = t["meld_taken_at_once"] and td is not None and td["meld_deepest"]
        if t["meld_taken_at_once"] and not both:
            step += (" A card taken from the discard pile must go on the table at once, before "
                     "anything else in the turn: in a new meld or laid off onto a meld already "
                     "there. So you may take it only when you can meld it.")
        if td is not None:
            step += self.deep_take_text(td, both)
        if t["use_drawn"]:
            step += (" The card you draw must be used in the same turn: melded or laid off, or "
                     "else it is the card you discard at the end of the turn.")
        if not t["starter_draws"]:
            step += (" On the very first turn of a hand the starting player does not draw: they "
                     "begin by melding (if they can) and discarding.")
        return [step]
