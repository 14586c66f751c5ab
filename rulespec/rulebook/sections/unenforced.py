"""Rules of the game that the interpreter does not play (what to do about a card played out
of turn, a misdeal, a scoring error): written as text in the variant file so they travel
with it, and printed under their own heading, marked as not enforced."""

from __future__ import annotations

from collections.abc import Iterator

from .. import prose
from .base import Base


class Unenforced(Base):
    def not_enforced_md(self, items) -> Iterator:
        if not items:
            return
        yield "unenforced", 0, (prose.say("unenforced", "intro") + "\n\n"
                                + "\n".join(f"- {i}" for i in items))
