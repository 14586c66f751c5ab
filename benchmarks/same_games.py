"""Same games, two versions of the code: does a change keep every move, and how much
faster is it? Plays a fixed set of whole games per case and prints the seconds and a
fingerprint of the games (moves, steps, every hand's ending, length and scores).

    python benchmarks/same_games.py                     # every case
    python benchmarks/same_games.py push-random gin-random

To compare with an older commit, run it in a worktree of that commit, interleaved with
this one so that load falls on both alike (``git worktree add /tmp/base <commit>``):

    for i in 1 2; do
      PYTHONPATH=/tmp/base python benchmarks/same_games.py
      PYTHONPATH=.         python benchmarks/same_games.py
    done

Equal fingerprints mean the same games were played; a speed-only change must keep them.
Invariants are checked after every move (as the acceptance run does), unless ``--no-check``.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

from rulespec.language.compiler import load
from rulespec.sim.runner import game_seed, play_game

VARIANTS = Path(__file__).resolve().parent.parent / "variants"

#: name -> (variant file, agent, games)
CASES = {
    "rummy51-random": ("rummy51.rules", "random", 3),
    "romme-random": ("romme.rules", "random", 2),
    "push-random": ("push.rules", "random", 4),
    "push37-random": ("house/push-three-and-seven.rules", "random", 3),
    "basic-random": ("basic.rules", "random", 6),
    "continental-random": ("continental.rules", "random", 6),
    "gin-random": ("gin.rules", "random", 3),
    "push-greedy": ("push.rules", "greedy", 1),
    "continental-greedy": ("continental.rules", "greedy", 2),
    "indian201-greedy": ("indian-pool-201.rules", "greedy", 2),
    "romme-greedy": ("romme.rules", "greedy", 2),
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", nargs="*", help=f"cases to play (default: all): {', '.join(CASES)}")
    ap.add_argument("--no-check", action="store_true", help="check the invariants only when a hand ends")
    args = ap.parse_args(argv)
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        ap.error(f"unknown case {unknown[0]}; the cases are {', '.join(CASES)}")
    for name in args.cases or CASES:
        file, agent, games = CASES[name]
        variant = load(VARIANTS / file)
        start = time.perf_counter()
        fingerprint = hashlib.sha256()
        for i in range(games):
            o = play_game(variant, seed=game_seed(7, i), agents=(agent,), check_every=0 if args.no_check else 1)
            hands = [(h.reason, h.actions, h.scores) for h in o.hands]
            fingerprint.update(repr((o.actions, o.steps, o.totals, o.failure, hands)).encode())
        print(f"{name:20} {time.perf_counter() - start:7.2f} s  {fingerprint.hexdigest()[:12]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
