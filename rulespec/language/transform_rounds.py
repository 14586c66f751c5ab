"""The transformer's part for rules by round (``in rounds 4-6: melding: ...``): the
section's clauses are read as usual, each field path put under ``by_round.<first>-<last>``,
so the builder keeps them apart and the compiler makes each round's ruleset of them."""

from __future__ import annotations

#: The first part of every path a rule for some rounds sets.
ROUND_ROOT = "by_round"
#: The first part of every path a rule for some numbers of players sets (a rule for some
#: rounds at those tables: ``by_players.2-2.by_round.7-7.``).
PLAYERS_ROOT = "by_players"


def round_key(rng: dict) -> str:
    """``{"min": 4, "max": 6}`` → ``"4-6"``; an open range (``7+``) → ``"7-"``."""
    return f"{rng['min']}-{rng['max'] if rng['max'] is not None else ''}"


def key_range(key: str) -> dict:
    """The inverse of :func:`round_key`."""
    lo, _, hi = key.partition("-")
    return {"min": int(lo), "max": int(hi) if hi else None}


def bare(path: str) -> str:
    """A path without the ``by_players.<n>.`` and ``by_round.<rounds>.`` it sits under."""
    for root in (PLAYERS_ROOT, ROUND_ROOT):
        if path.startswith(root + ".") and path.count(".") >= 2:
            path = path.split(".", 2)[2]
    return path


class RoundStatements:

    """Mixed into the transformer: a ``round_stmt`` (or a ``players_stmt``) is its one
    section, with a path prefix; a round statement inside a players statement adds its
    prefix to the players' one."""

    prefix = ""

    def round_stmt(self, stmt) -> None:
        self._under(ROUND_ROOT, *stmt.children)

    def players_stmt(self, stmt) -> None:
        self._under(PLAYERS_ROOT, *stmt.children)

    def _under(self, root: str, rng, section) -> None:
        outer = self.prefix
        self.prefix = f"{outer}{root}.{round_key(self.range_of(rng))}."
        try:
            if section.data == "round_stmt":
                self.round_stmt(section)
            else:
                self.statement(section)
        finally:
            self.prefix = outer
