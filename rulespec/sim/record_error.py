"""The error of a game record that cannot be read or played, in a module of its own so
that every part of reading a record (its shape, the rules it carries) can raise it."""

from __future__ import annotations

from ..language.diagnostics import Diagnostic, RulespecError


class RecordError(RulespecError):
    """A record that cannot be read or played: ``diagnostics`` says why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))
