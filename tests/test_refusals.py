"""Refusal goldens (tests/golden/refusals/): why each of a fixed set of illegal moves is
refused, at sampled states of seeded games of every variant, byte for byte. A failure
names the variant and the first line that differs: a refusal text (or which moves are
legal) changed there. After an intended change, regenerate with
``python -m pytest tests/test_refusals.py --update-golden -n 0`` and commit the goldens
on their own, saying why the texts changed (tests/refusals.py says what is recorded).
"""

from __future__ import annotations

import pytest

import rulespec

import refusals as R
from conftest import ROOT, variant_files, variant_id

GOLDEN = ROOT / "tests" / "golden" / "refusals"
#: the variant the fast tier checks; the others are slow
FAST = "gin"


def _first_difference(want: str, got: str) -> str:
    for i, (a, b) in enumerate(zip(want.splitlines(), got.splitlines()), 1):
        if a != b:
            hint = (" (a refusal not kept in the golden, one like another, changed: compare "
                    "refusals.record(variant, vid, full=True) before and after)"
                    if a.startswith("digest\t") else "")
            return f"line {i}: golden {a!r}, now {b!r}{hint}"
    return f"golden has {len(want.splitlines())} lines, now {len(got.splitlines())}"


@pytest.mark.parametrize("path", [
    pytest.param(p, id=variant_id(p), marks=() if variant_id(p) == FAST else pytest.mark.slow)
    for p in variant_files()])
def test_the_refusal_texts_are_unchanged(path, update_golden):
    vid = variant_id(path)
    got = R.record(rulespec.load(path), vid)
    golden = GOLDEN / f"{vid}.tsv"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(got, encoding="utf-8")
    assert golden.exists(), f"{vid} has no refusal golden: run with --update-golden"
    want = golden.read_text(encoding="utf-8")
    assert got == want, f"{vid}: {_first_difference(want, got)}"


def test_every_refusal_golden_has_a_variant():
    names = {variant_id(p) for p in variant_files()}
    stale = [g for g in GOLDEN.rglob("*.tsv")
             if g.relative_to(GOLDEN).with_suffix("").as_posix() not in names]
    assert not stale
