"""Pushing (Push): a player who does not want the top discard pushes it, with the top
stock card, to the next player, then draws. The words are in
``templates/prose/pushing.md.j2``."""

from __future__ import annotations

from .. import prose
from .base import Base


class Pushing(Base):
    def pushing_step(self, push) -> str:
        return prose.say("pushing", "push", then=push["then"] if push is not None else "stock")
