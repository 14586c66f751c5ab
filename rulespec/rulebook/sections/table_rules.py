"""Melds on the table (``table:``): they are never split or joined, only extended; a wild
card keeps its place (or, at a run's end, moves to the other end); how a meld that reads
more than one way is declared. The interpreter always plays these; the page states them
where the variant's rules do. The words are in ``templates/prose/table_rules.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .base import Base


class TableRules(Base):
    """The words are in ``templates/prose/table_rules.md.j2``."""

    def table_md(self, t) -> Iterator:
        v, melds = self.vocab, self.rs.melds
        if melds.on_table and t["separate"]:  # else coverage.APPLIES_WHEN
            yield "melds", 1, prose.say("table_rules", "separate",
                                        sets=v.sets if self.two_sets_of_a_rank() else None,
                                        runs=v.runs if melds.run is not None else None,
                                        tiles=self.rs.deck.tiles)
        if not self.rs.wilds.any:  # no wild cards (coverage.APPLIES_WHEN)
            return
        declare, stay, moves = t["declare"], t["wilds_stay"], t["end_wilds_move"]
        if declare in ("said", "by place") or stay or moves != "never":
            yield "cards", 2, prose.say("table_rules", "wilds", declare=declare, stay=stay,
                                        set=v.set, run=v.run,  # wording only: wilds section
                                        all_wild=self.rs.wilds.all_wild != "never",
                                        moves=moves)

    def two_sets_of_a_rank(self) -> bool:
        """Can one side hold two sets of a rank? Not with one pack of cards and no wild
        card, where the four cards of a rank never make two sets of three (Basic Rummy)."""
        rs = self.rs
        if rs.melds.set is None:
            return False
        packs = max(rs.deck.packs_for(n) for n in self.player_counts())
        return packs > 1 or rs.wilds.any or 2 * rs.melds.set.min <= 4

