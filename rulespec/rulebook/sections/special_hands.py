"""Special hands: the hands that may (or must) be declared to end a hand at once, when, and
what each other player then owes. The words are in ``templates/prose/special.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base

_WHEN = {"dealt": "as dealt: it {duty} be declared before the first turn",
         "turn": "in your turn: it {duty} be declared after you draw, before any other move"}


class SpecialHands(Base):
    def special_md(self, items) -> Iterator:
        if not items:
            return
        hands = [self._special_line(h) for h in items]
        collects = self._special_collects()
        yield "ending", 4, prose.say("special", "special", hands=hands,
                                     dealt=any(h["when"] == "dealt" for h in items),
                                     first=len(items) > 1, collects=collects)

    def _special_line(self, h: dict) -> str:
        """One special hand in words: what it holds, when, must or may, what it costs the others."""
        if h["pattern"] == "pairs":
            jokers = " or two jokers" if self.rs.deck.jokers else ""
            held = (f"{W.plural(h['pairs'], 'pair')} of identical cards (two cards of the same "
                    f"rank and suit{jokers})")
        elif h["pattern"] == "one suit":
            held = "every card of one suit"
        else:
            lo, hi = h["least"], h["most"]
            if lo is None:
                total = f"{W.points(hi)} or less"
            elif hi is None:
                total = f"{W.points(lo)} or more"
            elif lo == hi:
                total = W.points(lo)
            else:
                total = f"{lo} {'or' if hi == lo + 1 else 'to'} {W.points(hi)}"
            held = f"a hand counting {total} (every card at its value)"
        when = _WHEN[h["when"]].format(duty="must" if h["must"] else "may")
        if h["each"] is not None:
            owed = f"each other player owes {W.points(h['each'])}"
        else:
            stake = self.ir["scoring"]["stake"]
            what = "the count of their hand" if stake is None else f"the stake ({W.points(stake)})"
            times = "" if (h["factor"] or 1) == 1 else f" {W.times(h['factor'])}"
            owed = f"each other player owes {what}{times}"
        return f"{W.capital(held)}, {when}, and {owed}."

    def _special_collects(self) -> str:
        """Who gets what the others owe, by the scoring method and the payments."""
        s = self.rs.scoring
        if s.method == "penalty":
            return ("Each other player scores what they owe as penalty points; the player who "
                    "declared scores nothing.")
        if s.settle == "pairs":
            return ("Every two players settle the difference of what they owe; the player who "
                    "declared owes nothing.")
        pay = "is paid by" if s.settle == "winner" else "scores what is owed by"
        return f"The player who declared {pay} every other player" + (
            ", partners excepted." if self.rs.partnerships is not None else ".")
