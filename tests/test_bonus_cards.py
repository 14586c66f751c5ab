"""Bonus cards (``bonus cards: red 3s; each scores 100; all 4 score 800; count against a
side that has not melded``): laid out at once, replaced from the stock, scored for the side.

Source (Canasta, pagat.com/rummy/canasta.html, as the new-user trial of Canasta read it,
/work/trials11/canasta.rules): "a player dealt or drawing a red three lays it face up at
once and draws a replacement; each scores 100 for the side (800 for all four), or counts
minus if the side has not melded." Found missing by that trial (its `not enforced:` list)."""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.invariants import check_invariants, problems
from rulespec.engine.phases import Ending
from rulespec.engine.scoring import bonus_points, score_hand
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.rulebook.prose import changed

from conftest import house, house_problems, random_walk

RED_THREES = ("bonus cards: red 3s; each scores 100; all 4 score 800",
              "             count against a player that has not melded")
#: a side game: four players in two teams, two packs (four red threes)
SIDES = ("players: 4", "partners: 2 teams of 2", "deck: 2 packs, no jokers",
         "bonus cards: red 3s; each scores 100; all 4 score 800",
         "             count against a side that has not melded")

C = rulespec.parse_cards


@pytest.fixture(scope="module")
def solo():
    return house("rummy500", *RED_THREES)


@pytest.fixture(scope="module")
def sides():
    return house("rummy500", *SIDES)


def test_the_phrases_set_the_bonus(solo):
    b = solo.ruleset.bonus
    assert b.cards == ("3H", "3D") and b.each == 100 and b.against_unmelded
    assert (b.many.count, b.many.value) == (4, 800)
    other = house("rummy500", "bonus cards: 3S 3C QH; each counts 50; 2 or more score 300 in all")
    assert other.ruleset.bonus.cards == ("3S", "3C", "QH")
    assert (other.ruleset.bonus.many.count, other.ruleset.bonus.many.value) == (2, 300)
    assert not other.ruleset.bonus.against_unmelded
    assert house("rummy500", "bonus cards: 5s; each scores 5").ruleset.bonus.cards == (
        "5S", "5H", "5D", "5C")
    assert rulespec.load("variants/rummy500.rules").ruleset.bonus is None


def test_a_red_three_dealt_is_laid_out_and_replaced_after_the_deal(solo):
    hand = "3H 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D"
    deck = stacked_deck(solo, 2, hands=[hand, None], upcard="JC", stock=["9C", "10C"])
    g = new_game(solo, players=2, deck=deck).deal_on()
    assert g.bonus[0] == C("3H") and g.bonus[1] == []
    assert sorted(g.hands[0]) == sorted(C(hand.replace("3H", "9C")))  # the next stock card
    assert g.discards == C("JC") and g.dealt == [13, 13]
    assert g.observation(1).bonus == (tuple(C("3H")), ())  # public
    assert "bonus cards: seat 0 3H" in str(g.observation(1))
    check_invariants(g)


def test_a_replacement_that_is_a_red_three_is_replaced_too(solo):
    hand = "3H 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D"
    deck = stacked_deck(solo, 2, hands=[hand, None], upcard="JC", stock=["3D", "9C"])
    g = new_game(solo, players=2, deck=deck).deal_on()
    assert sorted(g.bonus[0]) == sorted(C("3H 3D"))
    assert C("9C")[0] in g.hands[0] and len(g.hands[0]) == 13
    check_invariants(g)


def test_two_red_threes_drawn_in_a_row_are_laid_out_and_the_third_card_kept(solo):
    deck = stacked_deck(solo, 2, hands=[None, None], upcard="JC", stock=["3H", "3D", "9C"])
    g = new_game(solo, players=2, deck=deck, seed=1).deal_on()
    p = g.current_player()
    before = len(g.hands[p])
    g.play("draw stock").deal_on()
    assert sorted(g.bonus[p]) == sorted(C("3H 3D"))
    assert len(g.hands[p]) == before + 1 and g.drawn_card == C("9C")[0]
    assert g.history[-4:] == ["draw stock", "draw 3H", "draw 3D", "draw 9C"]
    check_invariants(g)
    # the record replays to the same game
    again = new_game(solo, players=2, deck=deck, seed=1)
    for a in g.history:
        again.apply(a)
    assert again.state_dict() == g.state_dict()


