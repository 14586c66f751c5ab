"""Shows and drops: declaring a hand in melds (with the runs, some pure, that a show
needs), and giving a hand up for a penalty (a drop). The words are in
``templates/prose/shows.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from ..examples import EXAMPLE_CUT
from .base import Base


class Shows(Base):
    def show_md(self, s) -> Iterator:
        if s is None:
            return
        sizes = self.hand_sizes()
        n = sizes.pop() if len(sizes) == 1 else 0  # 0: the hand's size changes, say "all"
        seq, pure = s["sequences"], s["pure"]
        need = [f"at least {W.plural(seq, self.vocab.run)}"] if seq else []
        if pure:
            need.append(f"at least {W.number(pure)} of them pure")
        text = prose.say("shows", "show", n=n, needs=need, last=s["last_turns"])
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
        yield "ending", 4, prose.say("shows", "drop", first=d["first"], middle=d["middle"],
                                     misses=d["misses"])
