"""A long meld's bonus to its owner (``scoring: meld of 7+ cards = +500 natural, +300
mixed``).

Source (Canasta, pagat.com/rummy/canasta.html, as the trial read it): "A meld of seven or
more cards is a canasta ... a natural canasta scores 500, a mixed canasta 300, besides the
values of its cards." Found missing by the new-user trial of Canasta."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.engine.scoring import meld_bonuses
from rulespec.engine.views import TableMeld
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page

from conftest import house, house_problems

RULE = "scoring: meld of 7+ cards = +500 natural, +300 mixed"


@pytest.fixture(scope="module")
def canasta_ish():
    return house("rummy500", RULE)


def test_the_phrase_sets_the_bonus(canasta_ish):
    mb = canasta_ish.ruleset.scoring.meld_bonus
    assert (mb.size, mb.natural, mb.mixed) == (7, 500, 300)
    one = house("rummy500", "scoring: meld of 6+ cards = +50").ruleset.scoring.meld_bonus
    assert (one.size, one.natural, one.mixed) == (6, 50, 50)


def test_each_long_meld_pays_its_owner_natural_or_mixed(canasta_ish):
    g = new_game(canasta_ish, players=3, seed=1).deal_on()
    run = rulespec.parse_cards("3S 4S 5S 6S 7S 8S 9S")
    g.table = [TableMeld(1, 0, run, Reading("run", suit=0, ranks=tuple(range(2, 9)))),
               TableMeld(2, 2, rulespec.parse_cards("3H 4H 5H 6H 7H 8H JK"),
                         Reading("run", suit=1, ranks=tuple(range(2, 9)),
                                 wilds=((rulespec.parse_cards("JK")[0], 0),))),
               TableMeld(3, 1, run[:6], Reading("run", suit=0, ranks=tuple(range(2, 8))))]
    assert meld_bonuses(g) == [500, 0, 300]  # six cards earn nothing


def test_a_hand_scored_by_owner_adds_the_bonus():
    v = house("rummy500", RULE)
    deck = stacked_deck(v, 2, hands=["3S 4S 5S 6S 7S 8S KD KH KC QD QH QC 2D", None],
                        upcard="JC", stock=["9S"])
    g = new_game(v, players=2, deck=deck).deal_on()  # 13 cards each
    g.play("draw stock").deal_on()
    g.play("meld 3S 4S 5S 6S 7S 8S 9S", "meld KD KH KC", "meld QD QH QC", "discard 2D")
    (r,) = g.results
    assert r.details["meld bonuses"] == (500, 0)
    table = r.details["table points"]
    assert r.scores[0] == table[0] + 500  # nothing left in hand


def test_a_bonus_needs_owner_scoring_and_long_enough_melds():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert errors("basic", "scoring: meld of 7+ cards = +100") == ["E388"]
    assert errors("rummy500", "melds: sets of 3-4 cards; runs of 3-5 cards",
                  "scoring: meld of 7+ cards = +100") == ["E388"]


def test_the_page_says_it(canasta_ish):
    page = " ".join(render_page(canasta_ish).split())
    assert ("**Long melds.** A meld of seven or more cards on the table scores a bonus of 500 "
            "points if it has no wild card in it and 300 points if it has one, for the player "
            "who laid it, besides its cards' values, when the hand ends.") in page


@pytest.mark.parametrize("agents", ["greedy", "random"])
def test_whole_games_play_through(canasta_ish, agents):
    from rulespec.sim.runner import play_game  # noqa: PLC0415
    for seed in range(3):
        out = play_game(canasta_ish, seed=seed, agents=(agents,), check_every=1)
        assert out.finished and out.failure is None, out.message
