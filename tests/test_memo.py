"""Every cache of rulespec is made through the registry of rulespec/memo.py, and
``memo.clear_all()`` empties them all without changing what the code answers."""

from __future__ import annotations

import ast
import gc
import re

from rulespec import memo
from rulespec.language.compiler import Compiler
from rulespec.language.parser import parser
from rulespec.melds.context import rules_for
from rulespec.sim.runner import play_game

from conftest import ROOT, VARIANTS

#: module-level dicts that are not caches, each with its reason
NOT_CACHES = {
    ("rulespec/sim/simulate.py", "_RUN"),  # in a worker process: its run's variant and settings
    ("rulespec/agents/base.py", "AGENTS"),  # the agent classes by name, filled by @register
}


def _play(variant, seed: int) -> tuple:
    """A seeded game of greedy agents, invariants checked: its length, hands and totals."""
    out = play_game(variant, players=2, seed=seed, agents=("greedy",))
    assert out.finished and out.failure is None, out.message
    return out.steps, out.actions, out.hands, out.totals


def _full():
    """The registered tables that hold something, and the cached functions that do."""
    tables = [r() for r in memo._TABLES.values() if r() is not None and len(r())]
    functions = [f for f in memo._FUNCTIONS if f.cache_info().currsize]
    attached = [r() for r, _names in memo._ATTACHED.values() if r() is not None]
    return tables, functions, attached


def test_clear_all_empties_every_cache_and_changes_no_answer():
    variant = Compiler().compile_file(VARIANTS / "gin.rules")
    before = _play(variant, 3)
    tables, functions, attached = _full()
    assert tables and functions and variant.ruleset in attached  # the game filled each kind
    assert "_meld_rules" in variant.ruleset.__dict__
    old_rules, old_parser = rules_for(variant.ruleset), parser()
    memo.clear_all()
    assert _full() == ([], [], [])
    assert "_meld_rules" not in variant.ruleset.__dict__
    assert rules_for(variant.ruleset) is not old_rules and parser() is not old_parser
    assert _play(variant, 3) == before


def test_a_table_leaves_the_registry_with_its_owner():
    gc.collect()  # tables other tests left for the collector go first, not during the count
    count = memo.registered()
    table = memo.Memo(4)
    table.get_or(1, int)
    assert memo.registered() == count + 1
    del table
    gc.collect()
    assert memo.registered() == count


def _sources():
    for path in sorted((ROOT / "rulespec").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel != "rulespec/memo.py":
            yield rel, path.read_text(encoding="utf-8")


def _empty_dict(value) -> bool:
    if isinstance(value, ast.Dict):
        return not value.keys
    call = isinstance(value, ast.Call) and not value.args
    return call and getattr(value.func, "id", "") == "dict"


def test_no_cache_escapes_the_registry():
    """No ``functools`` cache, no value written into another object's ``__dict__``, and no
    module-level dict of answers, but through rulespec.memo."""
    found = []
    for rel, text in _sources():
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(r"lru_cache|functools\.cache\b|@cache\b|__dict__\[[^]]*\]\s*=|"
                         r"__dict__\.(setdefault|update)\(", line):
                found.append(f"{rel}:{n}: {line.strip()}")
        for node in ast.parse(text).body:  # module level: NAME = {} / dict()
            if isinstance(node, ast.Assign):
                target = node.targets[0]
            elif isinstance(node, ast.AnnAssign):
                target = node.target
            else:
                continue
            if isinstance(target, ast.Name) and _empty_dict(node.value) \
                    and (rel, target.id) not in NOT_CACHES:
                found.append(f"{rel}:{node.lineno}: {target.id} (use memo.table() or memo.Memo)")
    assert not found, "caches outside rulespec.memo:\n" + "\n".join(found)
