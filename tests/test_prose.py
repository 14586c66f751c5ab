"""Page sentences a person would write, kept in templates (issue #16 item 7):
``rulebook/templates/prose/<section>.md.j2``, one macro per paragraph."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.rulebook import prose, render_page

from conftest import ROOT, VARIANTS

SECTIONS = ROOT / "rulespec" / "rulebook" / "sections"


def page(name: str) -> str:
    return render_page(rulespec.load(VARIANTS / f"{name}.rules"))


def test_every_paragraph_a_section_asks_for_is_a_macro_of_its_template():
    asked = {m.groups() for f in SECTIONS.glob("*.py")
             for m in re.finditer(r'prose\.say\("(\w+)", "(\w+)"', f.read_text(encoding="utf-8"))}
    assert asked
    for section, paragraph in asked:
        module = prose.environment().get_template(f"{section}.md.j2").module
        assert callable(getattr(module, paragraph, None)), (section, paragraph)


def test_a_paragraph_comes_out_as_one_line_whatever_the_template_layout():
    text = prose.say("ending", "game_end", team="player", best="highest", rounds=None,
                     target=100, elim=None, partners=True)
    assert text == ("The game ends when a player reaches 100 points or more. Then the player "
                    "with the highest total wins. Partners score together.")


@pytest.mark.parametrize("name", ["basic", "gin", "block"])
def test_the_object_says_when_the_game_ends_and_who_wins(name):
    text = page(name)
    assert "total when a player reaches" not in text
    assert ("The game ends when a player reaches 100 points, and the player with the highest "
            "total then wins.") in text


@pytest.mark.parametrize("name", ["indian-pool-101", "indian-pool-201"])
def test_pool_pages_do_not_say_players_drop_out(name):
    """A drop is a move in Indian rummy; a player past the pool's limit is out of the game."""
    text = page(name)
    assert "drop out" not in text
    assert re.search(r"whose total reaches \d+ points is out of the game", text)


def test_templates_are_where_the_module_says():
    assert Path(prose.TEMPLATES).is_dir() and any(Path(prose.TEMPLATES).glob("*.md.j2"))


@pytest.mark.parametrize("name", ["basic", "indian-points", "continental"])
def test_a_run_is_said_without_using_its_own_word(name):
    """Not "a **sequence** is three or more cards of the same suit in sequence"."""
    text = page(name)
    assert "of the same suit in sequence" not in text
    assert re.search(r"A \*\*\w+\*\* is [\w ]+ consecutive cards of the same suit\.", text)


def test_a_list_in_a_template_keeps_one_line_per_item():
    """A list item's lines are layout (one line each item), as in a paragraph; the melds
    section says its set and its run as the two items of one list."""
    assert prose._lines("- A **set** is three\n  cards.\n- A **run** is\n  three.") == (
        "- A **set** is three cards.\n- A **run** is three.")
    melds = page("gin").split("## Melds\n", 1)[1].split("\n\n")
    assert melds[1].startswith("- A **set**") and melds[1].count("\n") == 1  # two items


@pytest.mark.parametrize("name", ["basic", "continental", "indian-points"])
def test_a_refused_example_says_why_in_one_clause(name):
    """Not "✘ not a meld: only two cards: a set needs at least three"."""
    rows = [r for r in re.findall(r"\| ✘ ([^|]*) \|", page(name)) if "show" not in r]
    assert rows
    assert not any(":" in r or r.startswith("not a meld") for r in rows), rows


@pytest.mark.parametrize("name", ["basic", "gin", "indian-points", "push", "oklahoma-gin",
                                  "rummy500"])
def test_a_worked_example_does_not_talk_about_the_code(name):
    text = page(name)
    assert "**A worked example.**" in text
    assert "meld code" not in text


@pytest.mark.parametrize("name", ["house/basic-ace-high", "house/gin-openspiel", "push"])
def test_the_overview_does_not_use_the_title_as_its_subject(name):
    """Not "Basic Rummy: ace high or low is a game for two to six players."."""
    v = rulespec.load(VARIANTS / f"{name}.rules")
    overview = render_page(v).split("## Overview")[1].split("## ")[0]
    assert f"{v.name} is a game" not in overview
    assert re.search(r"This is a game for [\w ]+ players?\.", overview)


def test_a_change_of_stock_scoring_reads_as_a_sentence():
    """Not "A hand that ends with the stock: the lowest hand scores the differences
    instead of is scored as usual" (``rulespec diff``)."""
    from rulespec.rulebook import diff
    lines = [str(c) for c in diff.changes(rulespec.load(VARIANTS / "basic.rules").ir,
                                         rulespec.load(VARIANTS / "block.rules").ir)]
    assert ("Scoring when the stock ends the hand: the lowest hand scores the differences "
            "instead of as usual") in lines
    assert not any("instead of is " in line for line in lines)


@pytest.mark.parametrize("name, unit", [("continental", "round"), ("push", "round"),
                                        ("wrotham", "round"), ("gin", "hand"),
                                        ("basic", "hand"), ("indian-points", "hand"),
                                        ("indian-pool-101", "hand")])
