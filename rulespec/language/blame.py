"""House rules: a problem their changes cause in the parent's rules is the house file's.

The checks place a problem at the rule it concerns, which for a house file can be a line
of its parent (``players: 2-6`` over Gin makes Gin's upcard offer, meant for two players,
wrong). The user's own line is what to change, so the diagnostic moves there, and the
parent's line becomes a note. Which change caused it is found by trying: the changes
without which the problem goes away (else, those that cause it alone).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .builder import Layer, overlay
from .diagnostics import Diagnostic, Note, line_of

MAX_CHANGES = 32  # a house file restates a few rules; past this, problems stay where they are


def _key(d: Diagnostic) -> tuple:
    return d.code, d.file, d.line, d.column


def _without(changes: Layer, path: str | None = None, only: str | None = None) -> Layer:
    keep = [p for p in changes.values if (p != path if only is None else p == only)]
    return Layer(changes.file, *({p: d[p] for p in keep if p in d}
                                 for d in (changes.values, changes.spans, changes.item_spans)))


def relocate(found: list[Diagnostic], res, check: Callable[[Layer], list[Diagnostic]]) -> list[Diagnostic]:
    """``found`` with each problem that ``res``'s own changes cause in an ancestor's lines
    moved to the change that causes it, with a note at the ancestor's line."""
    changes, base = res.changes, res.base
    if all(d.file == res.file for d in found) or changes is None or base is None or not 0 < len(changes.values) <= MAX_CHANGES:
        return found
    in_parent = {_key(d) for d in check(overlay(base, Layer(changes.file))[0])}
    tried: dict[tuple, set] = {}

    def keys(**how) -> set:
        k = tuple(sorted(how.items()))
        if k not in tried:
            tried[k] = {_key(d) for d in check(overlay(base, _without(changes, **how))[0])}
        return tried[k]

    by_line = sorted(changes.values, key=lambda p: (changes.spans[p].line, changes.spans[p].column))
    out = []
    for d in found:
        if d.file == res.file or _key(d) in in_parent:
            out.append(d)
            continue
        causes = [p for p in by_line if _key(d) not in keys(path=p)] or \
                 [p for p in by_line if _key(d) in keys(only=p)]
        out.append(_at_change(d, changes.spans[causes[0]], res.texts) if causes else d)
    return out


def _at_change(d: Diagnostic, span, texts: dict) -> Diagnostic:
    """``d`` placed at the house file's ``span``, with the parent's line as a note."""
    said = (d.source_line or "")[d.column - 1 : (d.end_column or 0) - 1 or None].strip()
    if len(said) > 60:
        said = said[:57] + "…"
    note = Note(f"the parent says `{said}`" if said else "the parent's rule is", d.file, d.line, d.column)
    end = span.end_column if span.end_line == span.line else None
    return replace(d, file=span.file, line=span.line, column=span.column, end_column=end,
                   source_line=line_of(texts.get(span.file, ""), span.line), notes=(note, *d.notes))
