"""Cards that may not be discarded while the hand holds another (``discard: QS only as
last card``, ``discard: jokers may not be discarded``).

Sources (as the new-user trials read them): Oklahoma Rummy (Arlington), "the queen of
spades may not be discarded unless it is the player's last card"; other games bar
discarding a wild card or a joker. rulespec plays both phrasings the same way: such a card
may go only when the hand holds nothing else (its last card; or a hand of barred cards
only, which must still be able to end the turn: no source says what then, and a player
with no legal discard would stall the game). The card just taken from the pile yields to
the bar: where only it and barred cards are held, it may go back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import house, house_problems

QUEEN = "discard: QS only as last card"
JOKERS = ("deck: 1 pack, 2 jokers", "values: A = 1; 2-10 = face value; J Q K = 10; jokers = 15",
          "wild: jokers", "discard: jokers may not be discarded")


@pytest.fixture(scope="module")
def queen():
    return house("basic", QUEEN)


@pytest.fixture(scope="module")
def jokers():
    return house("basic", *JOKERS)


def test_the_phrases_name_the_cards():
    assert house("basic", QUEEN).ruleset.turn.discard_barred == ("QS",)
    v = house("basic", "discard: black 3s or QS may not be discarded unless it is the "
                       "player's last card")
    assert v.ruleset.turn.discard_barred == ("3S", "3C", "QS")
    assert house("basic", *JOKERS).ruleset.turn.discard_barred == ("JK",)
    w = house("basic", "wild: 2s", "discard: wild cards may not be discarded")
    assert w.ruleset.turn.discard_barred == ("wild",)


def _game(v, hand, stock, taken="QC"):
    deck = stacked_deck(v, 2, hands=[hand, None], upcard=taken, stock=stock)
    return new_game(v, players=2, deck=deck).deal_on()


def _discards(g):
    return {str(a) for a in g.legal_actions() if a.kind == "discard"}


def test_the_queen_is_not_offered_and_is_refused_with_a_reason(queen):
    g = _game(queen, "QS 4S 6S KD KH KC 9C 9D 2H 7C", ["8H"])
    g.play("draw stock").deal_on()
    assert "discard QS" not in _discards(g) and "discard 8H" in _discards(g)
    with pytest.raises(IllegalMove, match="you may not discard QS while you hold a card"):
        g.apply("discard QS")
    assert "QS" in C.cards_str(g.hands[0])  # nothing changed


def test_without_the_rule_the_queen_may_go():
    g = _game(rulespec.load("variants/basic.rules"), "QS 4S 6S KD KH KC 9C 9D 2H 7C", ["8H"])
    g.play("draw stock").deal_on()
    assert "discard QS" in _discards(g)


def test_the_queen_may_be_the_last_card_and_go_out(queen):
    g = _game(queen, "QS 4S 5S 6S KD KH KC 9C 9D 9H", ["2H", "8D", "3D", "8C", "7S"])
    g.play("draw stock").deal_on()  # 2H
    g.play("meld 4S 5S 6S", "discard 2H")
    g.play("draw stock").deal_on()
    g.play("discard 8D")  # the other player throws back what it drew
    g.play("draw stock").deal_on()  # 3D
    g.play("meld KD KH KC", "discard 3D")
    g.play("draw stock").deal_on()
    g.play("discard 8C")
    g.play("draw stock").deal_on()  # 7S: QS 7S 9C 9D 9H
    g.play("meld 9C 9D 9H")
    assert _discards(g) == {"discard 7S"}  # QS waits while 7S may go
    g.play("lay off 7S on 1")
    assert _discards(g) == {"discard QS"}  # the last card
    g.play("discard QS")
    (r,) = g.results
    assert (r.reason, r.winner) == ("went out", 0)


def test_a_hand_of_barred_cards_only_may_discard_one(jokers):
    g = _game(jokers, "JK 4S 6S KD KH KC 9C 9D 2H 7C", ["8H"])
    g.play("draw stock").deal_on()
    assert "discard JK" not in _discards(g) and "discard 8H" in _discards(g)
    g = _game(jokers, "JK 4S 6S KD KH KC 9C 9D 2H 7C", ["JK"])
    g.hands[0][:] = [C.JOKER]
    g.play("draw stock").deal_on()  # a hand of jokers only: one may go
    assert _discards(g) == {"discard JK"}


def test_the_card_taken_yields_to_the_bar(queen):
    g = _game(queen, "QS 4S 6S KD KH KC 9C 9D 2H 7C", [])
    g.hands[0][:] = [C.parse_card("QS")]
    g.play("draw discard")  # QC taken: QS barred, QC just taken, so QC goes back
    assert _discards(g) == {"discard QC"}
    without = _game(rulespec.load("variants/basic.rules"), "QS 4S 6S KD KH KC 9C 9D 2H 7C", [])
    without.hands[0][:] = [C.parse_card("QS")]
    without.play("draw discard")
    assert _discards(without) == {"discard QS"}  # basic: not the card just taken


def test_the_checks():
    def codes(*lines):
        return [p.code for p in house_problems("basic", *lines) if p.is_error]
    assert codes("discard: jokers may not be discarded") == ["E366"]  # basic has none
    assert codes("discard: wild cards may not be discarded") == ["E366"]  # none is wild
    every = ("discard: aces, 2s, 3s, 4s, 5s, 6s, 7s, 8s, 9s, 10s, jacks, queens and kings "
             "may not be discarded")
    assert codes(every) == ["E366"]
    assert "E366" in codes("discard: QS only as last card; none")  # no discard at all


def test_the_page_and_the_diff_say_it(queen):
    page = rulespec.render_page(queen)
    assert ('You may not discard <span class="card black">Q♠</span> while you hold any card '
            "you may discard: it may go only when you hold nothing else, such as your last "
            "card.") in page
    said = [(c.rule, c.new) for c in changes(rulespec.load("variants/basic.rules").ir, queen.ir)]
    assert ("Cards discarded only when nothing else is held", "QS") in said


def _barred_discards(v, seed: int, players: int) -> int:
    """Play one game of random moves; count the discards of a barred card, each checked to
    come from a hand of barred cards only."""
    g = new_game(v, players=players, seed=seed)
    rng = random.Random(seed)
    seen = 0
    for _ in range(3000):
        if g.is_over():
            break
        if g.is_chance():
            g.apply_chance()
            continue
        a = rng.choice(g.legal_actions())
        if a.kind in ("discard", "knock") and a.cards and g._barred(a.cards[0]):
            hand = g.hands[g.current_player()]
            assert all(g._barred(c) for c in hand), (C.cards_str(hand), str(a))
            seen += 1
        g.apply(a)
    return seen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_a_barred_card_is_discarded_only_from_a_hand_of_barred_cards(jokers, seed, players):
    _barred_discards(jokers, seed, players)


@pytest.mark.parametrize("agents", [("random",), ("greedy",)])
def test_games_play_to_the_end(queen, jokers, agents):
    for v in (queen, jokers):
        for seed in range(2):
            out = play_game(v, players=3, seed=seed, agents=agents)
            assert out.failure is None, out.message
