"""The greedy agent searches big hands of several packs in rank order, and exactly.

Found by the trials of Samba (three packs) and Hand and Foot (five packs): greedy played
about 4 moves a second, since hands grown by taking the discard pile (30 cards and more)
made the solver, which takes the lowest card code first (a suit's cards, then the next
suit's), visit hundreds of thousands of states: a set takes cards from three suits still
to come, and their combinations multiply. Most such searches passed the agent's step bound
and were estimated. Taking the cards of a rank together ("rank" order) leaves holes only
in the next few ranks (runs), and the same hands are solved exactly in a few thousand steps.
Both orders find the same least deadwood (the property test)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.agents import evaluate as E
from rulespec.melds.context import rules_for
from rulespec.melds.fast import deadwood_left
from rulespec.melds.solver import Search
from rulespec.memo import clear_all

from meld_rulesets import ruleset

#: the meld rules of the Samba trial (three packs, jokers and twos wild in sets only)
SAMBA = """variant "Samba (trial)"
players:  4
partners: 2 teams of 2
deck:     3 packs, 2 jokers per pack
aces:     high
values:   jokers = 50; 2 = 20; A = 20
          8-K = 10; 4-7 = 5
          3 = 5
wild:     jokers, 2s
          wilds only in sets
          at most 2 wild cards per meld
          wild cards may not outnumber natural cards
          no all-wild melds
melds:    sets of 3-7 cards of the same rank in any suits
          runs of 3-7 cards in the same suit
deal:     15 cards each; one card at a time
upcard:   turned up to start the discard pile
seating:  player after dealer plays first; play goes clockwise
draw:     from the stock or the discard pile
          take only the whole discard pile
opening:  melds worth at least 50
lay off:  onto own and partner's melds
going out: with or without final discard
stock:    hand ends
scoring:  melds score for whoever laid them
          count all cards
game:     to 10000 points; highest wins
"""

#: a hand of a greedy Samba game after taking the pile (35 cards): 275,395 steps in the
#: suit order from an empty memo, 3,195 in the rank order
BIG = ("4S 7S JS QS KS 3H 4H 5H 5H 7H 10H QH AD 3D 4D 4D 5D 6D 6D JD QD AC 2C 2C 3C 7C 8C "
       "9C 10C 10C JC JC QC KC JK")


@pytest.fixture(scope="module")
def samba():
    return rules_for(rulespec.compile_text(SAMBA, name="samba.rules").ruleset, None)


def test_a_big_samba_hand_is_solved_exactly_within_the_agents_step_bound(samba):
    hand = [C.parse_card(c) for c in BIG.split()]
    clear_all()
    value, melds, dead = deadwood_left(samba, hand, E._Bounded)  # no _TooLong
    clear_all()
    exact = sum(samba.value[c] for c in hand) - Search(samba, hand).solve()[0]
    assert value == exact
    assert sorted([c for m in melds for c in m] + list(dead)) == sorted(hand)
    clear_all()
    assert E.evaluator(samba).cost(hand) == exact


@st.composite
def hands(draw):
    """Meld rules with several packs (Samba's, Continental's, Rummy 51's, Push's) and a
    hand crowded near one rank and one suit, so that it holds sets and runs."""
    name = draw(st.sampled_from(["samba", "continental", "rummy51", "push"]))
    if name == "samba":
        rs = rulespec.compile_text(SAMBA, name="samba.rules").ruleset
        packs, jokers = 3, 6
    else:
        rs = ruleset(name)
        packs, jokers = rs.deck.packs_for(rs.players.max), rs.deck.jokers_for(rs.players.max)
    deck = list(range(52)) * packs + [C.JOKER] * jokers
    centre = draw(st.integers(0, 51))
    near = [c for c in deck if c == C.JOKER or abs(c % 13 - centre % 13) <= 2
            or c // 13 == centre // 13]
    n = draw(st.integers(1, 16))
    idx = draw(st.lists(st.integers(0, len(near) - 1), min_size=n, max_size=n, unique=True))
    return rs, [near[i] for i in idx]


@settings(max_examples=120, deadline=None)
@given(hands())
def test_both_orders_find_the_same_least_deadwood_and_a_legal_arrangement(case):
    rs, hand = case
    rules = rules_for(rs, None)
    suit = Search(rules, hand).solve()
    rank = Search(rules, hand, order="rank").solve()
    assert rank[0] == suit[0]
    melds, dead = rank[1], rank[2]
    assert sorted([c for m in melds for c in m] + list(dead)) == sorted(hand)
    for m in melds:
        assert rulespec.melds.classify_meld(rs, m, None) is not None
