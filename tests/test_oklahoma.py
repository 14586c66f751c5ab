"""Rules set by the first upcard (Oklahoma Gin): the knock limit is the upcard's value
(``knock: with deadwood at most the value of the upcard``), a limit for some upcards
(``gin only when the upcard is an ace``) and a multiplier of every score of the hand
(``scoring: hand scores double when the upcard is a spade``).

Source (variants/oklahoma-gin.rules): Bicycle, "Oklahoma Gin": "if the upcard is a five,
the knocker must have 5 points or less. Face cards count 10. When an ace is the knock
card, neither player may knock with a count of 1 point; instead, each must play for a gin
hand", and "when the upcard is a spade, all scores accruing from that deal are doubled"."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import actions as A
from rulespec.engine.errors import IllegalMove
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import GIN_DEFENDER as DEFENDER, VARIANTS, gin_after_draw, knock_moves

KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 5D"  # three runs and the 5D: deadwood 5


@pytest.fixture(scope="module")
def oklahoma():
    return rulespec.load(VARIANTS / "oklahoma-gin.rules")


def _drawn(variant, upcard: str, draw: str, hand: str = KNOCKER):
    """Both players refuse the upcard and seat 0 draws ``draw`` from the stock."""
    return gin_after_draw(variant, hand, upcard, draw, DEFENDER)


_knocks = knock_moves


def _finish(g):
    """After a knock: each player lays out every meld it can, then passes."""
    while not g.results:
        melds = [a for a in g.legal_actions() if a.kind == A.MELD]
        g.apply(melds[0] if melds else "pass")
    return g.results[-1]


@pytest.mark.parametrize("upcard, limit", [("5C", 5), ("4C", 4), ("QC", 10), ("10H", 10),
                                           ("AC", 0), ("2H", 2)])
def test_the_upcard_sets_the_knock_limit_once_per_hand(oklahoma, upcard, limit):
    g = _drawn(oklahoma, upcard, "KH")
    assert g.knock_max == limit


def test_with_a_five_turned_up_a_knock_may_have_5_points(oklahoma):
    """Bicycle's example: the upcard is a five, so the knocker must have 5 points or less."""
    assert "knock KH" in _knocks(_drawn(oklahoma, "5C", "KH"))  # 5D left: 5 points
    four = _drawn(oklahoma, "4C", "KH")
    assert not _knocks(four)
    with pytest.raises(IllegalMove, match="the upcard was 4C: you may knock only with deadwood "
                                          "of 4 or less; after discarding KH your deadwood is 5"):
        four.apply("knock KH")


def test_with_an_ace_turned_up_only_gin_may_knock(oklahoma):
    hand = "AS 2S 3S 4H 5H 6H 7C 8C 9C AD"  # deadwood: the AD, 1 point
    ace = _drawn(oklahoma, "AC", "KH", hand)
    assert not _knocks(ace)
    with pytest.raises(IllegalMove, match="the upcard was AC: you may knock only with gin"):
        ace.apply("knock KH")
    assert "knock KH" in _knocks(_drawn(oklahoma, "2C", "KH", hand))  # a two allows 1 point
    gin = _drawn(oklahoma, "AC", "10C", hand)  # 7C-10C: knock the AD with no deadwood
    assert "knock AD" in _knocks(gin)
    gin.apply("knock AD")
    assert _finish(gin).reason.value == "gin"


def test_a_spade_upcard_doubles_every_score_of_the_hand(oklahoma):
    club = _finish(_knock(oklahoma, "5C"))
    spade = _finish(_knock(oklahoma, "5S"))
    assert club.scores == (10 - 5, 0)  # the deadwood difference
    assert spade.scores == (2 * (10 - 5), 0)
    plain = _finish(_knock(rulespec.load(VARIANTS / "gin.rules"), "5S"))
    assert plain.scores == (10 - 5, 0) and "first upcard" not in plain.details


def test_a_doubled_gin_doubles_its_bonus_too(oklahoma):
    hand = "AS 2S 3S 4H 5H 6H 7C 8C 9C AD"
    for upcard, times in (("2C", 1), ("5S", 2)):
        g = _drawn(oklahoma, upcard, "10C", hand)
        g.apply("knock AD")
        # gin: the defender's deadwood (KC, 10) + 25
        assert _finish(g).scores == (times * (10 + 25), 0)


def _knock(variant, upcard: str, discard: str = "KH"):
    g = _drawn(variant, upcard, "KH")
    g.apply(f"knock {discard}")
    return g


@pytest.mark.parametrize("clause, field, want", [
    ("knock: with deadwood up to the value of the upcard", "knock.max_deadwood", "upcard"),
    ("knock: gin only when the upcard is an ace", "knock.by_upcard", [{"value": 0, "rank": "A"}]),
    ("knock: with deadwood 3 or less when the upcard is a spade", "knock.by_upcard",
     [{"value": 3, "suit": "S"}]),
    ("knock: with deadwood at most 7 when upcard is K", "knock.by_upcard",
     [{"value": 7, "rank": "K"}]),
    ("scoring: scores triple when the upcard is a 7", "scoring.by_upcard",
     [{"value": 3, "rank": "7"}]),
    ("scoring: hand scores x4 when the upcard is hearts", "scoring.by_upcard",
     [{"value": 4, "suit": "H"}]),
    ("scoring: scores times 5 when the upcard is a queen", "scoring.by_upcard",
     [{"value": 5, "rank": "Q"}]),
])
def test_the_phrases(clause, field, want):
    v = rulespec.compile_text(f'variant "x"\nextends "gin"\n{clause}\n',
                              name=str(VARIANTS / "house" / "x.rules"))
    section, key = field.split(".")
    got = v.ir[section][key]
    if isinstance(got, list):
        got = [{k: x for k, x in item.items() if k != "at" and x is not None} for item in got]
    assert got == want


@pytest.mark.parametrize("clause", ["knock: with deadwood at most the value of the upcard",
                                    "knock: gin only when the upcard is an ace",
                                    "scoring: hand scores double when the upcard is a spade"])
def test_a_rule_set_by_the_upcard_needs_an_upcard(clause):
    text = f'variant "x"\nextends "gin"\nupcard: none\n{clause}\n'
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))
    found = [d for d in e.value.diagnostics if d.code == "E331"]
    assert found and "but no upcard is turned" in found[0].message


def test_the_page_states_the_rules(oklahoma):
    page = " ".join(render_page(oklahoma).split())
    assert "no more than the value of the upcard" in page
    assert "When the upcard is an ace, you may knock only with no deadwood at all: gin." in page
    assert "is a spade, every score of the hand, bonuses included, is doubled." in page
    assert "so a knock may have up to 8 points" in page  # the worked example's upcard


def test_diff_names_the_changes(oklahoma):
    rows = {c.rule: c.new for c in changes(rulespec.load(VARIANTS / "gin.rules").ir, oklahoma.ir)}
    assert rows["Most deadwood for a knock"] == "the upcard's value"
    assert rows["Most deadwood for a knock, by upcard"] == "ace: gin only"
    assert rows["Scores multiplied, by upcard"] == "spade: × 2"


def test_the_greedy_agent_knocks_by_the_upcard(oklahoma):
    from rulespec.agents import greedy

    g = _drawn(oklahoma, "5C", "KH")
    assert greedy.GreedyAgent().choose(g, 0).text == "knock KH"
