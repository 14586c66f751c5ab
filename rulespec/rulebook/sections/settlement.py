"""Settlement between players, as the scoring section says it: a knock won by the lowest
hand, and who pays whom (``scoring.settle``, ``scoring.knock.winner``). The words are in
``templates/prose/settlement.md.j2``."""

from __future__ import annotations

from .. import prose
from .base import Base


class Settlement(Base):
    def lowest_wins_text(self, knock, settle) -> str:
        """Who wins a knock won by the lowest hand, and what they get."""
        return prose.say("settlement", "lowest_wins", settle=settle, after=self.after_laying_off(),
                         ties=knock["ties"] if settle != "pairs" else None)

    def lowest_knock_makers(self, knock, settle) -> list:
        """The failed knock's penalty and the gin bonus of a knock won by the lowest hand
        (under pair settlement: paid to and by each player, whatever the winner), each a
        maker of its own paragraph."""
        makers = []
        if knock["undercut"]:  # no penalty, no paragraph
            makers.append(lambda: prose.say("settlement", "failed_knock", settle=settle,
                                            penalty=knock["undercut"],
                                            ties=knock["ties"] if settle == "pairs" else None))
        if self.rs.gin is None:  # a knock with no deadwood is an ordinary knock
            return makers
        makers.append(lambda: prose.say("settlement", "gin", settle=settle, bonus=knock["gin"]))
        if self.rs.gin.big_gin:
            makers.append(lambda: prose.say("settlement", "big_gin", settle=settle,
                                            bonus=knock["big_gin"]))
        return makers

    def payments_text(self, settle) -> str:
        """Who pays whom, when the players pay each other."""
        rs = self.rs  # wording only: can two players win one hand together?
        ties = rs.stock.outcome == "differences" or (
            rs.scoring.knock is not None and rs.scoring.knock.winner == "lowest")
        return prose.say("settlement", "payments", settle=settle, ties=ties)
