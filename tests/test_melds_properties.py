"""Property tests: the solver's answers are legal and optimal, validity ignores order.

The optimum is checked against a brute force written apart from the solver: it tries every
partition of the hand and asks :func:`classify_meld` about each group."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from meld_rulesets import ruleset
from rulespec.cards import JOKER
from rulespec.melds import best_arrangement, classify_meld, deadwood, deadwood_after_discard
from rulespec.melds.context import rules_for
from rulespec.melds.solver import Search

NAMES = ["gin", "michigan-gin", "push", "indian-points", "continental", "rummy51"]


def deck(rs):
    packs = rs.deck.packs_for(rs.players.max)
    return list(range(52)) * packs + [JOKER] * rs.deck.jokers_for(rs.players.max)


@st.composite
def hands(draw, max_size=14):
    """A variant, a hand drawn from its deck (crowded near one rank to make melds likely),
    and a cut wild card where the variant cuts one."""
    name = draw(st.sampled_from(NAMES))
    rs = ruleset(name)
    cards = deck(rs)
    centre = draw(st.integers(0, 51))
    near = [c for c in cards if c == JOKER or abs(c % 13 - centre % 13) <= 2 or c // 13 == centre // 13]
    n = draw(st.integers(1, max_size))
    idx = draw(st.lists(st.integers(0, len(near) - 1), min_size=n, max_size=n, unique=True))
    hand = [near[i] for i in idx]
    wild = draw(st.sampled_from([None] + list(range(53)))) if rs.wilds.cut else None
    return rs, hand, wild


def brute_force(rs, hand, wild):
    """Least deadwood by trying every group of cards as a meld (exponential; small hands)."""
    value = rules_for(rs, wild).value

    @lru_cache(maxsize=None)
    def go(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = value[first] + go(others)
        for mask in range(1, 1 << len(others)):
            group = [first] + [others[i] for i in range(len(others)) if mask >> i & 1]
            if classify_meld(rs, group, wild) is not None:
                left = tuple(others[i] for i in range(len(others)) if not mask >> i & 1)
                best = min(best, go(left))
        return best

    return go(tuple(sorted(hand)))


@settings(max_examples=150, deadline=None)
@given(hands())
def test_the_best_arrangement_is_a_legal_partition_of_the_hand(case):
    rs, hand, wild = case
    arr = best_arrangement(rs, hand, wild)
    used = sorted([c for m in arr.melds for c in m.cards] + list(arr.deadwood))
    assert used == sorted(hand)
    for m in arr.melds:
        assert classify_meld(rs, m.cards, wild) is not None
    value = rules_for(rs, wild).value
    assert arr.deadwood_points == sum(value[c] for c in arr.deadwood)
    assert deadwood(rs, hand, wild) == arr.deadwood_points


@settings(max_examples=200, deadline=None)
@given(hands(max_size=8))
def test_the_solver_matches_brute_force_on_small_hands(case):
    rs, hand, wild = case
    assert best_arrangement(rs, hand, wild).deadwood_points == brute_force(rs, hand, wild)


@settings(max_examples=200, deadline=None)
@given(hands(max_size=6), st.randoms(use_true_random=False))
def test_meld_validity_does_not_depend_on_card_order(case, rnd):
    rs, hand, wild = case
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    a, b = classify_meld(rs, hand, wild), classify_meld(rs, shuffled, wild)
    assert (a is None) == (b is None)
    if a is not None:
        assert a == b


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["gin", "michigan-gin", "basic"]), st.integers(1, 13), st.randoms(use_true_random=False))
def test_the_table_route_agrees_with_the_general_search(name, size, rnd):
    rs = ruleset(name)
    hand = rnd.sample(range(52), size)
    rules = rules_for(rs)
    general = sum(rules.value[c] for c in hand) - Search(rules, hand).solve()[0]
    assert deadwood(rs, hand) == general


@settings(max_examples=100, deadline=None)
@given(hands(max_size=12))
def test_deadwood_after_discard_is_the_best_over_every_discard(case):
    rs, hand, wild = case
    if len(hand) < 2:
        return
    expected = min(
        deadwood(rs, hand[:i] + hand[i + 1:], wild) for i in range(len(hand))
    )
    assert deadwood_after_discard(rs, hand, wild) == expected
