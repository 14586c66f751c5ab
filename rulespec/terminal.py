"""Printing text that came from someone else's file to a terminal, safely.

Variant names, card labels, source lines and record fields are untrusted: they can hold
terminal escape sequences (which move the cursor, retitle the window or hide text) and
rich's own syntax (``[bold]`` markup, ``:x:`` emoji codes). Everything printed through
:func:`safe` shows exactly the characters of the file, with control characters made visible.
:func:`pack` lays rich texts out on lines of a width (the human player and the table view).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

# C0 controls but tab and newline, DEL, the C1 controls (ESC [ ... starts with \x1b; \x9b is CSI
# alone), the Unicode line and paragraph separators, which a terminal may break a line at, and
# the invisible ones that can make a line read other than it is: zero-width characters and
# marks (U+200B-200F, U+FEFF) and bidirectional embeddings, overrides and isolates
# (U+202A-202E, U+2066-2069, "Trojan Source").
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def visible(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``), so it cannot act."""
    return _CONTROL.sub(_escape_one, str(text))


def _escape_one(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: str) -> str:
    """Untrusted text ready to sit inside rich markup: controls made visible, markup escaped."""
    from rich.markup import escape  # rich only where something is printed: the compiler needs none

    return escape(visible(text))


def console(stderr: bool = False) -> Console:
    """The consoles rulespec prints with: no emoji codes and no automatic highlighting, so a
    file's ``:x:`` or ``100`` prints as written."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, emoji=False, soft_wrap=True)


def pack(items, width: int, indent: int = 0) -> Text:
    """``items`` (pairs of a separator and a text) on lines of at most ``width`` columns,
    never splitting an item; a separator at the start of a line is left out, and lines
    after the first start ``indent`` columns in."""
    from rich.text import Text

    out = Text()
    used = 0
    for sep, item in items:
        sep = Text(sep) if isinstance(sep, str) else sep
        if used > indent and used + sep.cell_len + item.cell_len > width:
            out.append("\n" + " " * indent)
            used = indent
        elif used:
            out.append_text(sep)
            used += sep.cell_len
        out.append_text(item)
        used += item.cell_len
    return out