def test_a_page_calls_a_deal_played_out_by_one_word(name, unit):
    """A round where rules go by round, else a hand; never "deals" for the same thing."""
    text = page(name)
    said = f"after each {unit}(, which is the whole game,)? the deal passes"
    assert re.search(said, text.lower())
    assert not re.search(r"\b(\w+ deals(?<!dealer deals)(?<!card deals)|single deal|same deal|"
                         r"that deal|for the deal)\b", text), name
    other = {"round": "hand", "hand": "round"}[unit]
    assert not re.search(rf"(after each|a game is \w+|single|same) {other}", text, re.IGNORECASE)


def test_the_deck_is_not_counted_twice():
    """Not "one standard pack of 52 cards, without jokers: 52 cards in all"."""
    assert "It is played with one standard pack of 52 cards, without jokers.\n" in page("gin")
    assert "with one joker each: 106 cards in all." in page("indian-points")


@pytest.mark.parametrize("name", ["continental", "push", "wrotham"])
def test_a_page_of_rounds_ends_rounds_not_hands(name):
    """The sections write "the hand ends"; a page whose rules go by round says round,
    while "the cards left in their hand" (the cards held) stays."""
    text = page(name)
    assert "## Ending a round" in text and "## Ending a hand" not in text
    body = text.split("## Rules the interpreter does not enforce")[0]
    assert not re.search(r"(the|a) hand ends|of the hand|for the hand", body)
    assert "left in their hand" in body


def test_the_sources_own_text_is_kept_as_written():
    """Rules under `not enforced:` are the source's words, not the page's."""
    assert "when a hand ends, a missing card costs 10 points" in page("continental")


@pytest.mark.parametrize("path", sorted(VARIANTS.rglob("*.rules")), ids=lambda p: p.stem)
def test_the_ace_examples_follow_the_aces_rule_even_with_wild_twos(path):
    """The page's ace-low example (A-2-3… of one suit) is a run wherever aces may be low:
    with wild twos the two stands as itself (California and Continental with deuces wild
    once said "ace low: not a run" under "an ace may be used low or high")."""
    v = rulespec.load(path)
    if v.ruleset.melds.run is None or v.ruleset.aces.mode not in ("low", "either"):
        pytest.skip("no runs, or aces are never low")
    text = render_page(v)
    low = "| 1 low:" if v.ruleset.deck.tiles else "| ace low:"  # a tile's ace is its 1
    rows = [line for line in text.splitlines() if line.endswith("|") and low in line]
    assert rows, "the page shows no ace-low example"
    assert all("not a" not in row for row in rows), rows


@pytest.mark.parametrize("path", ["rummy500", "house/basic-meld-the-discard"])
def test_the_discard_step_does_not_offer_a_card_that_is_already_on_the_table(path):
    """Where the card taken from the pile must be melded at once, it cannot be the discard;
    in 500 Rum the cards taken from above it can."""
    discard = next(line for line in page(path).splitlines() if "**Discard**" in line)
    assert "the card you just took" not in discard
    assert "You may not discard the card you took" not in discard
    assert ("cards you took from above" in discard) == (path == "rummy500")


@pytest.mark.parametrize("clause, said", [("with deadwood under 20", "less than 20 points"),
                                          ("with deadwood at most 7", "7 points or less"),
                                          ("with deadwood at most 14", "less than 15 points")])
def test_a_knock_limit_reads_as_a_card_player_says_it(clause, said):
    """`under 20` is not printed "19 or less"; an odd limit keeps "or less"."""
    text = f'variant "House"\nextends "gin"\nknock: {clause}\n'
    knocking = next(line for line in render_page(rulespec.compile_text(
        text, name="house.rules", base_dir=VARIANTS)).splitlines() if "**Knocking.**" in line)
    assert f"is {said}, you may knock" in knocking


def test_the_gin_page_says_gin_cannot_be_undercut():
    """The source: 'undercut is impossible, since there is no value lower than 0'; the
    engine never lets a defender beat gin (engine/settlement.knock)."""
    assert "goes gin scores the opponent's deadwood plus a bonus of 30 points, and cannot be " \
           "undercut." in page("gin")


def test_a_void_hand_of_a_one_deal_game_ends_the_game_and_is_not_dealt_again():
    """OpenSpiel's Gin is one deal (`game: 1 deal`): the engine ends the game after a void
    hand with every total at 0, so the page may not promise another deal."""
    stock = next(line for line in page("house/gin-openspiel").splitlines()
                 if line.startswith("**The stock.**"))
    assert "dealt again" not in stock
    assert "the game, a single hand, ends in a draw" in stock


def test_a_knock_game_without_gin_never_speaks_of_gin(tmp_path):
    """Without a ``gin:`` rule a knock with no deadwood is an ordinary knock in the engine
    (engine/mechanics/knocking.py: gin needs ``ruleset.gin``), so the page has no gin."""
    text = (VARIANTS / "knock-rummy.rules").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.startswith(("gin:", "terms:"))
             and "gin = opponent" not in ln]
    path = tmp_path / "knock-only.rules"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    variant = rulespec.load(path)
    assert variant.ir["knock"] is not None and variant.ir["gin"] is None
    assert not re.search(r"\bgin\b", render_page(variant), re.I)
    assert re.search(r"\bgoes rummy\b", page("knock-rummy"))  # gin, called rummy there
