"""Replacing a wild card on the table with the natural card it stands for: the rule (under
the cards) and its step of a turn. The words are in ``templates/prose/replacing.md.j2``."""

from __future__ import annotations

from .. import prose
from .base import Base


def _other_wilds(rs) -> bool:
    """Is any card but a printed joker wild (so that `only jokers` leaves some on the table)?"""
    w = rs.wilds
    return bool(w.ranks or w.cards or w.cut or w.dealt_rank)


class Replacing(Base):
    def replacing_text(self, rep, nat: str) -> str:
        """The rule, stated with the wild cards (``nat``: when a wild stands for itself)."""
        kinds = rep["melds"]
        where = (f"a {self.vocab.run}" if kinds == ["run"] else
                 f"a {self.vocab.set}" if kinds == ["set"] else "any meld")
        locked = kinds == ["run"] and self.rs.melds.set is not None
        return prose.say("replacing", "replace", where=where, reuse=rep["reuse_this_turn"],
                         done=self.vocab.open("done") if rep["after_opening"] else None,
                         set_locked=self.vocab.set if locked else None, natural=nat != "never",
                         jokers=_other_wilds(self.rs) and rep["jokers_only"])

    def replacing_steps(self) -> list[str]:
        """The step of a turn, pointing at the rule."""
        if self.rs.wilds.replace is None:
            return []
        return [prose.say("replacing", "step")]
