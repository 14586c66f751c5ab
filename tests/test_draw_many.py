"""Drawing more than one card and taking part of the discard pile: ``draw: 2 cards from
stock`` and ``draw: take top 7 cards of discard pile``.

Sources: Samba (pagat.com/rummy/samba.html; Bicycle): "a player draws two cards from the
stock and discards one", or takes the discard pile instead. Hand and Foot (pagat.com,
Whitnack): each turn draw two cards from the stock, or take the top seven cards of the
discard pile (the rest stays), which needs a natural pair matching the top card."""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import cards as C
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.invariants import check_invariants, zones
from rulespec.engine.phases import Ending, Phase

from conftest import house, house_problems, random_walk

TWO = "draw: 2 cards from the stock"
TOP7 = "draw: take only the top 7 cards of the discard pile"
H0 = "AS 3S 5S 7S 9S JS KS 2H 4H 6H"
H1 = "AC 3C 5C 7C 9C JC QS QC 2D 4D"
#: drawn from the stock and thrown straight back, one a turn: a pile of 10 with the upcard
PILE = "AD 3D 5D 7D 9D JD KD 3H QD".split()


def _cards(text: str) -> list[int]:
    return [C.parse_card(c) for c in text.split()]


def _piled(v, stock=PILE, upcard="8H"):
    """Both players draw a card off the stock and discard it, turn about, so that the
    discard pile holds the upcard and ``stock`` (QD on top)."""
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=[H0, H1], upcard=upcard,
                                                 stock=stock)).deal_on()
    for c in stock:
        g.play("draw stock").deal_on()
        g.play(f"discard {c}")
    return g


def test_the_phrases_set_the_rules():
    t = house("basic", TWO, TOP7).ruleset.turn
    assert t.stock_cards == 2
    assert (t.take_discards.down_to, t.take_discards.top_cards) == ("top", 7)
    assert not t.take_discards.top_alone
    beside = house("basic", "draw: take the top 7 cards of the discard pile").ruleset.turn
    assert beside.take_discards.top_alone and beside.stock_cards == 1


def test_a_samba_turn_draws_two_and_discards_one():
    v = house("basic", TWO)
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=[H0, H1], upcard="8H",
                                                 stock=["5D", "6D", "10H"])).deal_on()
    p, stock = g.player, len(g.stock)
    g.play("draw stock").deal_on()
    assert g.history[-3:] == ["draw stock", "draw 5D", "draw 6D"]
    assert len(g.hands[p]) == 12 and len(g.stock) == stock - 2
    assert g.phase is Phase.PLAY and g.player == p
    g.play("discard 5D")
    assert len(g.hands[p]) == 11  # one more than dealt: the hand grows by one a turn
    assert g.player != p and g.discards[-1] == C.parse_card("5D")
    g.play("draw stock").deal_on()
    assert g.history[-3:-1] == ["draw stock", "draw 10H"] and len(g.hands[g.player]) == 12


def test_one_card_drawn_without_the_rule():
    v = house("basic")
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=[H0, H1], upcard="8H",
                                                 stock=["5D", "6D"])).deal_on()
    g.play("draw stock").deal_on()
    assert g.history[-2:] == ["draw stock", "draw 5D"] and len(g.hands[g.player]) == 11


LOW = "AD 3D 5D 7D 9D JD KD 3H 5H 7H 9H".split()


def _low_stock(v):
    """Five turns of two cards each (the first of them thrown back) take the stock of 31
    down to 21: one card above the 20 that `exhausted when 20 cards remain` keeps."""
    g = new_game(v, players=2, deck=stacked_deck(v, 2, hands=[H0, H1], upcard="8H",
                                                 stock=LOW)).deal_on()
    for i in range(5):
        g.play("draw stock").deal_on()
        g.play(f"discard {LOW[2 * i]}")
    assert len(g.stock) == 21
    return g


def test_a_stock_short_of_two_gives_what_it_has_then_its_rules_apply():
    g = _low_stock(house("basic", TWO, "stock: exhausted when 20 cards remain; hand ends"))
    p, held = g.player, len(g.hands[g.player])
    g.play("draw stock").deal_on()
    assert g.history[-2:] == ["draw stock", "draw 9H"]  # one card, not two
    assert len(g.hands[p]) == held + 1 and g.phase is Phase.PLAY and len(g.stock) == 20
    g.play("discard 9H")
    # the next draw finds the stock exhausted: the hand ends, as `stock:` says
    assert "draw stock" not in g.legal_strings()
    g.play("pass")
    assert g.results[-1].reason == Ending.STOCK_EXHAUSTED


def test_a_stock_short_of_two_is_turned_over_at_the_next_draw():
    g = _low_stock(house("basic", TWO, "stock: exhausted when 20 cards remain"))
    g.play("draw stock").deal_on()
    g.play("discard 9H")
    q, held, reuses = g.player, len(g.hands[g.player]), g.reuses
    g.play("draw stock").deal_on()
    assert g.reuses == reuses + 1 and len(g.hands[q]) == held + 2  # the pile turned over


def test_hand_and_foot_takes_the_top_seven_of_ten():
    v = house("basic", TOP7)
    g = _piled(v)
    assert len(g.discards) == 10
    # only the top seven (down to 5D), never the top card alone nor the whole pile
    assert [a for a in g.legal_strings() if a.startswith("draw")] == [
        "draw stock", "draw 7 discards to 5D"]
    p, held = g.player, len(g.hands[g.player])
    with pytest.raises(Exception) as e:
        g.play("draw 10 discards to 8H")
    assert "top 7 cards of the discard pile" in str(e.value)
    with pytest.raises(Exception) as e:
        g.play("draw discard")
    assert "only with the top 7 cards: `draw 7 discards to 5D`" in str(e.value)
    g.play("draw 7 discards to 5D")
    assert g.discards == _cards("8H AD 3D")  # the rest stays
    assert len(g.hands[p]) == held + 7


