"""Shows and drops: declaring a hand in melds (with the runs, some pure, that a show
needs), and giving a hand up for a penalty (a drop). The words are in
``templates/prose/shows.md.j2``."""

from __future__ import annotations

import re
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
        # a show that fails is a "wrong show" only where the rules punish one
        wrong = "✘ wrong show: " if self.rs.scoring.wrong_show is not None else "✘ not valid: "
        for groups, ok, reason in self.ex.shows():
            rows.append([" ".join(W.cards(g) for g in groups),
                         ("✔ " if ok else wrong) + self.in_own_words(reason)])
        if rows:
            note = ""
            if self.ex.cut is not None:
                note = (f" (the cut wild joker is {W.card(C.parse_card(EXAMPLE_CUT))}, so every "
                        f"{W.rank_name(EXAMPLE_CUT[:-1])} is wild)")
            text += f"\n\nExamples{note}:\n\n" + self.table(["Show", ""], rows)
        yield "ending", 3, text

    def in_own_words(self, reason: str) -> str:
        """The meld code's verdict on a show ("3 sequences (3 pure) and 4 sets") in the
        variant's words for runs and sets."""
        v = self.vocab
        words = {"sequences": v.runs, "sequence": v.run, "sets": v.sets, "set": v.set}
        return re.sub(r"\b(sequences|sequence|sets|set)\b", lambda m: words[m[1]], reason)

    def drops_md(self, d) -> Iterator:
        if d is None:
            return
        yield "ending", 4, prose.say("shows", "drop", first=d["first"], middle=d["middle"],
                                     misses=d["misses"])
