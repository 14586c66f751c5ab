"""rulespec: rummy rules as data.

A variant written in the rule language compiles into a :class:`Variant` that the meld
solver, the interpreter and the rulebook all read.

The interpreter and the meld solver are imported on first use (PEP 562), so that
``rulespec check`` starts without loading them.
"""

import importlib

from .cards import parse_cards
from .language.compiler import compile_text, load
from .language.diagnostics import Diagnostic, RulespecError, SpecError
from .variant import Variant

_LAZY = {
    "CHANCE": "engine", "TERMINAL": "engine", "Action": "engine", "Game": "engine",
    "IllegalMove": "engine", "new_game": "engine",
    "Arrangement": "melds", "Meld": "melds", "Verdict": "melds",
    "render_page": "rulebook",
}

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Game", "IllegalMove", "new_game",
    "Arrangement", "Diagnostic", "Meld", "RulespecError", "SpecError", "Variant", "Verdict",
    "compile_text", "load", "parse_cards", "render_page",
]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'rulespec' has no attribute {name!r}")
