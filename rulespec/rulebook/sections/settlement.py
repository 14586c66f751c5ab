"""Settlement between players, as the scoring section says it: a knock won by the lowest
hand, and who pays whom (``scoring.settle``, ``scoring.knock.winner``)."""

from __future__ import annotations

from .. import words as W
from .base import Base


class Settlement(Base):
    def lowest_wins_text(self, knock, settle) -> str:
        """Who wins a knock won by the lowest hand, and what they get."""
        after = " (after laying off)" if self.rs.knock is not None and \
            self.rs.knock.defender_lays_off else ""
        if settle == "pairs":
            return (f"When a player knocks, every player counts their deadwood{after}. The "
                    "player with the lowest count wins the hand.")
        gain = ("scores the difference between their count and each other player's"
                if settle is None else
                "each other player pays them the difference between the two counts")
        tie = ("If another player ties the knocker for the lowest count, that player wins "
               "instead." if knock["ties"] == "defender" else
               "The knocker wins a tie for the lowest count.")
        return (f"When a player knocks, every player counts their deadwood{after}. The player "
                f"with the lowest count wins the hand{' and' if settle is None else ':'} {gain}. "
                f"{tie} Other players who tie for the lowest count share what the hand pays.")

    def lowest_knock_scores(self, knock, settle) -> list[str]:
        """The failed knock's penalty and the gin bonus of a knock won by the lowest hand
        (under pair settlement: paid to and by each player, whatever the winner)."""
        if settle == "pairs":
            beaten = "each player whose count is lower than the knocker's" + (
                " or equal to it" if knock["ties"] == "defender" else "")
            out = [f"**Failed knock.** The knocker pays a penalty of "
                   f"{W.points(knock['undercut'])} to {beaten}."]
        elif settle is None:
            out = [f"**Failed knock.** If the knocker does not win, the winner also scores "
                   f"{W.points(knock['undercut'])} for the knocker's penalty."]
        else:
            out = [f"**Failed knock.** A knocker who does not win also pays the winner a "
                   f"penalty of {W.points(knock['undercut'])}."]
        each = "for each other player" if settle is None else "from each other player"
        verb = "scores" if settle is None else "collects"
        out.append(f"**Gin.** A knocker who goes gin is never beaten, and also {verb} a bonus "
                   f"of {W.points(knock['gin'])} {each}.")
        if self.rs.gin is not None and self.rs.gin.big_gin:
            out.append(f"**Big gin** {verb} a bonus of {W.points(knock['big_gin'])} {each} "
                       "instead.")
        return out

    def payments_text(self, settle) -> str:
        """Who pays whom, when the players pay each other."""
        if settle == "winner":
            return ("**Payments.** Scores are paid between the players: each losing player pays "
                    "the winner of the hand what they owe (winners who tie share it), so what "
                    "the winner scores the others lose, and every hand adds up to zero.")
        return ("**Payments.** Every two players settle between themselves: the one whose count "
                "is higher pays the other the difference (a player who went out counts "
                "nothing), and bonuses and penalties are paid on top, so every hand adds up to "
                "zero.")
