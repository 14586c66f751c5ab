"""One more turn for the others after a player goes out or shows (``show: … then each other
player has one more turn``; ``going out: …``): the hand ends, as the closer's, when play
comes back to the closer.

Source (Three Thirteen, kampuspedia.com/en/Three_thirteen): "Once the first player is
'out', all other players are allowed 1 extra turn (in order) to either improve their hand
to reduce their score, or in some cases also become 'out' (i.e., scoring 0 points)."
Found missing by a new-user trial of Three Thirteen."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import check_invariants, new_game, stacked_deck
from rulespec.engine.phases import Ending
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

THIRTEEN = """variant "Three Thirteen, three rounds"
players: 2-4
deck:    1 pack, no jokers
aces:    low
values:  A = 1; 2-10 = face value; J Q K = 10
melds:   sets of 3-4 cards of the same rank
         runs of 3+ cards in the same suit
         kept in hand until the hand ends
wild:    all-wild melds allowed
in round 1: wild: threes
in round 2: wild: fours
in round 3: wild: fives
deal:    3 cards each in round 1; 4 cards each in round 2; 5 cards each in round 3
upcard:  turned up to start the discard pile
draw:    from the stock or the discard pile
going out: not allowed
show:    whole hand in melds
         then each other player has one more turn
stock:   shuffle the discard pile into a new stock; the top discard stays
scoring: losers score penalty points; count unmatched cards
game:    3 deals; lowest wins
"""


@pytest.fixture(scope="module")
def thirteen():
    return rulespec.compile_text(THIRTEEN, name="thirteen.rules")


def _game(v, hands, stock, players=3):
    """Seat 0 starts (seat ``players - 1`` deals); round 1, threes wild."""
    deck = stacked_deck(v, players, hands=hands, upcard="KC", stock=stock)
    return new_game(v, players=players, deck=deck).deal_on()


def test_after_a_show_each_other_player_has_one_more_turn_then_the_hand_ends(thirteen):
    assert thirteen.ruleset.show.last_turns
    g = _game(thirteen, ["7H 7D 9C", "2S 4D 6H", "8S 9S JD"], ["7C", "10S", "QH"])
    g.play("draw stock", "show 9C")  # 7H 7D 7C: seat 0 closes the hand
    assert not g.results and g.current_player() == 1
    g.play("draw stock", "discard 10S")  # seat 1's last turn
    assert not g.results and g.current_player() == 2
    g.play("draw stock", "discard QH")  # seat 2's last turn: still no meld
    (r,) = g.results
    assert r.reason is Ending.SHOW and r.winner == 0
    assert r.penalties == (0, 12, 27)  # 2S 4D 6H; 8S 9S JD (3s wild in round 1)
    check_invariants(g)


def test_a_player_who_shows_in_their_last_turn_counts_nothing_and_play_goes_on(thirteen):
    g = _game(thirteen, ["7H 7D 9C", "6S 6D 2C", "8S 9S JD"], ["7C", "6C", "QH"])
    g.play("draw stock", "show 9C")
    g.play("draw stock", "show 2C")  # 6S 6D 6C: seat 1 is out too, not the winner
    assert not g.results and g.current_player() == 2
    g.play("draw stock", "discard QH")
    (r,) = g.results
    assert r.winner == 0 and r.penalties[:2] == (0, 0) and r.scores[1] == 0
    check_invariants(g)


def test_without_the_rule_a_show_ends_the_hand_at_once(thirteen):
    once = THIRTEEN.replace("         then each other player has one more turn\n", "")
    v = rulespec.compile_text(once, name="thirteen.rules")
    assert not v.ruleset.show.last_turns
    g = _game(v, ["7H 7D 9C", "2S 4D 6H", "8S 9S JD"], ["7C", "10S", "QH"])
    g.play("draw stock", "show 9C")
    assert g.results and g.results[-1].reason is Ending.SHOW


def test_going_out_with_last_turns(thirteen):
    text = THIRTEEN.replace("         kept in hand until the hand ends\n", "").replace(
        "going out: not allowed", "going out: with or without final discard; each other player "
        "gets one last turn").replace("show:    whole hand in melds\n         then each other "
                                      "player has one more turn\n", "")
    v = rulespec.compile_text(text, name="out.rules")
    assert v.ruleset.going_out.last_turns
    g = _game(v, ["7H 7D 9C", "2S 4D 6H", "8S 9S JD"], ["7C", "10S", "QH"])
    g.play("draw stock", "meld 7H 7D 7C", "discard 9C")  # seat 0 is out
    assert not g.results and not g.hands[0]
    assert not check_invariants(g)  # a closer holding nothing waits out the last turns
    g.play("draw stock", "discard 10S", "draw stock", "discard QH")
    (r,) = g.results
    assert r.reason is Ending.WENT_OUT and r.winner == 0 and r.penalties == (0, 12, 27)


def test_the_page_and_the_diff_say_it(thirteen):
    page = render_page(thirteen)
    assert "Each other player then has one more turn" in page
    assert "The others then show their hands too" not in page
    plain = rulespec.compile_text(THIRTEEN.replace(
        "         then each other player has one more turn\n", ""), name="thirteen.rules")
    said = [str(c) for c in changes(plain.ir, thirteen.ir)]
    assert any("one more turn" in c for c in said), said


LAST_TURNS_BASIC = 'variant "x"\nextends "basic"\ngoing out: each other player gets one last turn\n'


@pytest.mark.parametrize("agents", ["greedy", "random"])
@pytest.mark.parametrize("text", [THIRTEEN, LAST_TURNS_BASIC], ids=["shows", "going-out"])
def test_whole_games_play_through(text, agents):
    from rulespec.sim.runner import play_game  # noqa: PLC0415
    from conftest import VARIANTS  # noqa: PLC0415
    v = rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))
    for seed in range(10):
        out = play_game(v, seed=seed, agents=(agents,), check_every=1)
        assert out.finished and out.failure is None, out.message
