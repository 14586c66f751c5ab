"""The compiler: variant text → validated IR → :class:`~rulespec.variant.Variant`.

Stages, each with its own function: ``parse_tree`` (Lark), ``to_rules`` (transformer),
``resolve`` (house rules laid over their parents), ``schema.check`` (shape and limits),
``checks.run`` (meaning). Every problem comes out as a Diagnostic; all of a file's
problems are reported together.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..ruleset import from_ir, to_plain
from ..variant import Variant
from . import checks, players, rounds, schema
from .blame import relocate
from .builder import Layer, file_layer, overlay, to_ir
from .diagnostics import Diagnostic, SpecError, capped, line_of, normalise_newlines, suggest
from .files import (MAX_FILE_BYTES, NotRegularFile, TooLarge, describe_search_path, find_parent, known_names,
                    read_bounded)
from .parser import parse_tree
from .transformer import to_rules

MAX_EXTENDS_DEPTH = 64
#: an `extends` line at the margin, read from a file that does not parse, so that a parent
#: that cannot be found is reported with the syntax errors (the Mexicana trial saw only those)
_EXTENDS = re.compile(r'^extends[ \t]+"([^"\\\n]+)"', re.M)


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
    depth: int = 1  # files in the chain, this one included
    too_deep: dict | None = None  # where to say the chain is longer than MAX_EXTENDS_DEPTH
    texts: dict = field(default_factory=dict)  # file → text, this file first, then its parents
    base: Layer | None = None  # the parent's resolved rules, under this file's
    changes: Layer | None = None  # this file's rules that differ from the parent's


@dataclass
class Parsed:
    """One file's own rules, before its parent is laid under it (cached per file)."""

    resolved: Resolved  # the file on its own
    text: str | None = None
    extends: str | None = None
    where: dict | None = None  # the `extends` line, for diagnostics about the parent


def text_of(data: bytes | str, shown: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a rule file (its bytes, or a text a game record carries) as the parser
    takes it: UTF-8, no byte-order mark, ``\\n`` newlines, no NUL; or why it is not one."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data[: e.start].count(b"\n") + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            return None, [Diagnostic("E403", "the file is not UTF-8 text", shown, line, col,
                                     hint="save the file as UTF-8")]
    text = normalise_newlines(data.removeprefix("\ufeff"))  # a byte-order mark, as some editors save UTF-8
    if "\x00" in text:
        return None, [Diagnostic("E403", "the file holds binary data, not text", shown,
                                 hint="a variant file is plain text")]
    return text, []