def test_a_red_three_turned_up_stays_under_the_next_upcard_and_is_laid_out_when_taken():
    v = house("rummy500",
              "draw: take the whole discard pile; top card taken must be melded at once",
              "bonus cards: red 3s; each scores 100")
    deck = stacked_deck(v, 2, hands=["JS JH 4S 5S 6S 7S 8S KD KH KC QD QH 2D", None],
                        upcard="3H", stock=["JC"])
    g = new_game(v, players=2, deck=deck, seed=1).deal_on()
    assert g.discards == C("3H JC") and g.bonus == [[], []]
    g.play("draw 2 discards to 3H")  # the whole pile: its top card (JC) is melded at once
    assert g.bonus[0] == C("3H") and C("3H")[0] not in g.hands[0] and len(g.hands[0]) == 14
    g.play("meld JS JH JC")
    assert not problems(g)


def test_a_red_three_under_a_frozen_pile_is_laid_out_when_the_pile_joins_the_hand():
    """Found by the Bolivia trial (trials15): a red-three upcard under a pile taken frozen,
    with a natural pair, went into the hand once the pair's meld was down."""
    v = house("rummy500", "wild: 2s",
              "draw: take only the whole discard pile; top card taken must be melded at once",
              "draw: discard pile frozen before opening",
              "draw: frozen discard pile taken only with a natural pair",
              "bonus cards: red 3s; each scores 100")
    deck = stacked_deck(v, 2, hands=["JS JH 4S 5S 6S 7S 8S KD KH KC QD QH 9D", None],
                        upcard="3H", stock=["JC"])
    g = new_game(v, players=2, deck=deck, seed=1).deal_on()
    assert g.discards == C("3H JC")
    g.play("draw 2 discards to 3H")  # frozen (nobody has opened): the natural pair JS JH
    assert g.discards == C("3H")  # held back until the pair's meld is down
    g.play("meld JS JH JC")
    assert g.bonus[0] == C("3H") and C("3H")[0] not in g.hands[0] and not g.discards
    assert not problems(g)


def test_a_deep_take_whose_owed_card_is_a_bonus_card_is_not_offered(solo):
    deck = stacked_deck(solo, 2, hands=[None, None], upcard="3H", stock=["JC"])
    g = new_game(solo, players=2, deck=deck, seed=1).deal_on()
    assert g.discards == C("3H JC")  # 500 Rum: the deepest card taken must be melded at once
    assert "draw 2 discards to 3H" not in g.legal_strings()


def test_a_red_three_drawn_as_the_last_card_ends_the_hand_as_the_stock_rules_say(solo):
    """500 Rum's `stock: hand ends`: no replacement is left, so the hand ends there (pagat's
    Canasta: "if the last card of the stock is a red three, the hand ends"); seat 0 has not
    melded, so its red three counts against it."""
    deck = stacked_deck(solo, 2, hands=["4S 5S 6S 7S 8S KD KH KC QD QH QC 2D 2H",
                                        "4H 5H 6H 7H 8H 9H 10H JH 4D 5D 6D 7D 8D"],
                        upcard="JC", stock=["3D"])
    g = new_game(solo, players=2, deck=deck, seed=1).deal_on()
    g.out, g.stock = g.stock[:-1], g.stock[-1:]  # the rest of the stock out of play
    assert not problems(g)
    g.play("draw stock").deal_on()
    (r,) = g.results
    assert r.reason is Ending.STOCK_EXHAUSTED and r.details["bonus cards"] == (-100, 0)
    assert g.round == 2 and not problems(g)


def _scored(g, bonus: list, melded: list):
    g.bonus = [C(b) for b in bonus]
    g.melded = list(melded)
    return score_hand(g, Ending.STOCK_EXHAUSTED)


def test_one_red_three_scores_100_for_a_side_that_has_melded(sides):
    g = new_game(sides, seed=3).deal_on()
    res = _scored(g, ["3H", "", "", ""], [True, False, False, True])
    assert res.details["bonus cards"] == (100, 0, 0, 0)
    assert bonus_points(g) == [100, 0, 0, 0]


