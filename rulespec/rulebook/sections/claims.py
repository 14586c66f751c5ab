"""Out-of-turn claims ("May I?"): another player takes the passed discard with penalty
cards. The words are in ``templates/prose/claims.md.j2``."""

from __future__ import annotations

from .. import prose
from .. import words as W
from .base import Base


class Claims(Base):
    def claims_steps(self, claims) -> list[str]:
        if claims is None:
            return []
        n = claims.get("per_hand")
        times = (None if n is None else "once" if n == 1 else "twice" if n == 2
                 else W.plural(n, "time"))
        plays_on = claims["takes_turn"]  # the claim takes the turn: its own sentences
        penalty = claims["penalty"] and W.plural(claims["penalty"], "penalty card")  # 0: none
        return [prose.say("claims", "may_i", penalty=penalty,
                          nearest=claims["priority"] == "nearest", plays_on=plays_on,
                          wait=None if plays_on else claims["wait"],
                          times=times, before=claims["before_opening"],
                          opened=self.vocab.open("done"))]