def test_a_pile_of_four_gives_four():
    v = house("basic", TOP7)
    g = _piled(v, stock=PILE[:3])
    assert len(g.discards) == 4
    assert "draw 4 discards to 8H" in g.legal_strings()
    p = g.player
    held = len(g.hands[p])
    g.play("draw 4 discards to 8H")
    assert not g.discards and len(g.hands[p]) == held + 4


def test_beside_the_top_card_alone():
    v = house("basic", "draw: take the top 7 cards of the discard pile")
    g = _piled(v)
    draws = [a for a in g.legal_strings() if a.startswith("draw")]
    assert draws == ["draw stock", "draw discard", "draw 7 discards to 5D"]


def test_a_frozen_top_seven_is_taken_with_a_natural_pair():
    # Hand and Foot: the pile is taken only with a natural pair of the top card (QD)
    v = house("basic", TOP7, "draw: discard pile frozen before opening",
              "draw: frozen discard pile taken only with a natural pair")
    g = _piled(v)
    p = g.player
    assert C.parse_card("QS") in g.hands[p] and "draw 7 discards to 5D" in g.legal_strings()
    g.play("draw 7 discards to 5D")
    assert len(g.discards) == 9  # the six under the top wait for the meld of the pair
    g.play("meld QD QS QC")
    assert g.discards == _cards("8H AD 3D")
    assert len(g.hands[p]) == 10 + 7 - 3


def test_a_frozen_top_seven_is_refused_without_the_pair():
    v = house("basic", TOP7, "draw: discard pile frozen before opening",
              "draw: frozen discard pile taken only with a natural pair")
    g = _piled(v, stock=PILE[:-1] + ["10D"])  # 10D on top: seat 1 holds no pair of tens
    assert not any(a.startswith("draw 7") for a in g.legal_strings())


def test_clashes_are_diagnosed():
    codes = [d.code for d in house_problems("basic", TWO, "draw: card drawn must be melded or "
                                            "discarded", "stock: hand ends")]
    assert "E334" in codes
    codes = [d.code for d in house_problems(
        "basic", "draw: take only the whole discard pile; take top 7 cards of the discard pile")]
    assert codes == ["E301"]  # two ways to take the pile in one file: one rule given twice
    assert [d.code for d in house_problems("basic", "draw: 0 cards from the stock")] == ["E201"]


def _random_game(v, players, seed, steps=1500):
    deck = None
    for g in random_walk(v, players, seed, steps):
        check_invariants(g)
        counted = sum(zones(g).values())
        deck = counted if deck is None else deck
        assert counted == deck  # no card made or lost
    return g


@pytest.fixture(scope="module")
def samba():
    return house("basic", TWO, "draw: take only the top 7 cards of the discard pile")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_cards_are_conserved_in_random_play(samba, seed, players):
    g = _random_game(samba, players, seed)
    # the record replays: every card of a draw of two is a step of its own
    again = new_game(samba, players=players)
    for move in g.record()["actions"]:
        again.apply(move)
    assert again.hands == g.hands and again.discards == g.discards
    assert sorted(again.stock) == sorted(g.stock)  # the cards left, in another order


def test_a_squared_pile_shows_only_its_top_card():
    # Oklahoma Rummy, Samba: "only the top card can be seen"
    v = house("basic", "draw: discard pile squared")
    g = _piled(v, stock=PILE[:3])
    for p in range(2):
        obs = g.observation(p)
        assert obs.discard_pile == (C.parse_card("5D"),) and obs.discard_count == 4
    spread = _piled(house("basic"), stock=PILE[:3]).observation(0)
    assert spread.discard_pile == tuple(_cards("8H AD 3D 5D")) and spread.discard_count == 4


def test_a_squared_pile_is_not_taken_down_to_a_card():
    codes = [d.code for d in house_problems("rummy500", "draw: discard pile squared")]
    assert codes == ["E335"]
    # the whole pile, or its top cards, may be taken squared
    house("basic", "draw: take only the top 7 cards of the discard pile; discard pile squared")


def test_the_page_and_the_diff_say_it():
    from rulespec.rulebook import render_page
    from rulespec.rulebook.diff import changes

    import rulespec
    from conftest import VARIANTS

    v = house("basic", TWO, TOP7, "draw: discard pile kept squared")
    page = " ".join(render_page(v).split())
    assert ("**Draw**: the top two cards of the stock or the top seven cards of the discard "
            "pile.") in page
    assert "if the stock runs out before you have them all, you keep the cards drawn" in page
    assert ("you take its top seven cards (all of them when it holds fewer) into your hand, and "
            "the rest of the pile stays.") in page
    assert "The discard pile is kept squared: only its top card can be seen" in page
    assert "spread so that every card" not in page
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, v.ir)]
    assert "Cards a draw from the stock brings: two instead of one" in said
    assert ("Taking from the discard pile: the top seven cards, never the top card alone "
            "instead of the top card only") in said
    assert any(c.startswith("The discard pile: squared") for c in said)


@pytest.mark.parametrize("parent", ["gin", "indian-points", "continental", "push"])
def test_a_draw_of_two_plays_in_other_games(parent):
    """Melds in hand (Gin, a show), claims and pushing: a hand that draws two grows by one
    a turn, and every invariant holds."""
    v = house(parent, TWO)
    for seed in range(3):
        _random_game(v, v.ruleset.players.min, seed, steps=600)
