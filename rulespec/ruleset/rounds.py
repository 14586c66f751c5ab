"""Rules by round and by number of players: a rule that differs in some rounds (``in round
7: going out: only without discard``) or at some tables (``with 2 players: seating: winner
of hand deals next``), kept as the whole sections those rounds or tables replace, so that
the ruleset of a round (or of a table) is the game's ruleset with those sections swapped
in, and nothing else to merge. The number of players comes first: a table's sections may
hold rules by round of their own (``by_round``), which then apply within that table's
game."""

from __future__ import annotations

from dataclasses import dataclass

from .table import Between

#: Sections that hold for the whole game and so cannot differ by round: who plays, the
#: game's end, the words of the page, and the rules by round themselves.
GAME_WIDE = ("name", "players", "partnerships", "game", "terms", "not_enforced", "by_round",
             "by_players", "origin")

#: Sections that cannot differ by the number of players: who plays (and so in which teams:
#: `partners:` says its own player counts), the words of the page, and what the interpreter
#: leaves out. The game's end and the rules by round may differ by table.
TABLE_WIDE = ("name", "players", "partnerships", "terms", "not_enforced", "by_players",
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


@dataclass(frozen=True)
class PlayerRules:
    """The sections that a game of ``players`` players plays instead of the game's own
    (``rules`` may hold a ``by_round`` of its own: the rules by round at that table). A
    later entry wins over an earlier one for a count both cover."""

    players: Between
    rules: dict  # section name -> its whole plain-JSON value at these tables

    def __hash__(self) -> int:
        return hash((self.players, tuple(sorted(self.rules))))


def sections_for(entries: tuple, n: int) -> dict:
    """The sections that differ in round ``n`` (entries of :class:`RoundRules`) or at a
    table of ``n`` (:class:`PlayerRules`), later entries over earlier ones."""
    out: dict = {}
    for entry in entries:
        if n in (entry.rounds if isinstance(entry, RoundRules) else entry.players):
            out.update(entry.rules)
    return out
