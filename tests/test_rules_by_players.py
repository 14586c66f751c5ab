"""Rules by number of players: ``with 2 players: seating: winner of hand deals next`` gives
a section's rules for some numbers of players only, as rule books say them ("with two
players, the winner of each hand deals the next": Double Rum, bicyclecards.com; "in the
six-player game, two cards are drawn": Canasta). The compiler makes a whole, checked
ruleset for each stretch of player counts; the game keeps the sections that differ
(``Ruleset.by_players``), a game of n players plays ``Ruleset.seated(n)`` (before any
rules by round), and the page and ``rulespec diff`` say each difference."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine import new_game, stacked_deck
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import VARIANTS, house, house_problems

WINNER_DEALS = "with 2 players: seating: winner of hand deals next"
LONG_GAME = "game: to 1000 points; highest wins"  # the first hand does not end it


def _codes(problems) -> list[str]:
    return [d.code for d in problems]


def test_a_rule_for_two_players_holds_at_a_table_of_two_only():
    rs = house("basic", WINNER_DEALS).ruleset
    assert [rs.seated(n).seating.next_dealer for n in (2, 3, 4, 5, 6)] == \
        ["winner"] + ["in turn"] * 4
    assert rs.seating.next_dealer == "in turn"  # the game's own rules are unchanged
    assert rs.seated(3) is rs and rs.seated(2) is rs.seated(2)  # built once


def test_for_is_the_same_as_with_and_a_range_covers_its_counts():
    """Canasta: "in the six-player game, two cards are drawn"; `for 5-6 players:` reads as
    `deal: 6 cards each for 5-6 players` does."""
    a = house("basic", "with 5-6 players: draw: 2 cards from the stock").ruleset
    b = house("basic", "for five or more players: draw: 2 cards from the stock").ruleset
    for rs in (a, b):
        assert [rs.seated(n).turn.stock_cards for n in range(2, 7)] == [1, 1, 1, 2, 2]


def test_the_ir_keeps_only_the_sections_that_differ():
    ir = house("basic", WINNER_DEALS).ir
    assert ir["by_players"] == [{"players": {"min": 2, "max": 2}, "rules": {"seating": {
        "first_dealer": "random", "next_dealer": "winner", "play": "left",
        "first_player": "after dealer"}}}]
    assert house("basic", "draw: from the stock").ir["by_players"] == []


def test_the_players_come_first_then_the_rounds():
    """A table's rules and a round's rules of the same section: in the round, the round's
    rule wins at every table (the table's rules first, then the round's)."""
    rs = house("california", "with 3 players: going out: only without discard",
               "in round 7: going out: with or without final discard").ruleset
    two, three = rs.seated(3), rs.seated(4)
    assert two.for_round(1).going_out.final_discard == "forbidden"
    assert two.for_round(7).going_out.final_discard == "optional"
    assert three.for_round(1).going_out.final_discard == "optional"
    nested = house("california", "with 3 players: in round 7: may i: none").ruleset
    assert nested.seated(3).for_round(7).turn.claims is None
    assert nested.seated(3).for_round(6).turn.claims is not None
    assert nested.seated(4).for_round(7).turn.claims is not None


def test_the_page_says_the_rules_by_number_of_players():
    page = render_page(house("basic", WINNER_DEALS,
                             "with 5-6 players: draw: 2 cards from the stock"))
    assert "## Rules by number of players" in page
    assert "- **With two players.** The winner of the hand deals the next hand instead of " \
           "passing in turn." in page
    assert "- **With five or six players.** A draw from the stock brings two cards" in page
    plain = rulespec.load(VARIANTS / "basic.rules")
    assert "## Rules by number of players" not in render_page(plain)


def test_rulespec_diff_says_a_rule_by_number_of_players():
    said = [str(c) for c in changes(rulespec.load(VARIANTS / "basic.rules").ir,
                                    house("basic", WINNER_DEALS).ir)]
    assert said == ["Rules by number of players: With two players: Next dealer: the winner of "
                    "the hand instead of the same at every table"]


def _first_hand_won_by_seat_1(variant, players: int, hand: str, draw: str, meld: str, out: str):
    """Seat 1 (the dealer at two, the second to play at three) goes out on its first turn."""
    deck = stacked_deck(variant, players, hands=[None, hand], upcard="QC", stock=["JD", draw])
    g = new_game(variant, players=players, deck=deck)
    first_dealer = g.dealer
    g.play("draw stock", "discard JD")
    if players == 3:
        assert g.current_player() == 1
    g.play("draw stock", f"meld {meld}", f"discard {out}")
    assert g.results[-1].winner == 1
    return first_dealer, g


def test_with_two_players_the_winner_deals_the_next_hand():
    """Double Rum (bicyclecards.com): "with two players, the winner of each hand deals the
    next". Seat 1 dealt the first hand and won it: it deals again, where the deal would
    have passed to seat 0."""
    v = house("basic", WINNER_DEALS, LONG_GAME)
    first, g = _first_hand_won_by_seat_1(v, 2, "AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "10S",
                                         "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "KD")
    assert first == 1 and not g.is_over()
    assert g.dealer == 1
    plain = house("basic", LONG_GAME)
    _, g = _first_hand_won_by_seat_1(plain, 2, "AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "10S",
                                     "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "KD")
    assert g.dealer == 0


def test_with_three_players_the_deal_passes_in_turn():
    """The same file at a table of three: seat 2 dealt, seat 1 won, seat 0 deals next."""
    v = house("basic", WINNER_DEALS, LONG_GAME)
    first, g = _first_hand_won_by_seat_1(v, 3, "AS 2S 3S 4S 5S 6S KD", "7S",
                                         "AS 2S 3S 4S 5S 6S 7S", "KD")
    assert first == 2 and g.dealer == 0


def test_a_game_of_n_players_plays_its_table_rules():
    v = house("basic", "with 5-6 players: draw: 2 cards from the stock")
    assert new_game(v, players=5, seed=1).game_rules.turn.stock_cards == 2
    assert new_game(v, players=4, seed=1).ruleset.turn.stock_cards == 1


def test_the_variant_for_a_table_reads_its_meld_rules():
    """Three of a kind with two players, four with more (a meld rule by players): the
    Variant's meld functions for a table read that table's rules."""
    v = house("basic", "with 2 players: melds: sets of 4 cards of the same rank in different "
                       "suits; runs of 3+ cards in the same suit")
    assert v.classify_meld("7S 7H 7D") is not None
    assert v.for_players(2).classify_meld("7S 7H 7D") is None
    assert v.for_players(2).classify_meld("7S 7H 7D 7C") is not None
    assert v.for_players(3) is v


@pytest.mark.parametrize("line, code, words", [
    ("with 2 players: players: 2-3", "E374", "`players` holds at every table"),
    ("with 2 players: terms: runs are called \"scales\"", "E374", "cannot differ by the number"),
    ("with 4 players: partners: 2 teams of 2", "E374", "said in `partners:` itself"),
    ("with 7 players: draw: 2 cards from the stock", "E375", "the game is for 2-6 players"),
    ("with 1-2 players: draw: 2 cards from the stock", "E375", "rules for 1-2 players are never"),
    ("with 5-8 players: draw: 2 cards from the stock", "E375", "5-8 players"),
    ("with 2 players: deal: 7 cards each for 3 players", "E380", "for 3 players, but it is"),
    ("with 5-6 players: deck: 2 packs for 3-4 players", "E380", "no table plays it"),
])
def test_rules_by_players_that_cannot_be_are_refused(line, code, words):
    found = [d for d in house_problems("basic", line) if d.code == code]
    assert found and words in found[0].message, [str(d) for d in house_problems("basic", line)]
    assert found[0].hint and found[0].line == 3


def test_a_count_inside_that_agrees_with_the_table_is_kept():
    """`deal:` keeps its own `for R players` inside a rule by players, where R is among
    the table's counts (the old phrase is not broken by the new one)."""
    rs = house("basic", "with 2-3 players: deal: 9 cards each for 2 players; 8 cards each "
                        "for 3 players").ruleset
    assert [rs.seated(n).deal.hand_size(n, 1) for n in (2, 3, 4)] == [9, 8, 7]


