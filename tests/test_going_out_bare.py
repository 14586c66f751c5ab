"""Going out with no final discard (`going out: only without discard`): the last cards
must all be melded or laid off. A move may leave one card only when that card can be laid
off next, and an opening contract may be begun only when the hand can finish it without
being left with one card alone. Both once froze games: a player with two cards could
never lay off either (each lay-off left one), and a contract begun with two of its three
runs could leave a hand whose only third run kept one card back (issue #15, the defect in
its note; the house file california-last-hand-no-discard is the example that found it)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine.deal import stacked_deck
from rulespec.engine.state import new_game
from rulespec.sim.runner import play_game

from conftest import VARIANTS

BASE = '''variant "Bare"
players: 2
deal:    4 cards each
values:  A = 1; 2-10 = face value; J Q K = 10
draw:    from the stock
lay off: onto any meld
going out: only without discard
scoring: losers score penalty points
game:    1 deal; lowest wins
'''
NO_DISCARD = VARIANTS / "house" / "california-last-hand-no-discard.rules"


@pytest.fixture(scope="module")
def bare():
    return rulespec.compile_text(BASE, name="bare.rules")


def _drawn(v, hand: str, card: str):
    deck = stacked_deck(v, 2, hands=[hand, "2H 9H JD QC"], stock=[card, "KH"])
    return new_game(v, players=2, deck=deck).deal_on().play("draw stock").deal_on()


def test_two_cards_that_both_lay_off_go_out_one_after_the_other(bare):
    g = _drawn(bare, "4S 5S 6S 3S", "7S").play("meld 4S 5S 6S")
    assert "lay off 3S on 1" in g.legal_strings() and "lay off 7S on 1" in g.legal_strings()
    g.play("lay off 3S on 1", "lay off 7S on 1")
    assert g.results and g.results[-1].scores[0] == 0  # out, nothing discarded


def test_a_meld_may_leave_one_card_that_lays_off_onto_it():
    v = rulespec.compile_text(BASE.replace("4 cards each", "3 cards each"), name="three.rules")
    deck = stacked_deck(v, 2, hands=["4S 5S 6S", "2H 9H JD"], stock=["7S", "KH"])
    g = new_game(v, players=2, deck=deck).deal_on().play("draw stock").deal_on()
    assert "meld 4S 5S 6S" in g.legal_strings()  # 7S, left alone, lays off onto it
    g.play("meld 4S 5S 6S", "lay off 7S on 1")
    assert g.results and g.results[-1].scores[0] == 0


def test_a_lay_off_that_would_leave_a_card_alone_is_refused(bare):
    g = _drawn(bare, "4S 5S 6S 3S", "KD").play("meld 4S 5S 6S")
    legal = g.legal_strings()
    assert "lay off 3S on 1" not in legal  # KD would be left, and it fits nowhere
    assert "discard KD" in legal and "discard 3S" in legal
    with pytest.raises(Exception, match="cannot lay off next"):
        g.apply("lay off 3S on 1")


def test_the_game_that_froze_a_contract_opening_now_plays_to_the_end():
    """Seed and seats from the simulation that found the defect: seat 0 laid two of round
    7's three runs, kept 2S 4S 4H 7H 2C, and had no legal move."""
    out = play_game(rulespec.load(NO_DISCARD), seed=4834830840071090561,
                    agents=("greedy", "random"), max_hand_actions=3000)
    assert out.failure is None and out.finished, out.message


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32))
def test_every_hand_of_the_no_discard_round_ends_by_going_out(seed):
    """A player to move always has a move (the invariants), and the last hand, where no
    final discard is allowed, ends like the others: someone goes out."""
    out = play_game(rulespec.load(NO_DISCARD), seed=seed, agents=("greedy", "random"),
                    max_hand_actions=3000)
    assert out.failure is None, out.message
    assert out.finished
