"""A bonus for going out (``scoring: going out = +N``): Persian Rummy's 25 points to the
side that goes out, scored by owner with partners. Checked by playing the same games
with and without the bonus: the player who goes out is N points better off, nobody else
changes, and a hand that ends another way earns nothing."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine.phases import Ending
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import house, house_problems, random_game

LOWEST = "game: to 100 points; lowest wins"

#: Persian Rummy as the trial wrote it, cut to what the bonus needs
PERSIAN = """variant "Persian Rummy"
players: 4
partners: 2 teams of 2
deck:    1 pack, 4 jokers
aces:    high
values:  A = 15; 2-10 = face value; J Q K = 10; jokers = 20
melds:   sets of 3-4 cards of the same rank
         runs of 3+ cards in the same suit
deal:    7 cards each
draw:    from the stock or the discard pile
melding: any number of melds per turn
lay off: onto any meld
going out: with or without final discard
scoring: melds score for whoever laid them{bonus}
game:    2 deals; highest wins
"""


def _results(v, seed: int, players: int):
    """Every hand's result of one game played by random moves."""
    return random_game(v, players, seed).results


@pytest.mark.parametrize("base, bonus, players, sign", [
    ("owner", PERSIAN, 4, +1),
    ("penalty", "basic", 3, -1),
])
def test_the_player_who_goes_out_gets_the_bonus_and_nobody_else_changes(base, bonus, players,
                                                                         sign):
    if bonus == PERSIAN:
        plain = rulespec.compile_text(PERSIAN.format(bonus=""), name="persian.rules")
        paid = rulespec.compile_text(PERSIAN.format(bonus="; going out = +25"),
                                     name="persian.rules")
    else:
        plain = house("basic", "scoring: losers score penalty points", LOWEST)
        paid = house("basic", "scoring: losers score penalty points; going out = +25", LOWEST)
    assert paid.ruleset.scoring.out_bonus == 25
    went_out = 0
    for seed in range(6):
        before, after = _results(plain, seed, players), _results(paid, seed, players)
        # (a game to a target may last longer with the bonus: compare the hands both played)
        both = list(zip(before, after))
        assert [a.reason for a, _b in both] == [b.reason for _a, b in both]
        for a, b in both:
            extra = [y - x for x, y in zip(a.scores, b.scores)]
            if b.reason is Ending.WENT_OUT:
                went_out += 1
                assert extra == [sign * 25 if p == b.winner else 0 for p in range(players)]
            else:
                assert extra == [0] * players
    assert went_out >= 3


def test_partners_share_the_bonus_in_their_team_total():
    v = rulespec.compile_text(PERSIAN.format(bonus="; going out = +25"), name="persian.rules")
    for r in _results(v, 3, 4):
        if r.reason is Ending.WENT_OUT:
            team = r.winner % 2
            assert r.team_scores[team] == r.scores[team] + r.scores[team + 2]


def test_the_page_and_the_diff_say_the_bonus():
    plain = rulespec.compile_text(PERSIAN.format(bonus=""), name="persian.rules")
    paid = rulespec.compile_text(PERSIAN.format(bonus="; going out = +25"), name="persian.rules")
    page = render_page(paid)
    assert ("**Bonus for going out.** The player who goes out scores a bonus of 25 points, "
            "for their team.") in page
    assert "Bonus for going out" not in render_page(plain)
    said = [str(c) for c in changes(plain.ir, paid.ir)]
    assert said == ["Bonus for going out: 25 points instead of none"]
    penalty = render_page(house("basic", "scoring: losers score penalty points; going out = +10",
                                LOWEST))
    assert "10 points are taken off the total of the player who goes out." in penalty


def test_a_bonus_for_going_out_needs_a_way_out():
    problems = house_problems("gin", "scoring: going out = +25")
    assert [p.code for p in problems] == ["E387"]
    assert "nobody goes out here" in problems[0].message


def test_a_game_whose_only_points_are_the_bonus_can_be_scored():
    """E347 counts the bonus among what scores: cards worth nothing, 10 for going out."""
    v = house("basic", "values: none", "scoring: going out = +10")
    assert v.ruleset.scoring.out_bonus == 10
    for r in _results(v, 1, 2):
        assert r.scores == tuple(10 if p == r.winner and r.reason is Ending.WENT_OUT else 0
                                 for p in range(2))
    assert "Cards carry no points." in render_page(v)
