"""A wild card at the end of a run moves to the other end when a player lays off the card
it stands for (``table: a wild card at the end of a run may move to the other end``, with
``only once``).

Source: Bicycle, "Double Rum" (bicyclecards.com): "in laying off on a sequence, a joker at
the end of the sequence may be moved to make room: with 7♥ 6♥ JK on the table either the
8♥ or the 5♥ may be added, but not the 4♥; a joker in the interior may not be moved", and
"a joker can be moved only once"."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import cards as C
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.invariants import check_invariants
from rulespec.melds.distinct import readings_of
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import house, house_problems, random_walk

JOKERS = ("deck: 1 pack, 2 jokers", "values: A = 1; 2-10 = face value; J Q K = 10; jokers = 15",
          "wild: jokers")
MOVES = "table: a wild card at the end of a run may move to the other end"
ONCE = MOVES + " only once"


@pytest.fixture(scope="module")
def once():
    return house("basic", *JOKERS, ONCE)


@pytest.fixture(scope="module")
def freely():
    return house("basic", *JOKERS, MOVES)


def _game(v, hand, other="2C 2D 4S 9S 10C JC QD KS 5C 9D", stock=("8D", "9C", "4C", "10S")):
    deck = stacked_deck(v, 2, hands=[hand, other], upcard="QS", stock=list(stock))
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    return g


def _layoffs(g) -> set[str]:
    return {a.text for a in g.legal_actions() if a.kind == "lay off"}


def _meld(g, n=1) -> str:
    return str(g.table[n - 1])


def test_the_phrases_set_the_rule():
    assert house("basic", *JOKERS, MOVES).ruleset.table.end_wilds_move == "freely"
    assert house("basic", *JOKERS, ONCE).ruleset.table.end_wilds_move == "once"
    v = house("basic", *JOKERS, "table: wild cards at the ends of sequences may be moved to the "
                                "other end once")
    assert v.ruleset.table.end_wilds_move == "once"
    assert rulespec.load("variants/basic.rules").ruleset.table.end_wilds_move == "never"


def test_the_joker_standing_for_the_8_makes_room_for_it(once):
    """7♥ 6♥ JK takes the 8♥ (the joker goes below the 6♥) or the 5♥, not the 4♥."""
    g = _game(once, "6H 7H JK 8H 5H 4H KD QC 3S 3D")
    g.play("meld 6H 7H JK as run 6H-8H")
    assert _layoffs(g) == {"lay off 8H on 1", "lay off 5H on 1"}
    with pytest.raises(IllegalMove, match="4H does not fit meld 1"):
        g.apply("lay off 4H on 1")
    g.play("lay off 8H on 1")
    assert _meld(g) == "1: 6H 7H 8H JK (run 5H-8H)"
    assert g.table[0].reading.wilds == ((C.JOKER, C.parse_card("5H")),)
    # the joker now stands for the 5H: the 4H fits below it; the 5H itself would move the
    # joker a second time
    assert _layoffs(g) == {"lay off 4H on 1"}
    with pytest.raises(IllegalMove, match="the wild card standing for 5H has moved to the "
                                          "other end once already"):
        g.apply("lay off 5H on 1")
    assert _meld(g) == "1: 6H 7H 8H JK (run 5H-8H)"  # a refusal changes nothing
    check_invariants(g)


def test_without_once_it_moves_again(freely):
    g = _game(freely, "6H 7H JK 8H 5H 4H KD QC 3S 3D")
    g.play("meld 6H 7H JK as run 6H-8H", "lay off 8H on 1", "lay off 5H on 1")
    assert _meld(g) == "1: 5H 6H 7H 8H JK (run 5H-9H)"


def test_a_joker_at_the_low_end_moves_up(once):
    g = _game(once, "JK 6H 7H 5H KD QC 3S 3D 2H 9H")
    g.play("meld JK 6H 7H as run 5H-7H")
    assert "lay off 5H on 1" in _layoffs(g)
    g.play("lay off 5H on 1")
    assert _meld(g) == "1: 5H 6H 7H JK (run 5H-8H)"


def test_an_interior_joker_stays(once):
    """"7♥ JK 5♥ takes only the 8♥ or the 4♥": the 6♥ has no place."""
    g = _game(once, "7H JK 5H 6H KD QC 3S 3D 2H 8S")
    g.play("meld 5H JK 7H")
    assert "lay off 6H on 1" not in _layoffs(g)
    with pytest.raises(IllegalMove, match="the wild card standing for 6H is inside the run"):
        g.apply("lay off 6H on 1")


def test_without_the_rule_the_card_is_refused():
    v = house("basic", *JOKERS)
    g = _game(v, "6H 7H JK 8H 5H 4H KD QC 3S 3D")
    g.play("meld 6H 7H JK as run 6H-8H")
    assert _layoffs(g) == {"lay off 5H on 1"}
    with pytest.raises(IllegalMove, match="8H does not fit meld 1"):
        g.apply("lay off 8H on 1")


def test_an_ace_closes_the_other_end():
    """Aces low: A♥ 2♥ JK (the joker the 3♥) has no place below the ace, so the 3♥ may not
    move the joker; where aces go round the corner the joker goes to the K♥."""
    low = house("basic", *JOKERS, ONCE)
    g = _game(low, "AH 2H JK 3H KD QC 8S 7D 6C 6S")
    g.play("meld AH 2H JK as run AH-3H")
    assert "lay off 3H on 1" not in _layoffs(g)
    with pytest.raises(IllegalMove, match="cannot move to the other end of the run"):
        g.apply("lay off 3H on 1")
    corner = house("basic", *JOKERS, ONCE, "aces: round the corner")
    g = _game(corner, "AH 2H JK 3H KD QC 8S 7D 6C 6S")
    g.play("meld AH 2H JK as run AH-3H", "lay off 3H on 1")
    assert _meld(g) == "1: AH 2H 3H JK (run KH-3H)"


def test_an_ace_high_end_moves_down():
    """Aces high or low (Double Rum): Q♥ K♥ JK standing for the A♥ takes the A♥, the joker
    going below the queen."""
    v = house("basic", *JOKERS, ONCE, "aces: high or low but not both")
    g = _game(v, "QH KH JK AH 6C 7C 8S 7D 2S 3D")
    g.play("meld QH KH JK as run QH-AH", "lay off AH on 1")
    assert _meld(g) == "1: AH QH KH JK (run JH-AH)"


def test_a_run_at_its_longest_takes_no_more():
    v = house("basic", *JOKERS, ONCE, "melds: runs of 3-4 cards")
    g = _game(v, "5H 6H 7H JK 8H KD QC 3S 3D 2S")
    g.play("meld 5H 6H 7H JK as run 5H-8H")
    assert _layoffs(g) == set()
    with pytest.raises(IllegalMove, match="cannot move to the other end"):
        g.apply("lay off 8H on 1")


def test_the_page_and_the_comparison_say_it(once, freely):
    page = render_page(once)
    assert "may be moved to the other end by a player who lays off the card it stands for" in page
    assert "a wild card may be moved only once" in page
    assert "only once" not in render_page(freely)
    rows = {c.rule: c.new for c in changes(house("basic", *JOKERS).ir, once.ir)}
    assert rows["A wild card at a run's end"] == ("moves to the other end when its card is "
                                                  "laid off, once")


@pytest.mark.parametrize("lines,code,words", [
    ((*JOKERS, "table: wild cards keep their places", MOVES), "E700", "keep their places"),
    ((MOVES,), "E701", "no card is wild"),
    ((*JOKERS, "melds: no runs", MOVES), "E701", "there are no runs"),
    ((*JOKERS, "lay off: not allowed", MOVES), "E701", "no one may lay off"),
])
def test_rules_it_cannot_go_with(lines, code, words):
    diags = house_problems("basic", *lines)
    assert any(d.code == code and words in d.message for d in diags), diags


def _melds_valid(g) -> None:
    for m in g.table:
        assert m.reading in readings_of(g.rules, m.cards), str(m)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_random_play_keeps_every_card_in_one_place_and_every_meld_valid(seed):
    """Random play over a two-pack Double-Rum-like game: the moves that shift a joker are
    among the legal moves, and every meld on the table stays a meld its reading fits."""
    v = house("basic", "deck: 2 packs, 2 jokers", "players: 2-4",
              "values: A = 1; 2-10 = face value; J Q K = 10; jokers = 15", "wild: jokers",
              ONCE)
    for g in random_walk(v, 2, seed, steps=400):
        check_invariants(g)
        _melds_valid(g)
        for mid, stands in g.moved_wilds.items():  # each moved joker moved once
            assert len(stands) == len(set(stands))


def test_random_play_reaches_the_move():
    """The random agent finds the move in a few games (it is an ordinary lay-off)."""
    v = house("basic", "deck: 2 packs, 2 jokers", "players: 2-4",
              "values: A = 1; 2-10 = face value; J Q K = 10; jokers = 15", "wild: jokers",
              ONCE)
    moved = 0
    for seed in range(40):
        moved += any(g.moved_wilds for g in random_walk(v, 2, seed, steps=2000))
    assert moved > 0
