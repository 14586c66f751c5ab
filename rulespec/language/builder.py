"""Rule assignments → IR: one layer per file, house rules laid over their parents.

Within a file, a field said twice is a duplicate (same value) or a conflict (different
values); list fields such as the deal sizes collect every clause. Across files, the
house rule's value for a field replaces its parent's, and is recorded as an override.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .. import cards as C
from .diagnostics import Diagnostic, line_of
from .transform_rounds import bare
from .transformer import APPEND_PATHS, Assign, FileRules

# Keyed fields: the last path segment is a key; these become lists in the IR.
_INDEXED = ("values.ranks", "opening.values.ranks")  # 13 entries, A..K, None where unset
_CARD_KEYED = ("values.cards", "opening.values.cards", "values.melded")  # [{"card", "value"}]
_ROUND_KEYED = ("opening.contracts",)  # [contract sorted by round]


@dataclass
class Layer:
    """The resolved assignments of one file: path → (value, span)."""

    file: str
    values: dict = field(default_factory=dict)
    spans: dict = field(default_factory=dict)
    item_spans: dict = field(default_factory=dict)  # list paths: span per item
    name_span: object = None  # the `variant "…"` line
    marks: list = field(default_factory=list)  # provenance markers (transformer.Mark)


# List rules whose items apply to some players or rounds: two items for the same case clash.
_SELECTORS = {
    "deck.packs": lambda v: (v.get("players"),),
    "deal.sizes": lambda v: (v.get("players"), v.get("rounds")),
}


def _bare(path: str) -> str:
    """A path without the ``by_players.<n>.`` and ``by_round.<rounds>.`` of a rule for
    some tables or rounds."""
    return bare(path)


def _appends(path: str) -> bool:
    return _bare(path) in APPEND_PATHS


def _overlap(a: dict | None, b: dict | None) -> bool:
    """Do two ranges (None: every case) share a case?"""
    if a is None or b is None:
        return True
    top = 10**9
    return a["min"] <= (b["max"] if b["max"] is not None else top) and b["min"] <= (
        a["max"] if a["max"] is not None else top)


def _clash(path: str, a: Assign, b: Assign) -> bool:
    """Do two assignments in one file say something about the same rule?"""
    if a.path == b.path:
        if not _appends(path):
            return True
        select = _SELECTORS.get(_bare(path))
        if select is None:
            return a.value == b.value  # a wild card named twice
        return all(_overlap(x, y) for x, y in zip(select(a.value), select(b.value)))
    # A rule and a part of it, where one says the whole is absent: `lay off: not allowed; onto any meld`.
    if a.path.startswith(b.path + "."):
        return b.value is None
    if b.path.startswith(a.path + "."):
        return a.value is None
    return False


class _Kept:
    """The assignments kept so far, indexed so that finding the one a new assignment clashes
    with costs the same however long the file is (a scan of every earlier clause made 25,000
    clauses take seconds)."""

    SAME_PATH_LIMIT = 64  # past every list's schema limit, which reports a longer list

    def __init__(self):
        self.by_path: dict[str, list[Assign]] = {}
        self.by_value: dict[tuple, Assign] = {}  # (path, value) of list items that must differ
        self.absent: dict[str, Assign] = {}  # paths said to be absent (value None)
        self.under: dict[str, Assign] = {}  # first assignment below each path
        self.order: dict[int, int] = {}  # id → place in the file: the earliest clash is named

    def clash(self, a: Assign) -> Assign | None:
        found = []
        same = self.by_path.get(a.path, ())
        if not _appends(a.path):
            found += same[:1]
        elif _bare(a.path) not in _SELECTORS:
            key = (a.path, repr(a.value))
            found += [self.by_value[key]] if key in self.by_value else []
        else:
            found += [b for b in same[: self.SAME_PATH_LIMIT] if _clash(a.path, a, b)]
        parts = a.path.split(".")
        found += [self.absent[p] for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p in self.absent]
        if a.value is None and a.path in self.under:
            found.append(self.under[a.path])
        found = [b for b in found if b.span != a.span]
        return min(found, key=lambda b: self.order[id(b)]) if found else None

    def add(self, a: Assign) -> None:
        self.order[id(a)] = len(self.order)
        self.by_path.setdefault(a.path, []).append(a)
        self.by_value.setdefault((a.path, repr(a.value)), a)
        if a.value is None:
            self.absent.setdefault(a.path, a)
        parts = a.path.split(".")
        for i in range(1, len(parts)):
            self.under.setdefault(".".join(parts[:i]), a)


def file_layer(rules: FileRules, text: str) -> tuple[Layer, list[Diagnostic]]:
    """One file's assignments as a layer, with duplicate (W301) and conflict (E301)
    diagnostics; a conflicting clause is left out so the rest can still be checked."""
    layer, diags = Layer(rules.file, marks=list(rules.marks or ())), []
    kept = _Kept()
    for a in rules.assigns:
        prev = kept.clash(a)
        if prev is not None:
            same = prev.path == a.path and prev.value == a.value
            where = (f"on line {prev.span.line}" if prev.span.line != a.span.line
                     else f"at column {prev.span.column} of this line")  # `aces: high; around`
            diags.append(Diagnostic(
                "W301" if same else "E301",
                f"this rule is already given {where}" if same else f"this rule contradicts the rule {where}",
                a.span.file, a.span.line, a.span.column,
                a.span.end_column if a.span.end_line == a.span.line else None,
                "remove one of the two" if same else f"keep only one of the two ({_describe(a.path)})",
                line_of(text, a.span.line)))
            continue
        kept.add(a)
        if _appends(a.path):
            layer.values.setdefault(a.path, []).append(a.value)
            layer.item_spans.setdefault(a.path, []).append(a.span)
            layer.spans.setdefault(a.path, a.span)
        else:
            layer.values[a.path] = a.value
            layer.spans[a.path] = a.span
    return layer, diags


def _describe(path: str) -> str:
    return path.replace("_", " ").replace(".", ": ", 1).replace(".", " ")


def overlay(base: Layer | None, child: Layer) -> tuple[Layer, list[str], list[str]]:
    """``child`` laid over ``base``; returns the merged layer, the paths the child
    overrides, and the paths where it restates the parent's value unchanged."""
    if base is None:
        return child, [], []
    merged = Layer(child.file, dict(base.values), dict(base.spans), dict(base.item_spans), child.name_span)
    overrides, unchanged = [], []
    for path, value in child.values.items():
        covered = [p for p in base.values if p == path or p.startswith(path + ".")]
        if any(p == path for p in covered) and base.values[path] == value and len(covered) == 1:
            unchanged.append(path)
        elif covered or _ancestor(base.values, path):
            overrides.append(path)
        for p in covered:
            merged.values.pop(p, None)
            merged.spans.pop(p, None)
            merged.item_spans.pop(p, None)
        merged.values[path] = value
        merged.spans[path] = child.spans[path]
        if path in child.item_spans:
            merged.item_spans[path] = child.item_spans[path]
    merged.marks = _kept_marks(base.marks, child.values) + list(child.marks)
    return merged, overrides, unchanged


