"""A game won by hands, not points (``game: first to win N hands``, issue #15 item 6):
Vatikan's "the player who goes out wins", best-of-N matches. The engine ends the game the
moment a side has won N hands, the check E343 accepts it as an end, and the page says it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.engine import game_end
from rulespec.engine.invariants import check_invariants
from rulespec.language.diagnostics import SpecError
from rulespec.rulebook import render_page

from conftest import VARIANTS, random_game


def _house(*lines: str, parent: str = "basic"):
    text = f'variant "Won by hands"\nextends "{parent}"\n' + "".join(f"{x}\n" for x in lines)
    return rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def _after(v, n, winners_by_hand, totals=None):
    """The game-end verdict for a game whose hands were won by these seats (None: nobody)."""
    results = [SimpleNamespace(winner=w) for w in winners_by_hand]
    game = SimpleNamespace(ruleset=v.ruleset, n=n, totals=list(totals or [0] * n),
                           results=results, round=len(results), eliminated=set())
    return game_end.game_over(game)


def test_the_clause_sets_the_number_of_hands():
    assert _house("game: first to win 3 hands").ir["game"]["hands"] == 3
    assert _house("game: first to win a hand").ir["game"]["hands"] == 1
    assert _house("game: first to win two deals").ir["game"]["hands"] == 2


def test_the_game_ends_when_a_player_has_won_enough_hands():
    v = _house("game: first to win 3 hands", "players: 3")
    assert _after(v, 3, [0, 1, None, 0, 2]) == (False, ())
    # seat 1 has the lower total, but it won the third hand first
    assert _after(v, 3, [0, 1, 1, 0, 1], totals=[90, 40, 0]) == (True, (1,))


def test_a_hand_without_a_winner_does_not_count():
    v = _house("game: first to win a hand")
    assert _after(v, 2, [None, None]) == (False, ())
    assert _after(v, 2, [None, 1]) == (True, (1,))


def test_partners_win_hands_together():
    v = _house("players: 4", "partners: 2 teams of 2", "game: first to win 2 hands")
    # seats 0 and 2 are one side: each won one hand, so the side has won two
    assert _after(v, 4, [0, 1, 2]) == (True, (0, 2))


def test_the_target_still_ends_the_game_first_if_reached():
    v = _house("game: first to win 5 hands")  # Basic Rummy plays to 100
    assert _after(v, 2, [0, 1], totals=[120, 10]) == (True, (0,))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), hands=st.integers(1, 3))
def test_a_whole_game_stops_at_the_hand_that_reaches_the_count(seed, hands):
    v = _house(f"game: first to win {hands} hands; 6 deals", "players: 3")
    g = random_game(v, 3, seed)
    check_invariants(g)
    won = [0, 0, 0]
    for i, r in enumerate(g.results):
        assert max(won) < hands, "the game went on after a player had won enough hands"
        if r.winner is not None:
            won[r.winner] += 1
    if max(won) >= hands:
        assert g.winners == tuple(p for p in range(3) if won[p] >= hands)
        assert won[g.winners[0]] == hands
    else:
        assert len(g.results) == 6 or max(g.totals) >= 100  # deals or the target came first


def test_a_game_won_by_hands_needs_no_target():
    text = (VARIANTS / "basic.rules").read_text().replace(
        "game:    to 100 points; highest wins ", "game:    first to win a hand ")
    assert "first to win a hand" in text
    v = rulespec.compile_text(text, name=str(VARIANTS / "x.rules"))
    assert v.ir["game"]["target"] is None
    g = random_game(v, 2, 5)
    assert len([r for r in g.results if r.winner is not None]) == 1
    with pytest.raises(SpecError, match="E343"):
        rulespec.compile_text(text.replace("first to win a hand", "highest wins"),
                              name=str(VARIANTS / "x.rules"))


def test_the_page_says_who_wins():
    page = render_page(_house("game: first to win 3 hands; 7 deals"))
    assert "The first player to win three hands wins the game." in page
    assert "The game also ends after seven hands, or earlier when a player reaches 100" in page
    page = render_page(_house("players: 4", "partners: 2 teams of 2",
                              "game: first to win a hand"))
    assert "The first team to win a hand wins the game." in page


def test_unscored_hands_leave_every_total_at_zero_and_the_hand_winner_wins():
    """Vatikan: "There is no scoring. The player who goes out wins." """
    v = _house("scoring: none", "game: first to win a hand", "players: 3")
    for seed in range(3):
        g = random_game(v, 3, seed)
        check_invariants(g)
        assert list(g.totals) == [0, 0, 0]
        won = [r.winner for r in g.results if r.winner is not None]
        assert g.winners == (won[0],) and len(won) == 1


def test_a_knock_still_decides_an_unscored_hand():
    v = _house("scoring: none", "game: first to win 2 hands", parent="gin")
    g = random_game(v, 2, 4)
    assert list(g.totals) == [0, 0]
    won = [r.winner for r in g.results if r.winner is not None]
    assert won.count(g.winners[0]) == 2


def test_unscored_hands_need_hands_to_win():
    with pytest.raises(SpecError, match="E368"):
        _house("scoring: none")


def test_the_page_of_unscored_hands_drops_values_and_the_target():
    page = render_page(_house("scoring: none", "game: first to win a hand"))
    assert "The hands are not scored: nobody counts any points" in page
    assert "Card values" not in page and "100 points" not in page
    # an opening's minimum still counts the cards, so their values stay on the page
    page = render_page(_house("scoring: none", "game: first to win a hand",
                              "opening: melds worth at least 30"))
    assert "Card values" in page


def test_unscored_hands_need_no_card_values():
    """Vatikan has no scoring: its file need not give values nothing would count."""
    text = (VARIANTS / "basic.rules").read_text()
    start = text.index("values:")
    end = text.index("\n", start)
    bare = text[:start] + text[end + 1:]
    with pytest.raises(SpecError, match="E320"):
        rulespec.compile_text(bare, name=str(VARIANTS / "x.rules"))
    bare = bare.replace("game:    to 100 points; highest wins ", "game:    first to win a hand ")
    bare = bare.replace("scoring: winner collects", "scoring: none\n# winner collects")
    v = rulespec.compile_text(bare, name=str(VARIANTS / "x.rules"))
    g = random_game(v, 2, 1)
    assert list(g.totals) == [0, 0] and g.winners
