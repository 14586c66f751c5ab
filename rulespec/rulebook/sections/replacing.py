"""Replacing a wild card on the table with the natural card it stands for: the rule (under
the cards) and its step of a turn."""

from __future__ import annotations

from .base import Base


class Replacing(Base):
    def replacing_text(self, rep, nat: str) -> str:
        """The rule, stated with the wild cards (``nat``: when a wild stands for itself)."""
        kinds = rep["melds"]
        where = (f"a {self.vocab.run}" if kinds == ["run"] else
                 f"a {self.vocab.set}" if kinds == ["set"] else "any meld")
        text = (f"**Replacing a wild card.** On your turn, if a wild card in {where} on the "
                f"table stands for a card you hold, you may put your card in its place and take "
                f"the wild card.")
        if rep["reuse_this_turn"]:
            text += (" You must meld the wild card again in the same turn; you may not keep it "
                     "in your hand.")
        if rep["after_opening"]:
            text += f" Only a player who has {self.vocab.open('done')} may do this."
        if kinds == ["run"] and self.rs.melds.set is not None:
            text += f" A wild card in a {self.vocab.set} may not be taken."
        if nat != "never":
            text += (" A wild card standing for itself stands for no other card, so it cannot "
                     "be taken.")
        return text

    def replacing_steps(self) -> list[str]:
        """The step of a turn, pointing at the rule."""
        if self.rs.wilds.replace is None:
            return []
        return ["**Replace a wild card** (optional), as described under [The cards](#the-cards)."]
