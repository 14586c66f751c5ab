"""A wild rank that follows the deal (``wild: rank of cards dealt``) and a joker worth its
own value beside the other wild cards (``jokers = 50; wild cards = 20``).

Source (Five Crowns, the publisher's rule sheet, officialgamerules.org/five-crowns): "the
wild card rotates: in the first hand, with three cards dealt, threes are wild; in the second
hand fours are wild ... in the last hand, kings are wild", "Jokers are always wild", and
"Jokers count 50 points; the wild card of the hand counts 20". Found missing by a new-user
trial of Five Crowns, which wrote 22 `in round N:` lines for it."""

from __future__ import annotations

import pytest

import rulespec
from rulespec import cards as C
from rulespec.engine import new_game, stacked_deck
from rulespec.melds.context import card_value
from rulespec.rulebook import render_page

FIVE_CROWNS = """variant "Five Crowns"
players: 2-7
deck:    2 packs without aces and 2s, 3 jokers per pack
values:  3-10 = face value; J = 11; Q = 12; K = 13; jokers = 50; wild cards = 20
wild:    jokers; rank of cards dealt
         all-wild melds allowed
melds:   sets of 3+ cards of the same rank in any suits
         runs of 3+ cards in the same suit
deal:    3 cards each in round 1; 4 cards each in round 2; 5 cards each in round 3
         6 cards each in round 4; 7 cards each in round 5; 8 cards each in round 6
         9 cards each in round 7; 10 cards each in round 8; 11 cards each in round 9
         12 cards each in round 10; 13 cards each in round 11
upcard:  turned up to start the discard pile
draw:    from the stock or the discard pile
melding: whole hand at once
lay off: not allowed
going out: only with final discard
           each other player gets one last turn
stock:   shuffle the discard pile into a new stock
scoring: losers score penalty points; count unmatched cards
game:    11 deals; lowest wins
"""


@pytest.fixture(scope="module")
def crowns():
    return rulespec.compile_text(FIVE_CROWNS, name="five-crowns.rules")


@pytest.mark.parametrize("round, rank", [(1, "3"), (5, "7"), (8, "10"), (9, "J"), (11, "K")])
def test_each_round_the_rank_of_the_cards_dealt_is_wild(crowns, round, rank):
    rs = crowns.ruleset.for_round(round)
    assert rs.wilds.ranks == (rank,) and rs.wilds.jokers
    assert crowns.ruleset.wilds.ranks == ()  # the game's own rules name no rank


def test_the_wild_rank_counts_20_and_a_joker_its_own_50(crowns):
    rs = crowns.ruleset.for_round(1)
    assert card_value(rs, C.parse_card("3H")) == 20
    assert card_value(rs, C.JOKER) == 50
    assert card_value(rs, C.parse_card("4H")) == 4
    assert card_value(crowns.ruleset.for_round(2), C.parse_card("3H")) == 3


def test_a_played_hand_melds_the_rounds_wild_rank():
    """In round 1 (three cards) a three completes a set of kings."""
    v = rulespec.compile_text(FIVE_CROWNS, name="five-crowns.rules")
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=["KS KH 3D", "9C 10D 4S"],
                                                   upcard="5C", stock=["7H"])).deal_on()
    g.play("draw stock").deal_on()
    assert "meld KS KH 3D" in g.legal_strings()
    g.play("meld KS KH 3D", "discard 7H")  # out; seat 1 has one last turn
    g.play("draw stock").deal_on()
    g.play(next(a for a in g.legal_strings() if a.startswith("discard")))
    (r,) = g.results
    assert r.winner == 0 and r.penalties[0] == 0


def test_a_deal_that_names_no_rank_is_refused():
    text = FIVE_CROWNS.replace("13 cards each in round 11", "14 cards each in round 11")
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.compile_text(text, name="x.rules")
    assert "E318" in str(e.value)


def test_the_page_says_which_rank_is_wild_each_round_and_the_values(crowns):
    page = " ".join(render_page(crowns).split())
    assert ("The jokers and the cards of the rank equal to the number of cards dealt are "
            "wild") in page
    assert ("The wild rank changes each round with the number of cards dealt: threes in the "
            "first round, fours in the second,") in page
    assert "queens in the tenth and kings in the eleventh." in page
    assert "| Joker | 50 points |" in page
    assert "| Any other card used as a wild card | 20 points |" in page
    assert "The cards of each suit rank 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K." in page
    assert "Aces are low" not in page  # the pack has none
    assert ("two standard packs of 52 cards, each stripped of the aces and twos (44 cards "
            "left in each), with three jokers in each pack: 94 cards in all.") in page
    assert ("You may not meld until you can lay down your whole hand at once, all but the one "
            "card you discard") in page
    assert "3. **Discard**" in page  # no step of its own for a ban on laying off


def test_whole_games_play_through(crowns):
    from rulespec.sim.runner import play_game  # noqa: PLC0415
    for seed in range(3):
        for agents in ("greedy", "random"):
            out = play_game(crowns, seed=seed, agents=(agents,), check_every=1)
            assert out.finished and out.failure is None, out.message
