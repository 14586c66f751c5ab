"""Stock exhaustion: what happens when the stock runs out (the hand ends, is void, or the
discard pile becomes the stock, so many times), how such a hand is scored, and a hand that
nobody can ever finish."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import words as W
from ..provenance import OWN
from .base import Base
from .scoring import COUNTED

#: the engine shares what the lowest hand collects among hands that tie (engine/scoring.py)
TIE_SHARE = "Players who tie for the lowest count share those points equally."


class Exhaustion(Base):
    def stock_md(self, s) -> Iterator:
        if s.get("stalemate", "end") == "play on":
            yield "ending", 7, ("A hand in which no one can ever go out is played on all the "
                                "same, until the stock rules above end it.")
        elif self.rs.stalemate_applies:
            if "stock.stalemate" not in self.variant.ir.get("sources", {}):  # no file says it
                self.own.append((OWN, None, ("stock.stalemate",)))
            yield "ending", 7, ("**A hand nobody can finish.** When every hand has become too "
                                "small to lay down a new meld and no card left off the table fits "
                                "onto a meld there, nobody can ever go out: the hand ends at "
                                "once, and " + self.stock_scored(s["outcome"]) + ".")
        last = s.get("last_discard", "any")
        rem = s["remaining"]
        # with cards left, "exhausted" is defined once, so the page and the lead say one thing
        defined = ("" if rem == 0 else f"The stock counts as exhausted when only "
                   f"{W.plural(rem, 'card')} are left in it. ")
        when = "When the stock runs out" if rem == 0 else "When the stock is exhausted"
        void_at_wall = s["action"] == "end" and s["outcome"] == "void"
        if last == "knock" and not void_at_wall:  # else the stock rule below says it
            yield "ending", 6, ("Once the stock is exhausted, the top card of the discard pile "
                                "may be taken only by a player who then knocks at once.")
        if s["action"] != "end":  # the pile is reused; the hand ends only after the last reuse
            times = s["times"]
            text = self.restock_text(when, s["action"], times, last)
            if times is not None:
                text += self.exhausted_scored(s["outcome"])
        elif void_at_wall:
            text = self.void_text(when, last)
        elif self.rs.turn.play_or_draw:  # no discard pile: players pass until all have
            text = (f"{when}, a player who does not play passes, and the hand ends when every "
                    "player has passed in turn.")
            text += self.exhausted_scored(s["outcome"])
        else:
            text = (f"{when}, the hand ends at once: nobody may take the top discard."
                    if last == "none" else
                    f"{when} and the next player does not want the top discard, the hand ends.")
            text += self.exhausted_scored(s["outcome"])
        yield "ending", 5, "**The stock.** " + defined + text

    @staticmethod
    def void_text(when: str, last: str) -> str:
        """The hand is void at the wall; the engine still offers the top discard to the
        player to move (engine/mechanics/exhaustion.py), freely or only to knock."""
        void = "the hand is void: nobody scores, and the cards are dealt again."
        if last == "none":
            return f"{when} before anyone has ended the hand, {void}"
        if last == "knock":
            return (f"{when} before anyone has ended the hand, the next player may take the top "
                    f"card of the discard pile only to knock at once; if they do not, {void}")
        return f"{when} and the next player does not want the top discard, {void}"

    def exhausted_scored(self, outcome: str) -> str:
        """How a hand the stock ended is scored, as sentences to follow the stock rule."""
        if outcome != "differences" or self.rs.scoring.stake is not None:
            return f" Then {self.stock_scored(outcome)}."
        count = self.ir["scoring"]["count"]
        counted = "the cards left in their hand" if count == "all" else COUNTED[count]
        text = (f" Everyone counts {counted}; the player with the lowest count wins and scores "
                f"the differences between their count and each other player's. {TIE_SHARE}")
        ex = self.differences_example()
        return text + (" " + ex if ex else "")

    @staticmethod
    def restock_text(when: str, action: str, times: int | None, last: str) -> str:
        how = ("turned over without shuffling" if action == "turn over" else "shuffled")
        text = (f"{when} and the next player does not want the top discard, the discard pile is "
                f"{how} to form a new stock, and play goes on.")
        if times is not None:
            often = {1: "once", 2: "twice"}.get(times, f"{W.number(times)} times")
            text += f" This may be done only {often}" + (
                ", and as soon as the stock runs out again the hand ends: nobody may take the "
                "top discard." if last == "none" else
                ": when the stock runs out again, the hand ends.")
        return text

    def stock_scored(self, outcome: str) -> str:
        """How a hand that nobody went out of is scored, as a clause."""
        if outcome == "void":
            return "the hand is void: nobody scores"
        stake = self.rs.scoring.stake
        if stake is not None and outcome == "differences":
            return ("the player with the lowest count of cards left in hand collects the stake "
                    f"({W.points(stake)}) from each player whose count is higher (players who "
                    "tie for the lowest count share it equally)")
        if stake is not None:  # nobody won the hand: nobody collects the stake
            return "nobody scores for the hand"
        if outcome == "differences":
            return ("the player with the lowest count of cards left in hand scores the "
                    "differences between that count and each other player's (players who tie "
                    "for the lowest count share them equally)")
        if self.rs.scoring.method == "penalty":
            return "everyone scores the cards left in their hand as penalty points"
        if self.rs.scoring.method == "owner":
            return ("each player scores their cards on the table less the cards left in their "
                    "hand, as when a player goes out")
        return "nobody scores for the hand"

    def differences_example(self) -> str:
        hands = ["2S 4H", "KS 5D", "7C", "QH 9D 2C"]
        counts = [self.variant.penalty(h) for h in hands]
        low = min(counts)
        if counts.count(low) > 1 or len(hands) > (self.rs.players.max or 99):
            return ""
        names = "ABCD"
        won = sum(c - low for c in counts)
        w = names[counts.index(low)]
        parts = ", ".join(f"{n} holds {W.cards(C.parse_cards(h))} ({c})"
                          for n, h, c in zip(names, hands, counts))
        diffs = " + ".join(str(c - low) for c in counts if c != low)
        return f"For example: {parts}. {w} wins and scores {diffs} = {W.points(won)}."
