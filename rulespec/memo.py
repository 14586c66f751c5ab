"""Bounded memo tables for the hot paths of the solver, the engine and the agents.

Long simulations keep meeting new hands, so every table empties itself once it holds its
limit of answers (each is cheap to work out again; memory is not). A key that names a set
of meld rules holds the rules object itself, never ``id(rules)``: an id is reused once its
object is gone, and a table keyed by it would answer for rules it never saw.
"""

from __future__ import annotations


class Memo(dict):
    """Answers by key, at most ``limit`` of them."""

    __slots__ = ("limit",)

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def get_or(self, key, make, *args):
        """The answer for ``key``, made by ``make(*args)`` the first time."""
        try:
            return self[key]
        except KeyError:
            if len(self) >= self.limit:
                self.clear()
            value = self[key] = make(*args)
            return value
