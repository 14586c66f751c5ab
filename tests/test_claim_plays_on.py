"""A claim that takes the turn (``may i: claimer melds it at once and plays on``):
Desmoche's discard "may be picked up by any other player if the card immediately serves
that player to make a meld" (Wikipedia, Desmoche), Seven Bridge's pon. Only a player who
can meld the card is asked; the claimer melds it first, plays a whole turn and discards,
and play goes on from them: the player who passed the discard does not draw."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine.deal import stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.engine.phases import Phase
from rulespec.engine.state import new_game
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

DESMOCHE = """variant "Desmoche, claims that take the turn"
players: 2-4
deck:    1 pack, no jokers
aces:    high or low but not both
values:  none
melds:   sets of 3-4 cards of the same rank
         runs of 3+ cards in the same suit
deal:    9 cards each
upcard:  none
draw:    from the stock or the discard pile
         card taken from the discard pile must be melded at once
may i:   0 penalty cards; {claim}
melding: any number of melds per turn
lay off: onto own melds
going out: with or without final discard
stock:   hand ends; hand is void
scoring: winner collects; a stake of 1 per hand
game:    1 deal; highest wins
"""


def _variant(claim: str = "claimer melds it at once and plays on"):
    return rulespec.compile_text(DESMOCHE.format(claim=claim), name="desmoche.rules")


@pytest.fixture(scope="module")
def desmoche():
    return _variant()


def _three_seats(v):
    """Three players: the starter throws the 9S; the next player cannot meld it, the one
    after holds two nines."""
    first = new_game(v, players=3, seed=0).deal_on().current_player()
    nxt, last = (first + 1) % 3, (first + 2) % 3
    hands = [None] * 3
    hands[first] = "2C 4C 6C 8C 10C QC 2D 4D 6D"
    hands[nxt] = "3H 5H 7H JH KH 3S 5S 7S JS"
    hands[last] = "9H 9D AS KC KD 2H 2S 5C 7D"
    deck = stacked_deck(v, 3, hands=hands, stock=["9S", "QD", "8H"])
    g = new_game(v, players=3, deck=deck).deal_on()
    assert g.current_player() == first
    g.apply("draw stock")
    g.apply_chance()
    g.apply("discard 9S")
    return g, first, nxt, last


def test_the_claim_goes_to_a_player_who_can_meld_it_and_takes_the_turn(desmoche):
    g, first, nxt, last = _three_seats(desmoche)
    assert g.current_player() == nxt and "draw discard" not in g.legal_strings()
    g.apply("draw stock")  # passes the 9S: the player with two nines is asked
    assert g.phase is Phase.CLAIM and g.current_player() == last
    before = len(g.hands[nxt])
    g.apply("may i")
    assert g.phase is Phase.PLAY and g.current_player() == last
    assert g.legal_strings() == ["meld 9S 9H 9D"]  # the card claimed goes down first
    with pytest.raises(IllegalMove):
        g.apply("discard 5C")
    g.apply("meld 9S 9H 9D")
    g.apply("discard 5C")
    # play goes on from the claimer; the player who passed the discard never drew
    assert g.current_player() == first and len(g.hands[nxt]) == before


def test_nobody_is_asked_who_could_not_meld_the_card(desmoche):
    g, first, nxt, last = _three_seats(desmoche)
    g.hands[last].remove(rulespec.parse_cards("9D")[0])  # one nine: no meld
    g.apply("draw stock")
    assert g.phase is not Phase.CLAIM and g.is_chance()  # the stock card comes: no claim
    g.apply_chance()
    assert g.current_player() == nxt


def test_whole_games_play_to_their_end_with_claims(desmoche):
    claims = 0
    for seed in range(8):
        for agents in (("random",), ("greedy",)):
            out = play_game(desmoche, players=4, seed=seed, agents=agents)
            assert out.failure is None, out.message
            claims += out.events.get("claims", 0)
    assert claims > 0


def test_the_page_and_the_diff_say_the_claimer_plays_on(desmoche):
    page = render_page(desmoche)
    assert "The claimer takes it with no penalty card." in page
    assert ("The turn is then the claimer's: they meld the card first, play on as in any turn "
            "and discard, and play goes on from them") in page
    assert "The player in turn then draws from the stock as usual." not in page
    said = [str(c) for c in changes(_variant("claimer may meld at once").ir, desmoche.ir)]
    assert said == ["“May I?” claims: zero penalty cards; nearest player first; melds it at once "
                    "and plays on instead of zero penalty cards; nearest player first; may meld "
                    "at once"], said


def test_the_greedy_bot_judges_a_stake_game_by_the_cards_left_out(desmoche):
    """Under `values: none` every hand cost the greedy bot 0, so it never took or claimed
    a card for a meld (a trial's Desmoche: no claims in 100 greedy games)."""
    from rulespec.agents.evaluate import evaluator
    from rulespec.melds.context import rules_for

    ev = evaluator(rules_for(desmoche.ruleset))
    loose = rulespec.parse_cards("9H 9D 2C 5S 7D")
    assert ev.cost(loose) == 5 and ev.cost(loose + rulespec.parse_cards("9S")) == 3
    assert ev.cost(rulespec.parse_cards("9H 9D 9S")) == 0
