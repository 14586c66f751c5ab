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


def test_a_stake_where_each_player_scores_their_own_table_is_refused():
    (d,) = [d for d in house_problems("rummy500", "scoring: a stake of 2 per hand")
            if d.code == "E386"]
    assert "whoever laid" in d.message and d.hint


# ---------------------------------------------------------------- knocks under a stake
# Tonk (pagat.com, "Tonk"): "If the dropper has the lowest count, the dropper is paid the
# basic stake by each of the other players. If anyone has a count equal to or lower than
# the dropper, the dropper must pay twice the basic stake to each of those players."

DROP = ("knock: at any count; only before drawing; no lay off",
        "scoring: knock = deadwood difference; a stake of 1 per hand; undercut = double stake",
        "scoring: losers pay the winner")


def _drop(hands, *rules):
    """Three players of `basic` with Tonk's drop for a stake: seat 0 drops at once."""
    v = house("basic", *DROP, *rules)
    deck = stacked_deck(v, 3, hands=hands, upcard="QD")
    g = new_game(v, players=3, deck=deck).deal_on()
    g.apply("knock")
    while not g.results:  # each player lays out the hand: none holds a meld
        g.apply("pass")
    (r,) = g.results
    assert not check_invariants(g)
    return r


LOW = "AS AH 2S 2H 3C 4D 5C"  # 18


def test_a_drop_with_the_lowest_count_is_paid_a_stake_by_each_player():
    r = _drop([LOW, "KS KH QS QH JC JD 9C", "8S 8H 7S 7H 6C 6D 5D"])
    assert r.reason is Ending.KNOCK and r.winner == 0
    assert r.scores == (2, -1, -1)


def test_a_drop_beaten_or_tied_pays_two_stakes_to_each_who_beat_it_and_no_one_else_pays():
    r = _drop([LOW, "AD AC 2D 2C 3S 4S 5H", "KS KH QS QH JC JD 9C"])  # seat 1 ties at 18
    assert r.reason is Ending.UNDERCUT and r.winner == 1
    assert r.scores == (-2, 2, 0)
    r = _drop([LOW, "AD AC 2D 2C 3S 4S 5H", "3H 3D 4H 5S 6S 7D 8C"],
              "scoring: ties go to the knocker")
    assert r.scores == (2, -1, -1)  # a tie is the dropper's


def test_under_the_lowest_hand_the_lowest_collects_a_stake_and_a_failed_dropper_pays_two():
    r = _drop(["KS KH QS QH JC JD 9C", LOW, "8S 8H 7S 7H 6C 6D 5D"],
              "scoring: the lowest hand wins a knock")
    assert r.winner == 1 and r.scores == (-2, 3, -1)


def test_the_page_says_what_a_knock_pays_under_a_stake():
    from rulespec.rulebook import render_page  # noqa: PLC0415
    page = render_page(house("basic", *DROP))
    assert ("If no other player's count is lower than the knocker's or equal to it, the knocker "
            "wins the hand and each other player pays them the stake. Otherwise the knocker pays "
            "two stakes to each player whose count is lower than the knocker's or equal to it, "
            "and nobody else pays.") in page
    assert "difference" not in page.split("## Scoring")[1].split("## End")[0]


@pytest.mark.parametrize("lines, said", [
    (("scoring: a stake of 2 per hand",), "an undercut bonus of 10 points has no meaning"),
    (("scoring: a stake of 2 per hand; each pair settles the difference",), "every two players"),
])
def test_point_bonuses_and_pairs_under_a_stake_are_refused(lines, said):
    found = [d for d in house_problems("gin", *lines) if d.code == "E386"]
    assert any(said in d.message for d in found), [d.message for d in found]


def test_a_failed_knocks_stakes_need_a_stake():
    (d,) = [d for d in house_problems("gin", "scoring: undercut = 2 stakes") if d.code == "E386"]
    assert "the hand has no stake" in d.message


def test_a_drop_that_counts_every_card_lays_out_no_melds():
    """Tonk (pagat.com): at a drop "all the players expose their cards and add up the
    values": a meld still held in hand counts. Under `knock: every card in hand counts` a
    knock counts every card and nobody lays melds out of it."""
    v = house("basic", *DROP, "knock: every card in hand counts")
    assert v.ruleset.knock_counts_all
    deck = stacked_deck(v, 3, hands=["AS 2S 3S 4H 5C 6D KH", "KS KD QS QH JC JD 9C",
                                     "8S 8H 7S 7H 6C 9D 5D"], upcard="QD")
    g = new_game(v, players=3, deck=deck).deal_on()
    g.apply("knock")
    assert g.legal_strings() == ["pass"]  # AS 2S 3S stays in hand: no meld is laid out
    while not g.results:
        g.apply("pass")
    (r,) = g.results
    assert r.penalties == (31, 69, 50) and r.winner == 0 and r.scores == (2, -1, -1)
    assert not check_invariants(g)
    unmatched = house("basic", *DROP)
    g = new_game(unmatched, players=3, deck=stacked_deck(
        unmatched, 3, hands=["AS 2S 3S 4H 5C 6D KH", "KS KD QS QH JC JD 9C",
                             "8S 8H 7S 7H 6C 9D 5D"], upcard="QD")).deal_on()
    g.apply("knock")
    assert "meld AS 2S 3S" in g.legal_strings()
