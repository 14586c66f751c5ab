"""Random playouts of every variant file (house rules included): every move legal, every
invariant kept after every move (each card in exactly one place, hand sizes, scores), no
hand hitting the safety limit, and every game replaying from its record.

The players pick uniformly among the legal moves, except that half the time they take a
move that gets rid of cards (meld, lay off, knock, replace) when there is one: purely
uniform players almost never meld in contract games, so their hands would test little.

``RULESPEC_RANDOM_HANDS`` and ``RULESPEC_RANDOM_GAMES`` raise the numbers (defaults 20
single hands and 2 whole games per variant, which keep this file under a minute or two).
"""

from __future__ import annotations

import os
import random

import pytest

import rulespec
from rulespec.engine import check_invariants, new_game
from rulespec.engine.actions import parse

from conftest import variant_files, variant_id

pytestmark = pytest.mark.slow  # plays every variant many times

HANDS = int(os.environ.get("RULESPEC_RANDOM_HANDS", "20"))
GAMES = int(os.environ.get("RULESPEC_RANDOM_GAMES", "2"))
HAND_LIMIT = 10_000  # moves (chance steps included) in one hand: past this a hand is stuck
PROGRESS = frozenset({"meld", "lay off", "knock", "gin", "replace"})

_VARIANTS: dict = {}


def variant(path):
    if path not in _VARIANTS:
        _VARIANTS[path] = rulespec.load(path)
    return _VARIANTS[path]


def choose(g, rng: random.Random):
    acts = g.legal_actions()
    assert acts, f"no legal move in phase {g.phase}:\n{g}"
    if rng.random() < 0.5:
        good = [a for a in acts if a.kind in PROGRESS]
        if good:
            return rng.choice(good)
    return rng.choice(acts)


def step(g, rng: random.Random, k: int) -> None:
    """One move (or chance step), checked: strings round-trip, some moves go in as text."""
    if g.is_chance():
        if k % 5 == 0:
            # let the probabilities decide now and then instead of the shuffled deck
            outcomes = g.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            g.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            g.apply_chance()
    else:
        a = choose(g, rng)
        if k % 7 == 0:
            assert parse(a.text).text == a.text
            g.apply(a.text)
        else:
            g.apply(a)
    check_invariants(g)
    assert g.moves_this_hand < HAND_LIMIT, f"hand {g.round} hit the safety limit:\n{g}"


def players_for(v, seed: int) -> int:
    rs = v.ruleset
    if rs.partnerships is not None:
        return rs.partnerships.teams * rs.partnerships.size
    hi = rs.players.max if rs.players.max is not None else rs.players.min + 2
    return rs.players.min + seed % (hi - rs.players.min + 1)


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_random_hands_keep_every_invariant_and_end(path):
    """``HANDS`` different deals, each played to the end of its first hand."""
    v = variant(path)
    reasons = set()
    for seed in range(HANDS):
        g = new_game(v, players=players_for(v, seed), seed=seed)
        rng = random.Random(1000 + seed)
        k = 0
        while not g.results:
            step(g, rng, k)
            k += 1
        reasons.add(g.results[0].reason)
        if seed < 2:
            replay = new_game(v, players=g.n, seed=seed + 1)
            for move in g.history:
                replay.apply(move)
            assert replay.history == g.history
            assert replay.state_dict()["hands"] == g.state_dict()["hands"]
            assert replay.results == g.results
    assert reasons


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_random_games_play_to_the_end_of_the_game(path):
    """Whole games: every round, the dealer passing on, the game's end and its winners."""
    v = variant(path)
    for seed in range(GAMES):
        g = new_game(v, players=players_for(v, seed + 1), seed=100 + seed)
        rng = random.Random(seed)
        k = 0
        while not g.is_over():
            step(g, rng, k)
            k += 1
        s = g.scores()
        assert s.winners and s.hands_played == len(g.results) >= 1
        rounds = v.ruleset.game.rounds
        if rounds is not None and v.ruleset.game.eliminate is None:
            assert len(g.results) == rounds
        assert g.returns() and len(g.returns()) == g.n
