"""Rules by round and by number of players: the rules that some rounds (``in round 7:
going out: only without discard``) or some tables (``with 2 players: seating: winner of
hand deals next``) play instead of the game's, each said in the words ``rulespec diff``
uses, against the rules the rest of the page states. The opening sentences are in
``templates/prose/rounds.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ..coverage import Tracked
from ..diff import player_changes, round_changes
from .. import prose
from ..provenance import Placed
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

    def by_players_md(self, entries) -> Iterator:
        """Each table's line with the rules read to write it (:meth:`parts`), so that a
        marker on a rule by number of players lands on its line."""
        if not entries:
            return
        game = {k: v for k, v in self.variant.ir.items() if k != "by_players"}
        lines = [part for e in entries for part in self.parts(self._table_line, e, game)]
        intro = prose.say("rounds", "players", rounds=bool(self.rs.by_round))
        yield "players", 0, Placed.of(lines, "\n", head=intro + "\n\n")

    def _table_line(self, entry, game: dict) -> str:
        plain = _read(entry)
        ((label, found),) = player_changes({**game, "by_players": [plain]})
        return f"- **{label}.** " + prose.changed(found, game, {**game, **plain["rules"]})
