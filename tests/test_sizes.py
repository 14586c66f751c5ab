"""Simple and legible, held by a test: no module of ``rulespec/`` over
:data:`MAX_MODULE_LINES` lines and no function over :data:`MAX_FUNCTION_LINES`
(docs/architecture.md says where a growing mechanic goes instead)."""

from __future__ import annotations

import ast

from conftest import ROOT

MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80
PACKAGE = ROOT / "rulespec"


def _modules():
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_the_limit():
    long = {str(p.relative_to(ROOT)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_no_function_is_over_the_limit():
    long = []
    for p in _modules():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long.append(f"{p.relative_to(ROOT)}:{node.lineno} {node.name} ({n} lines)")
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"

