"""Engine benchmark: random-agent games per second, rulespec against OpenSpiel and RLCard.

Run from the repository root:  python benchmarks/bench_engine.py [--games 200] [--repeat 5]
Needs the bench extra (pip install -e '.[bench]'): open-spiel and rlcard.

Gin: full games with a uniformly random agent, side by side in one run, their repeats
interleaved (rulespec, OpenSpiel, RLCard, rulespec, ...; best of ``--repeat``) so that
load from other jobs falls on all of them alike:

* rulespec on ``variants/house/gin-openspiel.rules`` (OpenSpiel's default rules, so the
  games are alike): ``apply_chance()`` at chance steps, a random legal move otherwise.
* OpenSpiel's ``gin_rummy`` through pyspiel: a Python loop, a random chance outcome or a
  random legal action at each step.
* RLCard's gin rummy game object (``rlcard.games.gin_rummy.game.GinRummyGame``): a random
  action of ``judge.get_legal_actions()`` at each ``step``.

"actions" counts player moves (not chance steps). Then games per second for every
variant file in rulespec (random agents, the variant's smallest number of players, each
game to its end: a whole match where the variant plays to a target).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rulespec  # noqa: E402


def rulespec_runner(variant):
    def run(seeds):
        actions = 0
        for seed in seeds:
            rng = random.Random(seed)
            g = rulespec.new_game(variant, seed=seed)
            while not g.is_over():
                if g.is_chance():
                    g.apply_chance()
                else:
                    g.apply(rng.choice(g.legal_actions()))
                    actions += 1
        return actions
    return run


def openspiel_runner():
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def run(seeds):
        actions = 0
        for seed in seeds:
            rng = random.Random(seed)
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.choice(s.chance_outcomes())[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
                    actions += 1
        return actions
    return run


def rlcard_runner():
    from rlcard.games.gin_rummy.game import GinRummyGame

    def run(seeds):
        actions = 0
        for seed in seeds:
            rng = random.Random(seed)
            g = GinRummyGame()
            g.np_random.seed(seed)
            g.init_game()
            while not g.is_over():
                g.step(rng.choice(g.judge.get_legal_actions()))
                actions += 1
        return actions
    return run


def side_by_side(runners, seeds, repeat):
    """Best time of ``repeat`` for each runner, the runs interleaved."""
    best = {name: None for name in runners}
    acts = {}
    for _ in range(repeat):
        for name, run in runners.items():
            t = time.perf_counter()
            acts[name] = run(seeds)
            dt = time.perf_counter() - t
            best[name] = dt if best[name] is None else min(best[name], dt)
    return {name: (len(seeds) / best[name], acts[name] / best[name], acts[name] / len(seeds))
            for name in runners}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="Gin games per run and engine")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--variant-seconds", type=float, default=2.0,
                    help="time spent on each variant file (at least 2 games)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    gin = rulespec.load(ROOT / "variants" / "house" / "gin-openspiel.rules")
    runners = {"rulespec": rulespec_runner(gin)}
    try:
        runners["OpenSpiel"] = openspiel_runner()
    except ImportError:
        print("open-spiel is not installed (pip install -e '.[bench]')")
    try:
        runners["RLCard"] = rlcard_runner()
    except ImportError:
        print("rlcard is not installed (pip install -e '.[bench]')")
    seeds = list(range(args.seed, args.seed + args.games))
    res = side_by_side(runners, seeds, args.repeat)
    print(f"Gin, {args.games} random games per run, best of {args.repeat} (interleaved)")
    print(f"{'engine':<10} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for name, (gps, aps, apg) in res.items():
        print(f"{name:<10} {gps:>9,.0f} {aps:>10,.0f} {apg:>13.1f}")
    ours = res["rulespec"][0]
    for name in res:
        if name != "rulespec":
            print(f"rulespec / {name}: {ours / res[name][0]:.2f}x games/s")

    print(f"\nEvery variant file (random agents, about {args.variant_seconds:g}s each)")
    print(f"{'variant':<34} {'games':>6} {'games/s':>9} {'actions/game':>13}")
    for path in sorted((ROOT / "variants").rglob("*.rules")):
        v = rulespec.load(path)
        run = rulespec_runner(v)
        n, acts, t0 = 0, 0, time.perf_counter()
        while n < 2 or time.perf_counter() - t0 < args.variant_seconds:
            acts += run([args.seed + n])
            n += 1
        dt = time.perf_counter() - t0
        name = path.relative_to(ROOT / "variants").with_suffix("").as_posix()
        print(f"{name:<34} {n:>6} {n / dt:>9,.1f} {acts / n:>13.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
