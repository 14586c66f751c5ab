"""The stalemate rule looks at the cards in play, not only at the size of the hands.

Found by Basic Rummy with a foot per player (``deal: second hand of 5 cards per
player``): random and greedy games ran to the hand limit once the stock was being turned
over. Two things were missing. A second hand made hands count as growing, so the size
bound (a hand of one card and the draw makes no meld of three) was never asked, though a
packet is picked up only by a hand emptied by a meld or lay-off; and a hand of two cards
and the draw was taken to be able to meld whatever cards were left in play. Now a count
of the cards in play (per rank, per window of a suit), made once after each turn-over of
the stock, says when no meld can be made of them at all (:func:`meld_sizes_in`), and it
never says so when one can (the property test against the meld finder)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import new_game, search as ES
from rulespec.engine.invariants import check_invariants
from rulespec.engine.mechanics.exhaustion import meld_sizes_in
from rulespec.engine.views import TableMeld
from rulespec.melds.context import rules_for
from rulespec.melds.model import Reading

from conftest import house
from meld_rulesets import ruleset

FOOT = ("players: 2", "deal: second hand of 5 cards per player")


def _cards(text):
    return rulespec.parse_cards(text)


@pytest.fixture(scope="module")
def foot():
    return house("basic", *FOOT)


def _stuck_position(v):
    """Both players down; the table holds every spade (A-K) and the hearts 2-Q; the
    packets hold AH KH and the 3s, 6s, 9s and queens of diamonds and clubs; the 18 cards in
    play are the other diamonds and clubs: no rank three times, no three in a row, and
    none fits a run on the table. Seat 0 holds two cards, enough for a meld by size."""
    g = new_game(v, players=2, seed=3).deal_on()
    spades = _cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    hearts = _cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")
    g.table = [TableMeld(1, 0, spades, Reading("run", suit=0, ranks=tuple(range(13)))),
               TableMeld(2, 1, hearts, Reading("run", suit=1, ranks=tuple(range(1, 12))))]
    g.packets = [_cards("AH 3D 6D 9D QD"), _cards("KH 3C 6C 9C QC")]
    g.packet_taken = [False, False]
    play = _cards("AD 2D 4D 5D 7D 8D 10D JD KD AC 2C 4C 5C 7C 8C 10C JC KC")
    p = g.player
    g.hands[p], g.hands[1 - p] = play[:2], play[2:3]
    g.discards, g.stock = play[3:4], play[4:]
    g.opened = [True, True]
    check_invariants(g)
    return g


def test_a_hand_with_room_for_a_meld_but_no_meld_in_play_is_a_stalemate(foot):
    g = _stuck_position(foot)
    assert meld_sizes_in(g.rules, g._in_play()) == (10**6, 10**6)
    assert len(g.hands[g.player]) + 1 >= 3  # the size bound alone says it may meld
    g.play("draw stock")
    g.play(f"discard {C.card_str(g.hands[g.player][0])}")
    assert [r.reason.value for r in g.results] == ["stalemate"]


def test_one_card_hands_with_a_second_hand_aside_are_a_stalemate(foot):
    """The size bound holds where the packets wait: a hand of one card and the draw never
    melds three, and nothing fits the table, so nobody ever picks a packet up."""
    g = _stuck_position(foot)
    p = g.player
    g.stock.append(g.hands[p].pop())  # seat 0 down to one card too
    g._in_play_counted = (len(g.results), g.reuses)  # no count at this turn: sizes only
    g.play("draw stock")
    g.play(f"discard {C.card_str(g.hands[p][0])}")
    assert [r.reason.value for r in g.results] == ["stalemate"]


def test_a_meld_in_play_keeps_the_hand_going(foot):
    g = _stuck_position(foot)
    # swap a packet's 3D into play for the 4C: AD 2D 3D is a run in play now
    g.stock[g.stock.index(_cards("4C")[0])] = _cards("3D")[0]
    g.packets[0][g.packets[0].index(_cards("3D")[0])] = _cards("4C")[0]
    check_invariants(g)
    assert meld_sizes_in(g.rules, g._in_play())[1] == 3
    g.play("draw stock")
    g.play(f"discard {C.card_str(g.hands[g.player][-1])}")
    assert not g.results


NAMES = ["basic", "gin", "continental", "rummy51", "push", "indian-points", "conquian",
         "rummikub", "house/basic-round-the-corner", "house/continental-deuces-wild"]


@st.composite
def in_play(draw):
    """A ruleset and cards left in play (crowded near one rank and one suit, so that some
    make melds and some just fail to)."""
    name = draw(st.sampled_from(NAMES))
    rs = ruleset(name)
    packs = rs.deck.packs_for(rs.players.max)
    deck = [c for c in range(52) if rs.deck.ranks is None or C.rank_of(c) in rs.deck.ranks]
    deck = deck * packs + [C.JOKER] * rs.deck.jokers_for(rs.players.max)
    centre = draw(st.integers(0, 51))
    near = [c for c in deck if c == C.JOKER or abs(c % 13 - centre % 13) <= 2
            or c // 13 == centre // 13]
    n = draw(st.integers(0, 12))
    idx = draw(st.lists(st.integers(0, len(near) - 1), min_size=n, max_size=n, unique=True))
    wild = draw(st.sampled_from([None] + list(range(53)))) if rs.wilds.cut else None
    return rules_for(rs, wild), [near[i] for i in idx]


@settings(max_examples=300, deadline=None)
@given(in_play())
def test_the_count_never_misses_a_meld(case):
    rules, cards = case
    sets, runs = meld_sizes_in(rules, cards)
    for group, reading in ES.hand_melds(rules, cards):
        least = sets if reading.kind == "set" else runs
        assert least <= len(group), (reading, group)
