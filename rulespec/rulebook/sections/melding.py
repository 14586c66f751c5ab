"""Melding during a turn: how many melds a turn, the first melds (contract or points), no new
melds after opening, and rounds where the whole hand goes down at once. The words are in
``templates/prose/melding.md.j2``."""

from __future__ import annotations

from .. import prose
from .. import words as W
from .base import Base


class Melding(Base):
    def melding_steps(self, t) -> list[str]:
        rs = self.rs
        per_turn, whole = t["melds_per_turn"], t["all_at_once"]
        title = self.opening_title()
        opening = ("contract" if rs.opening.contracts else
                   "by score" if rs.opening.by_score else
                   "points" if rs.opening.threshold is not None else None)
        # where the whole hand goes down at once the engine lifts the limit (melding.py)
        return [prose.say("melding", "meld", per_turn=per_turn,
                          whole=None if whole is None else self.round_words(whole),
                          opening=opening, title=title, anchor=title.lower().replace(" ", "-"),
                          points=rs.opening.threshold,
                          new_after=t["new_melds_after_opening"], done=self.vocab.open("done"),
                          verb=self.vocab.open("verb"),  # wording only: the rearranging step
                          shared=rs.turn.rearrange is not None
                          and rs.turn.rearrange.melds == "any" and rs.scoring.method != "owner",
                          exact=rs.opening.exact,  # wording only: the opening section states it
                          but_discard=whole is not None and rs.going_out is not None
                          and rs.going_out.final_discard == "required")]

    def round_words(self, rng) -> str:
        hi = rng["max"]
        if rng["min"] <= 1 and (hi is None or hi >= (self.rounds() or 1)):
            return "every"
        return prose.say("melding", "rounds", lo=W.number(rng["min"]),
                         hi=None if hi is None else W.number(hi))
