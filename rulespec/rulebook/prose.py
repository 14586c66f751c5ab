"""The page's sentences as templates an editor can read and change.

Each page section that has moved its prose out of Python has one template,
``templates/prose/<section>.md.j2``, holding one macro per paragraph; the section passes
the rules (words, numbers and flags read from the IR) and :func:`say` returns the
paragraph. Inside a paragraph, line breaks and indentation in the template are layout only:
each paragraph comes out as one line (a list, one line per ``-`` or ``1.`` item), and
paragraphs split by a blank line stay split.
"""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from ..memo import cached
from . import words as W

TEMPLATES = Path(__file__).with_name("templates") / "prose"
_PARAGRAPHS = re.compile(r"\n[ \t]*\n")
_ITEM = re.compile(r"\n(?=[ \t]*(?:-|\d+\.)[ \t])")  # a line that starts a list item


def _lines(paragraph: str) -> str:
    """A paragraph as one line, or a list as one line per item."""
    return "\n".join(" ".join(item.split()) for item in _ITEM.split(paragraph))


@cached(1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False, trim_blocks=True,
        lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters.update(number=W.number, points=W.points, join=W.join, plural=W.plural)
    return env


@cached(1)
def page_environment() -> jinja2.Environment:
    """The templates of whole pages and of what one game changes from another (``page``,
    ``index``, ``lead``, ``changes``), one folder up from the paragraphs."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES.parent), autoescape=False,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined)
    env.filters.update(capfirst=lambda s: s[:1].upper() + s[1:], number=W.number,
                       open=lambda terms, form: W.Vocabulary(opening=terms["opening"]).open(form))
    return env


def changed(found: list, a: dict, b: dict) -> str:
    """The Changes ``found`` from rules ``a`` to rules ``b`` (plain IR) as one sentence, in
    the words of a house rule's lead (``templates/changes.md.j2``)."""
    clause = page_environment().get_template("changes.md.j2").module.clause
    said = "; ".join(" ".join(str(clause(c, a, b)).split()) for c in found)
    return said[:1].upper() + said[1:] + "."


def say(section: str, paragraph: str, **rules) -> str:
    """The paragraph (macro) ``paragraph`` of ``templates/prose/<section>.md.j2``."""
    macro = getattr(environment().get_template(f"{section}.md.j2").module, paragraph)
    return "\n\n".join(_lines(p) for p in _PARAGRAPHS.split(str(macro(**rules))) if p.strip())
