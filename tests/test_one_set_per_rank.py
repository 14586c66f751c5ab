"""One set of each rank per side (`melds: one set of each rank per side`).

Source (Canasta, pagat.com/rummy/canasta.html, as the new-user trial quoted it): "a side
may not have two melds of the same rank; cards of that rank go onto the one meld". Found
missing by the trial of Canasta (its `not enforced:` list)."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.engine import IllegalMove, new_game, stacked_deck
from rulespec.engine.invariants import problems
from rulespec.engine.search import readings_of
from rulespec.engine.views import TableMeld
from rulespec.rulebook import render_page
from rulespec.sim.runner import play_game

from conftest import LITTLE_CANASTA, house

CANASTA = LITTLE_CANASTA


@pytest.fixture(scope="module")
def canasta():
    return rulespec.compile_text(CANASTA, name="little-canasta.rules")


@pytest.fixture(scope="module")
def per_player():
    return house("rummy51", "melds: one set of each rank per player")


def test_the_phrases_set_the_rule(canasta, per_player):
    assert canasta.ruleset.melds.one_per_rank == "side"
    assert per_player.ruleset.melds.one_per_rank == "player"
    books = house("rummy51", "melds: one book of each rank per team")
    assert books.ruleset.melds.one_per_rank == "side"
    assert rulespec.load("variants/rummy51.rules").ruleset.melds.one_per_rank is None


def _position(v, hand: str, table: list[tuple[int, str]]):
    """Seat 0 to play, opened, holding ``hand``; ``table``: (owner, cards) melds."""
    g = new_game(v, seed=3).deal_on()
    g.player = g.turn = 0
    while g.phase.name != "PLAY":
        g.play("draw stock").deal_on() if "draw stock" in g.legal_strings() else g.play("pass")
    g.player = g.turn = 0
    g.opened[0] = g.opened[2] = True
    g.hands[0] = rulespec.parse_cards(hand)
    g.table = [TableMeld(i, owner, rulespec.parse_cards(cards),
                         readings_of(g.rules, rulespec.parse_cards(cards))[0])
               for i, (owner, cards) in enumerate(table, 1)]
    g._legal_map = g._legal = None
    return g


def test_a_second_set_of_the_partners_rank_is_refused_and_the_lay_off_offered(canasta):
    g = _position(canasta, "5C 5S 5H JK KD QS 9C", [(2, "5D 5D 5S")])
    legal = g.legal_strings()
    assert not any(a.startswith("meld 5") for a in legal), legal
    assert {"lay off 5C on 1", "lay off 5S on 1", "lay off 5H on 1"} <= set(legal)
    with pytest.raises(IllegalMove, match="your side already has a set of 5s on the table"):
        g.apply("meld 5S 5H 5C")
    with pytest.raises(IllegalMove, match="only one set of each rank"):
        g.apply("meld 5C 5S JK")  # a set with a wild card has its natural cards' rank
    # an opponent's set of 5s does not count
    theirs = _position(canasta, "5C 5S 5H JK KD QS 9C", [(1, "5D 5D 5S")])
    assert "meld 5S 5H 5C" in theirs.legal_strings()


def test_a_set_laid_this_turn_counts(canasta):
    g = _position(canasta, "5C 5S 5H 5D 5C 5H KD QS 9C", [])
    g.apply("meld 5S 5H 5C")
    legal = g.legal_strings()
    assert not any(a.startswith("meld 5") for a in legal)
    assert "lay off 5D on 1" in legal


def test_without_the_rule_the_second_set_is_offered():
    v = rulespec.compile_text(CANASTA.replace("          one set of each rank per side\n", ""),
                              name="little-canasta.rules")
    g = _position(v, "5C 5S 5H JK KD QS 9C", [(2, "5D 5D 5S")])
    assert "meld 5S 5H 5C" in g.legal_strings()


def _opening(v):
    """Seat 0 after drawing, not opened, holding two sets' worth of kings (60 towards 51
    only as two sets of four and two) and nothing else that melds."""
    deck = stacked_deck(v, 2, hands=["KS KH KD KC KS KH 3D 8C 4S 7H JD 6C 9S QH", None],
                        stock=["2C"])
    g = new_game(v, players=2, deck=deck).deal_on()
    if "draw stock" in g.legal_strings():
        g.play("draw stock").deal_on()
    return g


def test_an_opening_cannot_use_two_sets_of_one_rank(per_player):
    plain = _opening(rulespec.load("variants/rummy51.rules"))
    assert "meld KS KH KD" in plain.legal_strings()  # 30 + 30: two sets of kings open
    g = _opening(per_player)
    assert not any(a.startswith("meld") for a in g.legal_strings())
    with pytest.raises(IllegalMove, match="worth at least 51"):
        g.apply("meld KS KH KD")


@pytest.mark.parametrize("agents", [("random",), ("greedy",)])
def test_whole_games_keep_one_set_of_each_rank_per_side(canasta, agents):
    for seed in range(3 if agents == ("greedy",) else 6):
        out = play_game(canasta, seed=seed, agents=agents, max_hands=3)
        assert out.failure is None, out.failure


def test_the_invariant_sees_two_sets_of_a_rank(canasta):
    g = _position(canasta, "5C 5S 5H JK KD QS 9C", [(2, "5D 5D 5S"), (0, "5C 5S 5H")])
    assert "side 0 has two sets of 5s on the table" in problems(g)


def test_the_page_says_it(canasta):
    page = " ".join(render_page(canasta).split())
    assert ("A side may have only one set of each rank: more cards of that rank are laid off "
            "onto it.") in page


def test_a_house_rule_says_the_change():
    from rulespec.rulebook.diff import changes
    from rulespec.rulebook.prose import changed

    base = rulespec.load("variants/rummy51.rules").ir
    new = house("rummy51", "melds: one set of each rank per player").ir
    assert changed(changes(base, new), base, new) == (
        "A player may have only one set of each rank, and more cards of that rank are laid off "
        "onto it.")