def test_more_than_twelve_ranges_of_players_are_refused():
    lines = [f"with {n}+ players: game: to {100 + n} points" for n in range(2, 7)]
    lines += [f"with {n} players: game: to {200 + n} points" for n in range(2, 7)]
    lines += [f"with {a}-{a + 1} players: game: to {300 + a} points" for a in range(2, 6)]
    assert "E379" in _codes(house_problems("basic", *lines))
    assert house("basic", *lines[:12]).ruleset.seated(2).game.target == 302  # the last line wins


def test_a_problem_only_at_some_tables_names_the_count():
    """Twelve cards each is fine for two (24 of 52) but not for six: the check runs on the
    table's whole ruleset and says which table."""
    found = house_problems("basic", "with 5-6 players: deal: 12 cards each")
    assert any(m.startswith("with five or six players, ") or "5-6 players" in m
               for m in (d.message for d in found if d.is_error)), [str(d) for d in found]
    assert house("basic", "with 2 players: deal: 12 cards each").ruleset.seated(2) \
        .deal.hand_size(2, 1) == 12


FILES = {
    "basic": ("basic", WINNER_DEALS, "with 5-6 players: draw: 2 cards from the stock"),
    "california": ("california", "with 3 players: going out: only without discard",
                   "with 4+ players: in round 7: may i: none"),
}


@given(which=st.sampled_from(sorted(FILES)), players=st.integers(2, 6),
       seed=st.integers(0, 10_000))
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_random_game_under_each_player_count_plays_to_its_end(which, players, seed):
    parent, *lines = FILES[which]
    v = house(parent, *lines)
    if players not in v.ruleset.players:
        return
    out = play_game(v, players=players, seed=seed, agents=("random",), check_every=1)
    assert out.finished and out.failure is None, out.message
