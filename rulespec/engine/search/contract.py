"""Can a hand still complete an opening contract, and how: the searches behind the
legal moves towards a contract (every meld laid must leave a hand that can still make
the melds missing), with a witness (one way found) to answer most questions at once.

A contract alternative is a list of slots, ``(kind, sizes, count)``
(:func:`~rulespec.melds.checks.contract_slots`); the melds already laid fill some
(:func:`fit_slots`), and the hand must fill the rest: first from its own list of melds
(:func:`fill_from`, a bounded search), else by the solver (:func:`can_fill`).
"""

from __future__ import annotations

from collections import Counter

from ...melds.checks import contract_search
from ...melds.context import Rules
from ...melds.distinct import readings_of
from ...melds.model import Reading
from ...memo import Memo, table


_FILL = Memo(100_000)


def left_ok(left: int, keep: int, lone: bool) -> bool:
    """May a hand keep ``left`` cards unmelded: at least ``keep``, and with ``lone`` not
    exactly one (a last card that can never leave the hand, as when going out with a
    final discard is forbidden)?"""
    return left >= keep and not (lone and left == 1)


def can_fill(rules: Rules, hand, slots: list[tuple[str, range, int]], keep: int = 0,
             lone: bool = False) -> bool:
    """Can ``hand`` still make the melds ``slots`` (``(kind, sizes, count)``: count melds of
    that kind, each of a size in ``sizes``), keeping at least ``keep`` cards unmelded (and, with
    ``lone``, not exactly one)?"""
    key = (rules, tuple(sorted(hand)), tuple(slots), keep, lone)
    return _FILL.get_or(key, _can_fill, rules, hand, slots, keep, lone)


def fill_groups(rules: Rules, hand, slots: list[tuple[str, range, int]], keep: int = 0,
                lone: bool = False):
    """One way to make ``slots`` from ``hand`` keeping ``keep`` cards (``lone``: not
    exactly one): a list of
    ``(cards, slot)`` pairs, ``slot`` an index into ``slots``; None when the quick search
    finds none (which does not prove there is none: :func:`can_fill` decides)."""
    open_slots = [s for s in slots if s[2] > 0]
    if not open_slots:
        return []
    hand = list(hand)
    val, groups, dead = contract_search(rules, hand, open_slots, exact=True, order="rank").solve()
    if val is None or not left_ok(len(dead), keep, lone):
        return None
    # give each group the slot it fills
    left = [s[2] for s in slots]
    out = []

    def place(i: int) -> bool:
        if i == len(groups):
            return True
        g = groups[i]
        kinds = {r.kind for r in readings_of(rules, g)}
        for j, (kind, sizes, _c) in enumerate(slots):
            if left[j] > 0 and kind in kinds and len(g) in sizes:
                left[j] -= 1
                out.append((tuple(g), j))
                if place(i + 1):
                    return True
                out.pop()
                left[j] += 1
        return False

    return out if place(0) else None


_FITTING: dict = table()


def _fitting(melds, kind: str, sizes: range) -> list:
    """The card groups of ``melds`` that fit a slot: ``(cards, (code, count) pairs)``
    (cached for the list object)."""
    key = (id(melds), kind, sizes)
    hit = _FITTING.get(key)
    if hit is None or hit[0] is not melds:
        if len(_FITTING) > 2000:
            _FITTING.clear()
        hit = _FITTING[key] = (melds, [(cards, tuple(Counter(cards).items())) for cards, r in melds
                                       if r.kind == kind and len(cards) in sizes])
    return hit[1]


def fill_from(melds, hand, slots: list[tuple[str, range, int]], keep: int = 0,
              budget: int = 600, witness: bool = False, lone: bool = False):
    """Can ``slots`` be made of disjoint melds taken from ``melds`` (every ``(cards,
    reading)`` of a hand, as :func:`~rulespec.melds.hand.hand_melds` lists them) within
    ``hand`` (a Counter), keeping ``keep`` cards (``lone``: not exactly one)? None when
    the search gives up after ``budget`` steps. With ``witness``, a yes comes as the melds
    found: ``(cards, slot index)`` pairs."""
    need = [(k, n, j) for j, (k, n, c) in enumerate(slots) for _ in range(c)]
    total = sum(hand.values())
    if not need:
        ok = left_ok(total, keep, lone)
        return [] if witness and ok else ok
    have = [0] * 53
    for c, n in hand.items():
        have[c] = n
    by_slot = [_fitting(melds, kind, sizes) for kind, sizes, _j in need]
    steps = 0
    chosen: list = []

    def go(i: int, start: int, n_used: int) -> bool | None:
        nonlocal steps
        if i == len(need):
            return left_ok(total - n_used, keep, lone)
        # slots alike take melds in list order (each set of melds tried once); a meld
        # may fill the next slot too, when the hand holds its cards twice (several packs)
        first = start if i and need[i][:2] == need[i - 1][:2] else 0
        options = by_slot[i]
        for x in range(first, len(options)):
            steps += 1
            if steps > budget:
                return None
            cards, pairs = options[x]
            ok = True
            for c, n in pairs:
                if have[c] < n:
                    ok = False
                    break
            if not ok:
                continue
            for c, n in pairs:
                have[c] -= n
            chosen.append((cards, need[i][2]))
            got = go(i + 1, x, n_used + len(cards))
            for c, n in pairs:
                have[c] += n
            if got or got is None:
                return got
            chosen.pop()
        return False

    got = go(0, 0, 0)
    if witness and got:
        return list(chosen)
    return got


def can_fill_with(rules: Rules, melds, hand, slots, keep: int = 0, lone: bool = False) -> bool:
    """:func:`can_fill` that first tries the hand's own meld list (``melds``)."""
    quick = fill_from(melds, Counter(hand), slots, keep, lone=lone)
    if quick is None:
        return can_fill(rules, hand, slots, keep, lone)
    return quick


def _can_fill(rules: Rules, hand, slots, keep: int, lone: bool = False) -> bool:
    if lone and keep >= 1:  # at least one and not exactly one: at least two
        keep, lone = max(keep, 2), False
    slots = [s for s in slots if s[2] > 0]
    if not slots:
        return left_ok(len(hand), keep, lone)
    hand = list(hand)
    if sum(s[1].start * s[2] for s in slots) + keep > len(hand):
        return False
    val, groups, dead = contract_search(rules, hand, slots, exact=True, order="rank").solve()
    if val is None:
        return False
    if left_ok(len(dead), keep, lone):
        return True
    if lone and len(dead) == 1:  # the fewest cards left is one: keep two instead
        return _can_fill(rules, hand, slots, 2)
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        if _can_fill(rules, rest, slots, keep - 1):
            return True
    return False


def fit_slots(slots: list[tuple[str, range, int]], melds: list[tuple[tuple, Reading]]):
    """Every way to place ``melds`` (already laid towards the contract) into distinct slots:
    the slots left open after each way, as lists of ``(kind, sizes, count)``."""
    results = []

    def place(i: int, left: list[int]):
        if i == len(melds):
            results.append([(k, n, c) for (k, n, _), c in zip(slots, left)])
            return
        cards, reading = melds[i]
        for j, (kind, sizes, _count) in enumerate(slots):
            if left[j] > 0 and reading.kind == kind and len(cards) in sizes:
                left[j] -= 1
                place(i + 1, left)
                left[j] += 1

    place(0, [c for _, _, c in slots])
    unique = []
    for r in results:
        if r not in unique:
            unique.append(r)
    return unique
