"""Compile speed: every variant warm (parser built, fresh compiler each time) and
`rulespec check variants` cold, as a whole new process.

Run: python benchmarks/bench_compile.py [--repeat N]
Aims (issue 2): every variant under 20 ms warm; the whole check under 1 s as a process.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulespec.language.compiler import Compiler  # noqa: E402
from rulespec.language.parser import parser  # noqa: E402


def warm(path: Path, repeat: int) -> float:
    """Best-of-``repeat`` milliseconds to compile ``path`` (parents included, no cache)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        Compiler().compile_file(path)
        times.append(time.perf_counter() - t)
    return min(times) * 1000


def cold(repeat: int) -> list[float]:
    """Seconds for `rulespec check variants` in a fresh interpreter, ``repeat`` times."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulespec.cli", "check", "variants"], cwd=ROOT,
                       check=True, capture_output=True)
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    t = time.perf_counter()
    parser()
    print(f"grammar load (once per process): {(time.perf_counter() - t) * 1000:.1f} ms")
    files = sorted((ROOT / "variants").rglob("*.rules"))
    results = {f.relative_to(ROOT / "variants").as_posix(): warm(f, args.repeat) for f in files}
    width = max(map(len, results))
    for name, ms in results.items():
        print(f"  {name:<{width}}  {ms:6.2f} ms warm")
    print(f"slowest warm compile: {max(results.values()):.2f} ms (aim: < 20 ms)")
    runs = cold(max(3, args.repeat // 4))
    print(f"`rulespec check variants` cold, {len(runs)} runs: median {statistics.median(runs):.3f} s, "
          f"best {min(runs):.3f} s (aim: < 1 s)")


if __name__ == "__main__":
    main()
