"""Drawing: where a player draws from (the stock, the top discard), how many cards a
draw from the stock brings, taking more than the top discard, a discard that must be
melded at once, and the starter's first turn without a draw. The words are in
``templates/prose/drawing.md.j2``."""

from __future__ import annotations

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base

_SOURCES = {"stock": "the top card of the stock", "discard": "the top card of the discard pile"}


class Drawing(Base):
    def drawing_steps(self, t) -> list[str]:
        sources = t["draw_from"]
        push = self.pushing_step(t["push"]) if "push" in sources else None
        td = t["take_discards"]
        take = frozen = deepest = deepest_by = unopened = None
        alone, top, pair, from_hand, always, upcard = True, False, False, False, False, ""
        many = t["stock_cards"]  # cards a draw from the stock brings
        if td is not None:
            take = {"any": "any", "whole": "all", "top": td["down_to"]}[td["down_to"]]
            if take == "top":
                take = td["top_cards"]  # a take is the top N cards (fewer: all of them)
            alone = td["top_alone"]
            frozen, deepest = td["frozen_by"] == "wild", td["meld_owed"]
            unopened = self.vocab.open("done") if td["frozen_unopened"] else None
            pair = td["frozen_take"] is not None  # its one value, natural_pair
            always, upcard = td["frozen_always"], self.chips(td["frozen_upcard"])
            deepest_by = td["meld_owed_by"] if deepest else None
            top = deepest and td["owed"] == "top"
            from_hand = top and td["from_hand"]
        at_once = t["meld_taken"]
        by = t["meld_taken_by"] if at_once else None
        until = self.vocab.open("done") if at_once and t["meld_taken_before_opening"] else None
        names = dict(_SOURCES)
        if many > 1:
            names["stock"] = f"the top {W.number(many)} cards of the stock"
        if not alone:
            names["discard"] = (f"the top {W.number(take)} cards of the discard pile"
                                if isinstance(take, int) else "the whole discard pile")
        return [prose.say(
            "drawing", "draw", sources=W.join([names[s] for s in sources if s in names], "or"),
            push=push, at_once=at_once, by=by, take=take, frozen=frozen, deepest=deepest,
            deepest_by=deepest_by,
            both=bool(at_once and deepest and by == deepest_by and not until),
            use_drawn=t["use_drawn"],
            closed=self.vocab.open("done") if t["discard_until_opening"] else None,
            starter_draws=t["starter_draws"], until=until, alone=alone, top=top,
            from_hand=from_hand,
            unopened=unopened, side=self.ir["partnerships"] is not None, pair=pair,
            stops=self.chips(t["discard_stops"]), always=always, upcard=upcard,
            many=many, squared=t["discard_squared"], first_round=t["stock_first_round"],
            short=None if t["short_hand"] is None else (t["short_hand"]["hand"],
                                                        t["short_hand"]["pile"]),
            **self._top_taken(t["top_taken"]))]

    @staticmethod
    def chips(names) -> str:
        """Cards named (``3S``, ``JK``, ``wild``) as words: chips, "a wild card"."""
        chips = [W.card(C.parse_card(n)) for n in names if n != "wild"]
        return W.join((["a wild card"] if "wild" in names else []) + chips, "or")

    def _top_taken(self, tt) -> dict:
        """Where the top card of a take may go, as the template's words."""
        if tt is None:
            return {}
        return {"top_runs": tt["runs"], "top_full": tt["full"],
                "run": self.vocab.run, "set": self.vocab.set}
