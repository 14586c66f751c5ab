"""Text from a rule file made safe to print in a rulebook page and in the site.

A rule file is untrusted: its variant name (and any other text it carries) must come out
as the words it holds, never as Markdown that links or formats, never as HTML that runs.
The one point where that happens is :func:`ir`: every page, index row and link title is
written from the escaped copy of the variant's IR it returns, so a renderer cannot reach an
unescaped string by accident. File names (chosen by whoever saved the files, not written
in them) have their own helpers for the places they go: :func:`code` and :func:`link`.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote

_SPACES = re.compile(r"[\s\x00-\x1f\x7f-\x9f\u2028\u2029]+")  # newlines would start new blocks
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
# Python-Markdown's escapable characters (``|`` with the tables extension); ``{`` stops
# attr_list, ``[`` links and images, `` ` `` code, ``*``/``_`` emphasis, ``#`` headings.
_INLINE = set("\\`*_{}[]#!|")
_BLOCK_START = re.compile(r"^(?:[-+]|\d+[.)])")  # a list item when a paragraph opens with it


def text(value: str) -> str:
    """``value`` as inline Markdown that shows exactly these words and nothing else."""
    s = _SPACES.sub(" ", str(value)).strip()
    out = "".join(_HTML.get(ch) or ("\\" + ch if ch in _INLINE else ch) for ch in s)
    m = _BLOCK_START.match(out)
    if m:  # "1. x" or "- x" opening a paragraph would make a list
        head = m.group(0)
        out = head[:-1] + "\\" + head[-1] + out[len(head):]
    return out


def ir(variant) -> dict:
    """A copy of ``variant.ir`` with every string escaped by :func:`text`. Enumerated
    words and card codes hold no special characters, so they read the same; free text (the
    name) comes out as plain words."""
    return _escape(variant.ir)


def _escape(value):
    if isinstance(value, str):
        return text(value)
    if isinstance(value, dict):
        return {k: _escape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_escape(v) for v in value]
    return value


def code(value: str) -> str:
    """``value`` inside a one-backtick code span (where Markdown already escapes HTML)."""
    return _SPACES.sub(" ", str(value)).replace("`", "'").strip()


def link(path: str) -> str:
    """A page path as a link target: spaces, parentheses and the like percent-encoded."""
    return quote(path, safe="/")


def html_text(value: str) -> str:
    """``value`` for a place MkDocs prints as raw HTML (navigation section titles)."""
    return html.escape(_SPACES.sub(" ", str(value)).strip())
