"""The error an illegal move raises."""

from __future__ import annotations

from ..language.diagnostics import RulespecError


class IllegalMove(RulespecError):
    """A move the rules do not allow now. ``move`` is what was tried (as given),
    ``reason`` one sentence naming the rule it breaks; the game is left as it was."""

    def __init__(self, move: str, reason: str):
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move `{move}`: {reason}")
