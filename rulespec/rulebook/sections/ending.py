"""The end of the game (a target score, a number of deals, pool elimination) and, for the
overview, the object of the game."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .base import Base


class Ending(Base):
    """The words are in ``templates/prose/ending.md.j2``."""

    def game_md(self, g) -> Iterator:
        rs = self.rs
        rounds, elim = g["rounds"], g["eliminate"]
        # one deal ends the game whatever the totals (engine/scoring.py): no target to state
        target = g["target"] if rounds != 1 else None
        rules = {"unit": self.vocab.unit,
                 "team": "team" if rs.partnerships is not None else "player",
                 "best": "highest" if g["winner"] == "highest" else "lowest",
                 "rounds": rounds, "target": target, "elim": elim}
        end = prose.say("ending", "game_end", partners=rs.partnerships is not None, **rules)
        if g["bonus"] is not None:
            end += " " + self.bonus_text(g["bonus"])
        yield "end", 0, end
        aim = ("gin" if rs.gin_only else "knock" if rs.knock is not None
               else "show" if rs.show is not None
               else "table" if rs.turn.play_or_draw
               else "owner" if rs.scoring.method == "owner"
               else "contracts" if rs.opening.contracts else "out")
        rivals = "the others" if self.many_players() else "the opponent"
        yield "overview", 3, prose.say("ending", "object", aim=aim, rivals=rivals,
                                       gin=rs.gin is not None, out=rs.melds.on_table, **rules)

    def bonus_text(self, b) -> str:
        """The bonuses added when the game ends (``game.bonus``)."""
        shutout = b["shutout"]
        times = None if shutout == 1 else "doubled" if shutout == 2 else f"multiplied by {shutout}"
        return prose.say("ending", "bonuses", win=b["win"], per_hand=b["per_hand"], times=times,
                         unit=self.vocab.unit)
