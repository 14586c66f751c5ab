"""Out-of-turn claims ("May I?"): another player takes the passed discard with penalty
cards."""

from __future__ import annotations

from .. import words as W
from .base import Base


class Claims(Base):
    def claims_steps(self, claims) -> list[str]:
        if claims is None:
            return []
        text = ("**“May I?”** If the player in turn does not take the top card of the discard "
                "pile, any other player may ask for it by saying “May I?”. The claimer takes it, "
                f"and with it {W.plural(claims['penalty'], 'penalty card')} from the top of the "
                "stock, without discarding.")
        if claims["priority"] == "nearest":
            text += (" If several players ask, the one nearest in turn after the player in turn "
                     "gets it.")
        if claims["wait"]:
            text += " The claimer may not meld or lay off until their next regular turn."
        else:
            text += " The claimer may meld at once."
        if claims.get("per_hand") is not None:
            n = claims["per_hand"]
            times = "once" if n == 1 else "twice" if n == 2 else W.plural(n, "time")
            text += f" Each player may claim at most {times} in a hand."
        text += " The player in turn then draws from the stock as usual."
        return [text]
