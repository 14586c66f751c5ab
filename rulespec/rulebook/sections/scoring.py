"""Scoring a hand: who scores what (winner collects, penalty points, knock arithmetic),
caps, undercut and gin bonuses, going rummy, shows; then a worked example computed by the
meld code (:mod:`.worked`)."""

from __future__ import annotations

from collections.abc import Iterator

from .. import words as W
from .base import Base

#: What a player counts at the end of a hand, by ``scoring.count``.
COUNTED = {"all": "all the cards left in their hand",
            "unmatched": "the cards in their hand that are not in melds",
            "show": "their cards"}


class Scoring(Base):
    def scoring_md(self, s) -> Iterator:
        rs = self.rs
        method, cap, knock, rummy = s["method"], s["cap"], s["knock"], s["rummy"]
        wrong, valid, stake = s["wrong_show"], s["valid_show"], s["stake"]  # no stake: E386
        count = None if method == "knock" else s["count"]  # a knock counts deadwood
        lowest = knock is not None and knock["winner"] == "lowest"  # module settlement
        out = [self.lowest_wins_text(knock, s["settle"]) if lowest
               else self.who_scores(method, count, knock) if stake is None
               else self.stake_text(stake, method)]
        if count == "show" and rs.show is not None:
            pure = rs.show.pure
            out.append(f"A losing player who holds {W.plural(rs.show.sequences, self.vocab.run)}"
                       + (f", {W.number(pure)} of them pure," if pure else "")
                       + " counts only the cards outside melds; a player who does not counts "
                         "every card.")
        if cap is not None:
            out.append(f"No hand costs more than {W.points(cap)}.")
        if knock is not None:
            out += (self.lowest_knock_scores(knock, s["settle"]) if lowest or s["settle"] == "pairs"
                    else self.knock_scores(knock))
        if rummy is not None:
            out.append(self.rummy_text(rummy, method))
        if wrong is not None:
            out.append(f"**Wrong show.** A player whose show is not valid scores "
                       f"{W.points(wrong)}.")
        if valid is not None:
            out.append(f"A losing player who shows a valid hand of their own scores "
                       f"{W.points(valid)}.")
        for r in s.get("by_upcard") or ():
            out.append(f"When the upcard (the card turned up to start the discard pile) is "
                       f"{W.upcard_kind(r)}, every score of the hand, bonuses included, is "
                       f"{W.times(r['value'])}.")
        if s["settle"] is not None:
            out.append(self.payments_text(s["settle"]))
        yield "scoring", 1, "\n\n".join(out)
        example = self.scoring_example()
        if example:
            yield "scoring", 9, example

    def who_scores(self, method: str, count: str | None, knock) -> str:
        rs = self.rs
        counted = COUNTED.get(count, "")
        if method == "winner collects":
            return (f"When a player goes out, every other player counts {counted}, and the player "
                    f"who went out scores the total of all their counts.")
        if method == "penalty":
            if rs.partnerships is not None:
                return (f"When a player goes out, that player's team scores nothing for the hand "
                        f"(the partner's cards do not count); the two opponents each count "
                        f"{counted.replace('their hand', 'their hands')}, and their team scores "
                        f"the total as penalty points.")
            return (f"When a player {'makes a valid show' if rs.show else 'goes out'}, "
                    f"every other player counts {counted} and scores that many penalty points; "
                    f"the winner of the hand scores nothing.")
        if method == "owner":
            return ("When the hand ends, each player scores the value of every card they put on "
                    "the table in it, their own melds and the cards they laid off onto anyone's "
                    f"melds, less the value of {counted} (a hand can score below zero).")
        if knock is None:
            return "Each hand is scored on the deadwood of the two hands."
        return ("When a player knocks, each player counts their deadwood (after laying off). "
                "If the knocker's count is lower, the knocker scores the difference.")

    def stake_text(self, stake: int, method: str) -> str:
        """A stake per hand (``scoring.stake``): what each loser owes, whatever it holds.
        E386 keeps it from knocks and scoring by owner."""
        won = "makes a valid show" if self.rs.show else "goes out"
        owes = (f"scores {W.points(stake)} as penalty points" if method == "penalty"
                else f"owes that player the stake, {W.points(stake)}")
        return (f"**Stake.** Each hand is played for a stake of {W.points(stake)}. When a player "
                f"{won}, every other player {owes}, whatever the cards left in their hand "
                "count; the winner of the hand owes nothing. What multiplies the score of a "
                "hand multiplies the stake.")

    def knock_scores(self, knock) -> list[str]:
        tie = ("equal to or lower than" if knock["ties"] == "defender" else "lower than")
        out = [f"**Undercut.** If the opponent's count is {tie} the knocker's, the opponent has "
               f"undercut the knocker and scores the difference plus a bonus of "
               f"{W.points(knock['undercut'])}.",
               f"**Gin.** A player who goes gin scores the opponent's deadwood plus a bonus of "
               f"{W.points(knock['gin'])}, and cannot be undercut."]
        if self.rs.gin is not None and self.rs.gin.big_gin:
            out.append(f"**Big gin** scores the opponent's deadwood plus "
                       f"{W.points(knock['big_gin'])}.")
        return out

    def rummy_text(self, rummy, method: str) -> str:
        text = ("**Going rummy.** A player who goes out in a single turn, without having melded "
                "or laid off any card before, goes rummy: ")
        # under penalty points the winner's bonus comes off their own total (engine/scoring.py)
        bonus = (f"{W.points(rummy['bonus'])} are taken off the winner's total"
                 if method == "penalty"
                 else f"the winner scores a bonus of {W.points(rummy['bonus'])}")
        times = rummy["multiplier"]
        if times > 1 and rummy["bonus"]:
            return text + f"the score for the hand is multiplied by {times}, and {bonus}."
        if times > 1:
            return text + ("the score for the hand is doubled." if times == 2 else
                           f"the score for the hand is multiplied by {times}.")
        return text + f"{bonus}."
