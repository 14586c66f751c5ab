"""Knocking and gin: ending a hand with little or no deadwood, the defender's lay-offs, and
big gin."""

from __future__ import annotations

from collections.abc import Iterator

from .. import words as W
from .base import Base


class Knocking(Base):
    def many_players(self) -> bool:
        """May more than two play? Then the page speaks of the other players, not the opponent."""
        return max(self.player_counts()) > 2

    def knock_md(self, k) -> Iterator:
        if k is None:
            return
        m = k["max_deadwood"]
        if m == "upcard":
            term = ("no more than the value of the upcard (the card turned up to start the "
                    "discard pile; everyone may ask what it was)")
        elif m != "any":
            # the IR holds the most a knock may have; a round number above it is how a card
            # player says it ("under 200", not "199 or less"); both are exact
            term = (f"less than {W.points(m + 1)}" if (m + 1) % 5 == 0 else
                    f"{W.points(m)} or less")
        when = ("You may knock at the end of a turn at any count, however much deadwood you hold"
                if m == "any" else
                f"When the total value of your deadwood is {term}, you may knock at the end of a "
                f"turn")
        text = (f"**Knocking.** Your **deadwood** is the cards in your hand that are not in melds. "
                f"{when}: discard one card face down and lay out your hand in melds and deadwood. "
                + ("The other players then lay out their hands." if self.many_players() else
                   "The opponent then lays out their hand."))
        if k.get("before_draw"):
            text += (" You may also knock at the start of your turn, before drawing: you then "
                     "draw and discard nothing, and lay out your hand as it is.")
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
                "gin: knock with no deadwood.")
        if self.rs.knock is None or self.rs.knock.defender_lays_off:  # else: no one lays off
            text += " The opponent may not lay off."
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
