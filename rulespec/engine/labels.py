"""The ``as ...`` part of a meld or lay-off that a player writes when the move does not
need it, or writes wrongly.

A move's canonical string carries a label only when the cards can go down more than one
way. A player who names the one way anyway (``lay off JK on 3 as 10D`` where the joker
can only be the 10D) says something true, so the move is taken; a label that names a way
the cards cannot go is refused with that reason, not with "does not fit".
"""

from __future__ import annotations

from .. import cards as C
from . import actions as A


def labels_of(game, action) -> set[str]:
    """Every label that truly describes ``action`` (a legal meld or lay-off)."""
    if action.kind == A.LAY_OFF:
        meld = game.table[action.target - 1]
        return {A.layoff_label(meld.reading, action.cards[0], action.reading)}
    if action.kind == A.MELD:
        head = A.reading_head(action.reading)
        return {head, f"{head} {A.reading_wilds(action.reading)}"}
    return set()


def same_move(legal, parsed) -> list:
    """The legal moves that ``parsed`` names, whatever its label."""
    key = parsed.loose_key()
    return [a for a in legal if A.loose_key(a) == key]


def named(game, parsed, legal) -> list:
    """The legal moves ``parsed`` names when its text is not one of theirs: those its
    label truly describes (a label it did not need), or every way of playing its cards
    when it has no label. More than one: the player must say which way."""
    same = same_move(legal, parsed)
    if parsed.label is None:
        if len(same) > 1 and game.ruleset.table.declare == "by place" and parsed.written:
            placed = [a for a in same if _in_place(parsed.written, a.reading)]
            return placed if len(placed) == 1 else same
        return same
    return [a for a in same if parsed.label in labels_of(game, a)]


def _in_place(written, reading) -> bool:
    """Do the cards, in the order written, lie where ``reading`` (a run) puts them, each
    wild card at the place it stands for? (``table: undeclared wild cards take the value
    of their place``.)"""
    if reading is None or reading.kind != "run" or len(written) != len(reading.ranks):
        return False
    wilds = list(reading.wilds)
    for card, rank in zip(written, reading.ranks):
        place = C.make(rank, reading.suit)
        if (card, place) in wilds:
            wilds.remove((card, place))
        elif card != place:
            return False
    return not wilds


def wrong_label(game, parsed, legal) -> str | None:
    """Why ``parsed`` is refused when only its label is wrong (None when it is not that)."""
    same = same_move(legal, parsed) if parsed.label is not None else []
    if not same:
        return None
    ways = sorted({sorted(labels_of(game, a), key=len)[0] for a in same})
    cards = " ".join(C.card_str(c) for c in parsed.cards)
    write = "; ".join(f"`{a.text}`" for a in same)
    if parsed.kind == A.LAY_OFF:
        return (f"{cards} goes on meld {parsed.target} only as {' or '.join(ways)}, not as {parsed.label}: "
                f"write {write}")
    return f"{cards} can be read only as {' or '.join(ways)}, not as {parsed.label}: write {write}"
