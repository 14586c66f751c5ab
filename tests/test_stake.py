"""A stake per hand (issue 15, item 4): ``scoring: a stake of N per hand``. Each loser owes
the winner the stake instead of the count of its cards, and the multipliers that already
exist multiply it: going rummy, a special hand's ``scores double``, the upcard's.

Tonk (variants/house/basic-tonk-hand.rules; artoongames.com, "Tonk Play"): "the player
with 49 or 50 is paid twice the basic stake by each of the other players"."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import check_invariants, new_game, stacked_deck
from rulespec.engine.phases import Ending

from conftest import VARIANTS, house, house_problems
from test_engine_mechanics import play_block_stock_out

TONK = VARIANTS / "house" / "basic-tonk-hand.rules"


def _went_out(v):
    """Three players: seat 0 melds a run, the others draw and throw back, then seat 0 lays
    off its last card but one and discards the last: it went out, not rummy."""
    hands = ["AS 2S 3S 4S 5S 6S KD", "2H 4H 6H 8H 10H 2D KC", "3H 5H 7H 9H JH 3D QC"]
    deck = stacked_deck(v, 3, hands=hands, upcard="QD", stock=["JD", "5C", "9C", "7S"])
    g = new_game(v, players=3, deck=deck)
    g.play("draw stock", "meld AS 2S 3S 4S 5S 6S", "discard JD")
    g.play("draw stock", "discard 5C")
    g.play("draw stock", "discard 9C")
    g.play("draw stock", "lay off 7S on 1", "discard KD")
    return g


def test_the_clause_sets_the_stake():
    v = house("basic", "scoring: a stake of 5 per hand")
    assert v.ruleset.scoring.stake == 5
    assert rulespec.load(VARIANTS / "basic.rules").ruleset.scoring.stake is None


def test_a_hand_won_by_going_out_pays_the_stake_from_each_loser():
    g = _went_out(house("basic", "scoring: a stake of 5 per hand"))
    r = g.results[-1]
    assert r.reason is Ending.WENT_OUT and not r.rummy and r.winner == 0
    assert r.penalties[1] > 5 and r.penalties[2] > 5  # whatever their cards count
    assert r.scores == (10, 0, 0)
    check_invariants(g)


def test_going_rummy_doubles_the_stake():
    v = house("basic", "scoring: a stake of 5 per hand")  # basic: going rummy doubles
    deck = stacked_deck(v, 2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                                     "2H 4H 6H 8H 10H 2D 4D 6D 8D KC"], upcard="QC", stock=["JD"])
    g = new_game(v, players=2, deck=deck)
    g.play("draw stock", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "discard JD")
    r = g.results[-1]
    assert r.reason is Ending.WENT_OUT and r.rummy and r.scores == (10, 0)


def test_the_upcard_multiplies_the_stake():
    v = house("basic", "scoring: a stake of 5 per hand",
               "         hand scores double when the upcard is a diamond")
    g = _went_out(v)  # the upcard is QD
    assert g.results[-1].scores == (20, 0, 0)


@pytest.mark.parametrize("hand", ["KS QH JD 10C 10S", "KS QH JD 10C 9S"])
def test_a_tonk_dealt_is_paid_a_doubled_stake_by_each_player(hand):
    v = rulespec.load(TONK)
    assert v.ruleset.scoring.stake == 1
    g = new_game(v, players=3, deck=stacked_deck(v, 3, hands=[hand, "AS 2H 3D 4C 5S", None],
                                                 upcard="7D")).deal_on()
    g.apply("declare")
    r = g.results[0]
    assert r.reason is Ending.SPECIAL and r.winner == 0 and r.scores == (4, 0, 0)  # 2 from each
    check_invariants(g)


def test_players_who_pay_each_other_add_up_to_zero():
    v = house("basic", "scoring: a stake of 3 per hand; losers pay the winner")
    g = _went_out(v)
    assert g.results[-1].scores == (6, -3, -3) and sum(g.results[-1].scores) == 0
    check_invariants(g)


def _block_stock_out(v, third_hand: str):
    """Block Rummy's end-of-stock example (tests/test_engine_mechanics.py), ended."""
    g = play_block_stock_out(third_hand, v)
    g.apply("pass")
    return g.results[-1]


def test_the_lowest_hand_collects_a_stake_from_each_higher_hand_when_the_stock_runs_out():
    v = house("block", "scoring: a stake of 5 per hand")
    r = _block_stock_out(v, "9H 9D 9C 9S AH AD 5C")
    assert r.reason is Ending.STOCK_EXHAUSTED and r.penalties == (6, 15, 7, 21)
    assert r.winner == 0 and r.scores == (15, 0, 0, 0)
    r = _block_stock_out(v, "9H 9D 9C 9S AH AD 4D")  # two hands of 6 share two stakes
    assert r.penalties == (6, 15, 6, 21) and r.scores == (5, 0, 5, 0)


@pytest.mark.parametrize("parent, where", [("gin", "knock"), ("rummy500", "whoever laid")])
def test_a_stake_without_a_count_to_replace_is_refused(parent, where):
    (d,) = [d for d in house_problems(parent, "scoring: a stake of 2 per hand") if d.code == "E386"]
    assert where in d.message and d.hint
