"""The mechanics of the language, one module each, composed into
:class:`~rulespec.engine.state.Game` as mixin classes: a mechanic's legal moves, how it
applies a move and the state it keeps live in its module (why a move is refused is told
by :mod:`rulespec.engine.explain`). Mechanics reach each other only through ``self``;
what they share sits here."""

from __future__ import annotations

from ... import cards as C


def by_card(find) -> dict:
    """``find(card)`` for every card code, kept where it finds something."""
    out = {}
    for c in range(C.JOKER + 1):
        found = find(c)
        if found:
            out[c] = found
    return out


def ordered(acts) -> list:
    """Moves as ``legal_actions()`` lists them: each once, sorted by :attr:`Action.key`."""
    return sorted(set(acts), key=_key)


def _key(a):
    return a.key
