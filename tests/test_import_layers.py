"""The import contract of ``rulespec/`` (docs: /README.md "Developing"): the package is
stacked in layers, each module imports only from the layers below its own (siblings in
one layer are independent of each other), and no modules import each other in a cycle.
Imports inside functions (the lazy ones) count like any other.

Data flows text → IR → ruleset → engine and rulebook; imports run the other way, each
stage importing the types of what it reads: the compiler (``language``) builds a
``Ruleset`` and wraps it in a ``Variant``, the meld solver reads a ruleset, the engine
reads both, agents drive the engine, ``sim`` runs agents; the rulebook reads the
compiled ruleset and knows nothing of play; the tools and the command line sit on top.
What every command shares (exit codes, consoles, paths, compiling many files) lives in
the library below them (``report``, ``outputs``, ``language.compiler``), never in ``cli``.

There are no exceptions: an import that breaks the contract fails
:func:`test_no_module_imports_upward` or :func:`test_no_modules_import_each_other_in_a_cycle`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "rulespec"

#: bottom first; a name is a module or a sub-package of rulespec ("rulespec": the
#: package's own __init__, the public API and __version__); names in one set are siblings
LAYERS = (
    {"cards", "limits", "memo", "terminal", "outputs"},  # foundations: no rules, no games
    {"report"},  # how a command reports: exit codes, consoles, diagnostics printed
    {"ruleset"},  # the compiled ruleset's types
    {"melds"},  # meld validation and the solver, over a ruleset
    {"variant"},  # the Variant: a ruleset with its meld functions
    {"language"},  # text -> IR -> Ruleset, diagnostics
    {"engine", "rulebook"},  # the interpreter; the rulebook (reads the ruleset only)
    {"agents"},  # bots that drive the engine
    {"sim"},  # many games, records, replay, play in the terminal
    {"rulespec"},  # the public API (rulespec/__init__.py)
    {"formats", "lexer", "textmate", "scaffold", "lsp"},  # tools over the library
    {"cli"},  # the command line
    {"__main__"},
)

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports() -> dict[str, dict[str, int]]:
    """Every module of rulespec → the rulespec modules it imports (each with the line of
    its first import), at the top or inside a function."""
    mods = _modules()
    out: dict[str, dict[str, int]] = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                # `from x import y`: y itself when it is a module, else x
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                           for a in node.names]
            else:
                continue
            for t in targets:
                while t not in mods and "." in t:  # `import rulespec.engine.state` etc.
                    t = t.rpartition(".")[0]
                if t in mods and t != name:
                    found.setdefault(t, node.lineno)
        out[name] = found
    return out


def unit(module: str) -> str:
    """The layer entry a module belongs to: its sub-package or top-level module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "rulespec"


def _layer(module: str) -> int:
    u = unit(module)
    for i, names in enumerate(LAYERS):
        if u in names:
            return i
    raise AssertionError(f"{module} is in no layer: add `{u}` to LAYERS in {__file__}")


def violations() -> dict[tuple[str, str], int]:
    """(importer, imported) → line, for every import of a layer not below the importer's."""
    out = {}
    for importer, targets in imports().items():
        for imported, line in targets.items():
            if unit(importer) != unit(imported) and _layer(imported) >= _layer(importer):
                out[(importer, imported)] = line
    return out


def cycles() -> list[list[str]]:
    """The modules that import each other in a cycle (strongly connected components of
    the import graph), each sorted."""
    graph = {m: list(ts) for m, ts in imports().items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_every_module_is_in_a_layer():
    for module in _modules():
        _layer(module)


def test_no_module_imports_upward():
    found = violations()
    listed = "\n".join(f"  {a}:{line} → {b}" for (a, b), line in sorted(found.items()))
    assert not found, f"imports against the layers (importer:line → imported):\n{listed}"


def test_no_modules_import_each_other_in_a_cycle():
    assert not cycles(), f"import cycles: {cycles()}"


def _copy_of_the_package(tmp_path, monkeypatch) -> Path:
    """A copy of rulespec/ in ``tmp_path`` that the checks above read instead."""
    fake = tmp_path / "rulespec"
    for p in PACKAGE.rglob("*.py"):
        (fake / p.relative_to(PACKAGE)).parent.mkdir(parents=True, exist_ok=True)
        (fake / p.relative_to(PACKAGE)).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    return fake


def test_the_check_sees_a_lazy_upward_import(tmp_path, monkeypatch):
    """A test that can fail: an import inside a function, from the engine up to the CLI."""
    fake = _copy_of_the_package(tmp_path, monkeypatch)
    lazy = "def f():\n    from ..cli import main\n"
    (fake / "engine" / "labels.py").write_text(lazy, encoding="utf-8")
    assert violations().get(("rulespec.engine.labels", "rulespec.cli")) == 2


def test_the_check_sees_a_cycle_inside_a_package(tmp_path, monkeypatch):
    """A test that can fail: two modules of one package that import each other (one of
    them lazily, as the language's checks once did)."""
    fake = _copy_of_the_package(tmp_path, monkeypatch)
    (fake / "language" / "one.py").write_text("from . import two\n", encoding="utf-8")
    lazy = "def f():\n    from .one import x\n"
    (fake / "language" / "two.py").write_text(lazy, encoding="utf-8")
    assert ["rulespec.language.one", "rulespec.language.two"] in cycles()
