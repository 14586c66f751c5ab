"""The interpreter: plays any compiled variant exactly as its file says.

>>> import rulespec
>>> game = rulespec.new_game(rulespec.load("variants/gin.rules"), players=2, seed=7)

See :mod:`rulespec.engine.state` for the game and its phases, :mod:`.mechanics` for the
mechanics of the language (one module each), :mod:`.phases` for the phases and hand
endings, :mod:`.actions` for the moves and their strings, :mod:`.scoring` for how hands
are scored.
"""

from .actions import Action, parse
from .deal import stacked_deck
from .errors import IllegalMove
from .invariants import InvariantError, check_invariants
from .scoring import HandResult
from .state import CHANCE, TERMINAL, Game, Observation, Scores, new_game
from .views import TableMeld

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Game", "HandResult", "IllegalMove", "InvariantError",
    "Observation", "Scores", "TableMeld", "check_invariants", "new_game", "parse", "stacked_deck",
]
