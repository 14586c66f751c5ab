"""The language reference (docs/language.md) keeps up with the grammar: every clause of
the grammar is documented, and every example on the page is real rulespec."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.language.parser import parse_tree

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
GRAMMAR = (ROOT / "grammars" / "rulespec.lark").read_text(encoding="utf-8")

#: `from variants/x.rules`): `topic: clause; clause`
QUOTED = re.findall(r"\(from `(variants/[^`]+)`\): `([^`]+)`", PAGE)
#: every `topic: …` statement in an example line
EXAMPLES = sorted({m for line in re.findall(r"Example[^\n]*", PAGE) for m in re.findall(r"`([^`]+)`", line)
                   if re.match(r"[a-zA-Z ]+:", m) and not m.startswith("variants/")})


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("alias", sorted(set(re.findall(r"->\s*(\w+)", GRAMMAR))))
def test_every_clause_of_the_grammar_is_documented(alias):
    assert f"`{alias}`" in PAGE, f"grammar rule {alias} is not described in docs/language.md"


def test_the_page_has_examples_to_check():
    assert len(EXAMPLES) > 100 and len(QUOTED) > 100


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_example_parses(example):
    parse_tree(f'variant "Example"\n{example}\n', "example.rules")


@pytest.mark.parametrize("file,example", QUOTED, ids=[f"{f}:{e[:40]}" for f, e in QUOTED])
def test_every_quoted_example_is_in_the_file_it_names(file, example):
    source = _words(re.sub(r"#[^\n]*", "", (ROOT / file).read_text(encoding="utf-8")))
    _topic, _, body = example.partition(":")
    for clause in body.split(";"):
        assert _words(clause) in source, f"{clause.strip()!r} is not in {file}"


def _section(title: str) -> str:
    start = PAGE.index(f"\n## {title}")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start:end if end > 0 else None]


def test_the_limits_on_players_and_packs_are_the_schemas():
    """The page states the largest number of players and of packs; they are read from the
    schema here so the two cannot drift apart."""
    import json

    schema = json.loads((ROOT / "rulespec" / "language" / "schema.json").read_text(encoding="utf-8"))
    players = schema["properties"]["players"]["properties"]["max"]["maximum"]
    packs = schema["properties"]["deck"]["properties"]["packs"]["items"]["properties"]["packs"]["maximum"]
    assert f"at most {players} (more is E201)" in _words(_section("`players:`"))
    assert f"At most {packs} packs (more is E201)" in _words(_section("`deck:`"))
    assert f"at most {players} players, {packs} packs" in _words(_section("Diagnostics"))


# ------------------------------------------------------------------ the building blocks

#: the constructs of issue 15, each a section of "Building blocks" with its examples
CONSTRUCTS = ["Taking from the discard pile", "Cards that must be used at once", "Scoring by owner",
              "Settlement between players", "Knocking", "Game-level scoring", "Decks",
              "Melds by rank", "Cards that may not be melded", "Table manipulation", "Turn shapes", "Rules by round",
              "Rules by number of players", "Seating",
              "Special hands", "Bonus cards", "Vocabulary", "A second hand set aside"]
BLOCKS = dict(part.split("\n", 1) for part in _section("Building blocks").split("\n### ")[1:])
MADE_UP = [text for body in BLOCKS.values() for text in re.findall(r"```rules\n(.*?)```", body, re.S)]


def _game(file: str) -> str:
    """The game a shipped file plays: its own name, or its parent's for a house file."""
    text = (ROOT / file).read_text(encoding="utf-8")
    parent = re.search(r'^extends "([^"]+)"', text, re.M)
    return parent.group(1) if parent else Path(file).stem


def test_every_building_block_is_on_the_page_with_two_examples_from_different_games():
    assert list(BLOCKS) == CONSTRUCTS
    for name, body in BLOCKS.items():
        games = [_game(f) for f in re.findall(r"\(from `(variants/[^`]+)`\)", body)]
        games += re.findall(r'```rules\n[^`]*?^extends "([^"]+)"', body, re.M)
        assert len(set(games)) >= 2, f"{name}: examples from {games}"


@pytest.mark.parametrize("text", MADE_UP, ids=[t.splitlines()[0] for t in MADE_UP])
def test_every_made_up_example_of_a_building_block_compiles_without_a_warning(text):
    variant = rulespec.compile_text(text, name="example.rules", base_dir=ROOT / "variants")
    assert not variant.warnings, [w.message for w in variant.warnings]
