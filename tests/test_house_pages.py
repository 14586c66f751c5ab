"""House-rule pages say what they change in words (issue 16, item 5): a lead paragraph in
sentences, built from the compiled differences (templates/lead.md.j2, changes.md.j2), then
the full rules with the passages that differ from the base game's page marked
(rulespec/rulebook/house.py), and one clause per house file on the base page."""

from __future__ import annotations

import itertools
import re

import pytest

from rulespec.language.compiler import compile_all
from rulespec.rulebook import diff
from rulespec.rulebook.build import output_name
from rulespec.rulebook.house import changed, mark_changes
from rulespec.rulebook.render import Page
from rulespec.rulebook.site import TEMPLATES, Entry, environment, render_pages, said

from conftest import VARIANTS, variant_files


@pytest.fixture(scope="module")
def entries() -> dict[str, Entry]:
    variants, _ = compile_all(variant_files())
    found = (Entry(output_name(VARIANTS, f).as_posix(), v) for f, v in variants.items())
    return {e.name: e for e in found}


@pytest.fixture(scope="module")
def pages(entries) -> dict[str, str]:
    return render_pages(list(entries.values()))


def lead(page: str) -> str:
    """The paragraph under the title."""
    return page.split("\n\n")[1]


# ---------------------------------------------------------------- the lead, against the rule files

# What each house file says it changes (its rules, quoted in the comment), and the words
# its page must open with.
LEADS = {
    # aces: high or low but not both / values: A = 15
    "house/basic-ace-high": ["In this version, aces may also be high (Q-K-A), but a run may not "
                             "turn the corner (K-A-2)",
                             "An ace counts 15 points instead of 1 point"],
    # knock: with deadwood 10 or less / gin = opponent deadwood + 25 / undercut = difference + 25
    "house/gin-tournament": ["you may knock with up to 10 points of deadwood instead of 9 points",
                             "An undercut earns a bonus of 25 points instead of 10 points",
                             "Gin earns a bonus of 25 points instead of 30 points"],
    # deal: 10 cards each
    "house/push-ten-cards": ["each player is dealt ten cards in every round instead of six in "
                             "round one"],
    # going out: only with final discard
    "house/basic-last-discard": ["you go out only with a final discard",
                                 "so you cannot go out by melding or laying off your last card"],
    # scoring: going rummy = +10
    "house/basic-rummy-bonus-10": ["earns a bonus of 10 points instead of doubling the score"],
    # scoring: losers score penalty points / game: lowest wins
    "house/basic-penalty-100": ["each loser scores the value of the cards left in their own hand "
                                "as penalty points", "The player with the lowest total wins, not "
                                "the one with the highest total"],
}


@pytest.mark.parametrize("name", sorted(LEADS))
def test_a_house_page_opens_with_what_its_rule_file_changes_in_sentences(name, pages):
    text = lead(pages[name])
    assert text.startswith("These are house rules for [")
    for words in LEADS[name]:
        assert words in text, (name, text)


@pytest.mark.parametrize("name", sorted(LEADS))
def test_the_lead_has_no_machine_lines(name, pages):
    """Not "Aces: high or low instead of low" nor a list of them."""
    text = lead(pages[name])
    assert "\n- " not in text and not re.search(r"[A-Z][a-z ]+: [^.]* instead of", text), text


def test_the_lead_says_every_change_the_comparison_finds(entries, pages):
    gin, openspiel = entries["gin"], entries["house/gin-openspiel"]
    sentences = lead(pages["house/gin-openspiel"]).split(". ")
    assert len(sentences) == len(said(gin, openspiel)) + 1  # the link to the base game first


def test_the_base_page_gives_each_house_file_one_clause(pages):
    lines = [line for line in pages["basic"].splitlines() if line.startswith("- [Basic Rummy: ")]
    assert len(lines) == 11  # basic-two-winner-deals: a rule by number of players
    assert ("- [Basic Rummy: ace high or low](house/basic-ace-high.md): aces may also be high "
            "(Q-K-A), but a run may not turn the corner (K-A-2); an ace counts 15 points.") in lines
    assert ("- [Basic Rummy: last discard](house/basic-last-discard.md): you go out only with a "
            "final discard.") in lines
    assert all(" instead of " not in line for line in lines), lines
    openspiel = next(line for line in pages["gin"].splitlines() if "gin-openspiel" in line)
    assert openspiel.endswith("; and eleven more changes.")  # the first dealer among them


