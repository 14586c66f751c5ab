"""Limits on taking from the discard pile at the draw (issue "Reach"): the first round of
turns drawn from the stock (``draw: from stock only in first round of turns``), and a short
hand that may not take the pile (``draw: with 1 card in hand, not from discard pile when it
holds 1 card``).

Sources. Canasta (pagat.com/rummy/canasta.html, and Hoyle's rules as
http://idrovolanti.eu/stargames/how-to-play-canasta-2-players.php gives them): a player
holding a single card may never take a discard pile that is a single card. Hand and Foot
(https://www.hansgamenight.com/copy-of-swoop): the opening turns draw from the stock, not
from the pile. Both were found missing by the trials of Canasta-family games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import cards as C
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine import actions as A
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import house, house_problems, random_walk

FIRST = "draw: from the stock only in the first round of turns"
SHORT = "draw: with only 1 card in hand, not from the discard pile when it holds only 1 card"
WHOLE = "draw: take only the whole discard pile"

_TAKES = (A.DRAW_DISCARD, A.DRAW_DISCARDS)


def _takes(g) -> list[str]:
    return [a.text for a in g.legal_actions() if a.kind in _TAKES]


# ---------------------------------------------------------------- the first round


@pytest.fixture(scope="module")
def first_round():
    return house("basic", FIRST)


def _two(v, *hands, upcard="KC", stock=("3H", "4D", "9S", "JC")):
    deck = stacked_deck(v, 2, hands=list(hands), upcard=upcard, stock=list(stock))
    return new_game(v, players=2, deck=deck).deal_on()


HAND0 = "KS KH 5D 6D 8C 9H JS QC 10D 4S"
HAND1 = "2D 3D 7H 8H 9C JH QS AD 6S 8S"


def test_the_phrases_set_the_rule(first_round):
    assert first_round.ruleset.turn.stock_first_round
    other = house("basic", "draw: no taking from the discard pile in the first round")
    assert other.ruleset.turn.stock_first_round
    back = house("basic", "draw: discard pile may be taken in the first round")
    assert not back.ruleset.turn.stock_first_round


def test_each_first_turn_draws_from_the_stock(first_round):
    # seat 0 holds KS KH: the upcard KC would make a set, but it is the first round
    g = _two(first_round, HAND0, HAND1)
    assert g.player == 0 and g.legal_strings() == ["draw stock"]
    with pytest.raises(IllegalMove) as e:
        g.play("draw discard")
    assert "no one may take from the discard pile in the first round of turns" in str(e.value)
    assert g.discards == [C.parse_card("KC")]  # the refused take changed nothing
    g.play("draw stock").deal_on()
    g.play("discard 3H")
    assert g.player == 1 and _takes(g) == []  # the second player's first turn too
    g.play("draw stock").deal_on()
    g.play("discard 4D")
    assert g.player == 0 and _takes(g) == ["draw discard"]  # the second round: open again


def test_without_the_rule_the_first_player_takes_the_upcard():
    g = _two(house("basic"), HAND0, HAND1)
    assert "draw discard" in g.legal_strings()


def test_three_players_each_draw_from_the_stock_once(first_round):
    g = new_game(first_round, players=3, seed=4).deal_on()
    seen = []
    while len(seen) < 4:
        seen.append(_takes(g))
        g.play("draw stock").deal_on()
        g.play(g.legal_strings()[-1])  # a discard
    assert seen[:3] == [[], [], []] and seen[3] == ["draw discard"]


# ---------------------------------------------------------------- a short hand


@pytest.fixture(scope="module")
def short():
    """Four cards each; the whole pile is taken, so the pile can shrink to one card."""
    return house("basic", "deal: 4 cards each", WHOLE, SHORT)


def _down_to_one(v, took: bool):
    """Seat 0 melds three fives and keeps 9C alone; seat 1 takes the pile (``took``) or
    draws, then discards: seat 0 holds one card, the pile one card (or three)."""
    deck = stacked_deck(v, 2, hands=["5H 5D 5S 9C", "7C 8C JD QH"], upcard="2S",
                        stock=["KD", "3H", "4D"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld 5H 5D 5S")
    g.play("discard KD")
    if took:
        g.play("draw 2 discards to 2S")
    else:
        g.play("draw stock").deal_on()
    g.play("discard QH")
    return g


def test_the_short_hand_phrase(short):
    sh = short.ruleset.turn.short_hand
    assert (sh.hand, sh.pile) == (1, 1)
    any_pile = house("basic", "draw: with 2 cards or fewer in hand, may not take the discard pile")
    sh = any_pile.ruleset.turn.short_hand
    assert (sh.hand, sh.pile) == (2, None)


def test_one_card_may_not_take_a_pile_of_one(short):
    # Canasta: a single card in hand never takes a discard pile of a single card
    g = _down_to_one(short, took=True)
    assert (g.player, len(g.hands[0]), len(g.discards)) == (0, 1, 1)
    assert g.legal_strings() == ["draw stock"]
    before = g.state_dict()
    with pytest.raises(IllegalMove) as e:
        g.play("draw discard")
    assert "you hold only 1 card: with only 1 card in hand you may not take from the discard " \
           "pile while it holds only 1 card" in str(e.value)
    assert g.state_dict() == before


def test_one_card_takes_a_larger_pile(short):
    g = _down_to_one(short, took=False)
    assert (len(g.hands[0]), len(g.discards)) == (1, 3)
    assert _takes(g) == ["draw 3 discards to 2S"]


def test_without_a_pile_size_the_pile_is_closed_whatever_it_holds():
    v = house("basic", "deal: 4 cards each", WHOLE,
              "draw: with only 1 card in hand, not from the discard pile")
    g = _down_to_one(v, took=False)
    assert _takes(g) == []
    with pytest.raises(IllegalMove) as e:
        g.play("draw 3 discards to 2S")
    assert "may not take from the discard pile; draw from the stock" in str(e.value)


# ---------------------------------------------------------------- random play


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_random_play_never_takes_a_closed_pile(seed):
    """Whatever the random agent does, no take is offered in a first turn or to one card
    facing a pile of one, and every hand has a move (the walk ends)."""
    v = house("basic", FIRST, "draw: with 1 card in hand, not from the discard pile")
    for g in random_walk(v, 2, seed, steps=400):
        if g.phase.name == "DRAW" and not g.is_chance() and not g.is_over():
            closed = g.turns_had[g.player] <= 1 or len(g.hands[g.player]) <= 1
            assert not (closed and _takes(g)), g


def test_random_play_meets_the_closed_pile():
    """The random agent reaches both rules: first turns, and a one-card hand at a draw."""
    v = house("basic", "deal: 4 cards each", WHOLE, FIRST,
              "draw: with 1 card in hand, not from the discard pile")
    first = short_seen = 0
    for seed in range(30):
        for g in random_walk(v, 2, seed, steps=300):
            if g.phase.name == "DRAW" and not g.is_chance() and g.discards:
                first += g.turns_had[g.player] == 1
                short_seen += len(g.hands[g.player]) == 1
    assert first and short_seen


# ---------------------------------------------------------------- checks, page, diff


@pytest.mark.parametrize("lines, code", [
    (("draw: from the stock", FIRST), "E357"),
    (("draw: from the discard pile", FIRST), "E357"),
    (("draw: from the stock", SHORT), "E358"),
])
def test_checks(lines, code):
    assert code in [d.code for d in house_problems("basic", *lines)]


def test_an_upcard_offer_before_the_first_round_is_refused():
    problems = house_problems("gin", FIRST)
    assert [d.code for d in problems] == ["E357"]
    assert "the upcard is offered before the first turn" in problems[0].message


def test_the_page_and_the_diff_say_them(first_round, short):
    page = render_page(first_round)
    assert "No one may take from the discard pile in the first round of turns" in page
    assert "A player who holds only one card when their turn begins may not take from the " \
           "discard pile while it holds only one card" in render_page(short)
    said = {c.rule: c.new for c in changes(house("basic").ir, first_round.ir)}
    assert said["The discard pile in the first round of turns"] == "closed: draw from the stock"
    said = {c.rule: c.new for c in changes(house("basic").ir, short.ir)}
    assert said["The discard pile for a short hand"] == ("closed with one card or fewer in hand, "
                                                          "while it holds one card or fewer")
