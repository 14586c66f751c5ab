"""Bonuses when the game ends (``game: bonus N for winning the game; bonus N per hand won;
shutout doubles``, issue #15 item 6): Gin's game, line (box) and shutout bonuses, added to
the totals once the game is over; the check E384 and the page's sentence."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import rulespec
from rulespec.engine import game_end
from rulespec.engine.invariants import check_invariants
from rulespec.engine.state import new_game
from rulespec.language.diagnostics import SpecError
from rulespec.rulebook import render_page

from conftest import VARIANTS, random_game

BONUSES = "game: bonus 100 for winning the game; bonus 25 per hand won; shutout doubles\n"


def _gin(extra: str = BONUSES):
    text = 'variant "Gin with bonuses"\nextends "gin"\n' + extra
    return rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def _ended(v, totals, winners_by_hand, winners):
    """A finished two-player game with these totals and these hand winners."""
    results = [SimpleNamespace(winner=w) for w in winners_by_hand]
    return SimpleNamespace(ruleset=v.ruleset, n=2, totals=list(totals), results=results), winners


def test_the_game_line_and_box_bonuses():
    """Hoyle's Gin line: the winner reached 104 winning four hands, the loser 60 winning
    two; the winner gets 100 for the game and each gets 25 a hand won."""
    game, winners = _ended(_gin(), (104, 60), [0, 1, 0, 0, 1, 0], (0,))
    assert game_end.game_bonuses(game, winners) == [100 + 4 * 25, 2 * 25]


def test_a_shutout_doubles_the_winners_total_with_its_bonuses():
    game, winners = _ended(_gin(), (110, 0), [0, 0, 0], (0,))
    # 110 + 100 + 3 × 25 = 285, doubled: 570, so 460 are added
    assert game_end.game_bonuses(game, winners) == [570 - 110, 0]


def test_without_bonuses_nothing_is_added():
    gin = rulespec.load(VARIANTS / "gin.rules")
    game, winners = _ended(gin, (110, 0), [0, 0, 0], (0,))
    assert game_end.game_bonuses(game, winners) == [0, 0]


def test_a_whole_game_adds_them_once_at_its_end():
    g = random_game(_gin(), 2, 7)
    added = g.results[-1].details["game bonuses"]
    sums = [sum(r.scores[p] for r in g.results) for p in range(2)]
    assert list(g.totals) == [s + a for s, a in zip(sums, added)]
    assert added[g.winners[0]] >= 100
    check_invariants(g)  # the totals are the hands' scores plus the bonuses


@pytest.mark.parametrize("extra", ["game: lowest wins",
                                   "game: players out at 100 points; lowest wins"])
def test_bonuses_in_a_game_the_lowest_total_wins_are_refused(extra):
    text = ('variant "x"\nextends "basic"\n' + BONUSES + "scoring: losers score penalty points\n"
            + extra + "\n")
    with pytest.raises(SpecError, match="E384.*a bonus would be a penalty"):
        rulespec.compile_text(text, name=str(VARIANTS / "house" / "y.rules"))


def test_the_page_says_them():
    page = render_page(_gin())
    assert ("When the game ends, bonuses are added to the totals: the winner of the game gets "
            "100 points and every player gets 25 points for each hand they won.") in page
    assert "is doubled" in page
    assert "bonuses are added" not in render_page(rulespec.load(VARIANTS / "gin.rules"))


def _rummy500(extra: str = "game: winner collects the difference from each player\n"):
    text = 'variant "Settled"\nextends "rummy500"\n' + extra
    return rulespec.compile_text(text, name=str(VARIANTS / "house" / "x.rules"))


def test_the_winner_collects_the_difference_from_each_player():
    """Bicycle's 500 Rum: "the winner collects from each other player the difference
    between their scores". Three players end on 520, 310 and -40: the others pay 210 and
    560, so the winner is +770 and every total adds up to zero."""
    game = SimpleNamespace(ruleset=_rummy500().ruleset, n=3, totals=[520, 310, -40])
    assert game_end.game_settlement(game, (0,)) == [770 - 520, -210 - 310, -560 + 40]
    tied = SimpleNamespace(ruleset=_rummy500().ruleset, n=3, totals=[500, 500, 300])
    # 200 owed, shared: the winners end on +100 each, the third on -200
    assert game_end.game_settlement(tied, (0, 1)) == [100 - 500, 100 - 500, -200 - 300]
    plain = SimpleNamespace(ruleset=_rummy500("").ruleset, n=3, totals=[520, 310, -40])
    assert game_end.game_settlement(plain, (0,)) == [0, 0, 0]


def test_a_settled_game_ends_with_totals_that_add_up_to_zero():
    v = _rummy500()
    g = new_game(v, players=3, seed=5)
    from rulespec.agents import make_agent

    bots = [make_agent("greedy", seed=s) for s in range(3)]
    while not g.is_over():
        g.apply_chance() if g.is_chance() else g.apply(bots[g.player].choose(g, g.player))
    assert sum(g.totals) == 0 and g.totals[g.winners[0]] > 0
    assert "game settlement" in g.results[-1].details
    check_invariants(g)  # the totals are the hands' scores plus the settlement
    assert ("The game is then settled: each other player pays the winner the difference"
            in render_page(v))
