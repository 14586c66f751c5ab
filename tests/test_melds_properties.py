"""Property tests: the solver's answers are legal and optimal, validity ignores order.

The optimum is checked against a brute force written apart from the solver: it tries every
partition of the hand and asks :func:`classify_meld` about each group."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import brute_force
from meld_rulesets import ruleset
from rulespec.cards import JOKER
from rulespec.melds import best_arrangement, classify_meld, deadwood, deadwood_after_discard
from rulespec.melds.context import rules_for
from rulespec.melds.fast import _table_route, deadwood_many, tables
from rulespec.melds import solver
from rulespec.melds.solver import Search
from rulespec.ruleset import Aces, Between, CardValue, Melds, Ruleset, RunRule, SetRule, Values

NAMES = ["gin", "michigan-gin", "push", "indian-points", "continental", "rummy51"]

pytestmark = pytest.mark.slow  # property tests: hundreds of hands each


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


@settings(max_examples=150, deadline=None)
@given(hands(max_size=14), st.sampled_from([{}, {"mode": "opening"},
                                            {"slots": [("run", 3, True), ("run", 3, False)], "counts": [1, 1]}]))
def test_searches_sharing_answers_agree_with_a_fresh_search(case, question):
    """Searches of one set of meld rules share skeletons and memo tables; a copy of the
    rules that counts every card 1 (as the engine's "can it all be melded" test does)
    must not pick up the original's answers, nor the original the copy's."""
    rs, hand, wild = case
    rules = rules_for(rs, wild)
    first = Search(rules, hand, **question).solve()[0]
    counting = copy.copy(rules)  # made after a search, as the engine makes it
    counting.value = tuple([1] * len(rules.value))
    counting.opening_value = counting.value
    shared = [first] + [Search(r, hand, **question).solve()[0] for r in (counting, rules, counting)]
    fresh = []
    for r in (rules, counting):
        solver._SHARED.clear()
        fresh.append(Search(r, hand, **question).solve()[0])
    assert shared == fresh * 2


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


# ---------------------------------------------------------------- the 11-card table route
#
# Single-copy hands without wild cards take the table route of ``deadwood_after_discard``:
# one lookup per suit (least deadwood, and least deadwood after shedding one card of the
# suit) instead of one solve per discard. The rulesets below include meld sizes under
# which a fully melded 11-card hand cannot shed a card (melds of exactly 3; sets of
# exactly 4 with runs of exactly 3), where the answer is not 0.

EXTRA = {
    "sets and runs of exactly 3": Ruleset(
        "Threes", Between(2, 2), melds=Melds(SetRule(3, 3), RunRule(3, 3))
    ),
    "sets of exactly 4, runs of exactly 3": Ruleset(
        "Fours and threes", Between(2, 2), melds=Melds(SetRule(4, 4), RunRule(3, 3))
    ),
    "runs of 4-5 round the corner, high values": Ruleset(
        "Around", Between(2, 2), aces=Aces("around"),
        values=Values(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)),
        melds=Melds(SetRule(3, 4), RunRule(4, 5)),
    ),
    "aces high or low, suits worth apart": Ruleset(
        "Either", Between(2, 2), aces=Aces("either"),
        values=Values(ranks=(11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
                      cards=(CardValue("QS", 50), CardValue("2C", 0))),
        melds=Melds(SetRule(3, 4), RunRule(3)),
    ),
    "sets only": Ruleset("Sets", Between(2, 2), melds=Melds(SetRule(3, 4), None)),
    "runs only": Ruleset("Runs", Between(2, 2), melds=Melds(None, RunRule(3))),
}
TABLE_RULESETS = ["gin", "michigan-gin", "basic"] + sorted(EXTRA)


def table_ruleset(name):
    return EXTRA[name] if name in EXTRA else ruleset(name)


def search_deadwood(rules, hand):
    """Least deadwood by the general search (which never takes the table route)."""
    return sum(rules.value[c] for c in hand) - Search(rules, hand).solve()[0]


@st.composite
def melded_hands(draw, size=11):
    """A single-copy hand built from melds: runs (3-6 cards, some round the corner) and
    sets (3 or 4 cards), overlapping or not (so some hands meld completely), topped up
    with random cards or cut down to ``size`` cards."""
    hand: list[int] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            suit, start = draw(st.integers(0, 3)), draw(st.integers(0, 12))
            meld = [suit * 13 + (start + k) % 13 for k in range(draw(st.integers(3, 6)))]
        else:
            rank = draw(st.integers(0, 12))
            suits = draw(st.permutations(range(4)))[: draw(st.integers(3, 4))]
            meld = [s * 13 + rank for s in suits]
        hand += [c for c in meld if c not in hand]
    rest = [c for c in range(52) if c not in hand]
    while len(hand) < size:
        hand.append(rest.pop(draw(st.integers(0, len(rest) - 1))))
    if len(hand) > size:
        drop = draw(st.lists(st.integers(0, len(hand) - 1), min_size=len(hand) - size,
                             max_size=len(hand) - size, unique=True))
        hand = [c for i, c in enumerate(hand) if i not in drop]
    return hand


def complete_hands():
    """11-card hands that meld completely with runs of 3+ and sets of 3-4: a meld of 4 or
    5 (run or set) beside melds of 3 and 4."""
    run = lambda s, r, n: [s * 13 + r + k for k in range(n)]  # noqa: E731
    sets = lambda r, suits: [s * 13 + r for s in suits]  # noqa: E731
    return [
        run(0, 0, 4) + run(1, 0, 4) + run(2, 0, 3),  # runs 4 + 4 + 3
        run(0, 2, 5) + run(1, 5, 3) + run(3, 9, 3),  # runs 5 + 3 + 3
        sets(12, range(4)) + run(0, 0, 4) + sets(6, (1, 2, 3)),  # set 4, run 4, set 3
        sets(3, range(4)) + sets(7, range(4)) + sets(10, (0, 1, 3)),  # sets 4 + 4 + 3
        run(2, 4, 3) + run(2, 8, 4) + sets(0, range(4)),  # runs 3 + 4, set 4
        run(3, 0, 11),  # one run of 11
        run(1, 2, 4) + sets(8, (0, 2, 3)) + sets(1, (0, 2, 3)) + [1 * 13 + 8],  # 8s: a set of 4
    ]


def check_after_discard(rs, hand):
    rules = rules_for(rs)
    assert tables(rules).ok
    expected = min(search_deadwood(rules, hand[:i] + hand[i + 1:]) for i in range(len(hand)))
    assert deadwood_after_discard(rs, hand) == expected
    assert _table_route(tables(rules).flat, sum(1 << c for c in hand), True) == expected
    assert deadwood_many(rs, [hand, hand[:-1]], discard=True)[0] == expected
    # and the 10-card route on the same hands
    for i in range(0, len(hand), 4):
        rest = hand[:i] + hand[i + 1:]
        assert deadwood(rs, rest) == search_deadwood(rules, rest)
    return expected


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(TABLE_RULESETS), melded_hands())
def test_the_11_card_table_route_is_the_best_over_every_discard(name, hand):
    check_after_discard(table_ruleset(name), hand)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(TABLE_RULESETS), st.integers(1, 13), st.randoms(use_true_random=False))
def test_the_after_discard_table_route_on_random_hands_of_any_size(name, size, rnd):
    check_after_discard(table_ruleset(name), rnd.sample(range(52), size))


def test_complete_11_card_hands_shed_a_card_only_when_a_meld_can_lose_one():
    for hand in complete_hands():
        assert len(set(hand)) == 11
        # runs of 3+ and sets of 3-4 (Gin): some meld has 4+ cards and sheds one
        assert deadwood(ruleset("gin"), hand) == 0
        assert check_after_discard(ruleset("gin"), hand) == 0
        for name in TABLE_RULESETS:
            check_after_discard(table_ruleset(name), hand)
    # with melds of exactly 3 no 11-card hand melds completely; with sets of exactly 4 and
    # runs of exactly 3 one can, and breaking a meld costs the least card's value
    rs = EXTRA["sets of exactly 4, runs of exactly 3"]
    hand = [s * 13 + 3 for s in range(4)] + [s * 13 + 7 for s in range(4)] + [0, 1, 2]
    assert deadwood(rs, hand) == 0
    assert check_after_discard(rs, hand) == 1 + 2  # discard the 3: A and 2 are left


def test_a_cut_wild_card_keeps_a_hand_off_the_table_route():
    """The tables are shared by every deal of a ruleset; a card made wild by the cut (here
    every 7) must still send a single-copy hand without jokers to the search."""
    rs = ruleset("indian-points")
    cut = 6  # the 7 of the first suit: every 7 is wild this deal
    rules = rules_for(rs, cut)
    for hand in (
        [4, 5, 6, 7, 19, 32, 45, 22, 23, 50, 11],
        [6, 19, 0, 1, 13, 14, 26, 27, 40, 41, 51],
        [2, 3, 19, 30, 31, 32, 44, 9, 10, 12, 38],
    ):
        expected = min(
            search_deadwood(rules, hand[:i] + hand[i + 1:]) for i in range(len(hand))
        )
        assert deadwood_after_discard(rs, hand, cut) == expected
        assert deadwood(rs, hand, cut) == search_deadwood(rules, hand)
        assert deadwood_many(rs, [hand], cut, discard=True) == [expected]
        assert deadwood_many(rs, [hand], cut) == [search_deadwood(rules, hand)]
