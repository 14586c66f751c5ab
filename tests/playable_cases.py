"""Variant files for the property "a file that `rulespec check` accepts builds its page and
plays to the end with both agents; anything else is a located diagnostic" (issue 13),
and the judge of one file. Shared by ``test_playable_property.py`` (a few thousand
examples in the suite) and ``benchmarks/playable_soak.py`` (as many as you like, offline).

Files come from the shipped variants and house rules, edited the way a person edits
them: a statement swapped for the same topic's statement from another file, a number
changed, a statement added or taken out, a clause of one topic moved to the next; and,
less often, the token-level edits of ``test_fuzz.py``, which mostly give syntax errors.
"""

from __future__ import annotations

import re
import signal
from contextlib import contextmanager
from pathlib import Path

from hypothesis import strategies as st

import rulespec
from rulespec.rulebook import render_page
from rulespec.sim.runner import play_game

from test_fuzz import SEEDS, mutation

TOPIC = re.compile(r"^([a-zA-Z][a-zA-Z ']*):")


def statements(text: str) -> list[tuple[int, int, str | None]]:
    """``(first line, end line, topic)`` of every statement (a topic line and its
    indented continuation lines; comments and blank lines stay with the statement above)."""
    lines = text.splitlines(keepends=True)
    out: list[list] = []
    for i, line in enumerate(lines):
        if line[:1] in (" ", "\t") or not line.strip() or line.startswith("#"):
            if out:
                out[-1][1] = i + 1
            continue
        m = TOPIC.match(line)
        out.append([i, i + 1, m.group(1) if m else None])
    return [tuple(s) for s in out]


def _blocks() -> dict[str, list[str]]:
    """Every statement of every seed file, by topic."""
    pool: dict[str, list[str]] = {}
    for text, _folder, _name in SEEDS:
        lines = text.splitlines(keepends=True)
        for a, b, topic in statements(text):
            if topic:
                block = "".join(lines[a:b])
                block = block if block.endswith("\n") else block + "\n"
                if block not in pool.setdefault(topic, []):
                    pool[topic].append(block)
    return pool


BLOCKS = _blocks()
TOPICS = sorted(BLOCKS)
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
SMALL_NUMBERS = [*range(16), 20, 25, 30, 40, 51, 52, 80, 100, 101, 201]


@st.composite
def edit(draw, text: str) -> str:
    """One edit of ``text`` as a person makes it (see the module's docstring)."""
    lines = text.splitlines(keepends=True)
    stmts = [s for s in statements(text) if s[2] in BLOCKS]
    kinds = ["swap", "swap", "swap", "number", "number", "add", "remove", "token"]
    kind = draw(st.sampled_from(kinds))
    if kind == "token" or not stmts:
        return draw(mutation(text))
    if kind == "number":
        nums = list(NUMBER.finditer(text))
        if not nums:
            return text
        m = draw(st.sampled_from(nums))
        return text[:m.start()] + str(draw(st.sampled_from(SMALL_NUMBERS))) + text[m.end():]
    if kind == "add":
        block = draw(st.sampled_from(BLOCKS[draw(st.sampled_from(TOPICS))]))
        return "".join(lines) + ("" if text.endswith("\n") or not text else "\n") + block
    a, b, topic = draw(st.sampled_from(stmts))
    if kind == "remove":
        return "".join(lines[:a] + lines[b:])
    block = draw(st.sampled_from(BLOCKS[topic]))
    return "".join(lines[:a]) + block + "".join(lines[b:])


@st.composite
def edited(draw, max_edits: int = 3) -> tuple[str, Path, str]:
    """A seed file after one to ``max_edits`` edits: ``(text, its folder, its name)``."""
    text, folder, name = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, max_edits))):
        text = draw(edit(text))
    return text, folder, name


# ------------------------------------------------------------------ the judge

ACCEPTED, REJECTED = "accepted", "rejected"
#: per game: hands played (the game counts as finished after them), and seconds of wall
#: clock for each step (compiling, the page, each game); the games keep the runner's own
#: safety limits (MAX_HAND_ACTIONS, MAX_GAME_ACTIONS), and hitting one is a failure
HANDS, SECONDS = 2, 60


class Broken(AssertionError):
    """The invariant does not hold for a file: what broke, in words."""


@contextmanager
def time_limit(seconds: int, what: str):
    def stop(*_):
        raise Broken(f"{what} took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def judge(text: str, folder: Path, name: str, play: bool = True, seed: int = 0) -> str:
    """ACCEPTED when the file compiles, its page renders and (``play``) a random and a
    greedy game of it finish; REJECTED when it fails with located diagnostics. Raises
    :class:`Broken` otherwise."""
    try:
        with time_limit(SECONDS, "compiling"):
            variant = rulespec.compile_text(text, name=name, base_dir=folder)
    except rulespec.SpecError as e:
        errors = [d for d in e.diagnostics if d.is_error]
        located = all(d.code and d.line >= 1 and d.column >= 1 and d.message for d in errors)
        if not errors or not located:
            raise Broken(f"rejected without a located error: {e.diagnostics}") from None
        return REJECTED
    try:
        with time_limit(SECONDS, "rendering the page"):
            render_page(variant)
    except Broken:
        raise
    except Exception as e:
        raise Broken(f"the page does not build: {type(e).__name__}: {e}") from e
    if play:
        for agent in ("random", "greedy"):
            with time_limit(SECONDS, f"a {agent} game"):
                out = play_game(variant, seed=seed, agents=(agent,), max_hands=HANDS)
            if out.failure is not None:
                raise Broken(f"a {agent} game (seed {seed}): {out.failure}: {out.message}")
    return ACCEPTED
