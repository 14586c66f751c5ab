"""Simulation: every variant plays with both agents while the interpreter's invariants
are checked after every step; runs are reproducible and do not depend on the number of
worker processes; safety limits, invariant failures and ``check --play`` findings are
reported.

The per-variant run is small (a few games, their first hands) to keep the suite fast;
the full figures (2,000 random and 500 greedy whole games a variant) come from
``rulespec simulate`` and are recorded in the issue's notes.
"""

from __future__ import annotations

import json

import pytest

import rulespec
from rulespec.cli import main
from rulespec.sim import runner
from rulespec.sim.checkplay import play_check
from rulespec.sim.runner import GAME_LIMIT, HAND_LIMIT, INVARIANT, game_seed, play_game
from rulespec.sim.simulate import Settings, simulate
from rulespec.sim.stats import without_timing

from conftest import VARIANTS, variant_files, variant_id

#: per variant: games and hands per game for each agent
SMOKE = {"random": (3, 3), "greedy": (2, 3)}


@pytest.mark.slow
@pytest.mark.parametrize("agent", sorted(SMOKE))
@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_variant_plays_with_invariants_checked_after_every_step(path, agent):
    """A few games of every variant file: no invariant breaks (checked after each step),
    no safety limit is hit, every hand ends with a known ending and scores add up."""
    games, hands = SMOKE[agent]
    v = rulespec.load(path)
    summary, outcomes = simulate(v, games, Settings(agents=(agent,), seed=1, check_every=1, max_hands=hands))
    for o in outcomes:
        assert o.failure is None, f"game {o.index} (seed {o.seed}): {o.failure}: {o.message}"
    assert summary["finished"] == games
    assert summary["hands"] == sum(summary["endings"].values()) > 0
    for o in outcomes:
        assert list(o.totals) == [sum(h.scores[s] for h in o.hands) for s in range(o.players)]


def test_seeded_runs_are_reproducible():
    v = rulespec.load(VARIANTS / "gin.rules")
    s = Settings(agents=("greedy", "random"), seed=4)
    a, _ = simulate(v, 4, s)
    b, _ = simulate(v, 4, s)
    c, _ = simulate(v, 4, Settings(agents=("greedy", "random"), seed=5))
    assert without_timing(a) == without_timing(b)
    assert without_timing(a) != without_timing(c)


def test_one_worker_and_two_workers_give_the_same_statistics():
    """Game i's seeds come from the run's seed and i alone, so the split among processes
    changes nothing."""
    path = VARIANTS / "basic.rules"
    s = Settings(agents=("greedy", "random"), seed=2, max_hands=2)
    one, _ = simulate(None, 6, s, workers=1, path=path)
    two, _ = simulate(None, 6, s, workers=2, path=path)
    assert one["timing"]["workers"] == 1 and two["timing"]["workers"] == 2
    assert without_timing(one) == without_timing(two)


def test_game_seeds_are_fixed_by_the_run_seed_and_the_game_number():
    assert game_seed(0, 3) == game_seed(0, 3)
    assert len({game_seed(0, i) for i in range(100)}) == 100
    assert game_seed(0, 1) != game_seed(1, 0)


def test_a_hand_past_the_safety_limit_counts_as_a_failure():
    v = rulespec.load(VARIANTS / "basic.rules")
    o = play_game(v, seed=1, agents=("random",), max_hand_actions=25)
    assert o.failure == HAND_LIMIT and not o.finished and "25" in o.message
    o = play_game(v, seed=1, agents=("greedy",), max_actions=100)
    assert o.failure == GAME_LIMIT
    summary, _ = simulate(v, 2, Settings(agents=("random",), max_hand_actions=25))
    assert summary["safety limit hits"] == 2 and summary["finished"] == 0


def test_an_invariant_failure_is_reported_with_the_step_it_broke_at(monkeypatch):
    calls = {"n": 0}
    real = runner.problems

    def broken_after_50(game):
        calls["n"] += 1
        return ["a card went missing"] if calls["n"] >= 50 else real(game)

    monkeypatch.setattr(runner, "problems", broken_after_50)
    v = rulespec.load(VARIANTS / "gin.rules")
    o = play_game(v, seed=1, agents=("random",), keep_history=True)
    assert o.failure == INVARIANT and o.message == "a card went missing"
    assert o.at_action == 50 and len(o.history) == 50


def test_the_statistics_add_up():
    v = rulespec.load(VARIANTS / "gin.rules")
    s, outcomes = simulate(v, 6, Settings(agents=("greedy", "random"), seed=0))
    assert s["games"] == s["finished"] == 6
    assert s["hands"] == sum(len(o.hands) for o in outcomes) == sum(s["endings"].values())
    assert s["actions per game"]["mean"] == pytest.approx(sum(o.actions for o in outcomes) / 6, abs=1e-3)
    assert set(s["endings"]) <= {"knock", "gin", "big gin", "undercut", "void"}
    assert 0 <= s["first seat win rate"] <= 1
    assert s["wins by agent"]["greedy"]["seats"] == 6
    assert s["timing"]["games per second"] > 0


