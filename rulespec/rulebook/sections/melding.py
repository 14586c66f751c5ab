"""Melding during a turn: how many melds a turn, the first melds (contract or points), no new
melds after opening, and rounds where the whole hand goes down at once."""

from __future__ import annotations

from .. import words as W
from .base import Base


class Melding(Base):
    def melding_steps(self, t) -> list[str]:
        rs, v = self.rs, self.vocab
        per_turn, whole = t["melds_per_turn"], t["all_at_once"]
        new_after = t["new_melds_after_opening"]
        text = "**Meld** (optional): lay melds from your hand face up on the table in front of you."
        if per_turn is not None:
            text += f" You may lay down at most {W.plural(per_turn, 'meld')} in a turn"
            # where the whole hand goes down at once the engine lifts the limit (melding.py)
            text += (f", except in {self.round_words(whole)}: then you may not meld until you "
                     f"can lay down your whole hand at once, in as many melds as it takes."
                     if whole is not None else ".")
        else:
            text += " You may lay down as many melds as you like."
        title = self.opening_title()
        anchor = title.lower().replace(' ', '-')
        if rs.opening.contracts:
            text += (f" Your first melds of a round must meet its contract (see "
                     f"[{title}](#{anchor})).")
        elif rs.opening.threshold is not None:
            text += (f" Your first melds must be worth at least {W.points(rs.opening.threshold)} "
                     f"(see [{title}](#{anchor})).")
        if not new_after:
            text += (f" Once you have {v.open('done')} you may not start new melds: your other "
                     f"cards can only be laid off.")
        if whole is not None and per_turn is None:
            text += (f" In {self.round_words(whole)} you may not meld until you can lay down your "
                     f"whole hand at once.")
        return [text]

    def round_words(self, rng) -> str:
        lo, hi = rng["min"], rng["max"]
        if hi == lo:
            return f"round {W.number(lo)}"
        if hi is None:
            return f"round {W.number(lo)} and later rounds"
        return f"rounds {W.number(lo)} to {W.number(hi)}"
