"""The end of the game (a target score, a number of deals, pool elimination) and, for the
overview, the object of the game."""

from __future__ import annotations

from collections.abc import Iterator

from .. import words as W
from .base import Base


class Ending(Base):
    def game_md(self, g) -> Iterator:
        rs = self.rs
        rounds, elim, winner = g["rounds"], g["eliminate"], g["winner"]
        # one deal ends the game whatever the totals (engine/scoring.py): no target to state
        target = g["target"] if rounds != 1 else None
        best = "highest" if winner == "highest" else "lowest"
        team = "team" if rs.partnerships is not None else "player"
        parts = []
        if rounds == 1:
            parts.append("The game is a single deal.")
        elif rounds is not None:
            parts.append(f"A game is {W.number(rounds)} deals.")
        if target is not None:
            when = "The game ends" if rounds is None else "It ends earlier"
            parts.append(f"{when} when a {team} reaches {W.points(target)} or more.")
        if elim is not None:
            parts.append(f"The deals go on until all but one player are out: a player whose total "
                         f"reaches {W.points(elim)} or more is out of the game. The last player "
                         f"left wins. If the last players are all out after the same deal, the "
                         f"player with the {best} total wins.")
        else:
            parts.append(f"Then the {team} with the {best} total wins.")
        if rs.partnerships is not None:
            parts.append("Partners score together.")
        if g["bonus"] is not None:
            parts.append(self.bonus_text(g["bonus"]))
        yield "end", 0, " ".join(parts)
        yield "overview", 3, self.object_text(target, rounds, elim, winner, team)

    @staticmethod
    def bonus_text(b) -> str:
        """The bonuses added when the game ends (``game.bonus``)."""
        out = ["When the game ends, bonuses are added to the totals"]
        if b["win"]:
            out.append(f"the winner of the game gets {W.points(b['win'])}")
        if b["per_hand"]:
            out.append(f"every player gets {W.points(b['per_hand'])} for each hand they won")
        text = out[0] + (": " + W.join(out[1:], "and") if len(out) > 1 else "") + "."
        if b["shutout"] != 1:
            times = "doubled" if b["shutout"] == 2 else f"multiplied by {b['shutout']}"
            text += (f" If another player won no hand at all (a shutout), the winner's total, "
                     f"bonuses included, is {times}.")
        return text

    def object_text(self, target, rounds, elim, winner, team) -> str:
        """The object of the game, for the overview."""
        rs = self.rs
        if rs.knock is not None:
            obj = ("Each player tries to form the cards in hand into melds, and to knock or go gin "
                   "before the opponent, with as little deadwood as possible.")
        elif rs.show is not None:
            obj = ("Each player tries to arrange the whole hand into melds and be the first to "
                   "make a valid show.")
        elif rs.scoring.method == "owner":
            obj = ("Each player scores the cards they meld and lay off, and tries to get rid of "
                   "all their cards, since the cards left in hand count against them.")
        elif rs.opening.contracts:
            obj = ("In each round the players try first to meld that round's contract and then to "
                   "get rid of all their cards, by melding, laying off and discarding.")
        else:
            obj = ("The object is to get rid of all your cards, by melding them, laying them off "
                   "and discarding.")
        if elim:
            return f"{obj} Players drop out as their totals grow; the last player left wins."
        best_total = "highest total" if winner == "highest" else "fewest penalty points"
        length = (f"after {W.number(rounds)} deals" if rounds and rounds > 1 else
                  f"when a {team} reaches {target} points" if target else
                  "when only one player is left" if elim else "after a single deal")
        return f"{obj} The {team} with the {best_total} {length} wins."
