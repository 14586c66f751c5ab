"""The ``as ...`` part of a move: a true label the move does not need is accepted, and a
wrong one is refused saying what the card can stand for (issue 12 item 13)."""

from __future__ import annotations

import dataclasses

import pytest

import rulespec
from rulespec import IllegalMove
from rulespec import cards as C
from rulespec.engine import actions as A
from rulespec.engine import new_game, stacked_deck
from rulespec.melds import distinct as D

from conftest import VARIANTS

# Basic Rummy with two wild jokers; aces low, so J-Q-K can grow only downwards
TEXT = (VARIANTS / "basic.rules").read_text(encoding="utf-8").replace(
    "deck:    1 pack, no jokers", "deck:    1 pack, 2 jokers\nwild:    jokers").replace(
    "J Q K = 10", "J Q K = 10; jokers = 20")


@pytest.fixture
def game():
    v = rulespec.compile_text(TEXT, name="wild-basic.rules")
    hands = ["JD QD KD 7S 7H 7D 3C 5C 9H 2S", "JK 4C 6C 8C 10H AS 2H 4H 6D 8S"]
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=hands, upcard="KC", stock=["QC", "JC"]))
    g.play("draw stock", "meld JD QD KD", "discard QC", "draw stock").deal_on()
    assert "lay off JK on 1" in g.legal_strings()  # one way only: the joker is the 10D
    return g


def test_a_true_label_the_move_does_not_need_is_accepted(game):
    """`lay off JK on 3 as 9D` was refused with "JK does not fit meld 3" where
    `lay off JK on 3` was legal."""
    done = game.apply("lay off JK on 1 as 10D")
    assert done.text == "lay off JK on 1"
    assert game.table[0].reading.wilds


def test_a_wrong_label_is_refused_with_what_the_card_can_stand_for(game):
    before = game.state_dict()
    with pytest.raises(IllegalMove) as e:
        game.apply("lay off JK on 1 as 9D")
    assert e.value.reason == "JK goes on meld 1 only as 10D, not as 9D: write `lay off JK on 1`"
    assert "does not fit" not in e.value.reason
    assert game.state_dict() == before


def test_a_meld_named_the_one_way_it_can_be_read_is_accepted(game):
    game.play("discard 4C", "draw stock").deal_on()
    assert game.apply("meld 7S 7H 7D as set of 7s").text == "meld 7S 7H 7D"


def test_a_meld_named_a_way_it_cannot_be_read_is_refused_saying_how_it_reads(game):
    game.play("discard 4C", "draw stock").deal_on()
    with pytest.raises(IllegalMove) as e:
        game.apply("meld 7S 7H 7D as run 7S-7D")
    assert e.value.reason == ("7S 7H 7D can be read only as set of 7s, not as run 7S-7D: "
                              "write `meld 7S 7H 7D`")



def test_a_label_that_fits_two_ways_of_playing_the_cards_asks_which_way(game):
    """A true label shared by two legal melds (the same run, the wild cards in other
    places) was refused with "… can be read only as run 5S-7S, not as run 5S-7S"; it asks
    which way, as the move without a label does. The two moves are planted in the legal
    list: the meld engine's readings rarely share a head."""
    game.play("discard 4C", "draw stock").deal_on()
    cards = tuple(sorted(C.parse_card(c) for c in ("5S", "JK", "JK")))
    run = next(r for r in D.readings_of(game.rules, cards) if A.reading_head(r) == "run 5S-7S")
    other = dataclasses.replace(run, wilds=tuple(reversed(run.wilds)))
    moves = [A.Action(A.MELD, cards, None, r, f"run 5S-7S {A.reading_wilds(r)}") for r in (run, other)]
    assert moves[0].text != moves[1].text
    game._legal, game._legal_map = moves, None
    before = game.state_dict()
    with pytest.raises(IllegalMove) as e:
        game.apply("meld 5S JK JK as run 5S-7S")
    assert e.value.reason == "say which way: " + "; ".join(f"`{m.text}`" for m in moves)
    assert game.state_dict() == before

# ------------------------------------------------------------------ going out only without a discard


def test_going_out_without_a_discard_forbids_melding_or_laying_off_down_to_one_card():
    """docs/language.md: `going out: only without discard` also forbids playing down to
    one card, which could then only be discarded; the refusal says so (it said "that meld
    is not allowed now" and "you must keep a card to discard")."""
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8").replace(
        "going out: with or without final discard", "going out: only without discard").replace(
        "melding: 1 meld per turn\n", "")
    v = rulespec.compile_text(text, name="no-discard.rules")
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=["2S 3S 4S 5S 6S 7S 8S 9S 10S JS", None],
                                                  upcard="KH", stock=["KC"]))
    g.play("draw stock").deal_on()
    assert "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS" not in g.legal_strings()
    with pytest.raises(IllegalMove) as e:
        g.apply("meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    assert e.value.reason.startswith("you may not play down to one card")
    g.apply("meld 2S 3S 4S 5S 6S 7S 8S 9S 10S")
    assert g.legal_strings() == ["discard JS", "discard KC"]  # laying off JS would leave KC alone
    with pytest.raises(IllegalMove) as e:
        g.apply("lay off JS on 1")
    assert e.value.reason.startswith("you may not play down to one card")
