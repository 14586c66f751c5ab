"""Diagnostics: every problem a user can cause, in one form for every stage.

A diagnostic prints gcc-style: ``file:line:col: error[E201]: message``, then the source
line with a caret under the span, then a hint where there is one.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass


class RulespecError(Exception):
    """Root of every error rulespec raises on purpose."""


@dataclass(frozen=True)
class Diagnostic:
    code: str  # stable: E1xx syntax, E2xx schema, E3xx semantic, E4xx files; W for warnings
    message: str
    file: str = "<text>"
    line: int = 1
    column: int = 1
    end_column: int | None = None
    hint: str | None = None
    source_line: str | None = None

    @property
    def severity(self) -> str:
        return "warning" if self.code.startswith("W") else "error"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def format(self) -> str:
        head = f"{self.file}:{self.line}:{self.column}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        if self.source_line is not None:
            text = self.source_line.rstrip("\r\n").expandtabs(1)
            width = max(1, (self.end_column or self.column + 1) - self.column)
            width = min(width, max(1, len(text) - self.column + 1))
            lines.append(f"    {text}")
            lines.append("    " + " " * (self.column - 1) + "^" * width)
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


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


def line_of(text: str, line: int) -> str | None:
    """The 1-based ``line`` of ``text``, or None past the end."""
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


def suggest(word: str, choices, cutoff: float = 0.7) -> str | None:
    """The closest of ``choices`` to a misspelt ``word``, for a "did you mean" hint."""
    found = difflib.get_close_matches(word.lower(), sorted(set(choices)), n=1, cutoff=cutoff)
    return found[0] if found else None
