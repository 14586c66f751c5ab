"""Soak the property of ``tests/test_playable_property.py`` for as long as you like, without
stopping at the first failure: every distinct failure is printed with the file that shows it.

    PYTHONPATH=. python benchmarks/playable_soak.py --examples 20000 [--page-only] [--seconds 1800]

Prints how many files were tried, accepted (compiled, page built, games finished),
rejected (located diagnostics) and broken, and each distinct way they broke.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, given, settings  # noqa: E402

from playable_cases import Broken, edited, judge  # noqa: E402

#: examples per hypothesis run (each run draws fresh ones)
CHUNK = 200


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=None, help="stop after this long")
    ap.add_argument("--page-only", action="store_true", help="compile and render, do not play")
    args = ap.parse_args()
    counts: Counter = Counter()
    broken: dict[str, tuple[str, str]] = {}
    start = time.perf_counter()

    def out_of_time() -> bool:
        return bool(args.seconds) and time.perf_counter() - start > args.seconds

    @settings(max_examples=CHUNK, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(edited())
    def soak(case):
        if counts["tried"] >= args.examples or out_of_time():
            return
        counts["tried"] += 1
        try:
            counts[judge(*case, play=not args.page_only, seed=counts["tried"])] += 1
        except Broken as e:
            counts["broken"] += 1
            # one entry per kind of failure: numbers (seeds, seats, counts) left out
            broken.setdefault(re.sub(r"\d+", "N", str(e))[:160], (case[2], case[0]))

    # chunks of fresh random examples, so that the run stops soon after its time is up
    while counts["tried"] < args.examples and not out_of_time():
        soak()
    took = time.perf_counter() - start
    print(f"{counts['tried']} files in {took:.0f} s: {counts['accepted']} accepted, "
          f"{counts['rejected']} rejected, {counts['broken']} broken ({len(broken)} distinct)")
    for what, (name, text) in broken.items():
        print(f"\n=== {what} (from {name})\n{text}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
