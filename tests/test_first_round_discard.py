"""Cards that may not be discarded in the first round of turns (``discard: black 3s may
not be discarded in the first round of turns``).

Source: Canasta (Pagat, and the Canasta trial): "black threes may not be discarded during
the first round of turns". The first round is each seat's first turn of the hand (as for
``draw: from the stock only in the first round``), not the first deal, which ``in round 1:``
names."""

from __future__ import annotations

import pytest

from rulespec import cards as C

from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import LITTLE_CANASTA, alone_two, house, house_problems, random_walk

BAR = "discard: black 3s may not be discarded in the first round of turns"
MINE = "3S 3C 6S KD KH KC 9C 9D 2H 7C"
OTHER = "3H 4S 6D 8C 8H QC 9S 2D 5H JD"


@pytest.fixture(scope="module")
def barred():
    return house("basic", BAR)


def _game(v, stock=("8D", "3D", "4C", "4H", "5D")):
    deck = stacked_deck(v, 2, hands=[MINE, OTHER], upcard="QD", stock=list(stock))
    return new_game(v, players=2, deck=deck).deal_on()


def _discards(g) -> set[str]:
    return {a.text for a in g.legal_actions() if a.kind == "discard"}


def test_the_phrases_name_the_cards():
    assert house("basic", BAR).ruleset.turn.discard_barred_first == ("3S", "3C")
    v = house("basic", "discard: QS and 2s may not be discarded during the first round")
    assert v.ruleset.turn.discard_barred_first == ("QS", "2S", "2H", "2D", "2C")
    assert v.ruleset.turn.discard_barred == ()  # the bar for the whole hand stays empty


def test_black_threes_wait_for_the_second_turn(barred):
    g = _game(barred)
    g.play("draw stock").deal_on()
    assert "discard 3S" not in _discards(g) and "discard 3C" not in _discards(g)
    assert "discard 8D" in _discards(g)
    with pytest.raises(IllegalMove, match="you may not discard 3S in the first round of turns"):
        g.apply("discard 3S")
    assert "3S" in C.cards_str(g.hands[0]) and len(g.hands[0]) == 11  # nothing changed
    g.play("discard 8D").deal_on()
    # the other seat's first turn: its red three was never barred
    g.play("draw stock").deal_on()
    assert "discard 3H" in _discards(g)
    g.play("discard 3H").deal_on()
    g.play("draw stock").deal_on()  # seat 0's second turn: the first round is over
    assert {"discard 3S", "discard 3C"} <= _discards(g)
    g.play("discard 3S")
    check_invariants(g)


def test_without_the_rule_a_black_three_goes_at_once():
    g = _game(house("basic", "discard: not the card just taken from the discard pile"))
    g.play("draw stock").deal_on()
    assert "discard 3S" in _discards(g)


def test_a_hand_of_barred_cards_only_may_still_discard():
    """No source says what a hand of black threes only does; as with the bar for the whole
    hand, such a hand must be able to end its turn."""
    v = house("basic", "deck: 4 packs", "players: 2", "deal: 7 cards each", BAR)
    deck = stacked_deck(v, 2, hands=["3S 3C 3S 3C 3S 3C 3S", None], upcard="QD", stock=["3C"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    assert _discards(g) == {"discard 3S", "discard 3C"}


def test_the_page_and_the_comparison_say_it(barred):
    page = render_page(barred)
    assert "In the first round of turns (each player's first turn of the hand) you may not " \
           "discard" in page
    rows = {c.rule: c.new for c in changes(house("basic", "aces: low").ir, barred.ir)}
    assert rows["Cards not discarded in the first round of turns"] == "3S, 3C"


@pytest.mark.parametrize("lines,words", [
    (("discard: jokers may not be discarded in the first round of turns",), "deck has none"),
    (("discard: QS may not be discarded", "discard: QS may not be discarded in the first round"),
     "in any round already"),
])
def test_rules_it_cannot_go_with(lines, words):
    diags = house_problems("basic", *lines)
    assert any(d.code == "E702" and words in d.message for d in diags), diags


def test_a_little_canasta_plays_it_at_random():
    """Canasta's rule over the little Canasta of the tests: random play keeps the
    invariants, and no seat discards a black three in its first turn."""
    from rulespec import compile_text
    text = alone_two(LITTLE_CANASTA) + BAR + "\n"
    v = compile_text(text, name="canasta.rules")
    threes = {"discard 3S", "discard 3C"}
    for seed in range(6):
        for g in random_walk(v, 2, seed, steps=600):
            check_invariants(g)
            if g.is_chance() or g.is_over() or g.turns_had[g.player] > 1:
                continue
            if any(C.card_str(c) not in ("3S", "3C") for c in g.hands[g.player]):
                assert not threes & _discards(g), seed
