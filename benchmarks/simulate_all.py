"""The interpreter's acceptance run: every variant file, many whole games, through
`rulespec simulate` (the command a user runs), invariants checked after every move.

    python benchmarks/simulate_all.py                  # 2,000 random + 500 greedy games per file
    python benchmarks/simulate_all.py --only push      # files whose path contains "push"
    python benchmarks/simulate_all.py --agents greedy  # only the greedy agents' games
    python benchmarks/simulate_all.py --report         # only rewrite the table from what is saved

Each file's games are played in chunks of ``--chunk`` games, chunk ``c`` with seed ``c``
(so every chunk is a different set of games), and each chunk's JSON summary is saved in
``benchmarks/simulation/<agents>/<variant>.<c>.json``. A run picks up where the last one
stopped: chunks already saved are not played again. Chunks go breadth first (chunk 0 of
every file, then chunk 1, …) so that every file is covered early. The table of all saved
chunks, summed per file, goes to ``benchmarks/SIMULATION.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "simulation"
TABLE = ROOT / "benchmarks" / "SIMULATION.md"


def variant_files() -> list[Path]:
    return sorted((ROOT / "variants").glob("*.rules")) + sorted((ROOT / "variants" / "house").glob("*.rules"))


def chunk_path(agents: str, file: Path, chunk: int) -> Path:
    return OUT / agents / f"{file.stem}.{chunk}.json"


def play_chunk(file: Path, agents: str, chunk: int, games: int, workers: int) -> dict:
    """One chunk, as a user would run it: `rulespec simulate … --json`."""
    cmd = [sys.executable, "-m", "rulespec", "simulate", str(file.relative_to(ROOT)), "-n", str(games), "--agents", agents,
           "--seed", str(chunk), "--workers", str(workers), "--json", "-q"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if not done.stdout.strip():
        raise SystemExit(f"{' '.join(cmd)} failed (exit {done.returncode}):\n{done.stderr}")
    out = json.loads(done.stdout)
    out["exit code"] = done.returncode
    out["commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                   text=True).stdout.strip()
    out["command"] = " ".join(["rulespec"] + cmd[3:])
    return out


def pooled(parts: list[dict]) -> dict:
    """Mean, sd, min and max of several samples' summaries taken together."""
    parts = [p for p in parts if p["n"]]
    n = sum(p["n"] for p in parts)
    if not n:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "min": 0, "max": 0}
    mean = sum(p["n"] * p["mean"] for p in parts) / n
    squares = sum((p["n"] - 1) * p["sd"] ** 2 + p["n"] * (p["mean"] - mean) ** 2 for p in parts)
    sd = math.sqrt(squares / (n - 1)) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "min": min(p["min"] for p in parts),
            "max": max(p["max"] for p in parts)}


def combine(chunks: list[dict]) -> dict:
    """One file's saved chunks summed up."""
    endings: dict[str, int] = {}
    for c in chunks:
        for k, v in c["endings"].items():
            endings[k] = endings.get(k, 0) + v
    games = sum(c["games"] for c in chunks)
    return {
        "games": games,
        "finished": sum(c["finished"] for c in chunks),
        "invariant failures": sum(c["invariant failures"] for c in chunks),
        "safety limit hits": sum(c["safety limit hits"] for c in chunks),
        "errors": sum(c["errors"] for c in chunks),
        "hands": sum(c["hands"] for c in chunks),
        "actions per game": pooled([c["actions per game"] for c in chunks]),
        "hands per game": pooled([c["hands per game"] for c in chunks]),
        "endings": endings,
        "first seat win rate": sum(c["first seat win rate"] * c["games"] for c in chunks) / games,
        "seconds": sum(c["timing"]["seconds"] for c in chunks),
        "players": chunks[0]["players"],
    }


def report(targets: dict[str, int], size: int = 250) -> str:
    lines = ["# Acceptance run: every variant file played to the end",
             "",
             "Written by `python benchmarks/simulate_all.py` from the chunks saved in `benchmarks/simulation/`",
             "(each chunk is one `rulespec simulate FILE -n N --agents A --seed C --json` run, invariants",
             "checked after every move). Games are whole games: every hand until the variant's game end.",
             "Seconds are the sum of the chunks' own wall times on the shared 2-core machine (a chunk ran",
             "on one process or two: its JSON says; noise, compare nothing across runs).",
             ""]
    for agents, target in targets.items():
        lines += [f"## {agents} agents (target {target:,} games per file)", "",
                  "| file | players | games | invariant failures | safety-limit hits | errors | moves per game (mean ± sd, max) | hands per game | how hands ended | first-seat wins | seconds |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        for file in variant_files():
            chunks = sorted((OUT / agents).glob(f"{file.stem}.*.json"), key=lambda p: int(p.suffixes[-2][1:]))
            if not chunks:
                lines.append(f"| {file.relative_to(ROOT).as_posix()} | | 0 | | | | | | | | |")
                continue
            s = combine([json.loads(p.read_text(encoding="utf-8")) for p in chunks])
            a, h = s["actions per game"], s["hands per game"]
            total = sum(s["endings"].values()) or 1
            ends = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in
                             sorted(s["endings"].items(), key=lambda kv: -kv[1]))
            lines.append(f"| {file.relative_to(ROOT).as_posix()} | {s['players']} | {s['games']:,} | "
                         f"{s['invariant failures']} | {s['safety limit hits']} | {s['errors']} | "
                         f"{a['mean']:,.0f} ± {a['sd']:,.0f}, {a['max']:,} | {h['mean']:.1f} | {ends} | "
                         f"{100 * s['first seat win rate']:.0f}% | {s['seconds']:,.0f} |")
        lines.append("")
    lines += left_to_play(targets, size)
    return "\n".join(lines)


