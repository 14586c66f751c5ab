"""A turn, step by step: drawing (or pushing), claims, melding, laying off, replacing a
wild card, discarding; each step is stated by its mechanic's module, the opening words
in ``templates/prose/turn.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from ..provenance import Placed
from .base import Base


class Turn(Base):
    def turn_md(self, t) -> Iterator:
        no_discard = t["play_or_draw"]
        # a turn that plays or draws says the choice first, then how to play (Machiavelli)
        # a claim ("May I?") comes when the player in turn passes the discard, before the
        # draw from the stock: its step comes first (a trial read it as after the draw)
        steps = self.parts(self.claims_steps, t["claims"])
        steps += self.parts(self.play_or_draw_steps if no_discard else self.drawing_steps, t)
        first = len(steps) + 1  # the steps that play to the table come in any order
        if self.rs.melds.on_table:  # else melds stay in hand (coverage.APPLIES_WHEN)
            steps += self.parts(self.melding_steps, t)
            off = self.parts(self.laying_off_steps, t["layoff"])
            if self.rs.turn.layoff is None and off and len(steps) >= first:
                (ban, reads), (meld, meld_reads) = off[0], steps[-1]  # a ban is no step
                steps[-1] = (f"{meld} {ban}", set(meld_reads) | set(reads))
                off = off[1:]
            steps += off
            steps += self.parts(self.replacing_steps)
            steps += self.parts(self.rearranging_steps, t["rearrange"])
        last = len(steps)
        if not no_discard:
            steps += self.parts(self.discarding_steps, t)
        numbered = [(f"{i}. {s}", reads) for i, (s, reads) in enumerate(steps, 1)]
        if last > first and not no_discard:
            numbered.append(("\n" + prose.say("turn", "any_order", first=first, last=last), ()))
        # who starts and which way play goes: a part of its own, so its marker lands there
        intro = [(text, reads, "") for text, reads in self.parts(self.intro_text)]
        intro.append((prose.say("turn", "steps_head"), (), " "))
        yield "turn", 0, Placed.of(intro + [(numbered[0][0], numbered[0][1], "\n\n")]
                                   + numbered[1:], "\n")

    def intro_text(self) -> str:
        """Who starts (``seating.first_player``) and which way play goes (``seating.play``)."""
        side, way = (("left", "clockwise") if self.ir["seating"]["play"] == "left"
                     else ("right", "counterclockwise"))
        return prose.say("turn", "intro", offer=self.rs.deal.offer, side=side, way=way,
                         two=self.player_counts() == [2],
                         first=self.ir["seating"]["first_player"])
