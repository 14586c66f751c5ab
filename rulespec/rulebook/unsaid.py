"""The changes between two IRs that no fact of :mod:`.diff` reads: each changed leaf (or
the piece that changes as one: a rule set in one and absent in the other, a list of
another length), named by its path in plain words ("Turn, claims, penalty"), so that
`rulespec diff` and the house pages show a new field before anyone writes its fact."""

from __future__ import annotations

import copy
from collections.abc import Callable

from ..ruleset import leaves
from . import words as W

_MISSING = object()  # a leaf one of the two documents does not have


def _rules(ir: dict, skip: tuple) -> dict[str, object]:
    return {p: v for p, v in leaves(ir).items() if p.split(".")[0] not in skip}


def _unit(old: dict, new: dict, path: str) -> str:
    """The shortest start of ``path`` below which the two documents differ in shape (a
    rule set in one and absent or null in the other, or a list of another length): what
    changes as one piece."""
    parts = path.split(".")
    for i in range(1, len(parts)):
        unit = ".".join(parts[:i])
        x, y = _get(old, unit), _get(new, unit)
        if not (isinstance(x, dict | list) and isinstance(y, dict | list)) or (
                isinstance(x, list) and len(x) != len(y)):
            return unit
    return path


def _get(doc, path: str):
    for part in path.split("."):
        if isinstance(doc, list) and part.isdigit() and int(part) < len(doc):
            doc = doc[int(part)]
        elif isinstance(doc, dict) and part in doc:
            doc = doc[part]
        else:
            return _MISSING
    return doc


def _with(doc: dict, path: str, value) -> dict:
    """``doc`` with the piece at ``path`` replaced by ``value`` (removed if _MISSING)."""
    doc = copy.deepcopy(doc)
    *parents, last = path.split(".")
    node = _get(doc, ".".join(parents)) if parents else doc
    key = int(last) if isinstance(node, list) else last
    if value is _MISSING:
        del node[key]
    else:
        node[key] = copy.deepcopy(value)
    return doc


def unsaid(old: dict, new: dict, a: dict, b: dict, facts: Callable[[dict], dict],
           skip: tuple) -> list[tuple[str, str, str]]:
    """Changed leaves that no fact reads, as ``(label, old, new)``: a piece counts as said
    when putting it alone into either document changes that document's ``facts`` (``a``
    and ``b``, already read). ``skip``: the top-level keys that are not rules."""
    la, lb = _rules(old, skip), _rules(new, skip)
    paths = [p for p in dict.fromkeys([*la, *lb]) if la.get(p, _MISSING) != lb.get(p, _MISSING)]
    out = []
    for unit in dict.fromkeys(_unit(old, new, p) for p in paths):
        if (facts(_with(old, unit, _get(new, unit))) != a
                or facts(_with(new, unit, _get(old, unit))) != b):
            continue  # a fact says it
        out += [(_leaf_label(p), _words(la.get(p, _MISSING)), _words(lb.get(p, _MISSING)))
                for p in paths if p == unit or p.startswith(unit + ".")]
    return out


def _leaf_label(path: str) -> str:
    """A field's path in words: ``turn.claims.penalty`` → "Turn, claims, penalty"."""
    words: list[str] = []
    for part in path.split("."):
        if part.isdigit():
            words[-1] += f" {int(part) + 1}"
        else:
            words.append(part.replace("_", " "))
    return ", ".join(words).capitalize()


def _words(value) -> str:
    if value is None or value is _MISSING:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return W.join(map(str, value)) or "none"
    return str(value)
