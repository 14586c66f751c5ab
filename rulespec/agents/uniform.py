"""The ``random`` agent: every legal move equally likely."""

from __future__ import annotations

from .base import Agent, register


@register("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal moves (the agent the invariant runs use: it tries
    moves no sensible player would, so it reaches corners of the rules)."""

    def choose(self, game, player: int, rng=None):
        """A legal move drawn uniformly with ``rng`` (the agent's own when None)."""
        legal = game.legal_actions()
        if not legal:
            raise ValueError("there is no legal move: the game is over")
        return (rng or self.rng).choice(legal)
