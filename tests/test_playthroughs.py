"""Playthrough goldens (tests/golden/playthroughs/): every variant's seeded games replay
move by move to the same states. A failure names the variant, the game, the step and its
move: the interpreter's behaviour changed there. After an intended change, regenerate with
``python -m pytest tests/test_playthroughs.py --update-golden -n 0`` and commit the goldens
on their own, saying why the games changed (tests/playthroughs.py says what is recorded).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import rulespec
from rulespec.engine import new_game

import playthroughs as P
from conftest import ROOT, variant_files, variant_id

GOLDEN = ROOT / "tests" / "golden" / "playthroughs"


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_the_seeded_games_replay_step_by_step(path, update_golden):
    vid = variant_id(path)
    variant = rulespec.load(path)
    golden = GOLDEN / f"{vid}.tsv"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(P.dump(P.record(variant, vid)), encoding="utf-8")
    assert golden.exists(), f"{vid} has no playthrough golden: run with --update-golden"
    games = P.load(golden.read_text(encoding="utf-8"))
    assert [g.name for g in games] == [name for name, *_ in P.GAMES]
    for g in games:
        differs = P.replay(variant, g)
        assert differs is None, f"{vid}, game {g.name} (seed {g.seed}): {differs}"


def test_every_playthrough_golden_has_a_variant():
    names = {variant_id(p) for p in variant_files()}
    stale = [g for g in GOLDEN.rglob("*.tsv")
             if g.relative_to(GOLDEN).with_suffix("").as_posix() not in names]
    assert not stale


def _gin_game():
    return new_game(rulespec.load(ROOT / "variants" / "gin.rules"), players=2, seed=5).deal_on()


def test_the_fingerprint_sees_every_zone_and_the_legal_moves():
    base = P.fingerprint(_gin_game())
    changes = {
        "a card from the stock to the discard pile": lambda g: g.discards.append(g.stock.pop()),
        "the stock reordered": lambda g: g.stock.reverse(),
        "two hands swapped": lambda g: g.hands.reverse(),
        "a total": lambda g: g.totals.__setitem__(0, 3),
        "the seat to move": lambda g: setattr(g, "current_player", lambda p=g.player: 1 - p),
        "the legal moves": lambda g: setattr(g, "legal_strings", lambda: ["pass"]),
    }
    for what, change in changes.items():
        g = _gin_game()
        change(g)
        assert P.fingerprint(g) != base, what


def test_every_step_of_a_golden_game_changes_the_fingerprint():
    """Each move moves a card, passes the turn or changes the phase: a step that leaves
    the fingerprint as it was would be one the fingerprint cannot see."""
    for golden in sorted(GOLDEN.rglob("*.tsv")):
        for g in P.load(golden.read_text(encoding="utf-8")):
            same = [a for (a, f), (_, before) in zip(g.steps[1:], g.steps) if f == before]
            assert not same, f"{golden.name}, game {g.name}: {same[:3]}"


def test_the_fingerprint_is_the_same_in_another_process():
    code = ("import rulespec, playthroughs as P; from rulespec.engine import new_game;"
            "v = rulespec.load('variants/gin.rules');"
            "print(P.fingerprint(new_game(v, players=2, seed=5).deal_on()))")
    path = f"{ROOT}{os.pathsep}{ROOT / 'tests'}"
    env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == P.fingerprint(_gin_game())


def test_a_replay_names_the_first_step_that_differs():
    variant = rulespec.load(ROOT / "variants" / "gin.rules")
    g = P.load((GOLDEN / "gin.tsv").read_text(encoding="utf-8"))[0]
    i = next(i for i, (a, _) in enumerate(g.steps) if a.startswith("discard "))
    g.steps[i] = (g.steps[i][0], "0" * 12)
    assert P.replay(variant, g) == (f"step {i} `{g.steps[i][0]}`: the state after it differs "
                                    f"(fingerprint {'0' * 12} recorded)")
    g.steps[i] = ("discard JK", g.steps[i][1])
    assert P.replay(variant, g).startswith(f"step {i} `discard JK` is refused now")
