"""A page built on another game, against that game's page: which passages differ.

A house page repeats the full rules, so that a table can play from it alone; what a
reader needs besides is where it departs from the base game. Both pages are rendered in
full and compared section by section, passage by passage (a sentence, or a row of a
table): a passage of the house page that the base page's same section does not have is
marked. Each page names its own game, so the two titles are set aside when comparing.
The words that open the page (what changes, in sentences) are in
``templates/lead.md.j2``.
"""

from __future__ import annotations

import re
from itertools import groupby

from .render import Page

#: Sections that link to other games rather than state rules: never marked.
UNMARKED = ("changes", "optional")

# A sentence ends at . ! ? or : (or a bold one, **Gin.**) before a space and what starts a
# sentence (a capital, a bold word, a card, a bracket); "e.g." is not followed by one.
_SENTENCE = re.compile(r"(?:(?<=[.!?:])|(?<=[.!?:]\*\*))\s+(?=[A-Z0-9*(“<])")
_PREFIX = re.compile(r"^\s*(?:(?:[-*]|\d+\.)\s+)?")  # a list item's marker and indent
_TABLE_RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+$")
_CELL = re.compile(r"(?<!\\)\|")
# provenance: a footnote number on a rule's sentence, and the section's note of them
# (rulebook/provenance.py); where a rule comes from is not a difference between games
_FOOTNOTE = re.compile(r"<sup>\d+</sup>")
_NOTE = "<small>"


def mark(text: str) -> str:
    """A passage marked as changed (``<mark>`` is highlighted in the site and on GitHub)."""
    return f"<mark>{text}</mark>"


def mark_changes(page: Page, base: Page) -> Page:
    """``page`` with each passage that ``base`` does not have in the same section marked."""
    seen = {key: {p for block in blocks for p in _passages(block, base.title)}
            for key, _, blocks in base.sections}
    sections = []
    for key, title, blocks in page.sections:
        if key not in UNMARKED:
            blocks = [_mark_block(b, seen.get(key, set()), page.title) for b in blocks]
        sections.append((key, title, blocks))
    return Page(page.title, page.link_up, sections)


def changed(page: Page) -> list[str]:
    """The marked passages of a page, in order (for tests and reviews)."""
    return [m for _, _, blocks in page.sections for b in blocks
            for m in re.findall(r"<mark>(.*?)</mark>", b, re.S)]


# ---------------------------------------------------------------- passages
# A passage is compared as a key: a sentence with the game's title set aside, or a table
# cell with its column and the first cell of its row (so a row that only gained or lost a
# column elsewhere, or a value that changed, marks just what differs).


def _passages(block: str, title: str) -> list[str]:
    out = []
    for line, columns in _lines(block):
        if columns is None:
            out += [key for _, _, key in _sentences(line, title)]
        elif columns:
            out += [key for _, key in _cells(line, columns, title)]
    return out


def _lines(block: str):
    """``(line, columns)`` for each line of a block: ``columns`` is None for text, the
    table's column names for a body row, and empty for a table's header and rule."""
    columns, body = [], False
    for line in block.split("\n"):
        if not line.startswith("|"):
            columns, body = [], False
            yield line, None
        elif body:
            yield line, columns
        else:
            body = bool(_TABLE_RULE.match(line.strip()))
            columns = columns or [c.strip() for c in _CELL.split(line)[1:-1]]
            yield line, []


def _same(text: str, title: str) -> str:
    return " ".join(_FOOTNOTE.sub("", text).replace(title, "\0").split())


def _sentences(line: str, title: str) -> list[tuple[str, str, str]]:
    """``(sentence, the space after it, its key)`` of a line of text, list marker aside;
    the title is set aside before splitting, as it may hold a colon."""
    body = line[_PREFIX.match(line).end():].replace(title, "\0")
    parts = zip(_SENTENCE.split(body), [*_SENTENCE.findall(body), ""], strict=True)
    return [(p.replace("\0", title), space, _same(p, title)) for p, space in parts]


def _cells(line: str, columns: list[str], title: str) -> list[tuple[str, str]]:
    cells = [c.strip() for c in _CELL.split(line)[1:-1]]
    first = _same(cells[0], title) if cells else ""
    return [(c, f"{col}\x1f{first}\x1f{_same(c, title)}")
            for c, col in zip(cells, columns, strict=False)]


def _mark_block(block: str, seen: set[str], title: str) -> str:
    out = []
    for line, columns in _lines(block):
        if columns is None:
            line = _mark_text(line, seen, title)
        elif columns:
            cells = _cells(line, columns, title)
            if any(c and key not in seen for c, key in cells):
                line = "| " + " | ".join(mark(c) if c and key not in seen else c
                                         for c, key in cells) + " |"
        out.append(line)
    return "\n".join(out)


def _mark_text(line: str, seen: set[str], title: str) -> str:
    """A line of text with each run of new sentences in one mark."""
    if line.startswith(_NOTE):
        return line
    out = [line[:_PREFIX.match(line).end()]]
    pieces = _sentences(line, title)
    for new, group in groupby(pieces, key=lambda p: bool(p[0].strip()) and p[2] not in seen):
        text = "".join(p + space for p, space, _ in group)
        stripped = text.rstrip()
        out.append(mark(stripped) + text[len(stripped):] if new else text)
    return "".join(out)
