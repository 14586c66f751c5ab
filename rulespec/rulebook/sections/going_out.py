"""Going out: getting rid of the last card ends the hand, with or without a final discard.
The words are in ``templates/prose/going_out.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .base import Base


class GoingOut(Base):
    def going_out_md(self, g) -> Iterator:
        if g is None:
            return
        # a turn that plays or draws has no discard: the last card goes to the table (W376)
        final = None if self.rs.turn.play_or_draw else g["final_discard"]
        long = g["long"] and (g["long"]["melds"], g["long"]["size"])
        aside = self.ir["deal"]["second_hand"]
        second = aside and ("side" if aside["per"] == "side" and self.rs.partnerships
                            else "player", aside["after_discard"])
        yield "ending", 0, prose.say("going_out", "going_out", final=final,
                                     last=g["last_turns"], lay_off=self.rs.turn.layoff is not None,
                                     long=long, side=self.rs.partnerships is not None,
                                     second=second)
