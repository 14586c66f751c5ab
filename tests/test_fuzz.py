"""Fuzzing the compiler with mutated variant files.

Every seed variant and house rule is mutated (lines deleted, duplicated, swapped; tokens
deleted, duplicated, swapped or replaced by random words, numbers and cards; random bytes
and unicode inserted; the text cut short) and compiled. Whatever the text, the compiler
must either return a Variant or raise SpecError whose diagnostics are all well formed:
never another exception, never a diagnostic without a place to point at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.language.parser import TOPICS

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
GRAMMAR = ROOT / "grammars" / "rulespec.lark"

# (text, the folder its `extends` is looked up from, a display name)
SEEDS = [(p.read_text(encoding="utf-8"), p.parent, p.relative_to(ROOT).as_posix())
         for p in sorted(VARIANTS.rglob("*.rules"))]
HOUSE_SEEDS = [s for s in SEEDS if "extends" in s[0]]

# Every keyword of the language, so that replacements often produce near-valid text.
KEYWORDS = sorted(set(re.findall(r'"([^"\\]+)"', GRAMMAR.read_text(encoding="utf-8"))) | set(TOPICS))
NUMBERS = ["0", "1", "2", "3", "4", "7", "10", "13", "14", "40", "51", "52", "99", "100", "101", "1000",
           "10001", "100001", "999999999999999999999999", "-1", "3.5", "one", "fifteen", "zero", "2-1",
           "3+", "0-0", "12-3", "1-100"]
CARDS = ["A", "K", "Q", "J", "T", "10", "2s", "aces", "deuces", "7S", "TD", "10♦", "AH", "JK", "1X", "0S",
         "11H", "Q♠", "red", "black", "jokers", "wild", "pips", "face value"]
ODD = ["", ";", ":", ",", "=", "+", "-", "#", '"', '"unclosed', '"A Name"', "\t", "\n", "\n  ", "\r\n",
       "\r", "\x00", "\x0b", "\x0c", "\u2028", "\ufeff", "é", "ß", "€", "♠♥♦♣", "🂡", "ａｃｅｓ", "\u0301",
       "\U0010ffff", "\ud7ff", "'", "’s", "<=", "<", "round 1:", "variant", "extends", "extends \"gin\"",
       "extends \"basic\"", "extends \"nope\"", "extends \"house/gin-openspiel\"", "extends \"../x\""]
REPLACEMENTS = st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(NUMBERS), st.sampled_from(CARDS),
                         st.sampled_from(ODD), st.text(max_size=8),
                         st.from_regex(r"[A-Za-z][a-z]{0,9}", fullmatch=True))
TOKEN = re.compile(r"[^\s;,:=]+|[;,:=]")


def _tokens(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in TOKEN.finditer(text)]


@st.composite
def mutation(draw, text: str) -> str:
    """One random edit of ``text``."""
    kind = draw(st.sampled_from([
        "delete line", "duplicate line", "swap lines", "delete token", "duplicate token", "swap tokens",
        "replace token", "insert", "insert bytes", "truncate",
    ]))
    lines = text.splitlines(keepends=True)
    if kind.endswith("line") or kind.endswith("lines"):
        if not lines:
            return text
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "delete line":
            del lines[i]
        elif kind == "duplicate line":
            lines.insert(draw(st.integers(0, len(lines))), lines[i])
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    toks = _tokens(text)
    if kind.endswith("token") or kind == "swap tokens":
        if not toks:
            return text
        a, b = toks[draw(st.integers(0, len(toks) - 1))]
        if kind == "delete token":
            return text[:a] + text[b:]
        if kind == "duplicate token":
            return text[:b] + " " + text[a:b] + text[b:]
        if kind == "replace token":
            return text[:a] + draw(REPLACEMENTS) + text[b:]
        c, d = toks[draw(st.integers(0, len(toks) - 1))]
        if (a, b) > (c, d):
            (a, b), (c, d) = (c, d), (a, b)
        if b > c:
            return text
        return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
    pos = draw(st.integers(0, len(text)))
    if kind == "insert":
        return text[:pos] + draw(REPLACEMENTS) + text[pos:]
    if kind == "insert bytes":
        raw = draw(st.binary(min_size=1, max_size=6))
        return text[:pos] + raw.decode("utf-8", errors="replace") + raw.decode("latin-1") + text[pos:]
    return text[:pos]  # truncate


@st.composite
def mutated(draw, seeds=SEEDS, max_edits: int = 3) -> tuple[str, Path, str]:
    text, folder, name = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, max_edits))):
        text = draw(mutation(text))
    return text, folder, name


def assert_clean_outcome(text: str, folder: Path, name: str) -> None:
    """A Variant, or a SpecError whose every diagnostic has a code and a place; nothing else."""
    try:
        variant = rulespec.compile_text(text, name=name, base_dir=folder)
    except rulespec.SpecError as e:
        assert e.diagnostics, "a SpecError must carry at least one diagnostic"
        assert any(d.is_error for d in e.diagnostics), "a SpecError needs at least one error, not only warnings"
        for d in e.diagnostics:
            assert isinstance(d, rulespec.Diagnostic)
            assert re.fullmatch(r"[EW]\d{3}", d.code or ""), d
            assert isinstance(d.line, int) and d.line >= 1, d
            assert isinstance(d.column, int) and d.column >= 1, d
            assert d.message, d
            d.format()  # formatting never fails
        return
    assert isinstance(variant, rulespec.Variant)
    for d in variant.warnings:
        assert d.code.startswith("W") and d.line >= 1 and d.column >= 1, d


FUZZ = settings(max_examples=800, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


@pytest.mark.parametrize("text,folder,name", SEEDS, ids=[s[2] for s in SEEDS])
def test_every_seed_variant_compiles_before_it_is_mutated(text, folder, name):
    """The fuzzing starts from valid text, or it only ever tests the first syntax error."""
    rulespec.compile_text(text, name=name, base_dir=folder)


@pytest.mark.slow
@FUZZ
@given(mutated(max_edits=1))
def test_one_edit_of_a_variant_gives_a_variant_or_clean_diagnostics(case):
    assert_clean_outcome(*case)


@pytest.mark.slow
@settings(FUZZ, max_examples=1000)
@given(mutated(max_edits=4))
def test_several_edits_of_a_variant_give_a_variant_or_clean_diagnostics(case):
    assert_clean_outcome(*case)


@pytest.mark.slow
@settings(FUZZ, max_examples=400)
@given(mutated(HOUSE_SEEDS, max_edits=2))
def test_edited_house_rules_resolve_their_parents_or_give_clean_diagnostics(case):
    """House rules exercise `extends` and the overlay (W302, E305, E307) with the real parents."""
    assert_clean_outcome(*case)


@pytest.mark.slow
@settings(FUZZ, max_examples=250)
@given(st.text(max_size=200))
def test_arbitrary_text_gives_clean_diagnostics(text):
    assert_clean_outcome(text, VARIANTS, "random.rules")


def test_a_number_too_long_for_python_int_gives_a_diagnostic():
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8").replace("players: 2-6", "players: 2-" + "9" * 5000)
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text, name="basic.rules", base_dir=VARIANTS)
    assert e.value.diagnostics[0].line == 6
