"""Rulebooks: every variant's page written from its compiled rules, and the site.

- :mod:`~rulespec.rulebook.render`: one variant → its page (dispatch on IR node)
- :mod:`~rulespec.rulebook.sections`: what the page says, one module per mechanic
- :mod:`~rulespec.rulebook.coverage`: no gaps: every rule reaches the page, or is excused
- :mod:`~rulespec.rulebook.examples`: meld, show and scoring examples, checked by the meld code
- :mod:`~rulespec.rulebook.diff`: what one variant changes against another, in words
- :mod:`~rulespec.rulebook.house`: a house page's passages that differ from its base page, marked
- :mod:`~rulespec.rulebook.safe`: text from a rule file escaped for Markdown and HTML
- :mod:`~rulespec.rulebook.site`: all pages with their links, and the MkDocs build
- :mod:`~rulespec.rulebook.nav`: the site's navigation, from the pages in ``generated/``
- :mod:`~rulespec.rulebook.build`: ``rulespec build``, written all at once or not at all
- :mod:`~rulespec.rulebook.commands`: ``rulespec diff`` and ``rulespec docs``
"""

from __future__ import annotations

from pathlib import Path

from . import safe
from .diff import Change, changes
from .render import Rulebook, UnrenderedNode

__all__ = ["Change", "Rulebook", "UnrenderedNode", "changes", "render_page"]


def render_page(variant, **related) -> str:
    """The Markdown page of one variant on its own (no links to other variants)."""
    from .site import environment

    page = Rulebook(variant, **related).page()
    source = safe.code(Path(variant.ir["origin"]["file"]).name)
    return environment().get_template("page.md.j2").render(page=page, source=source)

