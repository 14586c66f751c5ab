"""Page defects and phrases from the session-14 trials (Conquian, Boathouse Rum, Persian
Rummy, written from the docs alone): a game for two players read as if three sat down,
going out by laying off where nobody may, and cards that carry no points."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.rulebook import render_page

from conftest import house, house_problems

#: a two-player stake game in the shape of the Conquian trial (pagat.com's two-player
#: Conquian), cut down to the rules these tests read
CONQUIAN = """variant "Conquian"
players: 2
deck:    1 pack without 8s, 9s and 10s, no jokers
aces:    low
values:  none
melds:   sets of 3-4 cards of the same rank
         runs of 3-8 cards in the same suit
deal:    10 cards each
seating: low card of the cut deals first
upcard:  none
draw:    from the stock or the discard pile
         card drawn must be melded or discarded
         card taken from the discard pile must be melded at once
lay off: onto own melds
going out: only without discard
stock:   hand ends; hand is void
scoring: winner collects
         a stake of 1 per hand
game:    1 deal; highest wins
"""


@pytest.fixture(scope="module")
def conquian():
    return rulespec.compile_text(CONQUIAN, name="conquian.rules")


def test_values_none_makes_every_card_worth_nothing(conquian):
    v = conquian.ruleset.values
    assert set(v.ranks) == {0} and v.joker == 0
    page = render_page(conquian)
    assert "Cards carry no points: each hand is played for the stake." in page
    assert "| Card | Value |" not in page


def test_values_none_without_a_stake_says_what_would_score():
    problems = house_problems("basic", "values: none")
    assert problems[0].code == "E347"
    assert "a stake of 1 per hand" in problems[0].hint


def test_two_players_take_turns_and_pass_the_deal_to_each_other(conquian):
    page = render_page(conquian)
    assert "The non-dealer starts, and the two players take turns." in page
    assert "the deal passes to the other player for the next game" in page
    assert "dealer's left" not in page and "clockwise" not in page


def test_the_worked_example_of_a_two_player_game_has_one_loser(conquian):
    page = render_page(conquian)
    example = next(p for p in page.split("\n\n") if p.startswith("**A worked example.**"))
    assert "the other is left with" in example and "another" not in example
    assert example.endswith("the player who went out scores 1 point.")
    gin_like = render_page(house("basic", "players: 2"))
    example = next(p for p in gin_like.split("\n\n") if p.startswith("**A worked example.**"))
    assert "the other is left with" in example and " + " not in example


def test_unmatched_cards_are_not_said_to_count_alone_when_none_is_matched():
    page = render_page(house("basic", "scoring: count unmatched cards"))
    example = next(p for p in page.split("\n\n") if p.startswith("**A worked example.**"))
    assert "only the unmatched" in example  # the first hand holds a run
    assert example.count("only the unmatched") == 1  # the second holds no meld


def test_going_out_is_by_melding_alone_where_nobody_lays_off():
    page = render_page(house("basic", "lay off: not allowed"))
    assert "You may go out by melding all your cards, or by discarding the last one." in page
    assert "laying off all your cards" not in page


def test_no_stalemate_is_said_or_played_where_hands_are_melded_whole():
    """Boathouse Rum: the table stays empty until a player goes out, so no hand can
    become too small for a meld."""
    v = house("basic", "melding: whole hand at once", "lay off: not allowed")
    assert not v.ruleset.stalemate_applies
    assert "nobody can finish" not in render_page(v)


def test_a_marker_on_the_opening_threshold_lands_on_its_sentence():
    """Rommé trial: the mark of `melds worth at least 40 (sources differ: …)` sat after
    "A wild card counts as the card it stands for.", a rule the file marked otherwise."""
    marked = "opening: melds worth at least 30   (sources differ: some say 40)"
    page = render_page(house("romme", marked))
    opening = page[page.index("## Opening"):page.index("## Ending a hand")]
    threshold, wild = opening.split("Until you have opened you may not lay off.")
    assert wild.startswith("<sup>1,2</sup> A wild card counts as the card it stands for."
                           "<sup>1</sup>")
    assert ("<sup>2</sup> The sources differ (some say 40); this is the rule chosen here."
            in opening)


def test_the_steps_that_play_to_the_table_come_in_any_order():
    page = render_page(rulespec.load("variants/romme.rules"))
    assert "3. **Lay off**" in page and "4. **Replace a wild card**" in page
    assert ("Steps 2 to 4 may come in any order, as often as the rules above allow, before the "
            "discard.") in page
    basic = render_page(rulespec.load("variants/basic.rules"))
    assert "Steps 2 and 3 may come in any order" in basic
    gin = render_page(rulespec.load("variants/gin.rules"))
    assert "may come in any order" not in gin


def test_going_rummy_under_penalty_points_doubles_the_others_penalties():
    page = render_page(rulespec.load("variants/romme.rules"))
    assert "goes rummy: every other player's penalty points for the hand are doubled." in page


# ---------------------------------------------------------------- Arlington (round D)

def test_scoring_by_owner_with_lay_offs_onto_own_melds_only():
    page = render_page(house("rummy500", "lay off: onto own melds"))
    assert "their own melds and the cards they laid off onto them, less" in page
    example = next(p for p in page.split("\n\n") if p.startswith("**A worked example.**"))
    assert "another player's" not in example and "onto their own" in example
    assert "onto anyone's melds" in render_page(rulespec.load("variants/rummy500.rules"))


def test_a_whole_pile_take_has_no_card_melded_from_under_others():
    whole = render_page(house("rummy500", "draw: take the whole discard pile"))
    assert "It may be one of the cards you took from above the one you melded." not in whole
    deep = render_page(rulespec.load("variants/rummy500.rules"))
    assert "It may be one of the cards you took from above the one you melded." in deep


def test_taking_several_discards_lets_a_hand_grow_so_no_stalemate_is_declared():
    """A hand of one card may take five discards and meld: the stalemate rule's proof
    (every hand too small for a meld) does not hold (Arlington trial); it holds only where
    no meld can be made of all the cards off the table (tests/test_whole_pile_only.py)."""
    v = rulespec.load("variants/rummy500.rules")
    assert not v.ruleset.hands_never_grow
    page = " ".join(render_page(v).split())
    assert "every hand has become too small" not in page


def test_a_default_the_file_leaves_unsaid_is_marked_where_the_file_marks_its_rules():
    """Zioncheck and Rommé trials: "It may be the card you just took from the discard pile"
    and "The claimer may not meld … until their next regular turn" read as the source's
    rules, though neither file said them."""
    text = CONQUIAN.replace('variant "Conquian"', 'variant "Marked"').replace(
        "players: 2", "players: 2-3   (source)").replace(
        "         card taken from the discard pile must be melded at once\n", "") + (
        "may i: 1 penalty card\n")
    page = render_page(rulespec.compile_text(text, name="marked.rules"))
    turn = page[page.index("## A turn"):page.index("## ", page.index("## A turn") + 3)]
    assert "It may be the card you just took from the discard pile.<sup>" in turn
    assert "until their next regular turn." in turn
    assert "The language's default: the rule file does not say it." in turn
    unmarked = render_page(rulespec.compile_text(text.replace("   (source)", ""),
                                                 name="plain.rules"))
    assert "The language's default" not in unmarked


def test_the_natural_card_a_meld_needs_is_marked_as_a_default_on_its_own_sentence():
    page = render_page(rulespec.load("variants/romme.rules"))
    cards = page[page.index("## The cards"):page.index("## ", page.index("## The cards") + 3)]
    assert "A meld needs at least one natural card.<sup>" in cards
    assert "The language's default: the rule file does not say it." in cards
    # where the file says it, it is the file's rule: no default marker
    said = render_page(house("romme", "wild: jokers; all-wild melds allowed"))
    assert "The language's default" not in said[said.index("## The cards"):said.index("## A turn")]
