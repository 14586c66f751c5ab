"""Cards drawn on opening: ``opening: then draw 13 cards from the stock`` (issue "Reach":
Mexicana could not say it).

Source: Mexicana (rummy-games.com/rules/mexicana.html): "When a player makes the initial
meld for his side, he then draws the top thirteen cards from the stock and adds them to his
hand.\""""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.engine.phases import Then
from rulespec.rulebook import render_page

from conftest import LITTLE_CANASTA, alone_two, house, random_walk

OPENING = "opening:  melds worth at least 50\n"
HAND = "KS KH KD KC 9S 9H 9D 5C 6C 8S 8H"
PARTNER = "QS QH QD QC 10S 10H 10D 4S 4H 6S 6H"


def mexicana(then: str = "          once per side\n          then draw 13 cards from the stock\n",
             players: int = 4):
    text = LITTLE_CANASTA.replace(OPENING, OPENING + then)
    if players == 2:
        text = alone_two(text)
    return rulespec.compile_text(text.replace("Little Canasta", "Mexicana-ish"),
                                 name="mexicana.rules")


@pytest.fixture(scope="module")
def mex():
    return mexicana()


def _game(v):
    deck = stacked_deck(v, 4, hands=[HAND, "4C 5D 6D 8C 8D 10C JC JD JS 7S 7H", PARTNER,
                                     "AS AH AD 10S 3S 3C 5H 5S 7C 7D 9C"],
                        upcard="QC", stock=["JH", "KC", "4D"])
    g = new_game(v, players=4, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    return g


def test_the_phrase_sets_the_count(mex):
    assert mex.ruleset.opening.then_draw == 13
    assert house("rummy500", "opening: then draw 5 cards").ruleset.opening.then_draw == 5


def test_the_opener_draws_thirteen_and_plays_on(mex):
    """Kings (40) are not yet an opening of 50; with the nines (70) the side has opened,
    and the opener draws thirteen cards from the stock and goes on with the turn."""
    g = _game(mex)
    g.play("meld KS KH KD KC")
    assert not g.is_chance() and len(g.hands[0]) == 8
    stock = len(g.stock)
    g.play("meld 9S 9H 9D")
    assert g.is_chance()  # thirteen cards to come
    g.deal_on()
    assert (g.player, g.phase) == (0, "play")
    assert len(g.hands[0]) == 5 + 13 and len(g.stock) == stock - 13
    check_invariants(g)
    g.play("discard 5C")
    # the partner melds later: the side opened already, nobody draws again
    g.play("draw stock", "discard 4C")
    g.deal_on()
    g.play("draw stock")
    g.deal_on()
    held = len(g.hands[2])
    g.play("meld QS QH QD QC")
    assert not g.is_chance() and len(g.hands[2]) == held - 4
    check_invariants(g)


def test_without_partners_each_player_draws_on_their_own_opening():
    v = mexicana("          then draw 5 cards\n", players=2)
    deck = stacked_deck(v, 2, hands=[HAND, PARTNER], upcard="QC", stock=["JH", "JD"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld KS KH KD KC", "meld 9S 9H 9D")
    g.deal_on()
    assert len(g.hands[0]) == 5 + 5
    g.play("discard 5C", "draw stock")
    g.deal_on()
    g.play("meld QS QH QD QC", "meld 10S 10H 10D")
    g.deal_on()
    assert len(g.hands[1]) == 12 - 7 + 5
    check_invariants(g)


def test_a_short_stock_gives_what_it_has(mex):
    g = _game(mex)
    g.stock[:] = g.stock[-5:]  # the stock cut to five cards (the rest out of this game)
    g.play("meld KS KH KD KC", "meld 9S 9H 9D")
    g.deal_on()
    assert len(g.hands[0]) == 5 + 5 and not g.stock


def test_random_games_keep_every_invariant():
    v = mexicana("          then draw 5 cards\n", players=2)
    drew = 0
    for seed in range(4):
        for g in random_walk(v, 2, seed, steps=2000):
            check_invariants(g)
            drew += g.is_chance() and g._then is Then.OPENED
    assert drew  # cards were drawn on opening


def test_the_page_says_it(mex):
    page = " ".join(render_page(mex).split())
    assert ("**Cards drawn on opening.** The player whose first melds open for their side "
            "then draws thirteen cards from the top of the stock at once (all it has, if "
            "fewer) into their hand, and goes on with the turn.") in page