def left_to_play(targets: dict[str, int], size: int) -> list[str]:
    """What is still to play, and about how long it takes at the pace of each file's
    latest chunk (the code of today; a chunk's process seconds: its wall time times its
    processes)."""
    todo = pending(targets, variant_files(), size, None)
    if not todo:
        return ["Every chunk is played.", ""]
    seconds = 0.0
    for agents, file, _chunk, games in todo:
        done = sorted((OUT / agents).glob(f"{file.stem}.*.json"), key=lambda p: int(p.suffixes[-2][1:]))
        if done:
            c = json.loads(done[-1].read_text(encoding="utf-8"))
            seconds += games * c["timing"]["seconds"] * c["timing"].get("workers", 1) / c["games"]
    count = {a: sum(1 for t in todo if t[0] == a) for a in targets}
    return ["## Left to play", "",
            f"{count['random']} random and {count['greedy']} greedy chunks of up to {size} games: about "
            f"{seconds / 3600:.1f} process hours at the pace of each file's latest chunk "
            f"({seconds / 7200:.1f} hours on two cores; files with no chunk yet not counted).", ""]


def pending(targets: dict[str, int], files: list[Path], size: int, agents_only: str | None) -> list[tuple]:
    """The chunks still to play, breadth first: ``(agents, file, chunk, games)``."""
    out = []
    most = max(math.ceil(n / size) for n in targets.values())
    for chunk in range(most):
        for agents, target in targets.items():
            games = min(size, target - chunk * size)
            if games <= 0 or (agents_only and agents != agents_only):
                continue
            out += [(agents, f, chunk, games) for f in files if not chunk_path(agents, f, chunk).exists()]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random", type=int, default=2000, help="random-agent games per file (default 2000)")
    ap.add_argument("--greedy", type=int, default=500, help="greedy-agent games per file (default 500)")
    ap.add_argument("--chunk", type=int, default=250, help="games per saved chunk (default 250)")
    ap.add_argument("--parallel", type=int, default=2,
                    help="chunks played at once (default 2: one per core, no core idles at a chunk's end)")
    ap.add_argument("--workers", type=int, default=1, help="processes per chunk (default 1)")
    ap.add_argument("--only", help="play only files whose path contains this")
    ap.add_argument("--agents", choices=["random", "greedy"], help="play only this agent's chunks")
    ap.add_argument("--hours", type=float, help="start no new chunk after this many hours")
    ap.add_argument("--report", action="store_true", help="only rewrite the table")
    args = ap.parse_args(argv)
    targets = {"random": args.random, "greedy": args.greedy}
    start = time.monotonic()
    if not args.report:
        files = [f for f in variant_files() if not args.only or args.only in f.as_posix()]
        todo = pending(targets, files, args.chunk, args.agents)

        def play(job: tuple) -> str:
            agents, file, chunk, games = job
            t = time.monotonic()
            out = play_chunk(file, agents, chunk, games, args.workers)
            path = chunk_path(agents, file, chunk)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
            bad = out["invariant failures"] + out["safety limit hits"] + out["errors"]
            return (f"{agents:6} {file.stem:24} chunk {chunk}: {games} games in {time.monotonic() - t:6.0f} s"
                    f"{'  PROBLEMS: ' + str(bad) if bad else ''}")

        with ThreadPoolExecutor(max_workers=args.parallel) as pool:
            running = set()
            for job in todo:
                if len(running) >= args.parallel:
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    for f in done:
                        print(f.result(), flush=True)
                    TABLE.write_text(report(targets, args.chunk), encoding="utf-8")
                if args.hours is not None and time.monotonic() - start > args.hours * 3600:
                    print("time is up; run again to go on", flush=True)
                    break
                running.add(pool.submit(play, job))
            for f in running:
                print(f.result(), flush=True)
    TABLE.write_text(report(targets, args.chunk), encoding="utf-8")
    print(f"wrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
