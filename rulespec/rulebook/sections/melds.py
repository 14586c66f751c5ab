"""Melds: what a set and a run are in this variant, whether melds go on the table, and
examples checked by the meld code."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import words as W
from ..examples import EXAMPLE_CUT
from .base import Base


class Melds(Base):
    def melds_md(self, m) -> Iterator:
        s, r = m["set"], m["run"]
        lines = []
        kinds = []
        if s is not None:
            suits = "in different suits" if s["suits"] == "distinct" else "of any suits"
            size = W.span(s["min"], s["max"])
            lines.append(f"- A **{self.vocab.set}** is {size} cards of the same rank {suits}.")
            kinds.append(self.vocab.sets)
        if r is not None:
            size = W.span(r["min"], r["max"])
            lines.append(f"- A **{self.vocab.run}** is {size} cards of the same suit in sequence.")
            kinds.append(self.vocab.runs)
        intro = f"There are {W.plural(len(kinds), 'kind')} of meld: {W.join(kinds)}."
        text = intro + "\n\n" + "\n".join(lines)
        show = self.rs.show
        if show is not None and show.pure and r is not None:
            text += (f"\n\nA {self.vocab.run} without any wild card standing in for another card "
                     f"is **pure**; one that uses a wild card in place of a missing card is "
                     f"impure.")
        text += "\n\nA card belongs to one meld only."
        if not m["on_table"]:
            text += (" Melds are not laid on the table during play: you keep them in your hand "
                     "and show them when the hand ends.")
        yield "melds", 0, text
        examples = self.ex.melds()
        if examples:
            note = ""
            if self.ex.cut is not None:
                note = (f" In these examples the card cut as wild joker is "
                        f"{W.card(C.parse_card(EXAMPLE_CUT))}, so every "
                        f"{W.rank_name(EXAMPLE_CUT[:-1])} is wild.")
            yield "melds", 5, (f"**Examples.**{note}\n\n" + self.example_table(examples))
