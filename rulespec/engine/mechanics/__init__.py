"""The mechanics of the language, one module each, composed into
:class:`~rulespec.engine.state.Game` as mixin classes: a mechanic's legal moves, how it
applies a move, why it refuses a move (its ``REFUSALS`` table, asked by
:mod:`rulespec.engine.explain`) and the state it keeps live in its module. Mechanics
reach each other only through ``self``; what they share sits here."""

from __future__ import annotations

from ... import cards as C
from ...memo import Memo

_CODES = Memo(64)


def named_codes(names: tuple[str, ...]) -> frozenset[int]:
    """The card codes a list of card names holds (``3S``, ``JK``; ``wild`` is asked of
    each deal, so it gives none here)."""
    return _CODES.get_or(names, lambda: frozenset(C.parse_card(n) for n in names
                                                  if n != "wild"))


def is_named(rules, card: int, names: tuple[str, ...]) -> bool:
    """Is ``card`` one of ``names`` (``3S``, ``JK``; ``wild``: a wild card this deal)?"""
    return card in named_codes(names) or ("wild" in names and rules.is_wild(card))


def by_card(find) -> dict:
    """``find(card)`` for every card code, kept where it finds something."""
    out = {}
    for c in range(C.JOKER + 1):
        found = find(c)
        if found:
            out[c] = found
    return out


#: why a meld or lay-off may not leave one card when going out needs no discard
ONE_CARD_LEFT = ("you may not play down to one card that you cannot lay off next: you go out only "
                 "without a discard, so a last card left alone could never leave your hand")


#: why nothing may be laid off onto (or replaced in) a meld being rearranged
NOT_VALID_YET = ("meld {target} is not a valid meld yet: while you rearrange, `put` cards "
                 "there until it is")


def set_bit(reading) -> int:
    """Bit r for a set of rank r (a set with wild cards has its natural cards' rank), 0
    for a run: what ``melds.one_per_rank`` counts."""
    return 1 << reading.rank if reading.kind == "set" and reading.rank is not None else 0


def names(cards) -> str:
    """Cards as a player writes them, in a refusal's text."""
    return " ".join(C.card_str(c) for c in cards)


def not_held(missing) -> str:
    """The refusal of a move with cards the player does not hold."""
    return f"you do not hold {names(missing)}"


def ordered(acts) -> list:
    """Moves as ``legal_actions()`` lists them: each once, sorted by :attr:`Action.key`."""
    return sorted(set(acts), key=_key)


def _key(a):
    return a.key


def dispatch_table(cls, name: str) -> dict:
    """One dispatch table of ``cls``: the tables called ``name`` of its mechanics
    merged (a key in two of them is a mistake, refused here)."""
    out: dict = {}
    for base in cls.__mro__:
        part = base.__dict__.get(name, {})
        both = out.keys() & part.keys()
        if both:
            raise TypeError(f"{name}: {', '.join(sorted(map(str, both)))} played by two mechanics")
        out.update(part)
    return out


def narrows_for(cls, rs) -> dict:
    """Phase -> the ``NARROWS`` filters of ``cls``'s mechanics whose rule ``rs`` turns on."""
    out: dict = {}
    for base in cls.__mro__:
        if "NARROWS" in base.__dict__ and base.narrows(rs):
            for phase, narrow in base.NARROWS.items():
                out.setdefault(phase, []).append(narrow)
    return out
