"""Gin as the only knock (``knock: gin only``): Straight Gin, where a hand ends only when a
player goes gin (variants/house/gin-straight.rules).

The pages' rules: "Straight Gin is a version of Gin Rummy in which there is no knocking.
Both players attempt to get gin" (rummyrulebook.com) and "Reaching Gin earns players 25
bonus points in addition to all of his/her opponent's deadwood points" (Rummy Stars)."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import actions as A
from rulespec.engine import check_invariants
from rulespec.engine.errors import IllegalMove
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import VARIANTS, gin_after_draw, knock_moves

GIN_HAND = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10C"  # all melds: gin by discarding the card drawn
ONE_POINT = "AS 2S 3S 4H 5H 6H 7C 8C 9C AD"  # three runs and the AD: 1 point of deadwood


@pytest.fixture(scope="module")
def straight():
    return rulespec.load(VARIANTS / "house" / "gin-straight.rules")


def _drawn(variant, hand: str, draw: str = "KH"):
    """Both players refuse the upcard and seat 0 draws ``draw`` from the stock."""
    return gin_after_draw(variant, hand, "5C", draw)


_knocks = knock_moves


def test_a_hand_with_one_point_of_deadwood_may_not_knock(straight):
    g = _drawn(straight, ONE_POINT)
    assert not _knocks(g)
    before = g.clone()
    with pytest.raises(IllegalMove, match="only gin ends a hand: you may knock only with no "
                                          "deadwood; after discarding KH your deadwood is 1"):
        g.apply("knock KH")
    assert g.legal_actions() == before.legal_actions()  # a refused move changes nothing
    gin = rulespec.load(VARIANTS / "gin.rules")  # the parent knocks with it
    assert "knock KH" in _knocks(_drawn(gin, ONE_POINT))


def test_gin_scores_the_opponents_deadwood_plus_25(straight):
    g = _drawn(straight, GIN_HAND)
    assert _knocks(g) == {"knock KH"}
    g.apply("knock KH")
    while not g.results:
        melds = [a for a in g.legal_actions() if a.kind == A.MELD]
        g.apply(melds[0] if melds else "pass")
    result = g.results[-1]
    assert result.reason.value == "gin"
    assert list(result.scores) == [10 + 25, 0]  # the defender's KC, and no lay-off onto gin
    check_invariants(g)


def test_the_page_says_there_is_no_knocking_and_no_undercut(straight):
    page = render_page(straight)
    assert "**No knocking.** A hand ends only when a player goes gin" in page
    assert "Instead of an ordinary discard you may end the hand by going gin" in page
    assert "undercut" not in page.lower()
    assert "When the total value of your deadwood is" not in page


def test_diff_against_gin_says_only_gin_ends_a_hand(straight):
    rows = {c.rule: c.new for c in changes(rulespec.load(VARIANTS / "gin.rules").ir, straight.ir)}
    assert rows["Most deadwood for a knock"] == "gin only"
    generated = (VARIANTS.parent / "generated" / "house" / "gin-straight.md").read_text("utf-8")
    assert ("a hand ends only by going gin (before, a knock could have up to 9 points of "
            "deadwood)") in generated


def test_gin_bonus_without_a_knock_points_to_gin_only():
    text = (VARIANTS / "gin.rules").read_text(encoding="utf-8")
    text = text.replace("knock:   with deadwood under 10      # \"less than 10\"\n"
                        "         defender lays off unless gin\n", "")
    with pytest.raises(rulespec.SpecError) as err:
        rulespec.compile_text(text, name="nogin.rules")
    assert "`knock: gin only` where only gin ends a hand" in str(err.value)
