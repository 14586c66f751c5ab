"""Printing text that came from someone else's file to a terminal, safely.

Variant names, card labels, source lines and record fields are untrusted: they can hold
terminal escape sequences (which move the cursor, retitle the window or hide text) and
rich's own syntax (``[bold]`` markup, ``:x:`` emoji codes). Everything printed through
:func:`safe` shows exactly the characters of the file, with control characters made visible.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.markup import escape

# C0 controls but tab and newline, DEL, and the C1 controls (ESC [ ... starts with \x1b; \x9b is CSI alone).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``), so it cannot act."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def safe(text: str) -> str:
    """Untrusted text ready to sit inside rich markup: controls made visible, markup escaped."""
    return escape(visible(text))


def console(stderr: bool = False) -> Console:
    """The consoles rulespec prints with: no emoji codes and no automatic highlighting, so a
    file's ``:x:`` or ``100`` prints as written."""
    return Console(stderr=stderr, highlight=False, emoji=False, soft_wrap=True)
