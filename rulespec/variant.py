"""A compiled variant: the public face of a ruleset (what ``rulespec.load`` returns)."""

from __future__ import annotations

from .ruleset import Ruleset


class Variant:
    """A compiled, validated variant. Holds the typed :class:`Ruleset` (what every stage
    reads), the resolved IR it was built from, and the compiler's warnings."""

    def __init__(self, ruleset: Ruleset, ir: dict, warnings: tuple = ()):
        self.ruleset = ruleset
        self.ir = ir
        self.warnings = tuple(warnings)

    @property
    def name(self) -> str:
        return self.ruleset.name

    def __repr__(self) -> str:
        return f"<Variant {self.name!r}>"

    def deal_size(self, players: int, round: int = 1) -> int | None:
        """Cards dealt to each player (the starter's extra cards aside)."""
        return self.ruleset.deal.hand_size(players, round)

    def deck_size(self, players: int) -> int:
        """Cards in the deck used by ``players`` players, printed jokers included."""
        return self.ruleset.deck.size(players)
