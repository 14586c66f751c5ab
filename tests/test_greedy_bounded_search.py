"""The greedy agent's hand costs stay cheap on big hands with many wild cards.

Found by the new-user trial of Pinnacola (two packs, four jokers and the black twos wild,
cards taken from deep in the discard pile): one greedy game ran 234 s, each exact search
of a 30-card hand exploring millions of states. The agent now stops an exact search after
``SEARCH_STEPS`` steps and estimates the hand instead; smaller hands are searched exactly,
as before."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.agents import evaluate as E
from rulespec.melds import solver
from rulespec.melds.context import rules_for
from rulespec.melds.fast import deadwood_left
from rulespec.sim.runner import play_game
from rulespec.sim.simulate import game_seed

PINNACOLA_ISH = """variant "Pinnacola (trial)"
players: 2-4
deck:    2 packs, 2 jokers per pack
aces:    high or low but not both
values:  A = 15; 2-5 = 5; 6-10 = 10; J Q K = 10
         jokers = 25
         wild cards = 20
wild:    jokers, black 2s
         all-wild sets allowed
replace wilds: in any meld
         the wild must be played again this turn
melds:   sets of 3-4 cards of the same rank in different suits
         runs of 3+ cards in the same suit
deal:    13 cards each; one card at a time
upcard:  turned up to start the discard pile
seating: first dealer chosen at random
draw:    from the stock or the discard pile
         take down to any card of the discard pile
         deepest card taken must be melded at once
         card taken from the discard pile must be melded at once
lay off: onto own melds
going out: only with final discard
stock:   hand ends
scoring: melds score for whoever laid them
         count all cards
         going out = +100
game:    to 1500 points; highest wins
"""

#: 33 cards, eight of them wild: the exact search visits over two million states
BIG = ("10H JH QS 6H 7D 5S 9D 10S JS 3S 6S 10D 6D 9D 2H 2D QC 6C QD 9S 9H 8H 9C 3H 5D "
       "JK JK JK JK 2S 2C 2S 2C")


@pytest.fixture(scope="module")
def rules():
    return rules_for(rulespec.compile_text(PINNACOLA_ISH, name="p.rules").ruleset, None)


def test_a_big_wild_hand_is_estimated_by_its_natural_cards(rules):
    hand = rulespec.parse_cards(BIG)
    cost, dead, melds = E.HandValue(rules)._entry(hand)
    assert not dead and not melds  # the estimate finds the number only
    naturals = [c for c in hand if not rules.is_wild(c)]
    solver._SHARED.clear()
    assert cost == deadwood_left(rules, naturals)[0]  # the wild cards taken to find melds


def test_a_small_hand_is_still_searched_exactly(rules):
    hand = rulespec.parse_cards("3H 4H 5H 9S 9H 9D KC QD JK 2S")
    cost, dead, _melds = E.HandValue(rules)._entry(hand)
    assert dead  # the exact route: it names the cards left out
    assert cost == deadwood_left(rules, hand)[0] == 10  # the Q: KC with two wild cards is a set


def test_a_stopped_search_leaves_no_wrong_answer_behind(rules, monkeypatch):
    hand = rulespec.parse_cards("3H 4H 5H 6H 9S 9H 9D KC QD JK 2S 7D 7C")
    solver._SHARED.clear()
    exact = deadwood_left(rules, hand)[0]
    solver._SHARED.clear()
    monkeypatch.setattr(E, "SEARCH_STEPS", 40)
    with pytest.raises(E._TooLong):
        deadwood_left(rules, hand, E._Bounded)
    monkeypatch.setattr(E, "SEARCH_STEPS", 10**9)
    assert deadwood_left(rules, hand, E._Bounded)[0] == exact  # same memo tables


def test_the_trial_game_that_ran_for_minutes_plays_out():
    """The trial's own rules and its first game: 234 s before, about 1 s now."""
    v = rulespec.compile_text(PINNACOLA_ISH, name="p.rules")
    out = play_game(v, seed=game_seed(0, 0), agents=("greedy",), max_hand_actions=3000)
    assert out.finished and out.failure is None
