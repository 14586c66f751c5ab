"""Hints name only what the player probably meant, in words (issue 12 item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.language.diagnostics import suggest

GIN = (Path(__file__).resolve().parent.parent / "variants" / "gin.rules").read_text(encoding="utf-8")


def diagnostics(text: str) -> list:
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text, "x.rules")
    return e.value.diagnostics


def test_ropes_is_not_taken_for_groups():
    """`groups` shares letters with `ropes` but means sets: no hint may offer it."""
    d = diagnostics(GIN.replace("runs of 3+ cards", "ropes of 3+ cards"))[0]
    assert d.code == "E101" and "did you mean" not in (d.hint or "")  # it lists what may come instead


@pytest.mark.parametrize("word,choices,meant", [
    ("ropes", ["groups", "runs", "sets"], None),
    ("higest", ["highest", "lowest"], "highest"),
    ("lwo", ["low", "high"], "low"),
    ("Lów", ["low"], "low"),
    ("scores", ["scoring", "stock"], "scoring"),
    ("gni", ["gin", "basic"], "gin"),
    ("of", ["off", "or"], "off"),
    ("seqences", ["sequences", "sets"], "sequences"),
    ("sets", ["seats", "runs"], "seats"),
    ("rope", ["group", "run"], None),
])
def test_a_hint_offers_a_slip_of_the_pen_not_a_word_of_another_meaning(word, choices, meant):
    assert suggest(word, choices) == meant


def test_a_meld_word_without_quotes_is_the_pages_word_too():
    v = rulespec.compile_text(GIN + "terms: sets are called books\n", name="x.rules")
    assert v.ir["terms"]["set"] == "book"


def test_a_term_of_the_wrong_kind_never_hints_at_a_word_that_fails_again():
    d = diagnostics(GIN + "terms: runs are called groups\n")[0]
    assert d.code == "E152" and d.hint == "a run can be called `run`, `sequence` or `straight`"


@pytest.mark.parametrize("limit", ["under 99", "under 200", "at most 500"])
def test_a_knock_at_any_count_is_accepted_however_it_is_written(limit):
    text = GIN.replace("with deadwood under 10", f"with deadwood {limit}")
    v = rulespec.compile_text(text, "x.rules")
    game = rulespec.new_game(v, players=2, seed=3)
    while game.is_chance():
        game.apply_chance()
    if "draw stock" not in map(str, game.legal_actions()):  # the upcard offer first
        game.apply(next(a for a in game.legal_actions() if str(a).startswith("pass")))
        game.apply(next(a for a in game.legal_actions() if str(a).startswith("pass")))
    while game.is_chance():
        game.apply_chance()
    game.apply("draw stock")
    while game.is_chance():
        game.apply_chance()
    assert any(str(a).startswith("knock") for a in game.legal_actions())  # any hand may knock


def test_a_name_given_twice_is_said_in_words_not_as_a_python_list():
    d = diagnostics(GIN.replace("offered to the non-dealer, then the dealer", "offered to the dealer, then the dealer"))[0]
    assert d.code == "E201" and d.message == "the upcard offer names `dealer` twice" and d.hint == "name each one once"


def test_an_expected_phrase_is_said_in_words_not_as_a_pattern():
    """A trial saw ``wild\\s+cards`` in a hint: the lexer's pattern, not the words."""
    d = diagnostics(GIN.replace("J Q K = 10", "J Q K = 10; bogus"))[0]
    assert "`wild cards`" in d.hint and "\\s" not in d.hint
