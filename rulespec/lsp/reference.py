"""The language reference (docs/language.md), cut into what hover shows.

The page is the one description of every topic (``## `deck:` …``) and every clause
(``#### `…` `` ending "Grammar rule `deck_packs`"), and ``tests/test_language_docs.py``
keeps it in step with the grammar; the server shows its sections rather than a second
copy. The wheel carries the page as ``rulespec/docs/language.md`` (pyproject.toml); a
source checkout reads ``docs/language.md``.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..memo import cached

_HERE = Path(__file__).resolve().parent.parent
PAGE_CANDIDATES = (_HERE / "docs" / "language.md", _HERE.parent / "docs" / "language.md")


@cached(1)
def _sections() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Topic → its introduction, topic → its heading's words, clause (grammar rule) → its text."""
    page = next((p for p in PAGE_CANDIDATES if p.exists()), None)
    if page is None:
        return {}, {}, {}
    topics, titles, clauses = {}, {}, {}
    parts = re.split(r"^(#{2,4} .*)$", page.read_text(encoding="utf-8"), flags=re.M)
    for head, body in zip(parts[1::2], parts[2::2]):
        body = body.strip()
        if m := re.match(r"## `([a-zA-Z ]+):?` (.*)", head):
            names, title = [m.group(1)], m.group(2)
            if also := re.fullmatch(r"and `(\w+)`", title):  # `variant` and `extends`: one section
                names, title = [m.group(1), also.group(1)], "the variant's name and its parent"
            for name in names:
                topics[name], titles[name] = f"**{head[3:].strip()}**\n\n{body}", title
        elif head.startswith("#### ") and "Grammar rule" in body:
            said = body[body.rindex("Grammar rule"):]
            for rule in re.findall(r"`(\w+)`", said):
                clauses[rule] = f"**{head[5:].strip()}**\n\n{body}"
    return topics, titles, clauses


def topic(name: str) -> str | None:
    return _sections()[0].get(name)


def topic_title(name: str) -> str:
    return _sections()[1].get(name, "")


def clause(rule: str) -> str | None:
    return _sections()[2].get(rule)
