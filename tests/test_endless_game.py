"""A game with no end (issue "Reach"): ``game: no end``, ``play as many hands as you like``.

Source: a Hand and Foot table (http://mycupoverflows-johnson.blogspot.com/2013/03/
hand-and-foot.html) plays "as few or as many" rounds as there is time for; kitchen-table
rummy keeps a running total with no target. The engine never ends such a game; bots stop
after ``ENDLESS_HANDS`` hands unless told, and the player ahead then wins."""

from __future__ import annotations

import json
import subprocess
import sys

from rulespec.limits import ENDLESS_HANDS
from rulespec.rulebook import render_page
from rulespec.rulebook.diff import changes
from rulespec.sim.runner import play_game

from conftest import VARIANTS, house, house_problems

ENDLESS = "game: no end"


def test_the_phrases_clear_the_parents_end():
    g = house("basic", ENDLESS).ruleset.game
    assert g.endless and g.target is None and g.rounds is None
    assert house("gin", "game: play as many hands as you like").ruleset.game.endless
    assert house("continental", "game: no set end").ruleset.game.rounds is None


def test_the_game_goes_on_past_any_target():
    v = house("basic", ENDLESS)
    out = play_game(v, seed=3, agents=("greedy",), max_hands=60)
    assert out.failure is None and len(out.hands) == 60
    assert max(out.totals) > 100  # Basic Rummy's target would have ended it long before


def test_bots_stop_after_the_default_hands_and_the_leader_wins():
    v = house("basic", ENDLESS)
    out = play_game(v, seed=5, agents=("random",))
    assert out.failure is None and len(out.hands) == ENDLESS_HANDS
    best = max(out.totals)
    assert out.winners == tuple(p for p, t in enumerate(out.totals) if t == best)


def test_simulate_says_how_many_hands_it_played(tmp_path):
    f = tmp_path / "endless.rules"
    f.write_text(f'variant "Endless"\nextends "{(VARIANTS / "basic").as_posix()}"\n{ENDLESS}\n')
    run = subprocess.run([sys.executable, "-m", "rulespec", "simulate", str(f), "-n", "2", "-q",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    stats = json.loads(run.stdout)
    assert stats["settings"]["max hands"] == ENDLESS_HANDS


def test_the_page_and_the_diff_say_it():
    v = house("basic", ENDLESS)
    page = render_page(v)
    assert "The game has no set end: play as many hands as you like" in page
    assert "When you stop, the player with the highest total wins." in page
    assert "100 points" not in page
    said = {c.rule: c.new for c in changes(house("basic").ir, v.ir)}
    assert said["The end of the game"] == "none: as many hands as the players like"


def test_what_happens_when_the_game_ends_is_refused():
    problems = house_problems("basic", "game: no end; bonus 100 for winning the game")
    assert [d.code for d in problems] == ["E372"]
    assert "E301" in [d.code for d in house_problems("basic", "game: no end; to 200 points")]