def test_hands_won_are_counted_per_seat_where_hands_are_not_scored():
    """Chinese Rummy trial (`scoring: none`, `game: first to win 5 hands`): the report showed
    every score 0 and nothing of the hands won that decide the game."""
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8").replace(
        "scoring: winner collects value of other hands\n         count all cards\n"
        "         going rummy doubles", "scoring: none").replace(
        "game:    to 100 points", "game:    first to win 2 hands")
    v = rulespec.compile_text(text, name="unscored.rules")
    s, outcomes = simulate(v, 4, Settings(agents=("greedy", "random"), seed=0))
    won = [sum(h.winner == seat for o in outcomes for h in o.hands) for seat in (0, 1)]
    assert s["hands won"] == won and sum(won) >= 8  # two hands won in each of four games
    assert all(g["mean"] == 0 for g in s["game scores"])


def test_partners_who_win_together_each_win_whole():
    """A trial's Persian Rummy read "greedy 25.0% of 800 seats": a team's win was split
    between its two seats as if they had tied. One side wins each decided game, so the
    seats' wins add up to two per game, not one."""
    from rulespec.sim.runner import GameOutcome
    from rulespec.sim.stats import summarize

    team = GameOutcome(0, 1, ("greedy",) * 4, 4, finished=True, winners=(0, 2), teams=2)
    tie = GameOutcome(1, 2, ("greedy",) * 4, 4, finished=True, winners=(0, 1), teams=2)
    alone = GameOutcome(2, 3, ("greedy",) * 3, 3, finished=True, winners=(0, 1))
    s = summarize([team, tie, alone])
    assert s["wins by agent"]["greedy"] == {"seats": 11, "wins": 4.0, "win rate": round(4 / 11, 4)}
    assert s["first seat win rate"] == pytest.approx((1 + 0.5 + 0.5) / 3, abs=1e-3)


def test_contract_rounds_record_whether_anyone_went_down():
    v = rulespec.load(VARIANTS / "continental.rules")
    s, _ = simulate(v, 1, Settings(agents=("greedy",), seed=0, max_hands=2))
    assert set(s["opening met"]) == {"1", "2"}
    assert all(r["hands"] == 1 for r in s["opening met"].values())


# ------------------------------------------------------------------ the commands


def test_simulate_prints_json_statistics(capsys):
    code = main(["simulate", str(VARIANTS / "gin.rules"), "-n", "3", "--agents", "greedy,random",
                 "--seed", "1", "--json", "-q"])
    out = capsys.readouterr().out
    s = json.loads(out)
    assert code == 0 and s["games"] == 3 and s["finished"] == 3 and s["players"] == 2
    assert s["settings"]["agents"] == ["greedy", "random"]


def test_simulate_prints_tables(capsys):
    code = main(["simulate", str(VARIANTS / "wrotham.rules"), "-n", "2", "--agents", "greedy", "--hands", "2",
                 "--players", "3", "-q"])
    out = capsys.readouterr().out
    assert code == 0
    for words in ("Wrotham Rummy", "finished 2/2", "invariant failures 0", "actions per hand", "How hands ended",
                  "Scores by seat"):
        assert words in out


def test_simulate_refuses_bad_settings_with_a_message(capsys):
    assert main(["simulate", str(VARIANTS / "gin.rules"), "--agents", "smart"]) == 2
    assert "no agent called 'smart'" in capsys.readouterr().err
    assert main(["simulate", str(VARIANTS / "gin.rules"), "--players", "5"]) == 2
    assert "not for 5 players" in capsys.readouterr().err


def test_failed_games_are_saved_as_records_that_replay(tmp_path, capsys):
    code = main(["simulate", str(VARIANTS / "gin.rules"), "-n", "2", "--max-hand-actions", "20",
                 "--save-failures", str(tmp_path), "-q"])
    assert code == 1  # safety-limit hits: the rules may be at fault
    saved = sorted(tmp_path.glob("game-*.json"))
    assert [p.name for p in saved] == ["game-0.json", "game-1.json"]
    capsys.readouterr()
    assert main(["replay", str(saved[0])]) == 0
    assert "Replayed" in capsys.readouterr().out


