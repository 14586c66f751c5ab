"""Going out only with a long meld on the table (``going out: only with a meld of 7+
cards``).

Source (Canasta, pagat.com/rummy/canasta.html, as the new-user trial read it): "A
partnership cannot go out until it has melded at least one canasta" (a meld of seven or
more cards). Found missing by the trial of Canasta; Buraco, Samba and Hand and Foot ask the
same of their own canastas."""

from __future__ import annotations

import pytest

from rulespec import parse_cards
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.views import TableMeld
from rulespec.melds.model import Reading
from rulespec.rulebook import render_page

from conftest import house, house_problems

RULES = ("melding: any number of melds per turn", "going out: only with a meld of 5+ cards")


@pytest.fixture(scope="module")
def five_to_go_out():
    return house("basic", *RULES)


def test_the_phrase_sets_how_many_melds_of_what_size():
    go = house("basic", *RULES).ruleset.going_out
    assert (go.long.melds, go.long.size) == (1, 5)
    two = house("basic", "going out: only with 2 melds of 4 or more cards on the table")
    assert (two.ruleset.going_out.long.melds, two.ruleset.going_out.long.size) == (2, 4)


def _game(v, draws):
    deck = stacked_deck(v, 2, hands=["3S 4S 5S 6S KD KH KC QD QH QC", None], upcard="9C",
                        stock=draws)
    return new_game(v, players=2, deck=deck).deal_on()


def test_a_meld_that_is_long_enough_goes_out(five_to_go_out):
    g = _game(five_to_go_out, ["7S"])
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC", "meld 3S 4S 5S 6S 7S")
    (r,) = g.results
    assert (r.reason, r.winner) == ("went out", 0)


def test_without_a_long_meld_the_last_cards_stay(five_to_go_out):
    g = _game(five_to_go_out, ["2D"])
    g.play("draw stock").deal_on()
    g.play("meld KD KH KC", "meld QD QH QC")
    before = (list(g.hands[0]), list(g.table))
    with pytest.raises(IllegalMove, match="you may not go out yet: you need a meld of 5 or more"):
        g.apply("meld 3S 4S 5S 6S")  # would leave 2D alone, to be discarded
    assert (list(g.hands[0]), list(g.table)) == before  # nothing lost
    assert "meld 3S 4S 5S 6S" not in {str(a) for a in g.legal_actions()}
    assert "meld 3S 4S 5S" in {str(a) for a in g.legal_actions()}  # two cards stay


def test_a_lay_off_that_makes_the_long_meld_may_leave_one_card(five_to_go_out):
    g = _game(five_to_go_out, ["2D", "8H", "7S"])
    g.play("draw stock").deal_on()
    g.play("meld 3S 4S 5S 6S", "meld KD KH KC", "discard 2D")  # QD QH QC left
    g.play("draw stock").deal_on()
    g.play("discard 8H")  # the other player
    g.play("draw stock").deal_on()  # 7S: QD QH QC 7S
    with pytest.raises(IllegalMove, match="you may not go out yet"):
        g.apply("meld QD QH QC")  # 7S would be left alone, the run still four cards
    g.play("lay off 7S on 1")  # the run is five cards now
    g.play("meld QD QH QC")
    (r,) = g.results
    assert (r.reason, r.winner) == ("went out", 0)


def test_the_melds_must_be_able_to_grow_that_long():
    def errors(*lines):
        return [p.code for p in house_problems(*lines) if p.is_error]
    assert errors("basic", "melds: sets of 3-4 cards; runs of 3-5 cards",
                  "going out: only with a meld of 7+ cards") == ["E389"]
    assert "E389" in errors("gin", "going out: only with a meld of 7+ cards")  # kept in hand


def test_the_page_says_it(five_to_go_out):
    page = " ".join(render_page(five_to_go_out).split())
    assert ("You may go out only when you have a meld of five or more cards on the table (the "
            "meld that makes it may be laid in the same turn). Until then a meld or lay-off must "
            "leave at least two cards in your hand.") in page


def test_with_partners_the_side_needs_the_long_meld_and_the_team_scores():
    """Canasta and Buraco play in partnerships: the side's canasta lets either partner out
    (found by the new-user trial of Buraco, whose page had said "each player scores")."""
    v = house("rummy500", "players: 4", "partners: 2 teams of 2",
              "deal: 7 cards each for 4 players", "going out: only with a meld of 7+ cards")
    page = " ".join(render_page(v).split())
    assert "You may go out only when your side has a meld of seven or more cards" in page
    assert ("Each team scores the cards its players meld and lay off, and each player tries to "
            "get rid of all their cards") in page
    g = new_game(v, players=4, seed=3).deal_on()
    run = parse_cards("3S 4S 5S 6S 7S 8S 9S")
    reading = Reading("run", suit=0, ranks=tuple(range(2, 9)))
    g.table = [TableMeld(1, (g.player + 2) % 4, run, reading)]
    assert g._out_ready(g.player)  # the partner's canasta counts
    g.table = [TableMeld(1, (g.player + 1) % 4, run, reading)]
    assert not g._out_ready(g.player)  # an opponent's does not
