"""Pushing (Push): a player who does not want the top discard pushes it, with the top
stock card, to the next player, then draws."""

from __future__ import annotations

from .base import Base


class Pushing(Base):
    def pushing_step(self, push) -> str:
        then = push["then"] if push is not None else "stock"
        frm = "the discard pile" if then == "discard" else "the stock"
        return ("**Draw.** Either take the top card of the discard pile, or **push**: put the top "
                "card of the stock face down on the top card of the discard pile and push the two "
                "cards to the player on your left, who must add them to their hand; then take the "
                f"next card from {frm}"
                + (" (from the stock when the pile is empty)." if then == "discard" else "."))
