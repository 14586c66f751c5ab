"""Clause handlers for special hands (issue 15, item 12): one clause is one hand, built
from three parts the grammar keeps apart (what the hand holds, when it is declared, what
it scores); kept apart from :mod:`.transformer`, which mixes them in."""

from __future__ import annotations

from lark import Tree

_WHEN = {"special_dealt": "dealt", "special_turn": "turn"}


class SpecialClauses:
    """``special hands: hand counting 49 or 50 when dealt must be declared, scores double``:
    one item of ``special`` with its pattern, when, must and score."""

    def _number(self, tree: Tree, at: int = 0) -> int:
        """The ``at``-th number of a part of the clause (words such as `seven` read as 7)."""
        return [v for v in self.args(tree) if isinstance(v, int)][at]

    def special_c(self, node, pattern, when, *rest):
        duty = rest[0] if len(rest) == 2 else None
        score = rest[-1]
        item = {"pattern": "count", "when": _WHEN[when.data], "least": None, "most": None,
                "pairs": None, "must": duty is not None and duty.data == "special_must",
                "factor": None, "each": None}
        kind = pattern.data
        if kind == "pattern_pairs":
            item["pattern"], item["pairs"] = "pairs", self._number(pattern)
        elif kind == "pattern_suit":
            item["pattern"] = "one suit"
        elif kind == "pattern_count_most":
            item["most"] = self._number(pattern)
        elif kind == "pattern_count_pair":
            item["least"], item["most"] = self._number(pattern), self._number(pattern, 1)
        else:
            rng = self.range_of(pattern.children[0])
            item["least"], item["most"] = rng["min"], rng["max"]
        if item["least"] is not None and item["most"] is not None and item["most"] < item["least"]:
            self.error(pattern, "E154", f"the counts {item['least']}-{item['most']} run backwards",
                       f"write the low count first: {item['most']} or {item['least']}")
            return
        if score.data == "special_each":
            item["each"] = self._number(score)
        else:
            factor = score.children[0]
            item["factor"] = ({"factor_double": 2, "factor_triple": 3}.get(factor.data)
                              or self._number(factor))
        self.set(node, "special", item)
