"""Knocking and gin: ending a hand with little or no deadwood, the defender's lay-offs, and
big gin."""

from __future__ import annotations

from collections.abc import Iterator

from .. import words as W
from .base import Base


class Knocking(Base):
    def knock_md(self, k) -> Iterator:
        if k is None:
            return
        m = k["max_deadwood"]
        if m == "upcard":
            term = ("no more than the value of the upcard (the card turned up to start the "
                    "discard pile; everyone may ask what it was)")
        else:
            term = (f"less than {W.points(m + 1)}" if m + 1 in (10, 5, 15) else
                    f"{W.points(m)} or less")
        text = (f"**Knocking.** Your **deadwood** is the cards in your hand that are not in melds. "
                f"When the total value of your deadwood is {term}, you may knock at the end of a "
                f"turn: discard one card face down and lay out your hand in melds and deadwood. "
                f"The opponent then lays out their hand.")
        text += "".join(_by_upcard(r) for r in k.get("by_upcard") or ())
        if k["defender_lays_off"]:
            most = k.get("run_end_layoffs")
            text += (" The opponent may lay off deadwood cards onto the knocker's melds (unless "
                     "the knocker has gone gin). The knocker may not lay off.")
            if most is not None:
                text += (f" At most {W.plural(most, 'card')} may be laid off "
                         "beyond each end of one of the knocker's runs.")
        else:
            text += " No one may lay off."
        most = k.get("lay_out_max")
        if most is not None:
            text += (f" Melds are laid out at most {W.plural(most, 'card')} at a time: a longer "
                     "run goes down in parts.")
        text += " You are never obliged to knock."
        yield "ending", 1, text

    def gin_md(self, g) -> Iterator:
        if g is None:
            return
        n = self.variant.deal_size(self.player_counts()[0]) or 0
        text = ("**Gin.** If all the cards in your hand form melds, with no deadwood, you may go "
                "gin: knock with no deadwood. The opponent may not lay off.")
        if g["big_gin"]:
            text += (f" **Big gin**: if the card you draw completes your hand so that all "
                     f"{W.number(n + 1)} cards form melds, you may lay them all down without "
                     f"discarding.")
        yield "ending", 2, text


def _by_upcard(rule: dict) -> str:
    """The knock limit of a hand whose upcard is of a rank or suit, as a sentence."""
    most = ("you may knock only with no deadwood at all: gin" if rule["value"] == 0 else
            f"the most deadwood you may knock with is {W.points(rule['value'])}")
    return f" When the upcard is {W.upcard_kind(rule)}, {most}."
