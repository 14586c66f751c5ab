"""Rules the sources state that the pages and the language once left out (issue 16, item
3): each is checked on the page, and where it changes play, in a game on a stacked deck.

Sources: ../shared/rules-sources/000_549a6f6be144c7fc.txt (Push),
002_ea5597a1718b1936.txt (Gin Rummy, Continental Rummy), 003_7c6f46fb7ffca698.txt (Block
Rummy)."""

from __future__ import annotations

import pytest

import rulespec
from rulespec import cards as C
from rulespec.engine.deal import stacked_deck
from rulespec.engine.errors import IllegalMove
from rulespec.engine.state import new_game
from rulespec.rulebook import render_page

from conftest import VARIANTS


def page(name: str) -> str:
    return render_page(rulespec.load(VARIANTS / f"{name}.rules"))


def flat(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ Block: ties share


def test_the_block_page_says_that_tied_lowest_hands_share_the_winnings():
    """The engine shares the differences among hands that tie for lowest
    (engine/scoring.py, test_hand_endings); the page now says so where it states the rule."""
    text = flat(page("block"))
    assert "Players who tie for the lowest count share those points equally." in text


# ------------------------------------------------------------------ melds on the table

def straights(extra: str = "") -> rulespec.Variant:
    """Continental with a first hand of two straights, so runs can be laid at once."""
    text = ('variant "x"\nextends "continental"\nopening: round 1: two straights\n'
            + extra)
    return rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def seat0(v, hand: str, players: int = 4, stock=("3C",)):
    """Seat 0 has drawn from the stock and may play; nobody claimed the discard."""
    g = new_game(v, players=players, deck=stacked_deck(v, players, hands=[hand], upcard="KC",
                                                          stock=list(stock))).deal_on()
    g.apply("draw stock")
    while not g.is_chance() and g.phase.value == "claim":
        g.apply("pass")
    return g.deal_on()


def test_the_pages_state_the_table_rules_their_sources_give():
    cont, push = flat(page("continental")), flat(page("push"))
    assert "Melds on the table are never split or joined together, only extended." in cont
    assert "two straights of the same suit, even when the second runs on from the first" in cont
    assert ("A wild card laid in a straight without saying what it stands for takes the value "
            "of the place where it is laid.") in cont
    assert "nobody may move it within a straight to make room for another card" in cont
    assert "Only wild cards may be laid off onto a trio made only of wild cards." in cont
    assert "two sets of the same rank or two runs of the same suit" in push
    assert ("the player says whether it is a set or a run: for a set, its rank; for a run, "
            "which card each wild card stands for.") in push
    assert "never split or joined" not in flat(page("basic"))


def test_continental_straights_of_one_suit_that_run_on_stay_two_melds():
    """Source 002: "Player 1 goes down with 5-8 and 9-Q of spades, Player 2 ... can play a
    9 of spades on the first straight and an 8 on the second"."""
    g = seat0(straights(), "5S 6S 7S 8S 9S 10S JS QS 9S 8S KD 4C")
    g.apply("meld 5S 6S 7S 8S")
    g.apply("meld 9S 10S JS QS")
    assert len(g.table) == 2
    legal = g.legal_strings()
    assert "lay off 9S on 1" in legal and "lay off 8S on 2" in legal


@pytest.mark.parametrize("written, stands", [("JK 6H 7H 8H", "5H"), ("6H 7H 8H JK", "9H")])
def test_an_undeclared_wild_card_in_a_straight_stands_for_its_place(written, stands):
    """Source 002: "If a player doesn't verbally declare the value of a joker being played
    as part of a run, its value is implied by the position in which it is originally
    placed"."""
    g = seat0(straights(), "JK 6H 7H 8H 5S 6S 7S 8S KD 4C 9D 2C")
    g.apply(f"meld {written}")
    assert [(C.card_str(w), C.card_str(s)) for w, s in g.table[0].reading.wilds] == [("JK", stands)]


def test_without_the_rule_an_undeclared_wild_card_must_be_declared():
    g = seat0(straights("table: wild cards must be declared\n"),
              "JK 6H 7H 8H 5S 6S 7S 8S KD 4C 9D 2C")
    with pytest.raises(IllegalMove, match="say which way"):
        g.apply("meld JK 6H 7H 8H")


def test_a_wild_card_keeps_its_place_in_a_straight():
    """Source 002: "Player 1 has a straight of 4-8 of hearts, with a wild standing in for
    the 5. Player 2 (who is down) cannot play his 5 of hearts and move the wild card"."""
    g = seat0(straights(), "4H JK 6H 7H 8H 5S 6S 7S 8S 5H 3H 9H")
    g.apply("meld 4H JK 6H 7H 8H")
    g.apply("meld 5S 6S 7S 8S")
    legal = g.legal_strings()
    assert "lay off 3H on 1" in legal and "lay off 9H on 1" in legal
    assert not [m for m in legal if m.startswith("lay off 5H")]


def test_only_wild_cards_may_be_laid_off_onto_a_trio_of_wild_cards():
    """Source 002: "Trios of wild cards can be played, however, and only wild cards can be
    played onto these trios"."""
    v = rulespec.load(VARIANTS / "continental.rules")
    g = seat0(v, "JK JK AH 7C 7D 7S KS KH JK 4H 5D 9C")
    g.apply("meld 7S 7D 7C")
    g.apply("meld AH JK JK as set of Ks")
    legal = g.legal_strings()
    assert "lay off JK on 2" in legal
    assert not [m for m in legal if m.startswith(("lay off KS on 2", "lay off KH on 2"))]


def test_push_two_sets_of_one_rank_may_both_be_melded():
    """Source 000: "a player can meld two separate sets of the same rank, for example
    8-8-8 and 8-8-8"."""
    v = rulespec.load(VARIANTS / "push.rules")
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=["8S 8H 8D 8S 8H 8C"],
                                                  upcard="KC")).deal_on()
    g.apply("draw discard")
    g.apply("meld 8S 8H 8D")
    g.apply("meld 8S 8H 8C")
    assert [len(m.cards) for m in g.table] == [3, 3]


def test_push_a_meld_that_reads_more_than_one_way_must_be_declared():
    """Source 000: "if you put down 6-2-Joker you must say whether it is a set of sixes or
    a run in diamonds, and if it is a run you must specify whether it is 4-5-6, 5-6-7 or
    6-7-8"."""
    v = rulespec.load(VARIANTS / "house" / "push-ten-cards.rules")
    hand = "8S 8H 8D 9S 9H 9D 6D 2C JK 4C"
    g = new_game(v, players=4, deck=stacked_deck(v, 4, hands=[hand], upcard="KC")).deal_on()
    g.apply("draw discard")
    g.apply("meld 8S 8H 8D")
    g.apply("meld 9S 9H 9D")
    with pytest.raises(IllegalMove, match="say which way") as e:
        g.apply("meld 6D 2C JK")
    assert "as set of 6s" in str(e.value) and "run 4D-6D" in str(e.value)
    g.apply("meld 6D 2C JK as set of 6s")
    assert g.table[-1].reading.kind == "set"
