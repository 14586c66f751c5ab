"""Diagnostics: every problem a user can cause, in one form for every stage.

A diagnostic prints gcc-style: ``file:line:col: error[E201]: message``, then the source
line with a caret under the span, then a hint where there is one, then notes that point
at other places (the parent's rule a house rule changed).

A line ends at ``\n`` only: files are read with CRLF and lone CR made ``\n``
(:func:`normalise_newlines`), and the other characters some tools break lines at (form
feed, NEL, U+2028, U+2029) are ordinary characters everywhere, as they are to Lark, so
the parser, the line number and the line shown always agree. Everything printed goes
through :func:`~rulespec.terminal.visible`: a file's control characters show as escapes.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..memo import cached
from ..terminal import visible


class RulespecError(Exception):
    """Root of every error rulespec raises on purpose."""


@dataclass(frozen=True)
class Note:
    """A second place that explains a diagnostic: ``note: MESSAGE at FILE:LINE:COL``."""

    message: str
    file: str
    line: int
    column: int

    def format(self) -> str:
        return visible(f"  note: {self.message} at {self.file}:{self.line}:{self.column}")


@dataclass(frozen=True)
class Diagnostic:
    code: str  # stable: E1xx syntax, E2xx schema, E3xx and E7xx semantic, E4xx files; W warnings
    message: str
    file: str = "<text>"
    line: int = 1
    column: int = 1
    end_column: int | None = None
    hint: str | None = None
    source_line: str | None = None
    notes: tuple = ()  # of Note

    @property
    def severity(self) -> str:
        return "warning" if self.code.startswith("W") else "error"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def format(self) -> str:
        head = f"{self.file}:{self.line}:{self.column}: {self.severity}[{self.code}]: {self.message}"
        lines = [visible(head)]
        if self.source_line is not None:
            lines += _excerpt(self.source_line, self.column, self.end_column)
        if self.hint:
            lines.append(visible(f"  hint: {self.hint}"))
        lines += [n.format() for n in self.notes]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


EXCERPT_WIDTH = 100  # characters of a long source line shown around the caret


def _excerpt(source: str, column: int, end_column: int | None) -> list[str]:
    """The source line as printed (tabs as one space, controls as escapes; a long line cut to
    a window around the caret) and a caret under columns ``column`` to ``end_column`` of the
    file's text, wherever escapes moved them."""
    raw = source.rstrip("\r\n")  # a line read without normalise_newlines may end in CR
    start = column - 1
    end = max(start + 1, (end_column or column + 1) - 1)
    lo = max(0, min(start - 20, len(raw) - EXCERPT_WIDTH))
    hi = min(len(raw), lo + EXCERPT_WIDTH)
    before, after = ("…" if lo > 0 else ""), ("…" if hi < len(raw) else "")
    part = raw[lo:hi].expandtabs(1)
    start, end = start - lo, min(end, hi) - lo
    lead = len(before) + len(visible(part[:start])) + max(0, start - len(part))
    width = max(1, len(visible(part[start:end])))
    return [f"    {before}{visible(part)}{after}", "    " + " " * lead + "^" * width]


MAX_PER_FILE = 100  # diagnostics reported for one file; the rest are counted in one more


def capped(diags: list[Diagnostic]) -> list[Diagnostic]:
    """``diags`` (in order) with at most :data:`MAX_PER_FILE` of each file's, and for a file
    that has more, one last diagnostic that counts the rest (E404, or W404 if all warnings):
    a file that says one wrong thing 40,000 times gets a readable report, not 40,000 lines."""
    out, hidden = [], {}
    shown: dict[str, int] = {}
    for d in diags:
        if shown.get(d.file, 0) < MAX_PER_FILE:
            shown[d.file] = shown.get(d.file, 0) + 1
            out.append(d)
        else:
            hidden.setdefault(d.file, []).append(d)
    for file, rest in hidden.items():
        errors = sum(d.is_error for d in rest)
        out.append(Diagnostic(
            "E404" if errors else "W404",
            f"{_count(len(rest), 'more problem')} in this file {'is' if len(rest) == 1 else 'are'} not shown "
            f"({_count(errors, 'error')}, {_count(len(rest) - errors, 'warning')})", file, rest[-1].line, 1,
            hint=f"fix the first {MAX_PER_FILE} and check the file again"))
    return out


def stopped_after(what: str, file: str, line: int) -> Diagnostic:
    """E404 for a file whose checking stopped early, at the ``line`` it stopped before."""
    return Diagnostic("E404", f"checking stopped after {what}; the rest of the file was not read", file, line, 1,
                      hint="fix these and check the file again")


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}" + ("s" if n != 1 else "")


class SpecError(RulespecError):
    """A variant file (or text) that does not compile; ``diagnostics`` lists every problem."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        shown = [d.format() for d in self.diagnostics[:10]]
        more = len(self.diagnostics) - len(shown)
        if more > 0:
            shown.append(f"... and {more} more")
        super().__init__("\n".join(shown))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]


def normalise_newlines(text: str) -> str:
    """``text`` with CRLF and lone CR as ``\n``: the one line break the grammar knows."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def line_of(text: str, line: int) -> str | None:
    """The 1-based ``line`` of ``text`` (lines end at ``\n`` only, as Lark counts them), or
    None past the end."""
    lines = _lines(text)
    return lines[line - 1] if 0 < line <= len(lines) else None


@cached(4)
def _lines(text: str) -> tuple[str, ...]:
    """The lines of a file, split once (every diagnostic of the file asks for one)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the line break that ends the file does not start a line
    return tuple(lines)


def suggest(word: str, choices) -> str | None:
    """The word of ``choices`` that ``word`` is most likely a slip for, for a "did you mean"
    hint; None when none is.

    A slip is a typo (one letter wrong, missing, extra or two swapped; two in a word of six
    letters or more; case and accents do not count) or another form of the same word (a
    shared stem of four letters: ``scores`` for ``scoring``). Letters in common are not
    enough: ``ropes`` shares four with ``groups``, which means something else (a set), so a
    looser rule (difflib's ratio, used before) offered a word of another meaning."""
    w = _fold(word)
    found = []
    for c in sorted(set(choices)):
        f = _fold(c)
        d = _edits(w, f)
        stem = len(_common_prefix(w, f)) >= 4
        if d <= (1 if len(w) < 6 else 2) or stem:
            found.append((d, -len(_common_prefix(w, f)), c))
    return min(found)[2] if found else None


def _fold(word: str) -> str:
    """Lower case without accents: ``Lów`` → ``low``."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(ch))


def _common_prefix(a: str, b: str) -> str:
    return a[: next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))]


def _edits(a: str, b: str) -> int:
    """Letters to change, add, drop or swap (adjacent) to make ``a`` into ``b``."""
    if abs(len(a) - len(b)) > 2:
        return 3
    prev2, prev = None, list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
            if prev2 is not None and i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]
