"""The opening met once per side (`opening: once per side`): Canasta, Samba and Hand and
Foot let a partner meld freely once the other has made the side's initial meld.

Source (Canasta, pagat.com/rummy/canasta.html): "once a side has made its initial meld,
either partner can meld freely"; found missing by the Samba and Hand and Foot trials."""

from __future__ import annotations

import pytest

from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.rulebook import diff, render_page
from rulespec.sim.runner import game_seed, play_game

from conftest import house, house_problems

TEAMS = ("players: 4", "partners: 2 teams of 2", "deal: 7 cards each for 4 players",
         "lay off: onto own and partner's melds")


@pytest.fixture(scope="module")
def per_side():
    return house("rummy500", *TEAMS, "opening: melds worth at least 50; once per side")


def _opened_by_seat_0(v):
    deck = stacked_deck(v, 4, hands=["KS KH KD 9C 9D 9H 2S", "3C 4C 5C 8D 10H JH QH",
                                     "4S 5S 6S 8H 10D JD 2H", None],
                        upcard="8C", stock=["QC", "7D", "7H"])
    g = new_game(v, players=4, deck=deck).deal_on()
    g.play("draw stock").deal_on()
    g.play("meld KS KH KD", "meld 9C 9D 9H", "discard 2S").deal_on()  # 30 + 27: opened
    return g


def test_the_clause_sets_per_side(per_side):
    assert per_side.ruleset.opening.per_side
    assert not house("rummy500", *TEAMS).ruleset.opening.per_side


def test_a_partner_melds_freely_once_the_side_has_opened_and_an_opponent_does_not(per_side):
    g = _opened_by_seat_0(per_side)
    assert g.opened == [True, False, True, False]
    g.play("draw stock").deal_on()  # seat 1, the other side: 3-4-5 is 12, not 50
    assert g.player == 1 and not any(a.startswith("meld") for a in g.legal_strings())
    with pytest.raises(IllegalMove, match="worth at least 50"):
        g.apply("meld 3C 4C 5C")
    g.play("discard 8D").deal_on()
    g.play("draw stock").deal_on()  # seat 2, seat 0's partner: 4-5-6 (15) is enough now
    assert g.player == 2 and "meld 4S 5S 6S" in g.legal_strings()
    g.play("meld 4S 5S 6S")


def test_without_the_clause_each_partner_opens_alone():
    g = _opened_by_seat_0(house("rummy500", *TEAMS, "opening: melds worth at least 50"))
    assert g.opened == [True, False, False, False]
    g.play("draw stock", "discard 8D").deal_on()
    g.play("draw stock").deal_on()
    assert g.player == 2 and "meld 4S 5S 6S" not in g.legal_strings()


@pytest.mark.parametrize("lines, says", [
    (("opening: melds worth at least 50; once per side",), "nobody plays in partnerships"),
    ((*TEAMS, "opening: once per side"), "no opening is required"),
])
def test_once_per_side_needs_partners_and_an_opening(lines, says):
    found = [d for d in house_problems("rummy500", *lines) if d.is_error]
    assert [d.code for d in found] == ["E333"] and says in found[0].message


def test_whole_games_play_with_both_agents(per_side):
    for agent in ("random", "greedy"):
        out = play_game(per_side, 4, seed=game_seed(3, 0), agents=(agent,), max_hands=3)
        assert out.failure is None, out.message


def test_the_page_and_the_house_rule_say_it(per_side):
    page = " ".join(render_page(per_side).split())
    # lay-offs go only onto the side's melds, and there are none before the side opens:
    # the page says nothing of laying off before opening (trials15, Pennies from Heaven)
    assert ("must be worth at least 50 points together. The side meets this once: as soon as "
            "one partner has opened, the other has opened too and melds freely.") in page
    base = house("rummy500", *TEAMS, "opening: melds worth at least 50")
    assert [(c.rule, c.old, c.new) for c in diff.changes(base.ir, per_side.ir)] == [
        ("Opening met once per side", "no", "yes")]
