"""Going out: getting rid of the last card ends the hand, with or without a final discard.
The words are in ``templates/prose/going_out.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base


class GoingOut(Base):
    def going_out_md(self, g) -> Iterator:
        if g is None:
            return
        # a turn that plays or draws has no discard: the last card goes to the table (W376)
        final = None if self.rs.turn.play_or_draw else g["final_discard"]
        long = g["long"] and (self.long_melds_said(g["long"]), g["long"]["size"],
                              {p["wilds"] for p in g["long"]["kinds"]} - {"any"},
                              self.long_parts_said(g["long"]["kinds"]))
        aside = self.ir["deal"]["second_hand"]
        second = aside and ("side" if aside["per"] == "side" and self.rs.partnerships
                            else "player", aside["after_discard"], aside.get("on_long"))
        each = None
        if g["long"] and self.ir["bonus"] is not None and g["bonus_each"]:
            each = W.bonus_names(self.ir["bonus"]["cards"])[0]
        yield "ending", 0, prose.say("going_out", "going_out", final=final,
                                     last=g["last_turns"], lay_off=self.rs.turn.layoff is not None,
                                     long=long, side=self.rs.partnerships is not None,
                                     second=second, each=each, **self.asking_said(g))

    def asking_said(self, g) -> dict:
        """Asking partner "may I go out?": "may" or "must", and whether a side may have more
        than two players (then the next partner in turn answers); nothing without it."""
        ps = self.rs.partnerships
        if g.get("ask") is None or ps is None:
            return {}
        return {"ask": g["ask"], "many": ps.size is None or ps.size > 2}

    @staticmethod
    def long_melds_said(long) -> str:
        """How many long melds going out needs: "a meld", "four melds"."""
        return "a meld" if long["melds"] == 1 else f"{W.number(long['melds'])} melds"

    def long_parts_said(self, kinds) -> str | None:
        """The kinds of the long melds, in the variant's words (None: any melds): "two
        natural melds and two mixed melds", "a sequence and a book"."""
        if not kinds:
            return None
        said = []
        for part in kinds:
            word = {"meld": "meld", "set": self.vocab.set, "run": self.vocab.run}[part["kind"]]
            wilds = "" if part["wilds"] == "any" else part["wilds"] + " "
            n = part["melds"]
            said.append(f"{'a' if n == 1 else W.number(n)} {wilds}{word}{'s' if n > 1 else ''}")
        return W.join(said)
