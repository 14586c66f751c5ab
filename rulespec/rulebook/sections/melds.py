"""Melds: what a set and a run are in this variant, whether melds go on the table, and
examples checked by the meld code. The words are in ``templates/prose/melds.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from ..examples import EXAMPLE_CUT
from ..provenance import Placed
from .base import Base


class Melds(Base):
    def melds_md(self, m) -> Iterator:
        s, r = m["set"], m["run"]
        show, v = self.rs.show, self.vocab
        parts = self.parts(lambda: prose.say("melds", "kinds", v=v, sets=s is not None,
                                             runs=r is not None))
        if s is not None:
            parts += [(*part, "\n\n") for part in self.parts(lambda: prose.say(
                "melds", "a_set", v=v, size=W.span(s["min"], s["max"]),
                distinct=s["suits"] == "distinct"))]
        if r is not None:
            glue = "\n" if s is not None else "\n\n"  # one list
            parts += [(*part, glue) for part in self.parts(lambda: prose.say(
                "melds", "a_run", v=v, size=W.span(r["min"], r["max"])))]
        parts += self.parts(lambda: prose.say(
            "melds", "where", v=v, on_table=m["on_table"],
            pure=show is not None and bool(show.pure) and r is not None))
        if m["one_per_rank"] is not None and s is not None:
            who = ("side" if m["one_per_rank"] == "side" and self.rs.partnerships is not None
                   else "player")
            parts += self.parts(lambda: prose.say(
                "melds", "one_per_rank", v=v, who=who, layoff=self.rs.turn.layoff is not None))
        parts += self._barred_parts(m, v)
        yield "melds", 0, Placed.of(parts, "\n\n")
        examples = self.ex.melds()
        if examples:
            note = ""
            if self.ex.cut is not None:
                note = (f" In these examples the card cut as wild joker is "
                        f"{W.card(C.parse_card(EXAMPLE_CUT))}, so every "
                        f"{W.rank_name(EXAMPLE_CUT[:-1])} is wild.")
            yield "melds", 5, (f"**Examples.**{note}\n\n" + self.example_table(examples))

    def _barred_parts(self, m, v) -> list:
        """The cards that may not be melded (``melds.barred``), not in runs
        (``barred_runs``), or only when going out (``going_out_only``), one part each."""
        parts = []
        for field in ("barred", "barred_runs", "going_out_only"):
            cards = m[field]
            if not cards:
                continue
            names, one = W.bonus_names(cards, "such card")
            ranks = {c[:-1] for c in cards}
            # a set of a rank with a barred card holds no wild card (it might stand for one)
            whole = all(len([c for c in cards if c[:-1] == r]) == 4 for r in ranks)
            rank = W.rank_name(next(iter(ranks)), many=True) if len(ranks) == 1 else None
            size = self._out_size(m, cards) if field == "going_out_only" else ""
            parts += self.parts(lambda: prose.say(
                "melds", field, v=v, names=W.capital(names), one=one, whole=whole, rank=rank,
                size=size, discard=self.rs.going_out is not None
                and self.rs.going_out.final_discard != "forbidden"))
        return parts

    def _out_size(self, m, cards) -> str:
        """The size of the set cards melded only when going out make, in words: the size
        said for it (``melds.going_out_size``) or a set's, no more than the deck holds of
        one rank of them ("three or four" for the four black threes of two packs)."""
        said = m["going_out_size"] or m["set"]
        if said is None:
            return ""
        rs = self.rs
        counts = range(rs.players.min, (rs.players.max or rs.players.min + 8) + 1)
        packs = 1 if m["set"]["suits"] == "distinct" else max(map(rs.deck.packs_for, counts))
        most = packs * max(sum(c[:-1] == r for c in cards) for r in {c[:-1] for c in cards})
        hi = most if said["max"] is None else min(said["max"], most)
        return W.span(min(said["min"], hi), hi)
