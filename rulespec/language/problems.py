"""What every semantic check shares: the problem it reports, the table a module's checks
are registered in, and running checks so each problem shows at the clause it concerns.

Each module of checks keeps its own table (``check = Checks()``, each check decorated
``@check(code)``); :data:`rulespec.language.checks.CHECKS` joins the tables in a fixed
order, so no module of checks imports another's back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import cards as C
from ..ruleset import Ruleset
from .diagnostics import Diagnostic, line_of
from .spans import span_finder

MAX_PLAYER_COUNTS = 12


@dataclass(frozen=True)
class Problem:
    path: str  # the rule path it concerns (its clause is shown)
    message: str
    hint: str | None = None


Check = Callable[[Ruleset, dict], Iterator[Problem]]


class Checks(dict):
    """One module's checks by code, in the order they are written."""

    def __call__(self, code: str):
        """Register the decorated check under ``code``."""

        def register(fn: Check) -> Check:
            self[code] = fn
            return fn

        return register


def say_players(n: int) -> str:
    """``1 player``, ``4 players``: a count of players in a message."""
    return f"{n} player" + ("s" if n != 1 else "")


def player_counts(r: Ruleset) -> range:
    """Every number of players the rules allow (at most MAX_PLAYER_COUNTS)."""
    hi = r.players.max if r.players.max is not None else r.players.min + MAX_PLAYER_COUNTS
    return range(r.players.min, min(hi, MAX_PLAYER_COUNTS) + 1)


def cards_held(r: Ruleset) -> set[str]:
    """The name of every card the deck holds at some table (``3S``; ``JK`` with jokers)."""
    held = {C.card_str(C.make(k, s)) for k in r.deck.ranks for s in range(4)}
    return held | ({"JK"} if any(r.deck.jokers_for(n) for n in player_counts(r)) else set())


def cards_lacking(r: Ruleset, names) -> list[str]:
    """The cards of ``names`` (``3S``, ``JK``, ``wild``) the deck never holds, as words."""
    held = cards_held(r)
    out = ["jokers" if n == "JK" else n for n in names if n != "wild" and n not in held]
    return out + (["wild cards"] if "wild" in names and not r.wilds.any else [])


def rounds(r: Ruleset) -> range:
    """Every round whose rules can differ (the deals, or the rounds with contracts)."""
    last = max([r.game.rounds or 1] + [c.round for c in r.opening.contracts])
    return range(1, last + 1)


def said(doc: dict, path: str) -> bool:
    """Do the rules (the IR before defaults) say something at ``path``?"""
    node = doc
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def run(checks: dict[str, Check], ruleset: Ruleset, doc: dict, sources: dict,
        texts: dict[str, str]) -> list[Diagnostic]:
    """Every problem ``checks`` find, in order, each at the clause it concerns."""
    out = []
    main = ruleset.origin.file if ruleset.origin else "<text>"
    span_for = span_finder(sources)
    for code, fn in checks.items():
        for p in fn(ruleset, doc):
            span = span_for(p.path.split("."))
            if span is None:
                out.append(Diagnostic(code, p.message, main, 1, 1, None, p.hint,
                                      line_of(texts.get(main, ""), 1)))
                continue
            end = span["end_column"] if span["end_line"] == span["line"] else None
            out.append(Diagnostic(code, p.message, span["file"], span["line"], span["column"], end,
                                  p.hint, line_of(texts.get(span["file"], ""), span["line"])))
    return out
