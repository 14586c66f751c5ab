"""`stock: each player loses the count of their hand` (Block Rummy: "if the pack has been
gone through once and nobody is out, every player loses the points in their hand"), from
the Round the Corner trial, where the nearest rule was the lowest hand scoring differences."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine.scoring import Ending
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import VARIANTS, house, house_problems, random_walk

LOSE = "stock: hand ends; discard may then not be taken; each player loses the count of their hand"


@pytest.fixture(scope="module")
def block():
    return house("basic", LOSE)


def test_each_player_loses_their_own_count_when_the_stock_ends_the_hand(block):
    ended = {Ending.STOCK_EXHAUSTED: 0, Ending.WENT_OUT: 0}
    for seed in range(30):
        for g in random_walk(block, 3, seed):
            if g.results:
                break
        (r,) = g.results
        ended[r.reason] = ended.get(r.reason, 0) + 1
        if r.reason is Ending.STOCK_EXHAUSTED:
            assert r.scores == tuple(-p for p in r.penalties)  # nobody collects
            assert r.winner is None
        else:  # going out: the winner collects the others' counts, as in Basic Rummy
            assert r.scores[r.winner] == sum(p for i, p in enumerate(r.penalties)
                                             if i != r.winner)
    assert ended[Ending.STOCK_EXHAUSTED] and ended[Ending.WENT_OUT]


def test_the_page_and_the_diff_say_it(block):
    page = " ".join(render_page(block).split())
    assert ("Then nobody collects: each player loses the count of the cards left in their own "
            "hand, which is taken off their total (a total may go below zero).") in page
    basic = rulespec.load(VARIANTS / "basic.rules")
    said = {c.rule: c.new for c in changes(basic.ir, block.ir)}
    assert said["Scoring when the stock ends the hand"] == (
        "each player loses the count of their hand")


@pytest.mark.parametrize("lines, why", [
    (("scoring: losers score penalty points; count all cards", "game: to 100 points; lowest wins"),
     "losers score their own count as penalty points anyway"),
    (("scoring: winner collects; a stake of 1 per hand",), "each hand is played for a stake"),
])
def test_where_counts_are_not_collected_it_is_refused(lines, why):
    (d,) = [d for d in house_problems("basic", LOSE, *lines) if d.code == "E710"]
    assert d.message.endswith(why)
    assert d.source_line.startswith("stock:")


def test_the_other_way_of_saying_it_and_a_reused_stock():
    v = house("basic", "stock: hand ends; everyone loses the points in their hand")
    assert v.ruleset.stock.outcome == "lose"
    (d,) = [d for d in house_problems("basic", "stock: each player loses the value of the hand")
            if d.code != "W302"]  # basic turns the pile over without limit
    assert "nobody loses their count" in d.message
