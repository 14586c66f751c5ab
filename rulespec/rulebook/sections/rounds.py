"""Rules by round: the rules that some rounds play instead of the game's (``in round 7:
going out: only without discard``), each said in the words ``rulespec diff`` uses, against
the rules the rest of the page states. The opening sentence is in
``templates/prose/rounds.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ..coverage import Tracked
from ..diff import round_changes
from .. import prose
from .base import Base


def _read(node):
    """A tracked IR node as plain data, every leaf of it read (the page states them all)."""
    if isinstance(node, Tracked):
        return {k: _read(node[k]) for k in node.keys()}
    if isinstance(node, list):
        return [_read(v) for v in node]
    return node


class Rounds(Base):
    def by_round_md(self, entries) -> Iterator:
        if not entries:
            return
        plain = [_read(e) for e in entries]
        game = {k: v for k, v in self.variant.ir.items() if k != "by_round"}
        lines = []
        for (label, found), entry in zip(round_changes({**game, "by_round": plain}), plain):
            said = prose.changed(found, game, {**game, **entry["rules"]})
            lines.append(f"- **{label}.** {said}")
        yield "rounds", 0, prose.say("rounds", "intro") + "\n\n" + "\n".join(lines)
