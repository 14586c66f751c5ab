"""The compiler: variant text → validated IR → :class:`~rulespec.variant.Variant`.

Stages, each with its own function: ``parse_tree`` (Lark), ``to_rules`` (transformer),
``resolve`` (house rules laid over their parents), ``schema.check`` (shape and limits),
``checks.run`` (meaning). Every problem comes out as a Diagnostic; all of a file's
problems are reported together.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..ruleset import from_ir, to_plain
from ..variant import Variant
from . import checks, schema
from .blame import relocate
from .builder import Layer, file_layer, overlay, to_ir
from .diagnostics import Diagnostic, SpecError, capped, line_of, normalise_newlines, suggest
from .parser import parse_tree
from .transformer import to_rules

MAX_FILE_BYTES = 256 * 1024  # a variant is a page of text; anything larger is a mistake
MAX_EXTENDS_DEPTH = 64


def openable(path: Path) -> str:
    """How a diagnostic names a file: a path that opens from where the command runs
    (relative to the current folder when below it, else absolute)."""
    full, here = os.path.abspath(path), os.path.abspath(os.curdir)
    return Path(os.path.relpath(full, here)).as_posix() if full.startswith(here + os.sep) else Path(full).as_posix()


def display_name(path: Path) -> str:
    """A stable name for a file in the IR: from its ``variants`` folder on, else relative to
    here. Diagnostics name it by :func:`openable` instead."""
    parts = path.resolve().parts
    if "variants" in parts:
        i = len(parts) - 1 - parts[::-1].index("variants")
        return "/".join(parts[i:])
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass
class Resolved:
    """A file with its ancestors laid under it."""

    layer: Layer
    name: str | None
    file: str
    parent: str | None = None
    overrides: list = field(default_factory=list)
    diagnostics: list = field(default_factory=list)
    # An error the later stages cannot work past (syntax, files, parents); the transformer's
    # and builder's errors leave their clause out and let the file be checked further.
    blocked: bool = False
    too_deep: bool = False  # the chain of parents goes past MAX_EXTENDS_DEPTH (not cached)
    texts: dict = field(default_factory=dict)
    base: Layer | None = None  # the parent's resolved rules, under this file's
    changes: Layer | None = None  # this file's rules that differ from the parent's


class Compiler:
    """Compiles files and texts, caching each parent file it resolves."""

    def __init__(self):
        self._cache: dict[Path, Resolved] = {}
        self._opened: dict[str, str] = {}  # display name → the name diagnostics show

    # ------------------------------------------------------------ reading
    def read(self, path: Path, shown: str) -> tuple[str | None, list[Diagnostic]]:
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                return None, [Diagnostic("E402", f"the file is larger than {MAX_FILE_BYTES // 1024} KiB", shown,
                                         hint="a variant file holds a page of rules")]
            data = path.read_bytes()
        except FileNotFoundError:
            return None, [Diagnostic("E401", "no such file", shown)]
        except OSError as e:
            return None, [Diagnostic("E401", f"cannot read the file ({e.strerror or e})", shown)]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data[: e.start].count(b"\n") + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            return None, [Diagnostic("E403", "the file is not UTF-8 text", shown, line, col,
                                     hint="save the file as UTF-8")]
        text = normalise_newlines(text.removeprefix("\ufeff"))  # a byte-order mark, as some editors save UTF-8
        if "\x00" in text:
            return None, [Diagnostic("E403", "the file holds binary data, not text", shown,
                                     hint="a variant file is plain text")]
        return text, []

    # ------------------------------------------------------------ resolving
    def resolve_text(self, text: str, shown: str, base_dir: Path, stack: tuple = ()) -> Resolved:
        """Parse one file's text and lay it over its parent (recursively)."""
        try:
            tree = parse_tree(text, shown)
        except SpecError as e:
            return Resolved(Layer(shown), None, shown, diagnostics=e.diagnostics, texts={shown: text}, blocked=True)
        rules = to_rules(tree, text, shown)
        diags = list(rules.diagnostics)
        layer, dup = file_layer(rules, text)
        layer.name_span = rules.name_span
        diags += dup
        blocked = rules.name is None
        if rules.name is None:
            diags.append(Diagnostic("E304", "the file does not name its variant", shown, 1, 1,
                                    hint='start the file with a line such as `variant "Gin Rummy"`',
                                    source_line=line_of(text, 1)))
        result = Resolved(layer, rules.name, shown, diagnostics=diags, texts={shown: text}, blocked=blocked)
        if rules.extends is None:
            return result
        result.blocked = True  # until the parent is found and sound
        span = rules.extends_span
        where = dict(file=shown, line=span.line, column=span.column, source_line=line_of(text, span.line))
        parent_path = find_parent(rules.extends, base_dir)
        if parent_path is None:
            known = sorted(p.stem for d in _search_dirs(base_dir) if d.is_dir() for p in d.glob("*.rules"))
            guess = suggest(rules.extends, known)
            diags.append(Diagnostic("E305", f"there is no variant `{rules.extends}` to extend",
                                    hint=f"did you mean `{guess}`?" if guess else
                                    "name a file in variants/ (without .rules) or give its path", **where))
            return result
        key = parent_path.resolve()
        if key in stack:
            chain = " → ".join(openable(p) for p in (*stack[stack.index(key):], key))
            diags.append(Diagnostic("E306", "these house rules extend themselves in a circle",
                                    hint=f"the chain is {chain}", **where))
            return result
        parent = self.resolve_file(parent_path, stack)
        result.texts.update(parent.texts)
        if parent.too_deep:  # said once, in the file being checked
            if len(stack) <= 1:
                diags.append(Diagnostic("E308", f"house rules may build on each other at most "
                                                f"{MAX_EXTENDS_DEPTH} deep", hint="extend a variant nearer the "
                                                "start of the chain", **where))
            else:
                result.too_deep = True
            return result
        if any(d.is_error for d in parent.diagnostics):
            diags.append(Diagnostic("E307", f"the variant it extends, {openable(parent_path)}, has errors",
                                    hint=f"run `rulespec check {openable(parent_path)}`", **where))
            diags.extend(d for d in parent.diagnostics if d.is_error)  # shown where they are
            return result
        result.blocked = blocked
        merged, overrides, unchanged = overlay(parent.layer, layer)
        changed_spans = {layer.spans[p] for p in layer.values if p not in unchanged}
        for s in dict.fromkeys(layer.spans[p] for p in unchanged if layer.spans[p] not in changed_spans):
            diags.append(Diagnostic("W302", f"this rule is the same in {openable(parent_path)}, so it changes nothing",
                                    shown, s.line, s.column, s.end_column if s.end_line == s.line else None,
                                    "remove it, or change its value", line_of(text, s.line)))
        result.layer, result.parent, result.overrides = merged, parent.file, overrides
        result.base = parent.layer
        result.changes = Layer(layer.file, *({p: v for p, v in d.items() if p not in unchanged}
                                             for d in (layer.values, layer.spans, layer.item_spans)))
        return result

    def resolve_file(self, path: Path, stack: tuple = ()) -> Resolved:
        key = path.resolve()
        if key in self._cache:
            return self._cache[key]
        shown = display_name(path)
        self._opened[shown] = openable(path)
        if len(stack) >= MAX_EXTENDS_DEPTH:
            return Resolved(Layer(shown), None, shown, blocked=True, too_deep=True)
        text, diags = self.read(path, shown)
        if text is None:
            res = Resolved(Layer(shown), None, shown, diagnostics=diags, blocked=True)
        else:
            res = self.resolve_text(text, shown, path.absolute().parent, stack + (key,))
        if not res.too_deep:
            self._cache[key] = res
        return res

    # ------------------------------------------------------------ compiling
    def finish(self, res: Resolved) -> Variant:
        """Schema and semantic checks over a resolved file; the Variant or a SpecError."""
        diags = list(res.diagnostics)
        if res.blocked:
            raise SpecError(self._shown(diags))
        found, ir, ruleset = self._check(res, res.layer)
        diags += _new_lines(diags, relocate(found, res, lambda layer: self._check(res, layer)[0]))
        if ir is None or any(d.is_error for d in diags):
            raise SpecError(self._shown(diags))
        return Variant(ruleset, ir, self._shown(diags))

    def _check(self, res: Resolved, layer: Layer) -> tuple[list[Diagnostic], dict | None, object]:
        """The schema's and then the semantic checks' diagnostics on ``layer`` (the file's
        resolved rules, or a variation of them), with the IR and Ruleset when the schema passes."""
        doc, sources = to_ir(layer, res.name)
        if layer.name_span is not None:
            sources["name"] = layer.name_span.as_dict()
        doc.setdefault("values", {}).setdefault("ranks", [None] * 13)  # card values have no defaults
        if "opening" in doc and isinstance(doc["opening"].get("values"), dict):
            doc["opening"]["values"].setdefault("ranks", [None] * 13)
        found = schema.check(doc, sources, res.texts, res.file)
        if any(d.is_error for d in found):
            return found, None, None
        ruleset = from_ir(doc)
        ir = to_plain(ruleset)
        ir["origin"] = {"file": res.file, "parent": res.parent, "overrides": sorted(res.overrides)}
        ruleset = from_ir(ir)
        found += _new_lines(found, checks.run(ruleset, doc, sources, res.texts))
        ir["sources"] = dict(sorted(sources.items()))
        return found, ir, ruleset

    def _shown(self, diags: list[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics in order, each file named so that it opens from here."""
        def opened(x):
            return replace(x, file=self._opened.get(x.file, x.file))

        return [replace(opened(d), notes=tuple(map(opened, d.notes))) for d in _ordered(diags)]

    def compile_file(self, path: str | Path) -> Variant:
        return self.finish(self.resolve_file(Path(path)))

    def compile_text(self, text: str, name: str = "<text>", base_dir: str | Path | None = None) -> Variant:
        text = normalise_newlines(text.removeprefix("\ufeff"))
        return self.finish(self.resolve_text(text, name, Path(base_dir or Path.cwd())))


def _new_lines(earlier: list[Diagnostic], later: list[Diagnostic]) -> list[Diagnostic]:
    """The later stage's diagnostics, less those on a line an earlier error is on: a clause
    left out for an error would otherwise be reported again as missing."""
    taken = {(d.file, d.line) for d in earlier if d.is_error}
    return [d for d in later if (d.file, d.line) not in taken]


def _ordered(diags: list[Diagnostic]) -> list[Diagnostic]:
    """One of each diagnostic, by file, then line and column; at most MAX_PER_FILE a file."""
    return capped(sorted(dict.fromkeys(diags), key=lambda d: (d.file, d.line, d.column)))


def _search_dirs(base_dir: Path) -> list[Path]:
    dirs = [base_dir, base_dir.parent, base_dir / "variants", base_dir.parent.parent]
    return list(dict.fromkeys(d for d in dirs))


def find_parent(name: str, base_dir: Path) -> Path | None:
    """The file ``extends "name"`` means: a path, or a variant name looked up in the
    file's own folder, then the folders above it (so house rules find their parents)."""
    if "/" in name or name.endswith(".rules"):
        for cand in (base_dir / name, base_dir / f"{name}.rules"):
            if cand.is_file():
                return cand
        return None
    for d in _search_dirs(base_dir):
        cand = d / f"{name}.rules"
        if cand.is_file():
            return cand
    return None


def load(path: str | Path) -> Variant:
    """Compile and validate a variant file; raises :class:`SpecError` with every problem."""
    return Compiler().compile_file(path)


def compile_text(text: str, name: str = "<text>", base_dir: str | Path | None = None) -> Variant:
    """Compile variant text; ``extends`` is looked up from ``base_dir`` (default: here)."""
    return Compiler().compile_text(text, name, base_dir)
