"""``rulespec check --play N``: play quick games of each variant and turn what they show
into warnings, in the same form as every other diagnostic.

Each variant plays N games with random agents and N with greedy agents (fewest players the
rules allow, invariants checked after every step). What they find:

====  ================================================================================
W501  a hand went on past the safety limit: it may never end
W502  a game went on past the safety limit: hands end but the game may never end
W503  an invariant of the interpreter broke (a card lost, a hand the wrong size, …)
W504  the interpreter failed with an error
W505  no agent ever met a round's opening requirement (contract or threshold)
W506  no hand was ever won: every hand ended with the stock, a void hand or drops
====  ================================================================================

W503 and W504 are bugs in rulespec, not in the rules; each warning says how to play the
game again (``rulespec simulate`` with the same seed).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..language.diagnostics import Diagnostic, line_of
from ..engine.phases import WON
from ..language.spans import span_for
from .runner import ERROR, GAME_LIMIT, HAND_LIMIT, INVARIANT, BAD_MOVE
from .simulate import Settings, play_index

#: the agents every variant is played with
CHECK_AGENTS = ("random", "greedy")
#: the run's seed (game i of a check is game i of ``rulespec simulate --seed 0``)
CHECK_SEED = 0
#: W506 needs at least this many hands in all (over both agents' games), none of them won
W506_MIN_HANDS = 4


def _span(sources: dict, path: str) -> dict | None:
    """Where the rule at ``path`` is written: its own clause, else the first clause (by
    line and column) of the rules below it, else (as the compiler does) the nearest rule."""
    if path in sources:
        return sources[path]
    under = [s for k, s in sources.items() if k.startswith(path + ".")]
    if under:
        return min(under, key=lambda s: (s["line"], s["column"]))
    return span_for(sources, path.split("."))


def _diagnostic(variant, file: Path, code: str, path: str, message: str, hint: str | None) -> Diagnostic:
    sources = variant.ir.get("sources", {})
    span = _span(sources, path) if path else None
    if span is None:
        span = sources.get("name")
    if span is None:
        return Diagnostic(code, message, str(file), 1, 1, None, hint, None)
    text = variant.texts.get(span["file"], "")  # as compiled: the file is not read again
    end = span["end_column"] if span["end_line"] == span["line"] else None
    return Diagnostic(code, message, span["file"], span["line"], span["column"], end, hint,
                      line_of(text, span["line"]))


def _again(file: Path, agent: str, o) -> str:
    return (f"play it again with `rulespec simulate {file.as_posix()} -n {o.index + 1} --agents {agent} "
            f"--seed {CHECK_SEED}` (game {o.index}, seed {o.seed})")


def play_check(variant, file: Path, games: int, settings: dict | None = None,
               progress: Callable[[bool], None] | None = None) -> list[Diagnostic]:
    """Play ``games`` games with each of :data:`CHECK_AGENTS` and return the warnings.
    ``progress`` is called after each game (with whether it failed)."""
    file = Path(file)
    rs = variant.ruleset
    found: list[Diagnostic] = []
    seen: set[str] = set()
    hands = []
    for agent in CHECK_AGENTS:
        s = Settings(agents=(agent,), seed=CHECK_SEED, **(settings or {}))
        for i in range(games):
            o = play_index(variant, s, i)
            if progress is not None:
                progress(o.failure is not None)
            hands.extend(o.hands)
            if o.failure is None or o.failure in seen:
                continue
            seen.add(o.failure)
            who = f"in a game of {agent} agents"
            if o.failure == HAND_LIMIT:
                found.append(_diagnostic(
                    variant, file, "W501", "stock", f"a hand never ended {who}: {o.message}",
                    "make sure every hand can end: going out, a knock or show, or a stock rule that ends "
                    "the hand; " + _again(file, agent, o)))
            elif o.failure == GAME_LIMIT:
                found.append(_diagnostic(
                    variant, file, "W502", "game", f"a game never ended {who}: {o.message}",
                    "hands end but the game goes on: check `game:` (a target the scores can reach, a number "
                    "of deals); " + _again(file, agent, o)))
            elif o.failure == INVARIANT:
                found.append(_diagnostic(
                    variant, file, "W503", "name", f"the interpreter broke an invariant {who}: {o.message}",
                    "this is a bug in rulespec, not in your rules; " + _again(file, agent, o)))
            elif o.failure in (ERROR, BAD_MOVE):
                found.append(_diagnostic(
                    variant, file, "W504", "name", f"the interpreter failed {who}: {o.message}",
                    "this is a bug in rulespec, not in your rules; " + _again(file, agent, o)))

    op = rs.opening
    rounds: dict[int, list[int]] = {}
    for h in hands:
        if h.opening is not None:
            rec = rounds.setdefault(h.round, [0, 0])
            rec[0] += 1
            rec[1] += bool(h.opening)
    for rnd, (played, met) in sorted(rounds.items()):
        if met:
            continue
        contract = op.contract(rnd)
        if contract is not None:
            idx = next((i for i, c in enumerate(op.contracts) if c is contract), None)
            if idx is None:
                idx = next((i for i, c in enumerate(op.contracts) if c == contract), 0)
            path, what = f"opening.contracts.{idx}", f"round {rnd}'s contract"
        else:
            path, what = "opening.threshold", "the opening threshold"
        found.append(_diagnostic(
            variant, file, "W505", path,
            f"no agent ever met {what} in {played} hand{'s' if played != 1 else ''} "
            f"({' and '.join(CHECK_AGENTS)} agents)",
            "it may be too hard to meet with the cards dealt; try more games (`--play` with a larger N) "
            "or a smaller requirement"))
    if len(hands) >= W506_MIN_HANDS and not any(h.reason in WON for h in hands):
        ends = sorted({h.reason for h in hands})
        found.append(_diagnostic(
            variant, file, "W506", "name",
            f"no hand was won in {len(hands)} hands: every one ended by {', '.join(ends)}",
            "check that a player can go out, knock or show under these rules"))
    return found


def play_findings(variants: dict, games: int,
                  progress: Callable[[bool], None] | None = None) -> list[Diagnostic]:
    """:func:`play_check` for every compiled variant (``{file: Variant}``)."""
    out: list[Diagnostic] = []
    for file, v in variants.items():
        out.extend(play_check(v, Path(file), games, progress=progress))
    return out
