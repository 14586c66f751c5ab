"""What every section of a rulebook page shares: the compiled rules, the player counts and
rounds, Markdown tables, and the few phrases more than one section says (the wild cards,
the title of the opening section)."""

from __future__ import annotations

from ... import cards as C
from .. import words as W


class Base:
    """The helpers of the section mixins; :class:`~rulespec.rulebook.render.Rulebook`
    sets ``variant``, ``ir`` (the recording view), ``vocab`` and ``ex``."""

    def hand_sizes(self) -> set:
        """Every number of cards dealt to a hand, over the player counts and rounds (None
        where a count has no size)."""
        return {self.variant.deal_size(n, k) for n in self.player_counts()
                for k in range(1, (self.rounds() or 1) + 1)}

    def many_players(self) -> bool:
        """May more than two play? Then the page speaks of the other players, not the opponent."""
        return max(self.player_counts()) > 2

    @property
    def rs(self):
        return self.variant.ruleset

    def player_counts(self) -> list[int]:
        p = self.rs.players
        return list(range(p.min, (p.max if p.max is not None else p.min + 4) + 1))

    def rounds(self) -> int | None:
        """How many rounds have their own rules (deal sizes or contracts), if any."""
        r = self.rs
        last = max([c.round for c in r.opening.contracts] +
                   [s.rounds.max or s.rounds.min for s in r.deal.sizes if s.rounds is not None]
                   + [0])
        if last == 0:
            return None
        return max(last, r.game.rounds or 0)

    def opening_title(self) -> str:
        if self.vocab.opening != "opening":
            return W.capital(self.vocab.open("noun"))
        return "Contracts" if self.rs.opening.contracts else "Opening"

    def table(self, head: list[str], rows: list[list[str]]) -> str:
        lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
        lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
        return "\n".join(lines)

    def example_table(self, examples, head=("Cards", "")) -> str:
        rows = [[W.cards(e.cards), ("✔ " if e.ok else "✘ ") + e.note]
                for e in examples]
        return self.table(list(head), rows)

    def wild_words(self) -> str:
        """What the variant's wild cards are, in a phrase (empty when there are none)."""
        w = self.ir["wilds"]
        parts = []
        if w["jokers"]:
            parts.append("the jokers")
        for r in w["ranks"]:
            parts.append(f"the {W.rank_name(r, many=True)}")  # "every three are" is no English
        named = w["cards"]
        if named:
            red = all(C.is_red(C.parse_card(c)) for c in named)
            same = len({c[:-1] for c in named}) == 1
            if same and len(named) == 2 and red:
                parts.append(f"the red {W.rank_name(named[0][:-1], many=True)} "
                             f"({W.cards(C.parse_card(c) for c in named)})")
            else:
                parts.append(W.cards(C.parse_card(c) for c in named))
        if w["cut"]:
            parts.append(f"every card of the rank cut for the {self.vocab.unit}")
        if w["dealt_rank"]:
            parts.append("the cards of the rank equal to the number of cards dealt")
        return W.join(parts)
