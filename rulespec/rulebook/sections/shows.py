"""Shows and drops: declaring a hand in melds (with the runs, some pure, that a show
needs), and dropping out of a hand for a penalty."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import words as W
from ..examples import EXAMPLE_CUT
from .base import Base


class Shows(Base):
    def show_md(self, s) -> Iterator:
        if s is None:
            return
        n = self.variant.deal_size(self.player_counts()[0])
        seq, pure = s["sequences"], s["pure"]
        cards = f"all {W.number(n)} cards" if n else "all your cards"
        need = [f"at least {W.plural(seq, self.vocab.run)}"]
        if pure:
            need.append(f"at least {W.number(pure)} of them pure")
        text = (f"**Making a show.** When you can arrange {cards} of your hand in melds, with "
                f"{W.join(need)}, you may make a show (declare): discard your last card and show "
                f"your hand, arranged in melds, to the other players. The others then show their "
                f"hands too.")
        rows = []
        for groups, ok, reason in self.ex.shows():
            rows.append([" ".join(W.cards(g) for g in groups),
                         ("✔ " if ok else "✘ wrong show: ") + reason])
        if rows:
            note = ""
            if self.ex.cut is not None:
                note = (f" (the cut wild joker is {W.card(C.parse_card(EXAMPLE_CUT))}, so every "
                        f"{W.rank_name(EXAMPLE_CUT[:-1])} is wild)")
            text += f"\n\nExamples{note}:\n\n" + self.table(["Show", ""], rows)
        yield "ending", 3, text

    def drops_md(self, d) -> Iterator:
        if d is None:
            return
        text = (f"**Dropping.** A player who does not like the hand may drop out of it. Dropping "
                f"on your first turn, before drawing a card, is a first drop and costs "
                f"{W.points(d['first'])}; dropping at any later point, on a later turn or after "
                f"drawing, is a middle drop and costs {W.points(d['middle'])}.")
        if d["misses"] is not None:
            text += f" Missing {W.number(d['misses'])} turns in a row counts as a middle drop."
        yield "ending", 4, text