class Compiler:
    """Compiles files and texts, reading and parsing each file once however many files
    extend it. Subclasses change where files come from (:meth:`source`, :meth:`locate`)."""

    def __init__(self):
        self._cache: dict = {}  # key → Resolved
        self._parsed: dict = {}  # key → Parsed
        self._opened: dict[str, str] = {}  # display name → the name diagnostics show

    def opened(self, shown: str) -> str:
        """The name a diagnostic shows for the file displayed as ``shown``."""
        return self._opened.get(shown, shown)

    # ------------------------------------------------------------ reading
    def read(self, path: Path, shown: str) -> tuple[str | None, list[Diagnostic]]:
        try:
            data = read_bounded(path, MAX_FILE_BYTES)
        except TooLarge:
            return None, [Diagnostic("E402", f"the file is larger than {MAX_FILE_BYTES // 1024} KiB", shown,
                                     hint="a variant file holds a page of rules")]
        except NotRegularFile as e:
            return None, [Diagnostic("E405", f"this is {e.kind}, not a variant file", shown,
                                     hint="name a .rules text file")]
        except FileNotFoundError:
            return None, [Diagnostic("E401", "no such file", shown)]
        except ValueError:  # os functions refuse a name with a NUL in it
            return None, [Diagnostic("E401", "the file name holds a NUL character", shown)]
        except OSError as e:
            return None, [Diagnostic("E401", f"cannot read the file ({e.strerror or e})", shown)]
        return text_of(data, shown)

    def source(self, key) -> tuple[str | None, str, object, list[Diagnostic]]:
        """The text of the file ``key``, its name as shown, the base its own ``extends`` is
        looked up from, and why it cannot be read."""
        shown = display_name(key)
        self._opened[shown] = openable(key)
        text, diags = self.read(key, shown)
        return text, shown, key.parent, diags

    def locate(self, name: str, base, where: dict) -> tuple[object, Diagnostic | None]:
        """The key of the file ``extends "name"`` means from ``base``, or a diagnostic at
        the ``extends`` line (``where``) saying why there is none."""
        found = find_parent(name, base)
        if found.path is not None:
            return found.path, None
        if found.refused:
            return None, Diagnostic("E309", f"`{name}` cannot be extended: {found.refused}",
                                    hint="a parent is a .rules file in " + describe_search_path(base), **where)
        guess = suggest(name, known_names(base))
        return None, Diagnostic("E305", f"there is no variant `{name}` to extend",
                                hint=f"did you mean `{guess}`?" if guess else "name a variant such as `basic`, "
                                "or a .rules file in " + describe_search_path(base), **where)

    def key_of(self, path: Path):
        return path.resolve()

    # ------------------------------------------------------------ resolving
    def parse(self, text: str, shown: str) -> Parsed:
        """One file's text as its own layer of rules."""
        try:
            tree = parse_tree(text, shown)
        except SpecError as e:
            res = Resolved(Layer(shown), None, shown, diagnostics=e.diagnostics, texts={shown: text},
                           blocked=True)
            m = _EXTENDS.search(text)
            if m is None:
                return Parsed(res, text)
            line = text.count("\n", 0, m.start()) + 1
            return Parsed(res, text, m.group(1), dict(file=shown, line=line, column=1,
                                                      source_line=line_of(text, line)))
        rules = to_rules(tree, text, shown)
        diags = list(rules.diagnostics)
        layer, dup = file_layer(rules, text)
        layer.name_span = rules.name_span
        diags += dup
        if rules.name is None:
            diags.append(Diagnostic("E304", "the file does not name its variant", shown, 1, 1,
                                    hint='start the file with a line such as `variant "Gin Rummy"`',
                                    source_line=line_of(text, 1)))
        res = Resolved(layer, rules.name, shown, diagnostics=diags, texts={shown: text}, blocked=rules.name is None)
        if rules.extends is None:
            return Parsed(res, text)
        span = rules.extends_span
        where = dict(file=shown, line=span.line, column=span.column, source_line=line_of(text, span.line))
        return Parsed(res, text, rules.extends, where)

    def _parsed_file(self, key) -> tuple[Parsed, object]:
        if key not in self._parsed:
            text, shown, base, diags = self.source(key)
            if text is None:
                parsed = Parsed(Resolved(Layer(shown), None, shown, diagnostics=diags, blocked=True))
            else:
                parsed = self.parse(text, shown)
            self._parsed[key] = (parsed, base)
        return self._parsed[key]

    def under(self, p: Parsed, parent: Resolved | None, problem: Diagnostic | None = None) -> Resolved:
        """``p`` laid over its resolved ``parent`` (or held back by ``problem``)."""
        own = p.resolved
        diags = list(own.diagnostics)
        result = Resolved(own.layer, own.name, own.file, diagnostics=diags, texts=dict(own.texts), blocked=True)
        if problem is not None:
            diags.append(problem)
            return result
        if parent is None:
            result.blocked = own.blocked
            return result
        result.texts.update(parent.texts)
        result.depth = parent.depth + 1
        if parent.too_deep is not None or result.depth > MAX_EXTENDS_DEPTH:
            result.too_deep = p.where  # said when this file is compiled, not in the files it extends
            return result
        if any(d.is_error for d in parent.diagnostics):
            shown = self.opened(parent.file)
            diags.append(Diagnostic("E307", f"the variant it extends, {shown}, has errors",
                                    hint=f"run `rulespec check {shown}`", **p.where))
            diags.extend(d for d in parent.diagnostics if d.is_error)  # shown where they are
            return result
        result.blocked = own.blocked
        layer, text = own.layer, p.text
        merged, overrides, unchanged = overlay(parent.layer, layer)
        changed_spans = {layer.spans[q] for q in layer.values if q not in unchanged}
        for s in dict.fromkeys(layer.spans[q] for q in unchanged if layer.spans[q] not in changed_spans):
            diags.append(Diagnostic("W302", f"this rule is the same in {self.opened(parent.file)}, so it changes nothing",
                                    own.file, s.line, s.column, s.end_column if s.end_line == s.line else None,
                                    "remove it, or change its value", line_of(text, s.line)))
        result.layer, result.parent, result.overrides = merged, parent.file, overrides
        result.base = parent.layer
        result.changes = Layer(layer.file, *({q: v for q, v in d.items() if q not in unchanged}
                                             for d in (layer.values, layer.spans, layer.item_spans)))
        return result

    def resolve_key(self, key) -> Resolved:
        """The file ``key`` with its chain of parents, walked without recursion: up the
        chain to a file already resolved, a file with no parent, or a problem; then down,
        resolving (and caching) each file over its parent."""
        chain: list[tuple[object, Parsed]] = []
        seen: dict = {}
        top, problem = None, None
        while key not in self._cache:
            seen[key] = len(chain)
            p, base = self._parsed_file(key)
            chain.append((key, p))
            if p.extends is None:
                break
            parent_key, problem = self.locate(p.extends, base, p.where)
            if problem is not None:
                break
            if parent_key in seen:
                loop = [self.opened(q.resolved.file) for _, q in chain[seen[parent_key]:]]
                problem = Diagnostic("E306", "these house rules extend themselves in a circle",
                                     hint="the chain is " + " → ".join([*loop, loop[0]]), **p.where)
                break
            key = parent_key
        else:
            top = self._cache[key]
        for i, (k, p) in enumerate(reversed(chain)):
            res = self.under(p, top, problem if i == 0 else None)
            self._cache[k] = top = res
        return top

    def resolve_text(self, text: str, shown: str, base) -> Resolved:
        """Text that is not a file (``compile_text``) laid over its parent."""
        p = self.parse(text, shown)
        if p.extends is None:
            return self.under(p, None)
        parent_key, problem = self.locate(p.extends, base, p.where)
        if problem is not None:
            return self.under(p, None, problem)
        return self.under(p, self.resolve_key(parent_key))

    def resolve_file(self, path: Path) -> Resolved:
        try:
            key = self.key_of(path)
        except (OSError, RuntimeError, ValueError):  # a NUL in the name, symbolic links in a loop
            nul = "\x00" in str(path)
            shown = str(path).replace("\x00", "\\0")
            why = "the file name holds a NUL character" if nul else "the file's symbolic links go round in a loop"
            return Resolved(Layer(shown), None, shown, blocked=True, diagnostics=[Diagnostic("E401", why, shown)])
        return self.resolve_key(key)

    # ------------------------------------------------------------ compiling
    def finish(self, res: Resolved) -> Variant:
        """Schema and semantic checks over a resolved file; the Variant or a SpecError."""
        diags = list(res.diagnostics)
        if res.too_deep is not None:
            diags.append(Diagnostic("E308", f"house rules may build on each other at most {MAX_EXTENDS_DEPTH} "
                                            "deep", hint="extend a variant nearer the start of the chain",
                                    **res.too_deep))
            raise SpecError(self._shown(diags))
        if res.blocked:
            raise SpecError(self._shown(diags))
        found, ir, ruleset = self._check(res, res.layer)
        diags += _new_lines(diags, relocate(found, res, lambda layer: self._check(res, layer)[0]))
        if ir is None or any(d.is_error for d in diags):
            raise SpecError(self._shown(diags))
        return Variant(ruleset, ir, self._shown(diags), texts=res.texts)

    def _check(self, res: Resolved, layer: Layer) -> tuple[list[Diagnostic], dict | None, object]:
        """The schema's and then the semantic checks' diagnostics on ``layer`` (the file's
        resolved rules, or a variation of them), with the IR and Ruleset when the schema passes."""
        whole, by_table = players.split_players(layer)  # the players first, then the rounds
        layer = rounds.split(whole)[0]
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
        if whole is not layer and len(whole.values) != len(layer.values):
            ir["by_round"], more = rounds.by_round(whole, ir, res.texts, found, lambda x: self._check(res, x))
            found += _new_lines(found, more)
            ruleset = from_ir(ir)
        if by_table:
            ir["by_players"], more = players.by_players(whole, by_table, ir, res.texts, found,
                                                        lambda x: self._check(res, x))
            found += _new_lines(found, more)
            ruleset = from_ir(ir)
        ir["provenance"] = [m.as_dict() for m in layer.marks]
        ir["sources"] = dict(sorted(sources.items()))
        return found, ir, ruleset

    def _shown(self, diags: list[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics in order, each file named so that it opens from here."""
        def opened(x):
            return replace(x, file=self.opened(x.file))

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


def load(path: str | Path) -> Variant:
    """Compile and validate a variant file; raises :class:`SpecError` with every problem."""
    return Compiler().compile_file(path)


__all__ = ["MAX_EXTENDS_DEPTH", "MAX_FILE_BYTES", "Compiler", "compile_all", "compile_text", "display_name",
           "ir_json", "load"]


def compile_text(text: str, name: str = "<text>", base_dir: str | Path | None = None) -> Variant:
    """Compile variant text; ``extends`` is looked up from ``base_dir`` (default: here)."""
    return Compiler().compile_text(text, name, base_dir)


def compile_all(files: list[Path]) -> tuple[dict[Path, Variant], list[Diagnostic]]:
    """Every file compiled with one compiler (parents are resolved once): the variants
    that compile, by file, and every diagnostic of them all, each once."""
    compiler, variants, diags = Compiler(), {}, []
    for f in dict.fromkeys(files):
        try:
            v = compiler.compile_file(f)
            variants[f] = v
            diags.extend(v.warnings)
        except SpecError as e:
            diags.extend(e.diagnostics)
    return variants, list(dict.fromkeys(diags))


def ir_json(ir: dict) -> str:
    """The IR as the JSON text ``rulespec compile`` prints and ``rulespec build`` writes."""
    return json.dumps(ir, indent=2, ensure_ascii=False) + "\n"
