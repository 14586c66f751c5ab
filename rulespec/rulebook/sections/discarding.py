"""Discarding: the discard that ends a turn (the card just taken from the pile or not), and
the hands made void by going nowhere at the discard pile. The words are in
``templates/prose/discarding.md.j2``."""

from __future__ import annotations

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base


class Discarding(Base):
    """The words are in ``templates/prose/discarding.md.j2``."""

    def discarding_steps(self, t) -> list[str]:
        rs = self.rs
        turn = rs.turn  # asked here without a read: only a sentence that states it reads it
        if turn.meld_taken:  # the card taken from the pile is on the table now
            taken = "melded"
            # taking down to a card: the step says which cards may be discarded (it reads
            # what it states, so that their markers land here)
            # (down to a card whose deepest must be melded: not the whole pile, Arlington)
            td = turn.take_discards
            deep = (td is not None and td.down_to == "any" and td.meld_owed
                    and t["meld_taken"] and t["take_discards"]["down_to"] == "any")
        elif "discard" not in turn.draw_from:  # nobody takes a discard (coverage.APPLIES_WHEN)
            taken, deep = None, False
        else:
            taken, deep = ("free" if t["discard_taken"] else "kept"), False
        steps = [prose.say("discarding", "discard", taken=taken, deep=deep,
                           knock=rs.knock is not None and rs.knock.after_draw,
                           gin=rs.gin is not None, only_gin=rs.gin_only,
                           show=rs.show is not None, barred=self.barred_text(t),
                           first=self.barred_text(t, "discard_barred_first"))]
        draws, backs = t.get("max_discard_draws"), t.get("void_after_throw_backs")
        if draws is not None:
            steps.append(prose.say("discarding", "void_draws", draws=W.ordinal(draws)))
        if backs is not None:
            steps.append(prose.say("discarding", "void_throw_backs",
                                   turns=W.plural(backs, "turn")))
        return steps

    def barred_text(self, t, field: str = "discard_barred") -> str:
        """The cards ``turn.discard_barred`` (or ``…_first``: in the first round of turns)
        names, as chips ("a wild card" for ``wild``)."""
        names = t[field]
        chips = [W.card(C.parse_card(n)) for n in names if n != "wild"]
        if "wild" in names:
            chips.append("a wild card")
        return W.join(chips, "or")
