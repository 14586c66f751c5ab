"""California Rummy (variants/california.rules): the cited pages' rules and figures, and
the limit on buying the passed discard ("at most 1 buy per player per hand")."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine.phases import Phase
from rulespec.engine.state import new_game

from conftest import VARIANTS


@pytest.fixture(scope="module")
def cal():
    return rulespec.load(VARIANTS / "california.rules")


def test_the_deal_grows_by_a_card_a_hand_from_seven_to_thirteen(cal):
    """ourpastimes: seven cards in the first round, one more in each round after."""
    assert [cal.deal_size(4, r) for r in range(1, 8)] == [7, 8, 9, 10, 11, 12, 13]


def test_two_packs_with_four_jokers_then_three_packs(cal):
    """adda52: 108 cards (two packs, four jokers); three packs and six jokers for 5+."""
    assert cal.deck_size(4) == 108 and cal.deck_size(5) == 162


@pytest.mark.parametrize("hand, points", [
    ("AS KH JK 2C 7D", 15 + 10 + 25 + 2 + 7),  # aces 15, courts 10, jokers 25, numbers face
    ("10S 10H 9D", 29),
])
def test_a_hand_left_counts_against_its_holder(cal, hand, points):
    """adda52's card values: number cards (2-10) face value, J Q K 10, aces 15, jokers 25."""
    assert cal.penalty(hand) == points


@pytest.mark.parametrize("round, melds, ok", [
    (1, ["7S 7H 7D", "9C 9D JK"], True),                    # two sets
    (1, ["7S 7H 7D", "4H 5H 6H 7H"], False),               # not a set and a run
    (2, ["7S 7H 2D", "4H 5H 6H 7H"], True),                # a set (a deuce wild) and a run
    (5, ["7S 7H 7D", "9C 9D JK", "4H 5H 6H 7H"], True),    # two sets and a run
    (7, ["4H 5H 6H 7H", "8C 9C 10C JC", "JS QS KS AS"], True),  # three runs, ace high
    (7, ["4H 5H 6H 7H", "8C 9C 10C JC", "2S 2D 2C 5S"], False),  # wilds outnumber naturals
])
def test_the_contract_of_each_round(cal, round, melds, ok):
    """ourpastimes' seven contracts (sets of three, runs of four)."""
    assert cal.fulfils_contract([m.split() for m in melds], round=round) is ok


def _claims_seen(variant, seed: int) -> tuple[dict, int]:
    """Plays a hand where every player asked buys the discard; each seat's claims made in
    the first hand, and how often a seat that had used its buy was asked again."""
    g = new_game(variant, players=4, seed=seed)
    made, asked_again, steps = {}, 0, 0
    while not g.is_over() and g.round == 1:
        if g.is_chance():
            g.apply_chance()
            continue
        if g.phase == Phase.CLAIM:
            asked_again += made.get(g.player, 0) >= 1
            made[g.player] = made.get(g.player, 0) + 1
            g.apply("may i")
            continue
        moves = g.legal_strings()
        pick = ("draw stock" if "draw stock" in moves else
                next((m for m in moves if m.startswith("discard")), moves[0]))
        g.apply(pick)
        steps += 1
        # enough seen: a buyer asked again, or 200 moves (every seat passed often) without it
        if len(g.results) or asked_again or steps >= 200:
            break
    return made, asked_again


def test_each_player_buys_at_most_once_a_hand(cal):
    """ourpastimes: "Players may only buy a card once per round"."""
    made, again = _claims_seen(cal, 3)
    assert again == 0 and made and all(n == 1 for n in made.values())
    unlimited = rulespec.compile_text(
        'variant "x"\nextends "california"\nmay i: any number of buys per hand\n',
        name=str(VARIANTS / "x.rules"))
    made, again = _claims_seen(unlimited, 3)
    assert again > 0


def test_the_page_says_the_limit(cal):
    from rulespec.rulebook import render_page
    assert "Each player may claim at most once in a hand." in render_page(cal)
