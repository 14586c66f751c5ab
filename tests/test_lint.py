"""ruff, with the rules in pyproject.toml ([tool.ruff.lint]), over the package, the tests
and the benchmarks. The files with long lines today are listed there as a baseline that
only shrinks: a listed file with no line over the limit must leave the list."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
RUFF = PYPROJECT["tool"]["ruff"]


def ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_ruff_finds_nothing():
    r = ruff("check", "--no-cache", "--output-format", "concise", "rulespec", "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_file_in_the_long_line_baseline_still_has_a_long_line():
    listed = sorted(f for f, rules in RUFF["lint"]["per-file-ignores"].items() if "E501" in rules)
    r = ruff("check", "--isolated", "--no-cache", "--select", "E501", "--line-length",
             str(RUFF["line-length"]), "--output-format", "concise", *listed)
    long = {line.split(":", 1)[0] for line in r.stdout.splitlines() if ": E501 " in line}
    assert long, r.stdout + r.stderr
    wrapped = [f for f in listed if f not in long]
    assert not wrapped, f"no line over the limit any more, take these off the baseline: {wrapped}"
