"""The transformer's part for rules by round (``in rounds 4-6: melding: ...``): the
section's clauses are read as usual, each field path put under ``by_round.<first>-<last>``,
so the builder keeps them apart and the compiler makes each round's ruleset of them."""

from __future__ import annotations

#: The first part of every path a rule for some rounds sets.
ROUND_ROOT = "by_round"


def round_key(rng: dict) -> str:
    """``{"min": 4, "max": 6}`` → ``"4-6"``; an open range (``7+``) → ``"7-"``."""
    return f"{rng['min']}-{rng['max'] if rng['max'] is not None else ''}"


def key_range(key: str) -> dict:
    """The inverse of :func:`round_key`."""
    lo, _, hi = key.partition("-")
    return {"min": int(lo), "max": int(hi) if hi else None}


class RoundStatements:

    """Mixed into the transformer: a ``round_stmt`` is its one section, with a path prefix."""

    prefix = ""

    def round_stmt(self, stmt) -> None:
        rng, section = stmt.children
        self.prefix = f"{ROUND_ROOT}.{round_key(self.range_of(rng))}."
        try:
            self.statement(section)
        finally:
            self.prefix = ""
