"""Golden IR: each variant's compiled, resolved IR is pinned in tests/golden/ir/.

Regenerate after an intended change with ``python -m pytest tests/test_golden_ir.py --update-golden``
and review the diff: it shows exactly which rules changed.
"""

from __future__ import annotations

import difflib

import pytest

import rulespec
from rulespec.language.compiler import ir_json

from conftest import ROOT, variant_files, variant_id

GOLDEN = ROOT / "tests" / "golden" / "ir"
# The shipped variants, one golden each (a file a user adds to variants/ needs none; that
# every committed variant has one is held by tests/test_rulebook.py).
SHIPPED = sorted(g.relative_to(GOLDEN).with_suffix("").as_posix() for g in GOLDEN.rglob("*.json"))


@pytest.mark.parametrize("name", SHIPPED)
def test_compiled_ir_matches_its_golden_file(name, update_golden):
    path = ROOT / "variants" / f"{name}.rules"
    text = ir_json(rulespec.load(path).ir)
    golden = GOLDEN / f"{name}.json"
    if update_golden:
        golden.write_text(text, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"IR of {path.name} changed:\n{diff[:4000]}")


def test_every_golden_file_has_a_variant():
    """A golden left behind by a deleted or renamed variant is an error, not clutter."""
    names = {variant_id(p) for p in variant_files()}
    stale = [g for g in GOLDEN.rglob("*.json") if g.relative_to(GOLDEN).with_suffix("").as_posix() not in names]
    assert not stale


def test_generated_folder_matches_the_compiler():
    """generated/ is committed so that rule changes show in review; it must be current."""
    for path in variant_files():
        built = ROOT / "generated" / f"{variant_id(path)}.json"
        assert built.read_text(encoding="utf-8") == ir_json(rulespec.load(path).ir), built


def test_the_ir_is_plain_json_with_a_span_for_every_rule():
    ir = rulespec.load(ROOT / "variants" / "gin.rules").ir
    assert ir["sources"]["knock.max_deadwood"] == {
        "file": "variants/gin.rules", "line": 23, "column": 10, "end_line": 23, "end_column": 32}
    assert list(ir)[:4] == ["name", "players", "deck", "aces"]  # canonical order: the ruleset's fields
