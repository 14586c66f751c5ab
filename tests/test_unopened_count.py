"""A hand not opened counts a fixed amount (``scoring: not opened = 100``, issue #15):
Rummy 51 and Scala 40, "a player who has not opened when someone goes out pays 100 points,
whatever the cards in hand" (found missing by the Rami 51 trial, trials15)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine.invariants import check_invariants
from rulespec.engine.scoring import penalty_of
from rulespec.rulebook import render_page

from conftest import VARIANTS, house, random_game


def _rummy51(*lines):
    return house("rummy51", "scoring: not opened = 100", *lines)


def test_the_clause_sets_the_count():
    assert _rummy51().ruleset.scoring.unopened == 100
    gone_down = house("continental", "scoring: hand not gone down counts 80")
    assert gone_down.ruleset.scoring.unopened == 80
    assert rulespec.load(VARIANTS / "rummy51.rules").ruleset.scoring.unopened is None


def _count(v, hand) -> int:
    return sum(v.ruleset.natural_values[c] if c < 52 else v.ruleset.values.joker for c in hand)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 5_000))
def test_a_hand_not_opened_counts_100_and_an_opened_one_its_cards(seed):
    v = _rummy51("game: 1 deal")
    g = random_game(v, 3, seed)
    check_invariants(g)
    (r,) = g.results
    for p in range(3):
        if p != r.winner:
            want = _count(v, r.hands[p]) if g.opened[p] else 100
            assert r.penalties[p] == want and r.scores[p] == want


def test_the_count_replaces_the_cards_only_while_not_opened():
    v = _rummy51()
    g = rulespec.engine.new_game(v, players=2, seed=3)
    while g.is_chance():
        g.apply_chance()
    assert not any(g.opened)
    assert penalty_of(g, 0) == 100 and penalty_of(g, 1) == 100
    g.opened[0] = True
    assert penalty_of(g, 0) == _count(v, g.hands[0])


def test_the_page_and_the_diff_say_it():
    page = render_page(_rummy51())
    assert ("**Not opened.** A player who has not opened when the hand ends counts 100 points, "
            "whatever cards are left in their hand.") in page
    from rulespec.rulebook.diff import changes
    rows = {c.rule: (c.old, c.new) for c in changes(rulespec.load(VARIANTS / "rummy51.rules").ir,
                                                     _rummy51().ir)}
    assert rows["A hand not opened counts"] == ("its cards", "100 points")
