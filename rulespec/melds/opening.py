"""Opening values: what melds count towards an opening threshold (51 in Rummy 51, 40 in
Romme, 30 in Continental), and the most a hand can lay down under them.

A pure function of cards and the meld rules: the interpreter asks it before every meld
that goes towards an opening (with ``keep``, the cards a player must hold back), the
public API (:func:`opening_melds`, :func:`reaches_threshold`) with the melds that make
it. One search per hand, remembered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .. import cards as C
from ..memo import Memo
from ..ruleset import Ruleset
from .arrange import to_melds
from .context import Rules, rules_for
from .model import Arrangement, Reading
from .solver import Search, order_for


def reading_value(rules: Rules, cards, reading: Reading) -> int:
    """What the meld counts towards an opening threshold: opening values, a wild card
    counting as the card it stands for when the variant says so."""
    total = 0
    acting = Counter(w for w, _ in reading.wilds)
    own = rules.opening_natural
    where = _ace_place(rules, reading)
    if where is not None:  # the run's ace counts by its place in it
        own = list(own)
        for ace in (C.make(0, s) for s in range(4)):
            own[ace] = rules.ace_at(ace, where)
    for c in cards:
        if acting[c]:
            acting[c] -= 1
            continue
        total += own[c]
    for w, stands in reading.wilds:
        if rules.wild_counts_as_natural and (stands is not None or reading.rank is not None):
            if stands is None:
                total += own[C.make(reading.rank, 0)]
            else:
                total += own[stands]
        else:
            total += rules.opening_value[w]
    return total


def _ace_place(rules: Rules, reading: Reading) -> str | None:
    """Where the ace of a run stands (``low``, ``high``, ``corner``), when the opening
    counts an ace by its place and ``reading`` is a run with an ace; else None."""
    if not rules.ace_by_place or reading.kind != "run" or 0 not in reading.ranks:
        return None
    if reading.ranks[0] == 0:
        return "low"
    return "high" if reading.ranks[-1] == 0 else "corner"


_OPEN = Memo(100_000)


def opening_value(rules: Rules, hand, keep: int = 0) -> int:
    """The largest opening value ``hand`` can lay down while keeping at least ``keep``
    cards in hand (the card a player must still discard)."""
    return _OPEN.get_or((rules, tuple(sorted(hand)), keep), _opening_value, rules, hand, keep)


_SOLVED = Memo(20_000)


def opening_solution(rules: Rules, hand, banned: int = 0, pure: int = 0) -> tuple:
    """The solver's best opening arrangement of ``hand`` (no card kept back): ``(value,
    melds, cards left)``. ``banned``: ranks (bit r) that may make no new set, their one
    set being on the table (``melds: one set of each rank``); ``pure``: runs with no wild
    card the melds must include (value None when the hand has not that many)."""
    banned = banned if rules.one_per_rank else 0
    return _SOLVED.get_or((rules, tuple(sorted(hand)), banned, pure), _opening_solution,
                          rules, hand, banned, pure)


def _opening_solution(rules: Rules, hand, banned: int, pure: int = 0) -> tuple:
    # a big hand rank by rank: the same best value, and no blow-up where several packs
    # make many sets (a Samba hand after taking the pile ran out of memory in the suit
    # order); small hands keep the suit order, whose arrangements the rulebook shows
    slots = {"slots": [("run", rules.run_min, True)], "counts": [pure]} if pure else {}
    return Search(rules, list(hand), mode="opening", banned=banned, order=order_for(hand),
                  **slots).solve()


def opening_reaches(rules: Rules, hand, keep: int, need: int, banned: int = 0,
                    pure: int = 0) -> bool:
    """Is :func:`opening_value` at least ``need``, with ``pure`` runs in which no wild card
    stands among the melds? Asked as a yes or no it can stop early: no search beyond the
    first when the best arrangement falls short or keeps enough."""
    if need <= 0 and not pure:
        return True
    known = None if banned or pure else _OPEN.get((rules, tuple(sorted(hand)), keep))
    if known is not None:
        return known >= need
    val, _groups, dead = opening_solution(rules, hand, banned, pure)
    if val is None or val < need:
        return False
    if keep <= len(dead):
        return True
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        if opening_reaches(rules, rest, keep - 1, need, banned, pure):
            return True
    return False


def opening_bound(rules: Rules, hand, in_meld) -> int:
    """An upper bound of :func:`opening_value`, cheap enough to ask first: every card of
    ``hand`` that is in ``in_meld`` (the cards of the melds ``hand`` can make, or more), a
    wild card at the most it could count."""
    top = max(rules.opening_most[:C.NUM_NATURAL])
    return sum(max(top, rules.opening_value[c]) if rules.is_wild(c) else rules.opening_most[c]
               for c in hand if c in in_meld)


def _opening_value(rules: Rules, hand, keep: int) -> int:
    hand = list(hand)
    val, groups, dead = opening_solution(rules, hand)
    if keep <= len(dead) or val <= 0:
        return max(val, 0)
    best = 0
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        best = max(best, _opening_value(rules, rest, keep - 1))
    return best


def opening_melds(
    ruleset: Ruleset, hand: Iterable[int], wild: int | None = None
) -> tuple[int, Arrangement]:
    """The largest opening value ``hand`` can lay down, counted with the opening values
    (a wild card counts as the card it stands for when ``opening.wild_counts_as_natural``),
    and the melds that make it."""
    rules = rules_for(ruleset, wild)
    val, groups, dead = opening_solution(rules, list(hand))
    dead = tuple(sorted(dead))
    arr = Arrangement(to_melds(ruleset, groups, wild), dead, sum(rules.value[c] for c in dead))
    return val, arr


def reaches_threshold(ruleset: Ruleset, hand: Iterable[int], wild: int | None = None) -> bool:
    """Can ``hand`` open under ``opening.threshold`` (always, when there is none)?"""
    t = ruleset.opening.threshold
    if t is None:
        return True
    return opening_value(rules_for(ruleset, wild), list(hand)) >= t