def _kept_marks(marks: list, changed: dict) -> list:
    """The parent's provenance markers, less the rules the child file sets anew."""
    def replaced(p: str) -> bool:
        return any(p == c or p.startswith(c + ".") or c.startswith(p + ".") for c in changed)

    out = []
    for m in marks:
        paths = tuple(p for p in m.paths if not replaced(p))
        if paths:
            out.append(replace(m, paths=paths))
    return out


def _ancestor(values: dict, path: str) -> bool:
    parts = path.split(".")
    return any(".".join(parts[:i]) in values for i in range(1, len(parts)))


def to_ir(layer: Layer, name: str | None) -> tuple[dict, dict]:
    """The nested IR document of a layer, and the span of every path in it."""
    doc: dict = {"name": name}
    sources: dict[str, dict] = {}
    keyed: dict[str, dict] = {}
    for path in sorted(layer.values, key=lambda p: p.count(".")):
        value = layer.values[path]
        base = next((k for k in _INDEXED + _CARD_KEYED + _ROUND_KEYED if path.startswith(k + ".")), None)
        if base is not None:
            keyed.setdefault(base, {})[path[len(base) + 1 :]] = (value, layer.spans[path])
            continue
        _put(doc, path, value)
        sources[path] = layer.spans[path].as_dict()
        for i, span in enumerate(layer.item_spans.get(path, ())):
            sources[f"{path}.{i}"] = span.as_dict()
    for base, entries in keyed.items():
        if base in _INDEXED:
            ranks = [None] * 13
            for key, (value, span) in entries.items():
                ranks[int(key)] = value
                sources[f"{base}.{key}"] = span.as_dict()
            _put(doc, base, ranks)
        elif base in _CARD_KEYED:
            items = sorted(entries.items(), key=lambda kv: C.parse_card(kv[0]))
            _put(doc, base, [{"card": k, "value": v} for k, (v, _) in items])
            for i, (_, (_, span)) in enumerate(items):
                sources[f"{base}.{i}"] = span.as_dict()
        else:
            items = sorted(entries.items(), key=lambda kv: int(kv[0]))
            _put(doc, base, [v for _, (v, _) in items])
            for i, (_, (_, span)) in enumerate(items):
                sources[f"{base}.{i}"] = span.as_dict()
    return doc, dict(sorted(sources.items()))


def _put(doc: dict, path: str, value) -> None:
    *parents, last = path.split(".")
    node = doc
    for p in parents:
        if not isinstance(node.get(p), dict):
            node[p] = {}
        node = node[p]
    if isinstance(value, dict) and isinstance(node.get(last), dict):
        node[last] = {**value, **node[last]}
    else:
        node[last] = value