# ---------------------------------------------------------------- the marked passages


def test_a_house_page_marks_what_differs_from_its_base_page(pages):
    page = pages["house/basic-ace-high"]
    assert ("<mark>An ace may be used low or high in a run, but not both at once: it may not join "
            "a king to a two.</mark>") in page
    assert "| A | <mark>15 points</mark> |" in page  # the cell that changed, not its row
    assert "| 2 to 9 | the number on the card |" in page
    deal, turn = (page.split(f"## {a}")[1].split("## ")[0] for a in ("The deal", "A turn"))
    assert "<mark>" not in deal + turn
    overview = page.split("## Overview")[1].split("## ")[0]
    assert "<mark>" not in overview  # "Basic Rummy: ace high or low is a game for …": titles aside


def test_unchanged_house_rules_mark_nothing_and_a_base_page_is_not_marked(pages):
    assert "<mark>" not in pages["basic"] and "<mark>" not in pages["gin"]
    # the lead's "marked like this" and the one rule
    assert pages["house/basic-layoff-after-meld"].count("<mark>") == 2


def _page(title, *sections):
    return Page(title, None, [(key, key.title(), list(blocks)) for key, blocks in sections])


def test_marking_compares_sentences_rows_and_cells_section_by_section():
    head = "| Card | Value |\n| --- | --- |\n"
    base = _page("Base", ("turn", ["1. **Draw** one card. Then meld.", "Base is fun."]),
                 ("scoring", [head + "| A | 1 point |\n| K | 10 points |"]))
    house = _page("Base: house",
                  ("turn", ["1. **Draw** two cards. Then meld.", "Base: house is fun."]),
                  ("scoring", [head + "| A | 15 points |\n| K | 10 points |\n| JK | 50 points |"]),
                  ("end", ["Then meld."]))
    marked = mark_changes(house, base)
    turn, scoring, end = (blocks for _, _, blocks in marked.sections)
    assert turn == ["1. <mark>**Draw** two cards.</mark> Then meld.", "Base: house is fun."]
    assert scoring[0].splitlines()[2:] == ["| A | <mark>15 points</mark> |", "| K | 10 points |",
                                           "| <mark>JK</mark> | <mark>50 points</mark> |"]
    assert end == ["<mark>Then meld.</mark>"]  # a section the base page does not have
    assert changed(marked) == ["**Draw** two cards.", "15 points", "JK", "50 points",
                               "Then meld."]


# ---------------------------------------------------------------- the templates


def test_every_label_the_template_words_is_a_fact_of_the_comparison(entries):
    """A label renamed in diff.py would silently fall back to the generic sentence."""
    labels = set().union(*(diff.facts(e.ir) for e in entries.values()))
    text = (TEMPLATES / "changes.md.j2").read_text(encoding="utf-8")
    named = set(re.findall(r'r == "([^"]+)"', text))
    prefixes = re.findall(r'r\.startswith\("([^"]+)"\)', text)
    assert named and named <= labels, sorted(named - labels)
    assert all(any(label.startswith(p) for label in labels) for p in prefixes)
    unworded = [label for label in labels if label not in named
                and not label.startswith(tuple(prefixes)) and not label.endswith(" called")]
    assert not unworded


def test_every_pair_of_variants_is_said_in_sentences(entries):
    """Any variant may extend any other: every comparison renders, in words, with no
    value the page does not print ("—", None), no "instead of:", and no rule the new
    version no longer has ("opening values: none instead of as for scoring")."""
    lead_of = environment().get_template("lead.md.j2").module.lead
    for a, b in itertools.permutations(entries.values(), 2):
        text = lead_of(said(a, b), a.ir, b.ir, a.title, "x.md", True)
        bad = [w for w in ("—", "None", "instead of:", "none instead of") if w in text]
        assert not bad, (a.name, b.name, bad)

