"""What one card from the hand can do to a meld on the table: be laid off onto it
(:func:`extensions`) or take the place of one of its wild cards (:func:`rescues`).

A meld on the table keeps what its wild cards stand for: no card moves to make room, so
the answers come from the meld's one reading, not from reading its cards afresh. The
legal moves of lay-offs and wild-card replacement are built from these.
"""

from __future__ import annotations

from collections import Counter

from ... import cards as C
from ...melds.context import Rules
from ...melds.distinct import pair_key
from ...melds.model import Reading


def _naturals(cards, reading: Reading) -> list[int]:
    left = Counter(cards)
    for w, _ in reading.wilds:
        left[w] -= 1
    return list(left.elements())


def extensions(rules: Rules, cards, reading: Reading, card: int) -> list[Reading]:
    """The readings of the meld ``cards`` (read as ``reading``) with ``card`` laid off
    onto it: the old wild cards keep standing for what they stood for, no card moves."""
    wild = rules.is_wild(card)
    kind = reading.kind
    if not wild:
        # the quick answer for most cards: wrong rank for the set, wrong suit for the run
        if card == C.JOKER:
            return []
        if kind == "set":
            if card % 13 != reading.rank:
                return []
        elif card // 13 != reading.suit:
            return []
    out: list[Reading] = []
    n_wild = len(reading.wilds)
    n_nat, size = len(cards) - n_wild, len(cards) + 1
    if kind == "set":
        if rules.set_max is not None and size > rules.set_max:
            return out
        r = reading.rank
        if C.rank_of(card) == r and rules.natural_in(card, "set"):
            taken = rules.distinct and C.suit_of(card) in {
                C.suit_of(c) for c in _naturals(cards, reading)}
            if not taken and rules.limits_ok("set", n_nat + 1, n_wild):
                out.append(reading)
        if wild and rules.limits_ok("set", n_nat, n_wild + 1):
            pairs = tuple(sorted(reading.wilds + ((card, None),), key=pair_key))
            out.append(Reading("set", rank=r, wilds=pairs))
        return _clear(rules, cards, card, out)
    if size > rules.run_max:
        return out
    suit, ranks = reading.suit, reading.ranks
    for side, rank in _open_ends(rules, ranks):
        new_ranks = (rank,) + ranks if side == "low" else ranks + (rank,)
        target = C.make(rank, suit)
        if card == target and rules.natural_in(card, "run"):
            if rules.limits_ok("run", n_nat + 1, n_wild):
                out.append(Reading("run", suit=suit, ranks=new_ranks, wilds=reading.wilds))
        if wild and not (card == target and card in rules.dual):
            if rules.limits_ok("run", n_nat, n_wild + 1):
                pairs = tuple(sorted(reading.wilds + ((card, target),), key=pair_key))
                out.append(Reading("run", suit=suit, ranks=new_ranks, wilds=pairs))
    return _clear(rules, cards, card, out)


def _open_ends(rules: Rules, ranks) -> list[tuple[str, int]]:
    """The ends ``("low" | "high", rank)`` a run of ``ranks`` may grow at by one card."""
    # places in the pack's order (a stripped pack's runs skip the ranks taken out)
    low = rules.place(ranks[0])
    length = len(ranks)
    n = rules.n_ranks
    at = rules.rank_at
    ends = []
    if rules.aces == "around":
        if length < n:
            ends = [("low", at(low - 1)), ("high", at(low + length))]
    else:
        # an ace after a king is place n (13 in a full pack)
        top = low + length - 1
        if ranks[-1] == 0 and length > 1:
            top = n
        if rules.window_ok(low - 1, length + 1):
            ends.append(("low", at(low - 1)))
        if rules.window_ok(low, length + 1) and top + 1 <= n:
            ends.append(("high", at(top + 1)))
    return ends


def end_moves(rules: Rules, cards, reading: Reading, card: int,
              fixed=()) -> list[Reading]:
    """The readings of the run ``cards`` with the natural ``card`` laid off in the place of
    the wild card at one of its ends that stands for ``card``, that wild card moving to
    the other end (``table.end_wilds_move``, Double Rum: 7H 6H JK takes the 8H, the joker
    going below the 6H). ``fixed``: what the wild cards that may not move again (moved
    once already) stand for. The run grows by one card, so its longest size and its other
    end (an ace, where aces do not go round the corner) must leave room."""
    if reading.kind != "run" or rules.is_wild(card) or card == C.JOKER:
        return []
    suit, ranks = reading.suit, reading.ranks
    if card // 13 != suit or len(cards) + 1 > rules.run_max or card in fixed:
        return []
    if not rules.natural_in(card, "run") or len(ranks) < 2:
        return []
    if card == C.make(ranks[-1], suit):
        side = "low"  # the wild card leaves the high end for the low one
    elif card == C.make(ranks[0], suit):
        side = "high"
    else:
        return []  # an interior wild card never moves
    i = next((i for i, (_, stands) in enumerate(reading.wilds) if stands == card), None)
    if i is None:
        return []
    n_wild = len(reading.wilds)
    if not rules.limits_ok("run", len(cards) - n_wild + 1, n_wild):
        return []
    out = []
    for end, rank in _open_ends(rules, ranks):
        target = C.make(rank, suit)
        if end != side or target in rules.not_for:
            continue
        pairs = reading.wilds[:i] + ((reading.wilds[i][0], target),) + reading.wilds[i + 1:]
        new_ranks = (rank,) + ranks if side == "low" else ranks + (rank,)
        out.append(Reading("run", suit=suit, ranks=new_ranks,
                           wilds=tuple(sorted(pairs, key=pair_key))))
    return _clear(rules, cards, card, out)


def _clear(rules: Rules, cards, card: int, found: list[Reading]) -> list[Reading]:
    """``found`` less the readings that hold a barred card (``melds.barred``), or a wild
    card standing for one."""
    if not rules.barred_any:
        return found
    grown = list(cards) + [card]
    return [r for r in found if rules.reading_ok(grown, r)]


def rescues(rules: Rules, cards, reading: Reading, natural: int) -> list[tuple[int, Reading]]:
    """``(wild card, new reading)`` for each wild card of the meld that ``natural`` may take
    the place of. A wild card standing for itself (the 2 in A-2-3-4) stands for nothing and
    is never listed; nor is a replacement that would leave the meld breaking the limits."""
    out = []
    if not rules.natural_in(natural, reading.kind):
        return out
    naturals = _naturals(cards, reading)
    seen = set()
    for i, (w, stands) in enumerate(reading.wilds):
        if reading.kind == "run":
            if natural != stands:
                continue
        else:
            if C.rank_of(natural) != reading.rank:
                continue
            if rules.distinct and C.suit_of(natural) in {C.suit_of(c) for c in naturals}:
                continue
        if (w, stands) in seen:
            continue
        seen.add((w, stands))
        rest = reading.wilds[:i] + reading.wilds[i + 1:]
        if not rules.limits_ok(reading.kind, len(naturals) + 1, len(rest)):
            continue
        new = Reading(reading.kind, rank=reading.rank, suit=reading.suit, ranks=reading.ranks,
                      wilds=rest)
        out.append((w, new))
    return out
