"""Knocking and gin: ending a hand with little or no deadwood, the defender's lay-offs, and
big gin. The words are in ``templates/prose/knocking.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base


class Knocking(Base):
    def knock_md(self, k) -> Iterator:
        if k is None:
            return
        m = k["max_deadwood"]
        if m == "upcard":
            limit = ("no more than the value of the upcard (the card turned up to start the "
                     "discard pile; everyone may ask what it was)")
        elif m == "any":
            limit = None
        else:
            # the IR holds the most a knock may have; a round number above it is how a card
            # player says it ("under 200", not "199 or less"); both are exact
            limit = (f"less than {W.points(m + 1)}" if (m + 1) % 5 == 0 else
                     f"{W.points(m)} or less")
        by_upcard = [prose.say("knocking", "by_upcard", kind=W.upcard_kind(r), value=r["value"])
                     for r in k.get("by_upcard") or ()]
        lays_off = k["defender_lays_off"]  # none onto gin: read, and moot under gin only
        if self.rs.gin_only:  # no knock but gin: the gin paragraph says how
            yield "ending", 1, prose.say("knocking", "gin_only", before_draw=k["before_draw"],
                                         after_draw=k["after_draw"], lay_out=k["lay_out_max"],
                                         by_upcard=by_upcard)
            return
        yield "ending", 1, prose.say(
            "knocking", "knock", limit=limit, many=self.many_players(),
            before_draw=k.get("before_draw"), after_draw=k.get("after_draw", True),
            by_upcard=by_upcard, lays_off=lays_off,
            run_ends=k.get("run_end_layoffs") if lays_off else None, lay_out=k.get("lay_out_max"),
            all_cards=k["counts_all"])

    def gin_md(self, g) -> Iterator:
        if g is None:
            return
        n = self.variant.deal_size(self.player_counts()[0]) or 0
        # no one lays off after any knock: the knock paragraph has said so already
        say_lay_off = self.rs.knock is None or self.rs.knock.defender_lays_off
        yield "ending", 2, prose.say("knocking", "gin", say_lay_off=say_lay_off,
                                     big_gin=g["big_gin"], cards=W.number(n + 1),
                                     many=self.many_players(), only=self.rs.gin_only)
