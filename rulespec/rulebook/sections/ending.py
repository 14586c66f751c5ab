"""The end of the game (a target score, a number of deals, pool elimination, hands to win)
and, for the overview, the object of the game."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .. import words as W
from .base import Base


class Ending(Base):
    """The words are in ``templates/prose/ending.md.j2``."""

    def game_md(self, g) -> Iterator:
        rs = self.rs
        rounds, elim = g["rounds"], g["eliminate"]
        # one deal ends the game whatever the totals (engine/scoring.py): no target to state
        # nor where hands are not scored (`scoring: none`): the totals never move
        target = g["target"] if rounds != 1 and rs.scoring.method != "none" else None
        rules = {"unit": self.vocab.unit,
                 "team": "team" if rs.partnerships is not None else "player",
                 "best": "highest" if g["winner"] == "highest" else "lowest",
                 "rounds": rounds, "target": target, "elim": elim, "hands": g.get("hands"),
                 "endless": g.get("endless", False)}
        end = prose.say("ending", "game_end", partners=rs.partnerships is not None, **rules)
        if g["bonus"] is not None:
            end += " " + self.bonus_text(g["bonus"])
        if g["settle"] == "difference":
            end += " " + prose.say("ending", "settle", team=rules["team"])
        yield "end", 0, end
        aim = ("gin" if rs.gin_only else "knock" if rs.knock is not None
               else "show" if rs.show is not None
               else "table" if rs.turn.play_or_draw
               else "owner" if rs.scoring.method == "owner"
               else "contracts" if rs.opening.contracts else "out")
        rivals = "the others" if self.many_players() else "the opponent"
        yield "overview", 3, prose.say("ending", "object", aim=aim, rivals=rivals,
                                       gin=rs.gin is not None, out=rs.melds.on_table,
                                       ways=self.ways_out(), **rules)

    def ways_out(self) -> str:
        """How cards leave a hand, for the object of the game (wording only: the rules are
        stated in their own sections): "whole" where every deal melds a hand at once ("whole
        but discard" where going out needs a last discard)."""
        rs, rounds = self.rs, self.rounds() or 1
        whole = rs.turn.all_at_once
        final = rs.going_out.final_discard if rs.going_out is not None else "required"
        if whole is not None and all(r in whole for r in range(1, rounds + 1)):
            return "whole but discard" if final == "required" else "whole"
        ways = ["melding them"] + (["laying them off"] if rs.turn.layoff is not None else [])
        if final != "forbidden" and not rs.turn.play_or_draw:
            ways.append("discarding")
        return W.join(ways, "and")

    def bonus_text(self, b) -> str:
        """The bonuses added when the game ends (``game.bonus``)."""
        shutout = b["shutout"]
        times = None if shutout == 1 else "doubled" if shutout == 2 else f"multiplied by {shutout}"
        return prose.say("ending", "bonuses", win=b["win"], per_hand=b["per_hand"], times=times,
                         unit=self.vocab.unit)
