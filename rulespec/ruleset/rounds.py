"""Rules by round: a rule that differs in some rounds (``in round 7: going out: only
without discard``), kept as the whole sections those rounds replace, so that the ruleset of
a round is the game's ruleset with those sections swapped in, and nothing else to merge."""

from __future__ import annotations

from dataclasses import dataclass

from .table import Between

#: Sections that hold for the whole game and so cannot differ by round: who plays, the
#: game's end, the words of the page, and the rules by round themselves.
GAME_WIDE = ("name", "players", "partnerships", "game", "terms", "not_enforced", "by_round",
             "origin")


@dataclass(frozen=True)
class RoundRules:
    """The sections (top-level IR keys, each whole and validated) that ``rounds`` play
    instead of the game's own. A later entry wins over an earlier one for a round both
    cover."""

    rounds: Between
    rules: dict  # section name -> its whole plain-JSON value in these rounds

    def __hash__(self) -> int:  # a dict is not hashable; the rounds and section names are
        return hash((self.rounds, tuple(sorted(self.rules))))


def sections_for(by_round: tuple[RoundRules, ...], round: int) -> dict:
    """The sections that differ in ``round``, later entries over earlier ones."""
    out: dict = {}
    for entry in by_round:
        if round in entry.rounds:
            out.update(entry.rules)
    return out