def test_all_four_red_threes_score_800_for_the_side(sides):
    g = new_game(sides, seed=3).deal_on()
    res = _scored(g, ["3H 3D", "", "3H 3D", ""], [False, False, True, True])
    assert res.details["bonus cards"] == (600, 0, 200, 0)  # the side: 800
    assert res.team_scores[0] - _scored(g, ["", "", "", ""], [False, False, True, True]
                                        ).team_scores[0] == 800


def test_red_threes_count_against_a_side_that_has_melded_nothing(sides):
    g = new_game(sides, seed=3).deal_on()
    res = _scored(g, ["3H", "3D", "", "3H"], [False, False, True, False])
    # side 0 (seats 0, 2) melded: +100; side 1 (seats 1, 3) melded nothing: -200
    assert res.details["bonus cards"] == (100, -100, 0, -100)
    assert sum(res.details["bonus cards"][1::2]) == -200


def test_a_hand_played_out_scores_the_red_three(solo):
    """Seat 0 is dealt a red three and goes out at once: its table points, plus 100."""
    hand = "3H 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D"
    deck = stacked_deck(solo, 2, hands=[hand, None], upcard="JC", stock=["9S", "10S"])
    g = new_game(solo, players=2, deck=deck).deal_on()
    assert sorted(g.hands[0]) == sorted(C("9S 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D"))
    g.play("draw stock").deal_on()
    g.play("meld 4S 5S 6S 7S 8S 9S 10S", "meld KD KH KC", "meld QD QH QC", "discard 2D")
    (r,) = g.results
    assert r.details["bonus cards"] == (100, 0)
    assert r.scores[0] == r.details["table points"][0] + 100


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32), st.sampled_from(["solo", "sides"]))
def test_every_card_stays_in_exactly_one_place_with_bonus_cards(seed, which):
    """Random play on a deck whose top is full of red threes (dealt, drawn, turned up and
    taken with the pile): every card stays in exactly one place, none in a hand or meld."""
    v = house("rummy500", *(RED_THREES if which == "solo" else SIDES))
    players = 2 if which == "solo" else 4
    for g in random_walk(v, players, seed, 400):
        assert not problems(g), problems(g)
    laid = sum(len(b) for b in g.bonus)
    assert laid + len([c for c in g.stock + g.discards if c in C("3H 3D")]) <= 4


@pytest.mark.parametrize("lines,anchor", [
    (("wild: 3s", "bonus cards: red 3s; each scores 100"), "both wild cards and bonus"),
    (("draw: from the discard pile", "bonus cards: red 3s; each scores 100"), "no turn draws"),
    (("deck: 1 pack without 3s", "bonus cards: red 3s; each scores 100"), "not in the deck"),
    (("bonus cards: red 3s; all 9 score 800",), "the deck holds at most 4"),
    (("bonus cards: each scores 100",), "no card is named"),
])
def test_bonus_cards_that_cannot_be_played_are_e397(lines, anchor):
    diags = house_problems("rummy500", *lines)
    assert any(d.code == "E393" and anchor in d.message for d in diags), [
        (d.code, d.message) for d in diags]


def test_bonus_cards_need_scoring_by_owner():
    diags = house_problems("basic", "bonus cards: red 3s; each scores 100")
    assert any(d.code == "E393" and "whoever laid" in d.message for d in diags)


def test_the_page_says_it_under_the_deal_and_scoring(solo):
    page = render_page(solo)
    deal = page[page.index("## The deal"):page.index("## A turn")]
    assert "The red threes are bonus cards" in deal
    assert "draws another card from the stock in its place" in deal
    scoring = page[page.index("## Scoring"):]
    assert "Each red three laid out in front of a player scores 100 points for them" in scoring
    assert "a player with all four of them scores 800 points in all" in scoring
    assert "A player that has melded nothing by the end of the hand loses those points" in scoring
    assert "has a red three laid out (100)" in scoring  # the worked example adds it


def test_the_diff_names_the_bonus_cards(solo):
    base = rulespec.load("variants/rummy500.rules")
    found = [c for c in changes(base.ir, solo.ir) if c.rule == "Bonus cards"]
    assert found[0].old == "none"
    assert found[0].new == ("red threes, 100 points each, 800 points for four or more, against "
                            "a side that has not melded")
    assert changed(found, base.ir, solo.ir) == (
        "Bonus cards are laid out at once and replaced from the stock: red threes, 100 points "
        "each, 800 points for four or more, against a side that has not melded.")
