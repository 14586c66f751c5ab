"""The variant itself: its name (the page title), its words, where its rules were written,
and how it stands to the variants around it (what a house rule changes, which variants are
built on this one)."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .base import Base


class Origin(Base):
    def name_md(self, name) -> Iterator:
        return ()  # the page title

    def terms_md(self, terms) -> Iterator:
        """The variant's words are read in ``__init__`` and used throughout the page."""
        return ()

    def sources_md(self, sources) -> Iterator:
        """Source spans point diagnostics at the text; a rulebook states rules, not where
        they were written (``coverage.ENGINE_ONLY``)."""
        return ()

    def provenance_md(self, marks) -> Iterator:
        """Markers are put on the sentences they mark once the page is written
        (``render.Rulebook.marks``, :mod:`rulespec.rulebook.provenance`)."""
        return ()

    def origin_md(self, origin) -> Iterator:
        """A page built on another game opens with what it changes (``lead``, written by
        the site from ``templates/lead.md.j2``, which knows both games)."""
        if origin["parent"] is not None and self.lead:
            yield "changes", 0, self.lead
        if self.children:
            house = [c for c in self.children if "house/" in c.link]
            others = [c for c in self.children if "house/" not in c.link]
            if house:
                yield "optional", 0, (
                    prose.say("origin", "house_rules") + "\n\n" +
                    "\n".join(f"- [{c.title}]({c.link}): {c.summary}." for c in house))
            if others:
                yield "optional", 1, (
                    prose.say("origin", "built_on_this") + "\n\n" +
                    "\n".join(f"- [{c.title}]({c.link}): {c.summary}." for c in others))
