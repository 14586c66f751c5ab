"""Bonus cards (``bonus``, Canasta's red threes): laid out and replaced, said under the
deal; what they score, said under scoring. The words are in
``templates/prose/bonus.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base


class BonusCards(Base):
    def bonus_md(self, b) -> Iterator:
        if b is None:
            return
        names, one = W.bonus_names(b["cards"])
        rs = self.rs  # wording only: whether an upcard or more of the pile can bring one
        yield "deal", 1, prose.say("bonus", "laid_out", names=names, one=one,
                                   upcard=rs.deal.upcard, pile=rs.turn.take_discards is not None,
                                   packet=rs.deal.second_hand is not None)
        many = b["many"]
        count = many["count"] if many is not None else None
        held = len(b["cards"]) * max(rs.deck.packs_for(n) for n in self.player_counts())
        yield "scoring", 2, prose.say(
            "bonus", "scores", one=one, each=b["each"], count=count,
            value=many["value"] if many is not None else None, all=count == held,
            against=b["against_unmelded"], teams=rs.partnerships is not None)
