"""rulespec: rummy rules as data.

A variant written in the rule language compiles into a :class:`Variant` that the meld
solver, the interpreter and the rulebook all read.
"""

from .cards import parse_cards
from .engine import CHANCE, TERMINAL, Action, Game, IllegalMove, new_game
from .language.compiler import compile_text, load
from .language.diagnostics import Diagnostic, RulespecError, SpecError
from .melds import Arrangement, Meld, Verdict
from .variant import Variant

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Game", "IllegalMove", "new_game",
    "Arrangement", "Diagnostic", "Meld", "RulespecError", "SpecError", "Variant", "Verdict",
    "compile_text", "load", "parse_cards",
]
__version__ = "0.1.0"
