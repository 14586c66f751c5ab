"""Where the top card of a take from the discard pile may go in the turn it is taken (issue
"Reach"): ``draw: top card taken only in sets``, ``top card taken may not start runs`` and
``top card taken may not go onto a meld of 7+ cards``.

Sources. Samba (Bicycle's rules, http://www.bicyclecards.ca/game-rules/samba/169.php, and
https://entertainment.howstuffworks.com/how-to-play-canasta3.htm): the top card may be added
to a meld that is not yet a canasta, a sequence included, but may not be taken to start a
sequence, nor to add to a canasta. Bolivia (pagat.com/canasta/bolivia.html, as the trial
quotes it): the top card of the pile may not be added to a completed canasta, nor used to
start or extend a sequence. Found missing by the trials of Canasta-family games."""

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

SETS = "draw: top card taken only in sets"
NO_START = "draw: top card taken may not start runs"
FULL4 = "draw: top card taken may not go onto a meld of 4+ cards"
AT_ONCE = "draw: card taken from the discard pile must be melded at once"

# seat 0 lays the run 5H-8H and throws 9H away; seat 1 then takes it
HAND0 = "5H 6H 7H 8H 9H KS 3C 4C 6C QD"


def _after_take(v, hand1: str, take: bool = True):
    deck = stacked_deck(v, 2, hands=[HAND0, hand1], upcard="KC", stock=["10D"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld 5H 6H 7H 8H")
    g.play("discard 9H")
    if take:
        g.play("draw discard")
    return g


def _refused(g, move: str) -> str:
    before = g.state_dict()
    with pytest.raises(IllegalMove) as e:
        g.play(move)
    assert g.state_dict() == before
    return str(e.value)


def test_the_phrases_set_the_rule():
    tt = house("basic", SETS, "draw: top card taken may not go onto a meld of 7+ cards")
    assert (tt.ruleset.turn.top_taken.runs, tt.ruleset.turn.top_taken.full) == ("never", 7)
    assert house("basic", NO_START).ruleset.turn.top_taken.runs == "lay off"
    back = house("basic", "draw: top card taken may go in runs")
    assert back.ruleset.turn.top_taken.runs == "any"


def test_only_in_sets_keeps_it_off_a_run_and_lets_it_make_a_set():
    g = _after_take(house("basic", SETS), "3D 3S 4H 5D 9C 9D QS AD 6S 8S")
    legal = g.legal_strings()
    assert "lay off 9H on 1" not in legal and "meld 9H 9D 9C" in legal
    assert "may go only into sets this turn" in _refused(g, "lay off 9H on 1")
    g.play("meld 9H 9D 9C")


def test_without_the_rule_the_top_card_joins_the_run():
    g = _after_take(house("basic"), "3D 3S 4H 5D 9C 9D QS AD 6S 8S")
    assert "lay off 9H on 1" in g.legal_strings()


def test_melded_at_once_leaves_only_the_set():
    v = house("basic", SETS, AT_ONCE)
    g = _after_take(v, "3D 3S 4H 5D 9C 9D QS AD 6S 8S")
    assert [m for m in g.legal_strings() if not m.startswith("discard")] == ["meld 9H 9D 9C"]
    # without a pair of nines the run was its only place, so the pile may not be taken
    g = _after_take(v, "3D 3S 4H 5D 9C 10C QS AD 6S 8S", take=False)
    assert g.legal_strings() == ["draw stock"]


def test_may_not_start_a_run_but_may_be_laid_off_onto_one():
    # Samba: the top card may extend a sequence but not start one
    g = _after_take(house("basic", NO_START), "3D 3S 10H JH 9C 5D QS AD 6S 8S")
    legal = g.legal_strings()
    assert "lay off 9H on 1" in legal and "meld 9H 10H JH" not in legal
    assert "may not start a run this turn" in _refused(g, "meld 9H 10H JH")
    g.play("lay off 9H on 1")
    assert "lay off 10H on 1" in g.legal_strings()  # placed: the rest of the hand is free


def test_not_onto_a_meld_that_already_holds_n_cards():
    g = _after_take(house("basic", FULL4), "3D 3S 4H 5D 9C 9D QS AD 6S 8S")
    assert "lay off 9H on 1" not in g.legal_strings()
    assert "may not go onto a meld of 4 cards or more this turn: meld 1 has 4" in _refused(
        g, "lay off 9H on 1")
    g.play("discard QS")  # the turn ends: next turn the card is like any other
    g.play("draw stock").deal_on()
    g.play(next(m for m in g.legal_strings() if m.startswith("discard")))
    g.play("draw stock").deal_on()
    assert "lay off 9H on 1" in g.legal_strings()


def test_a_copy_held_before_the_take_may_go_into_the_run():
    """Two packs: the player's own 9H may start the run; the top card (the other 9H) then
    still may not go into a run this turn."""
    v = house("basic", "deck: 2 packs", SETS)
    g = _after_take(v, "3D 3S 10H JH 9H 5D QS AD 6S 8S")
    assert "meld 9H 10H JH" in g.legal_strings()
    g.play("meld 9H 10H JH")
    assert C.parse_card("9H") in g.hands[1]
    assert "lay off 9H on 1" not in g.legal_strings()
    assert "may go only into sets" in _refused(g, "lay off 9H on 1")


# ---------------------------------------------------------------- random play

BOLIVIA = ("deck: 2 packs, 2 jokers per pack", "values: jokers = 50", "wild: jokers; 2s",
           "melds: sets of 3+ cards of the same rank in any suits",
           "draw: take only the whole discard pile", SETS,
           "draw: top card taken may not go onto a meld of 7+ cards")


@pytest.fixture(scope="module")
def bolivia():
    return house("basic", *BOLIVIA)


def _wrong_moves(g) -> list[str]:
    """The melds and lay-offs their owners offer that would put the loose top card where the
    rule keeps it out (every copy in hand used)."""
    p = g.player
    return [a.text for a in g._meld_actions(p) + g._layoff_actions(p)
            if g._needs_top(a) and not g._top_place_ok(a, g.top_loose)]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_random_play_never_puts_the_top_card_where_it_may_not_go(bolivia, seed):
    for g in random_walk(bolivia, 2, seed, steps=300):
        if g.is_over() or g.is_chance() or g.top_loose is None:
            continue
        legal = set(g.legal_strings())
        assert not legal & set(_wrong_moves(g)), g


def test_random_play_meets_the_rule(bolivia):
    """The random agent reaches takes whose top card the rule keeps out of some meld."""
    met = 0
    for seed in range(12):
        for g in random_walk(bolivia, 2, seed, steps=400):
            if not g.is_over() and not g.is_chance() and g.top_loose is not None:
                met += bool(_wrong_moves(g))
    assert met


# ---------------------------------------------------------------- checks, page, diff


@pytest.mark.parametrize("lines", [
    ("draw: from the stock", SETS),
    ("melds: kept in hand", SETS),
    ("melds: no runs", NO_START),
    ("melds: no sets", SETS),
    ("draw: top card taken may not go onto a meld of 3+ cards",),
])
def test_checks(lines):
    assert "E359" in [d.code for d in house_problems("basic", *lines)]


def test_the_page_and_the_diff_say_it():
    v = house("basic", SETS, "draw: top card taken may not go onto a meld of 7+ cards")
    assert ("the card that was on top of it may go only into a set, never into a run, and may "
            "not be added to a meld that already holds seven cards or more") in render_page(v)
    said = {c.rule: c.new for c in changes(house("basic").ir, v.ir)}
    assert said["The top card of a pile taken"] == "only in sets, not onto a meld of 7+ cards"
    samba = house("basic", NO_START)
    assert "may not start a new run (it may be laid off onto one on the table)" in render_page(
        samba)


def test_a_take_of_the_whole_pile_holds_its_top_card_to_the_rule(bolivia):
    """A take of several cards: the card that was on top is the one the rule follows."""
    g = new_game(bolivia, players=2, seed=1).deal_on()
    while not (g.player == 1 and g.phase.name == "DRAW" and len(g.discards) >= 2):
        g.play("draw stock").deal_on()
        g.play(next(m for m in g.legal_strings() if m.startswith("discard")))
    top = g.discards[-1]
    take = next(a for a in g.legal_actions() if a.kind == A.DRAW_DISCARDS)
    g.play(take.text)
    assert g.top_loose == top