def test_check_play_turns_what_games_show_into_warnings(tmp_path):
    """A contract nobody meets (two runs of five from ten cards, hands ending with the
    stock) is W505 at the contract's line; a hand past the safety limit is W501."""
    (tmp_path / "block.rules").write_text((VARIANTS / "block.rules").read_text())
    (tmp_path / "basic.rules").write_text((VARIANTS / "basic.rules").read_text())
    hard = tmp_path / "hard.rules"
    hard.write_text('variant "Hard contract"\nextends "block"\nplayers: 2\nopening: round 1: 2 runs of 5\n')
    v = rulespec.load(hard)
    found = play_check(v, hard, 1, {"max_hands": 2})
    codes = {d.code: d for d in found}
    assert "W505" in codes
    d = codes["W505"]
    assert (d.line, d.column) == (4, 10) and "round 1's contract" in d.message and not d.is_error
    gin = rulespec.load(VARIANTS / "gin.rules")
    found = play_check(gin, VARIANTS / "gin.rules", 1, {"max_hand_actions": 30})
    assert [d.code for d in found] == ["W501"]
    assert found[0].source_line.startswith("stock:") and "rulespec simulate" in found[0].hint


def test_check_play_runs_from_the_command_line(capsys):
    code = main(["check", str(VARIANTS / "gin.rules"), str(VARIANTS / "house" / "gin-openspiel.rules"),
                 "--play", "1"])
    err = capsys.readouterr().err
    assert code == 0 and "2 files checked: 0 errors" in err


def test_the_agents_and_simulation_examples_in_the_api_docs_give_the_answers_printed_there():
    import doctest
    import os
    import re

    from conftest import ROOT

    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("## Agents and simulation", 1)[1].split("\n## ", 1)[0]
    source = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    cwd = os.getcwd()
    os.chdir(ROOT)  # the examples load variants/... relative to the repository
    try:
        test = doctest.DocTestParser().get_doctest(source, {}, "api.md", "api.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        result = runner.summarize(verbose=False)
    finally:
        os.chdir(cwd)
    assert result.attempted > 15 and result.failed == 0


def _acceptance_run():
    import importlib.util

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location("simulate_all", ROOT / "benchmarks" / "simulate_all.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("sizes", [(1, 5), (7, 3, 12), (40, 40)])
def test_the_acceptance_run_pools_chunks_as_if_they_were_one_sample(sizes):
    """benchmarks/simulate_all.py sums up saved chunks: the pooled mean, sd, min and max
    are those of all the values together."""
    import random

    from rulespec.sim.stats import spread

    rng = random.Random(sum(sizes))
    parts = [[rng.randint(0, 5000) for _ in range(n)] for n in sizes]
    pooled = _acceptance_run().pooled([spread(p) for p in parts])
    whole = spread([v for p in parts for v in p])
    assert pooled["n"] == whole["n"] and (pooled["min"], pooled["max"]) == (whole["min"], whole["max"])
    assert pooled["mean"] == pytest.approx(whole["mean"], abs=1e-3)
    assert pooled["sd"] == pytest.approx(whole["sd"], abs=1e-2)


def test_partners_are_reported_by_side_with_their_seats():
    """A trial's Samba report showed each seat's own share under "Scores by seat", and a
    side's own points (a second hand not taken, bonus cards) went to its first seat only:
    no row said what a side scored. The summary now has each side's seats and totals."""
    from rulespec.sim.runner import GameOutcome, HandStats
    from rulespec.sim.stats import summarize

    hands = [HandStats(1, "went out", 10, 5, (100, 20, -100, 30), 0, None)]
    one = GameOutcome(0, 1, ("greedy",) * 4, 4, finished=True, winners=(0, 2), teams=2,
                      totals=(100, 20, -100, 30), hands=hands)
    two = GameOutcome(1, 2, ("greedy",) * 4, 4, finished=True, winners=(1, 3), teams=2,
                      totals=(300, 200, 0, 150), hands=[])
    s = summarize([one, two])
    assert [side["seats"] for side in s["sides"]] == [[0, 2], [1, 3]]
    assert [side["game scores"]["mean"] for side in s["sides"]] == [150, 200]
    assert [side["hand scores"]["mean"] for side in s["sides"]] == [0, 50]
    alone = GameOutcome(0, 1, ("greedy",) * 3, 3, finished=True, winners=(0,), totals=(1, 2, 3))
    assert "sides" not in summarize([alone])


def test_simulate_prints_the_sides_of_a_partnership_game(capsys, tmp_path):
    rules = tmp_path / "partners.rules"
    rules.write_text('variant "Partners"\nextends "basic"\nplayers: 4\npartners: 2 teams of 2\n',
                     encoding="utf-8")
    code = main(["simulate", str(rules), "-n", "2", "--agents", "greedy", "--hands", "1", "-q"])
    out = " ".join(capsys.readouterr().out.split())
    assert code == 0
    assert "side 0 is seats 0 and 2 · side 1 is seats 1 and 3" in out
    assert "Scores by side" in out and "Scores by seat (each seat's own share)" in out
