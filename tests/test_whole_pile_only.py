"""The discard pile taken only whole, its top card owed to the table (``take only the whole
discard pile``; ``top card taken must be melded at once``).

Source (Canasta, pagat.com/rummy/canasta.html, as the trial read it): "you may take the
discard pile ... you must take the whole pile ... the top card of the pile must be melded at
once"; and Oklahoma Rummy (Arlington): the whole pile is taken to meld its top card. Found
missing by the new-user trials of Canasta and Arlington."""

from __future__ import annotations

import pytest

from rulespec.engine import new_game, stacked_deck
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes

from conftest import VARIANTS, house

RULE = "draw: take only the whole discard pile; top card taken must be melded at once"


@pytest.fixture(scope="module")
def whole():
    return house("basic", RULE)


def _game(v):
    """Two players: seat 0 draws 3C and throws it on the upcard 2C; seat 1 holds 3D 3H."""
    deck = stacked_deck(v, 2, hands=["KS KH 5D 6D 8C 9H JS QC 10D 4S",
                                     "3D 3H AS 7C 9D JH QS KD 5C 8S"],
                        upcard="2C", stock=["3C"])
    g = new_game(v, players=2, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("discard 3C")
    return g


def test_the_phrases_set_the_rules(whole):
    td = whole.ruleset.turn.take_discards
    assert (td.down_to, td.top_alone, td.meld_owed, td.owed) == ("whole", False, True, "top")


def test_the_top_card_is_never_taken_alone_and_the_top_card_is_owed(whole):
    g = _game(whole)
    moves = g.legal_strings()
    assert "draw discard" not in moves and "draw 2 discards to 2C" in moves
    with pytest.raises(Exception) as e:
        g.play("draw discard")
    assert "only with the whole discard pile" in str(e.value)
    g.play("draw 2 discards to 2C")
    assert g.legal_strings() == ["meld 3H 3D 3C"]  # the top card, 3C, at once


def test_a_pile_of_one_card_is_taken_as_the_top_card(whole):
    deck = stacked_deck(whole, 2, hands=["KS KH 5D 6D 8C 9H JS QC 10D 4S", None], upcard="KD")
    g = new_game(whole, players=2, deck=deck).deal_on()
    assert "draw discard" in g.legal_strings()


def test_without_the_rule_the_top_card_is_taken_alone_and_the_deepest_is_owed():
    v = house("basic", "draw: take the whole discard pile",
              "draw: deepest card taken must be melded at once")
    g = _game(v)
    assert "draw discard" in g.legal_strings()
    assert "draw 2 discards to 2C" not in g.legal_strings()  # no meld would hold the 2C


def test_the_page_and_the_diff_say_it(whole):
    page = " ".join(render_page(whole).split())
    assert "**Draw**: the top card of the stock or the whole discard pile." in page
    assert ("You never take the top card of the discard pile alone (unless it is the only "
            "card)") in page
    assert "so you may take the pile only when you can meld its top card." in page
    import rulespec  # noqa: PLC0415
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir, whole.ir)]
    assert ("Taking from the discard pile: the whole pile, never the top card alone instead of "
            "the top card only") in said
    assert any(c.startswith("The top card of a take: must be melded at once") for c in said)


@pytest.mark.parametrize("agents", ["greedy", "random"])
def test_whole_games_play_through(whole, agents):
    from rulespec.sim.runner import play_game  # noqa: PLC0415
    for seed in range(4):
        out = play_game(whole, seed=seed, agents=(agents,), check_every=1)
        assert out.finished and out.failure is None, out.message
