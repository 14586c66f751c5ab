"""A wild card that may not stand for a given card (``wild: 2s may not stand for QS``).

Source (Oklahoma Rummy, as the new-user trial read it): "a deuce may not be used to
represent the queen of spades". In a run the wild card may not fill the barred card's
place; in a set of distinct suits it may stand only for a suit the set lacks that is not
barred (a set of queens with three natural queens but the spade cannot take a deuce; with
two it can, the deuce being the fourth queen); in a set of any suits a wild card stands
for no suit, so the rule does not touch it. Every route of the meld code keeps it: the
reference readings, the hand's meld list the interpreter offers, and the solver."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.melds import best_arrangement, classify_meld
from rulespec.melds.context import rules_for
from rulespec.melds.hand import hand_melds
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import brute_force, house, house_problems

RULE = ("wild: 2s; 2s may not stand for QS",)
JOKERS = ("deck: 1 pack, 2 jokers", "values: A = 1; 2-10 = face value; J Q K = 10; jokers = 15",
          "wild: jokers, 2s; wild cards may not stand for QS or AH")


@pytest.fixture(scope="module")
def deuces():
    return house("basic", *RULE)


def _meld(v, text):
    return classify_meld(v.ruleset, C.parse_cards(text))


def test_the_phrase_names_the_cards(deuces):
    w = deuces.ruleset.wilds
    assert (w.not_for, w.not_for_by) == (("QS",), "2")
    j = house("basic", *JOKERS).ruleset.wilds
    assert (j.not_for, j.not_for_by) == (("QS", "AH"), None)


def test_a_deuce_may_not_be_the_queen_of_spades_in_a_run(deuces):
    assert _meld(deuces, "JS 2H KS") is None  # the deuce would be QS
    assert _meld(deuces, "JH 2H KH") is not None  # the queen of hearts is fine
    assert _meld(deuces, "9S 10S 2D") is not None  # JS (or 8S)
    assert _meld(deuces, "JS 2H") is None
    assert _meld(deuces, "2C JS 2D") is not None  # 9S 10S JS (not 10S JS QS)
    basic = rulespec.load("variants/basic.rules")
    assert basic.ruleset.wilds.not_for == ()


def test_a_set_of_queens_takes_a_deuce_only_for_another_suit(deuces):
    assert _meld(deuces, "QH QD QC 2S") is None  # the deuce could only be QS
    assert _meld(deuces, "QH QD 2S") is not None  # the deuce is QC
    assert _meld(deuces, "QS QH QD 2S") is not None  # QS is natural: the deuce is QC
    assert _meld(deuces, "KH KD KC 2S") is not None


def test_the_interpreter_does_not_offer_or_accept_it(deuces):
    deck = stacked_deck(deuces, 2, hands=["JS 2H KS 5C 6D 8H 9C 10D 4H 3C", None], upcard="QC",
                        stock=["7S"])
    g = new_game(deuces, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    melds = [str(a) for a in g.legal_actions() if a.kind == "meld"]
    assert not any("JS" in m and "KS" in m for m in melds), melds
    with pytest.raises(IllegalMove):
        g.apply("meld JS 2H KS")


def test_the_checks():
    def codes(*lines):
        return [p.code for p in house_problems("basic", *lines) if p.is_error]
    assert "E367" in codes("wild: 3s; 2s may not stand for QS")  # deuces are not wild
    assert "E367" in codes("deck: 1 pack, 2 jokers",
                           "values: A = 1; 2-10 = face value; J Q K = 10; jokers = 15",
                           "wild: jokers, 2s; 2s may not stand for QS")  # jokers would be too
    assert "E324" in codes("wild: wild cards may not stand for QS")  # nothing is wild


def test_the_page_and_the_diff_say_it(deuces):
    page = rulespec.render_page(deuces)
    assert "may not stand for" in page and '<span class="card black">Q♠</span>' in page
    said = [(c.rule, c.new) for c in changes(rulespec.load("variants/basic.rules").ir, deuces.ir)]
    assert ("Cards a wild card may not stand for", "QS") in said


# ------------------------------------------------------------------ every route agrees

CASES = {"deuces": ("basic", RULE),
         "jokers round the corner": ("basic", JOKERS + ("aces: round the corner",)),
         "jokers either end": ("basic", JOKERS + ("aces: high or low",))}


@lru_cache(maxsize=None)
def _variant(name):
    parent, lines = CASES[name]
    return house(parent, *lines)


@st.composite
def hands(draw, most=8):
    """A hand crowded round the barred cards (queens, spades, aces, hearts) and wilds."""
    name = draw(st.sampled_from(sorted(CASES)))
    near = [c for c in range(52) if C.rank_of(c) in (0, 1, 10, 11, 12) or C.suit_of(c) in (0, 2)]
    near += [C.JOKER, C.JOKER] if "jokers" in name else []
    n = draw(st.integers(2, most))
    idx = draw(st.lists(st.integers(0, len(near) - 1), min_size=n, max_size=n, unique=True))
    return name, [near[i] for i in idx]


@settings(max_examples=150, deadline=None)
@given(hands())
def test_the_solver_agrees_with_the_reference_readings(case):
    name, hand = case
    rs = _variant(name).ruleset
    arr = best_arrangement(rs, hand)
    for m in arr.melds:
        assert classify_meld(rs, m.cards) is not None, m
    assert arr.deadwood_points == brute_force(rs, hand), C.cards_str(hand)


@settings(max_examples=150, deadline=None)
@given(hands(most=7))
def test_the_melds_offered_are_the_melds_the_reference_accepts(case):
    name, hand = case
    rs = _variant(name).ruleset
    offered = {tuple(sorted(g)) for g, _r in hand_melds(rules_for(rs), hand)}
    accepted = {tuple(sorted(g)) for k in range(2, len(hand) + 1)
                for g in combinations(hand, k) if classify_meld(rs, g) is not None}
    assert offered == accepted, C.cards_str(hand)
    for g, reading in hand_melds(rules_for(rs), hand):
        assert not {s for _w, s in reading.wilds} & rules_for(rs).not_for


@pytest.mark.parametrize("agents", [("random",), ("greedy",)])
def test_games_play_to_the_end(deuces, agents):
    for seed in range(2):
        out = play_game(deuces, players=3, seed=seed, agents=agents)
        assert out.failure is None, out.message
