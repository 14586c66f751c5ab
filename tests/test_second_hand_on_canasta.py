"""The second hand picked up on completing a long meld: ``deal: second hand taken after
completing a meld of 7+ cards`` (issue "Reach": Pennies from Heaven could not say it).

Sources: Pennies from Heaven (pagat.com/rummy/pennies.html): "a further 11 cards to each,
which must not be looked at and are kept in a facedown pile until the player has completed
a canasta"; rummy-games.com/rules/pennies-from-heaven.html: "The player may not look at
these until he makes his first canasta, at which time he adds them all to his hand."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.rulebook import render_page

from conftest import LITTLE_CANASTA, house, house_problems, random_walk

PACKET = "deal:     11 cards each\n          second hand of 11 cards per player\n"
ON_CANASTA = "          second hand taken after completing a meld of 7+ cards\n"
#: seat 0: six sevens and four kings (the draw brings the seventh seven)
HAND = "7S 7H 7D 7C 7S 7H KS KH KD KC 5C"
PACKET_0 = "9S 9H 9D 8S 8H 8D 6S 6H 6D 4C 4D"


def pennies(*deal: str):
    """The little Canasta of the tests with Pennies from Heaven's 11-card packets (and
    ``deal`` lines after them)."""
    text = LITTLE_CANASTA.replace("deal:     11 cards each\n", PACKET + "".join(deal))
    return rulespec.compile_text(text.replace("Little Canasta", "Pennies-ish"),
                                 name="pennies.rules")


@pytest.fixture(scope="module")
def on_canasta():
    return pennies(ON_CANASTA)


def _game(v, draws, hands=(HAND, None, None, None)):
    deck = stacked_deck(v, 4, hands=list(hands), upcard="QC", stock=draws,
                        packets=(PACKET_0, None, None, None))
    g = new_game(v, players=4, deck=deck).deal_on()
    check_invariants(g)
    return g


def test_the_clause_sets_the_size(on_canasta):
    assert on_canasta.ruleset.deal.second_hand.on_long == 7
    assert pennies().ruleset.deal.second_hand.on_long is None
    said = house("basic", "players: 2", "deal: second hand of 5 cards per player",
                 "deal: second hand taken on completing a meld of 6+ cards")
    assert said.ruleset.deal.second_hand.on_long == 6


def test_melding_a_canasta_picks_the_packet_up_at_once(on_canasta):
    g = _game(on_canasta, ["7D"])
    g.play("draw stock").deal_on()
    g.play("meld 7S 7H 7D 7C 7S 7H 7D")
    assert g.packet_taken[0] and not g.packets[0]
    assert sorted(g.hands[0]) == sorted(rulespec.parse_cards("KS KH KD KC 5C " + PACKET_0))
    assert (g.player, g.phase) == (0, "play")  # the turn goes on, the packet in hand
    assert g.observation(1).second_hands == (0, 11, 11, 11)
    check_invariants(g)
    g.play("meld KS KH KD KC", "meld 9S 9H 9D", "discard 5C")
    assert g.player == 1 and not g.results
    check_invariants(g)


def test_a_lay_off_that_completes_a_canasta_picks_it_up(on_canasta):
    g = _game(on_canasta, ["7D"])
    g.play("draw stock").deal_on()
    g.play("meld 7S 7H 7D 7C 7S 7H", "meld KS KH KD KC")
    assert not g.packet_taken[0]  # six cards: not a canasta yet
    g.play("lay off 7D on 1")
    assert g.packet_taken[0] and len(g.hands[0]) == 1 + 11


def test_completing_a_partners_canasta_picks_up_ones_own_packet(on_canasta):
    """Seat 2 lays the seventh seven onto seat 0's meld: seat 2's packet, not seat 0's."""
    hands = (HAND, "3S 4S 5S 6S 8C 9C 10C JC QD QH AS",
             "7D AH AD AC 10S 10H 10D JS JH JD 4H", None)
    g = _game(on_canasta, ["4S", "5D", "6C"], hands=hands)
    g.play("draw stock").deal_on()
    g.play("meld 7S 7H 7D 7C 7S 7H", "meld KS KH KD KC", "discard 5C")
    g.deal_on()
    g.play("draw stock").deal_on()
    g.play("discard 4S")
    g.deal_on()
    g.play("draw stock").deal_on()
    g.play("lay off 7D on 1")
    assert g.packet_taken == [False, False, True, False]
    assert len(g.hands[2]) == 11 + 11
    check_invariants(g)


def test_without_the_rule_a_canasta_leaves_the_packet_aside():
    g = _game(pennies(), ["7D"])
    g.play("draw stock").deal_on()
    g.play("meld 7S 7H 7D 7C 7S 7H 7D")
    assert not g.packet_taken[0] and len(g.packets[0]) == 11


def test_an_empty_hand_still_picks_it_up(on_canasta):
    """No canasta, yet the hand empties: the packet is picked up as for every second hand."""
    g = _game(on_canasta, ["KS"], hands=("7S 7H 7D KH KD KC 5C 5D 5H 5S QS", None, None, None))
    g.play("draw stock").deal_on()
    g.play("meld 7S 7H 7D", "meld KS KH KD KC", "meld 5C 5D 5H 5S")
    assert not g.packet_taken[0]
    g.play("discard QS")
    assert not g.results  # not out: the packet is promised for the next turn
    check_invariants(g)


def test_random_games_pick_packets_up_and_keep_every_invariant():
    text = (LITTLE_CANASTA.replace("players:  4\npartners: 2 teams of 2\n", "players:  2\n")
            .replace("lay off:  onto own and partner's melds\n", "")
            .replace("deal:     11 cards each\n", PACKET + ON_CANASTA)
            .replace("game:     to 1000 points", "game:     2 deals"))
    v = rulespec.compile_text(text, name="pennies2.rules")
    early = 0
    for seed in range(4):
        for g in random_walk(v, 2, seed, steps=3000):
            check_invariants(g)
            early += sum(1 for p in range(2) if g.packets and g.packet_taken[p]
                         and len(g.hands[p]) > 11)
    assert early  # a packet joined a hand that still held cards: taken on a canasta


def test_the_check_says_when_no_meld_is_that_long():
    codes = [p.code for p in house_problems(
        "rummy500", "players: 2", "melds: sets of 3-4 cards; runs of 3-5 cards",
        "deal: second hand of 5 cards per player",
        "deal: second hand taken after completing a meld of 7+ cards") if p.is_error]
    assert codes == ["E338"]


def test_the_page_says_when_the_packet_is_picked_up(on_canasta):
    page = " ".join(render_page(on_canasta).split())
    assert ("**The second hand.** You pick up your second hand as soon as you complete a meld "
            "of seven or more cards (lay one, or bring one to that size by laying off a card), "
            "and go on with your turn with it in your hand.") in page
