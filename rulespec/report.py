"""How every ``rulespec`` command reports: its exit code, the two consoles it prints on,
and a diagnostic printed exactly as :meth:`Diagnostic.format` writes it.

Exit codes: 0 all well (warnings allowed), 1 the rules have errors, 2 a usage error (a
file that is not there, an output that cannot be written) or a failure of the tool
itself, 130 stopped by Ctrl-C or SIGTERM.
"""

from __future__ import annotations

from rich.text import Text

from .terminal import console

EXIT_OK, EXIT_RULES, EXIT_TOOL = 0, 1, 2
#: stopped by Ctrl-C or SIGTERM (128 + SIGINT, as a shell reports Ctrl-C)
EXIT_INTERRUPTED = 130

err = console(stderr=True)
out = console()


def print_diagnostic(d) -> None:
    """One diagnostic (a :class:`~rulespec.Diagnostic`) on stderr, exactly as its
    ``format()`` writes it (the file's own characters, controls made visible): no markup,
    no emoji codes (``:100:`` in ``f:100:3``)."""
    style = "bold red" if d.is_error else "bold yellow"
    lines = d.format().split("\n")
    err.print(Text(lines[0], style=style))
    for line in lines[1:]:
        kind = line.lstrip().split(":", 1)[0]
        err.print(Text(line, style={"hint": "cyan", "note": "blue"}.get(kind, "")))
