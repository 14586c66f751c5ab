"""Melds on the table (``table:``): they are never split or joined, only extended; a wild
card keeps its place; how a meld that reads more than one way is declared. The
interpreter always plays these; the page states them where the variant's rules do."""

from __future__ import annotations

from collections.abc import Iterator

from .base import Base


class TableRules(Base):
    def table_md(self, t) -> Iterator:
        v = self.vocab
        if self.rs.melds.on_table and t["separate"]:  # else coverage.APPLIES_WHEN
            kinds = []
            if self.rs.melds.set is not None:
                kinds.append(f"two {v.sets} of the same rank")
            if self.rs.melds.run is not None:
                kinds.append(f"two {v.runs} of the same suit, even when the second runs on "
                             f"from the first (such as 4-5-6-7 and 8-9-10-J)")
            yield "melds", 1, ("Melds on the table are never split or joined together, only "
                               "extended. A player may lay down, as separate melds, " +
                               " or ".join(kinds) + "; each is then extended on its own.")
        if not self.wild_words():  # no wild cards (coverage.APPLIES_WHEN)
            return
        lines = []
        declare = t["declare"]
        if declare == "said":
            lines.append(f"When the cards of a meld can be read more than one way (all wild "
                         f"cards, or one natural card and the rest wild), the player says "
                         f"whether it is a {v.set} or a {v.run}: for a {v.set}, its rank; for "
                         f"a {v.run}, which card each wild card stands for.")
        elif declare == "by place":
            lines.append(f"A wild card laid in a {v.run} without saying what it stands for "
                         f"takes the value of the place where it is laid.")
        if t["wilds_stay"]:
            lines.append(f"A wild card keeps the place it was given: nobody may move it within "
                         f"a {v.run} to make room for another card (if a wild card stands for "
                         f"the 5 in 4-5-6-7-8 of hearts, the 5 of hearts may not be laid off "
                         f"by moving the wild card elsewhere).")
        if lines:
            yield "cards", 2, " ".join(lines)
