"""Discarding: the discard that ends a turn (the card just taken from the pile or not), and
the hands made void by going nowhere at the discard pile."""

from __future__ import annotations

from .. import words as W
from .base import Base


class Discarding(Base):
    def discarding_steps(self, t) -> list[str]:
        rs = self.rs
        text = "**Discard** one card face up onto the discard pile. This ends your turn."
        if t.get("meld_taken_at_once"):  # the card taken from the pile is on the table now
            if (t.get("take_discards") or {}).get("down_to"):
                text += (" It may be one of the cards you took from above the one you "
                         "melded.")
        elif not t["discard_taken"]:
            text += (" You may not discard the card you took from the discard pile this turn (a "
                     "card drawn from the stock may be discarded at once).")
        else:
            text += " It may be the card you just took from the discard pile."
        if rs.knock is not None:
            text += (" Instead of an ordinary discard you may end the hand by knocking or going "
                     "gin (see [Ending a hand](#ending-a-hand)).")
        if rs.show is not None:
            text += (" Instead of an ordinary discard you may make a show (see "
                     "[Ending a hand](#ending-a-hand)).")
        steps = [text]
        draws, backs = t.get("max_discard_draws"), t.get("void_after_throw_backs")
        if draws is not None:
            steps.append(f"**A hand that goes nowhere** is void (nobody scores) at the "
                         f"{W.ordinal(draws)} draw from the discard pile in it.")
        if backs is not None:
            steps.append(f"**A hand that goes nowhere** is void (nobody scores) when "
                         f"{W.plural(backs, 'turn')} in a row end by discarding the card just "
                         f"taken from the discard pile.")
        return steps
