"""Meld questions the interpreter asks during play, built on the meld rules of
:mod:`.context` and the readings of :mod:`.classify`.

* :func:`readings_of`: the distinct readings of a group of cards, one per way of placing
  the wild cards (two wild cards trading places count once: the lowest card code takes the
  lowest place).
* :func:`hand_melds`: every meld that can be laid from a hand, with each of its readings.
* :func:`extensions`: what a table meld becomes when one card is laid off onto it, keeping
  what its wild cards already stand for.
* :func:`rescues`: which wild card of a table meld a natural card from the hand may take
  the place of.
* :func:`reading_value`: what a meld counts towards an opening threshold.
* :func:`can_fill`: can a hand still make given melds (what is left of a contract).

Nothing here knows a particular variant: every answer comes from the ``Rules`` tables.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .. import cards as C
from ..memo import Memo, attach, table
from .context import Rules
from .distinct import distinct_readings, pair_up as _pair_up
from .model import Reading
from .solver import Search

# ---------------------------------------------------------------- readings


def _dedupe(found: list[Reading]) -> tuple[Reading, ...]:
    """Readings that differ only by which of several wild cards fills which place are one
    reading; the representative gives the lowest card code the lowest place."""
    best: dict[tuple, Reading] = {}
    for r in found:
        key = (r.kind, r.rank, r.suit, r.ranks,
               tuple(sorted(w for w, _ in r.wilds)),
               tuple(sorted((s for _, s in r.wilds), key=lambda x: -1 if x is None else x)))
        old = best.get(key)
        if old is None or _order(r) < _order(old):
            best[key] = r
    return tuple(best.values())


def _order(r: Reading) -> tuple:
    return tuple((w, -1 if s is None else s) for w, s in r.wilds)


def reading_key(r: Reading) -> tuple:
    """The order readings are listed in: pure ones first, then fewer wild cards, sets
    before runs (as :func:`~rulespec.melds.classify.readings` sorts them), then the wilds."""
    return (not r.pure, len(r.wilds), r.kind != "set", r.rank or 0, r.suit or 0, r.ranks, _order(r))


_READINGS = Memo(200_000)


def readings_of(rules: Rules, cards) -> tuple[Reading, ...]:
    """The distinct readings of ``cards`` as one meld (empty: not a meld), ordered by
    :func:`reading_key`."""
    group = tuple(sorted(cards))
    return _READINGS.get_or((rules, group), _classified, rules, group)


def _classified(rules: Rules, group: tuple[int, ...]) -> tuple[Reading, ...]:
    return _in_order(_dedupe(distinct_readings(rules, group)))


def _remember(rules: Rules, group: tuple[int, ...], found) -> tuple[Reading, ...]:
    return _READINGS.get_or((rules, group), _in_order, found)


def _in_order(readings) -> tuple[Reading, ...]:
    return tuple(sorted(readings, key=reading_key))


# ---------------------------------------------------------------- melds in a hand


def _multisets(counts: list[tuple[int, int]], k: int):
    """Every multiset of ``k`` items drawn from ``(code, available)`` pairs, as tuples."""
    if k == 0:
        yield ()
        return
    if not counts:
        return
    (code, avail), rest = counts[0], counts[1:]
    for n in range(min(avail, k), -1, -1):
        for tail in _multisets(rest, k - n):
            yield (code,) * n + tail


def _natural_in(rules: Rules, card: int, kind: str) -> bool:
    """May ``card`` sit in a meld of ``kind`` as itself?"""
    if card == C.JOKER:
        return False
    if not rules.is_wild(card):
        return True
    if card not in rules.dual:
        return False
    return kind == "run" or rules.dual_in_sets


def _windows(rules: Rules):
    """Every window of places a run may occupy: ``(ranks, mask)`` with the rank indexes
    lowest first and the bit mask of those ranks."""
    hit = rules.__dict__.get("_engine_windows")
    if hit is None:
        hit = [(w, sum(1 << r for r in w)) for w in _make_windows(rules)]
        attach(rules, "_engine_windows", hit)
    return hit


def _windows_by_start(rules: Rules) -> dict[int, list[tuple[tuple[int, ...], int]]]:
    """The windows grouped by their first place, shortest first: each is the one before
    it plus one more place, so a scan from a place stops at the first gap."""
    hit = rules.__dict__.get("_engine_windows_by_start")
    if hit is None:
        hit = {}
        for w, mask in sorted(_windows(rules), key=lambda wm: len(wm[0])):
            hit.setdefault(w[0], []).append((w, mask))
        attach(rules, "_engine_windows_by_start", hit)
    return hit


def _make_windows(rules: Rules):
    out = []
    if rules.aces == "around":
        for length in range(rules.run_min, rules.run_max + 1):
            for start in range(13):
                out.append(tuple((start + t) % 13 for t in range(length)))
        return out
    lo, hi = rules.span_limits()
    for length in range(rules.run_min, rules.run_max + 1):
        for start in range(lo, hi - length + 2):
            ranks = tuple((start + t) % 13 for t in range(length))
            if len(set(ranks)) == length:
                out.append(ranks)
    return out


def _wild_limit(rules: Rules, naturals: int) -> int:
    return rules.wild_limit(naturals) if naturals else 0


def hand_melds(rules: Rules, hand) -> list[tuple[tuple[int, ...], Reading]]:
    """Every meld that can be laid from ``hand``: ``(cards, reading)`` pairs, cards sorted
    as a player sorts them, one pair per distinct reading. Deterministic order."""
    cnt = Counter(hand)
    if not any(rules.is_wild(c) for c in cnt):
        groups = _plain_groups(rules, cnt)
    else:  # the costly case: work it out from a recent hand when one is close
        recent = _RECENT.get_or(rules, list)
        groups = _groups_from_recent(rules, cnt, recent)
        if groups is None:
            groups = _wild_groups(rules, cnt)
        recent.append((cnt, groups))
        del recent[:-RECENT_HANDS]
    # a group's cards are sorted by code, which is how a player sorts them (suit, then
    # rank, jokers last: see cards.sort_key)
    return [(g, r) for g in sorted(groups, key=lambda g: (len(g), g)) for r in groups[g]]


#: how many of the latest hands' melds are kept per set of rules to work the next from
#: (hands with wild cards: :func:`_plain_groups` remembers the others by rank and suit)
RECENT_HANDS = 16
_RECENT = Memo(4)


def _groups_from_recent(rules: Rules, hand: Counter, recent: list):
    """The melds of ``hand`` (groups to readings) worked out from a recent hand that
    lacks at most four of its cards, all natural ones: its melds less those using a card
    gone, plus the melds using a new card (sets of its rank, runs of its suit). None when
    no recent hand is close enough."""
    for old_hand, old in reversed(recent):
        added = hand - old_hand
        if sum(added.values()) > 4 or any(c == C.JOKER or rules.is_wild(c) for c in added):
            continue
        removed = old_hand - hand
        base = old_hand - removed  # what the two hands share
        out = {g: r for g, r in old.items()
               if not any(g.count(c) > base[c] for c in removed if c in g)}
        if added:
            # every reading of a meld holding a new (natural) card is a set of its rank or
            # a run of its suit, so these readings are complete; not so for the other
            # groups met on the way, which are left out before their readings are kept
            found, _all_wild = _found(rules, hand, ranks={c % 13 for c in added},
                                      suits={c // 13 for c in added})
            for g, rs in found.items():
                if any(g.count(c) > base[c] for c in added):
                    out[g] = _remember(rules, g, rs)
        return out
    return None


def _wild_groups(rules: Rules, cnt: Counter) -> dict:
    """Every meld of the hand ``cnt`` (which holds wild cards), as its cards (sorted
    codes) to its readings."""
    found, all_wild = _found(rules, cnt)
    groups = {g: _remember(rules, g, rs) for g, rs in found.items() if g not in all_wild}
    for g in all_wild:
        groups[g] = readings_of(rules, g)
    return groups


def _found(rules: Rules, cnt: Counter, ranks=None, suits=None) -> tuple[dict, set]:
    """The melds of the hand ``cnt``, which holds wild cards (:func:`_plain_groups` lists
    the others), as they are met: each group of cards with the readings it was met under
    (every reading with a natural card in it is met), and the groups of wild cards alone.
    With ``ranks`` and ``suits``: only sets of those ranks and runs of those suits (and no
    all-wild groups)."""
    wild_avail = sorted((c, n) for c, n in cnt.items() if rules.is_wild(c))
    n_wild = sum(n for _, n in wild_avail)
    # every group met, with the readings it was met under (each construction is one
    # reading, and every reading with a natural card in it is constructed)
    found: dict[tuple[int, ...], set[Reading]] = {}
    all_wild: set[tuple[int, ...]] = set()

    k_wilds: dict[int, list] = {}  # k -> every k wild cards of the hand (none used as a natural)

    def wild_sets(naturals: tuple[int, ...], k: int):
        if k == 0:
            return ((),)
        if not rules.dual or not any(c in rules.dual for c in naturals):
            hit = k_wilds.get(k)
            if hit is None:
                hit = k_wilds[k] = list(_multisets(wild_avail, k))
            return hit
        used = Counter(naturals)
        avail = [(c, n - used[c]) for c, n in wild_avail if n - used[c] > 0]
        return _multisets(avail, k)

    if rules.has_sets:
        hi_size = rules.set_max
        by_rank: dict[int, list[int]] = {}
        for c in sorted(cnt):
            if _natural_in(rules, c, "set"):
                by_rank.setdefault(c % 13, []).append(c)
        for rank, pool in by_rank.items():
            if ranks is not None and rank not in ranks:
                continue
            if len(pool) + n_wild < rules.set_min and rules.distinct:
                continue
            if rules.distinct:
                choices = [sub for k in range(1, len(pool) + 1) for sub in combinations(pool, k)]
            else:
                choices = [sub for k in range(1, sum(cnt[c] for c in pool) + 1)
                           for sub in _multisets([(c, cnt[c]) for c in pool], k)]
            for nat in choices:
                n = len(nat)
                used_duals = sum(1 for c in nat if rules.is_wild(c))
                most = min(_wild_limit(rules, n), n_wild - used_duals)
                if hi_size is not None:
                    most = min(most, hi_size - n)
                for k in range(max(0, rules.set_min - n), most + 1):
                    for ws in wild_sets(nat, k):
                        group = tuple(sorted(nat + ws))
                        reading = Reading("set", rank=rank, wilds=tuple((w, None) for w in sorted(ws)))
                        found.setdefault(group, set()).add(reading)

    if rules.has_runs:
        windows = _windows(rules)
        runs_present = [0, 0, 0, 0]
        for c in cnt:
            if c != C.JOKER and _natural_in(rules, c, "run"):
                runs_present[c // 13] |= 1 << (c % 13)
        for suit in range(4):
            present = runs_present[suit]
            if not present or (suits is not None and suit not in suits):
                continue
            for window, mask in windows:
                have = mask & present
                if not have:
                    continue
                empty = (mask & ~present).bit_count()
                if empty > n_wild:
                    continue
                filled = [r for r in window if have >> r & 1]
                spare = n_wild - empty
                # places that hold a natural may still be filled by a wild card instead
                for drop in range(0, min(spare, len(filled) - 1) + 1):
                    for left_out in combinations(filled, drop):
                        nat = tuple(C.make(r, suit) for r in filled if r not in left_out)
                        k = empty + drop
                        duals_used = sum(1 for c in nat if rules.is_wild(c)) if rules.dual else 0
                        if k > _wild_limit(rules, len(nat)) or k > n_wild - duals_used:
                            continue
                        natural_ranks = {r for r in filled if r not in left_out}
                        places = sorted(C.make(r, suit) for r in window if r not in natural_ranks)
                        for ws in wild_sets(nat, k):
                            pairs = _pair_up(rules, ws, places)
                            if pairs is None:
                                continue
                            group = tuple(sorted(nat + ws))
                            reading = Reading("run", suit=suit, ranks=window, wilds=pairs)
                            found.setdefault(group, set()).add(reading)

    if rules.all_wild != "never" and n_wild and ranks is None:
        for k in range(1, n_wild + 1):
            if rules.all_wild_ok("set", k) or rules.all_wild_ok("run", k):
                for ws in _multisets(wild_avail, k):
                    all_wild.add(tuple(sorted(ws)))

    return found, all_wild


_PLAIN = Memo(50_000)


def _plain_groups(rules: Rules, cnt: Counter) -> dict:
    """The melds of a hand without wild cards: the sets of each rank and the runs of each
    suit, each remembered by the cards of that rank or suit the hand holds (a new card
    changes one rank and one suit). A joker that is not wild is in no meld."""
    cnt = Counter({c: n for c, n in cnt.items() if c != C.JOKER})
    groups: dict = {}
    if rules.has_sets:
        by_rank: dict[int, list] = {}
        for c in sorted(cnt):
            by_rank.setdefault(c % 13, []).append((c, cnt[c]))
        for rank, pool in by_rank.items():
            groups.update(_PLAIN.get_or((rules, "sets", tuple(pool)), _plain_sets, rules, rank, pool))
    if rules.has_runs:
        present_in = [0, 0, 0, 0]
        for c in cnt:
            present_in[c // 13] |= 1 << (c % 13)
        for suit, present in enumerate(present_in):
            if present:
                groups.update(_PLAIN.get_or((rules, "runs", suit, present), _plain_runs, rules, suit, present))
    return groups


def _plain_sets(rules: Rules, rank: int, pool: list) -> dict:
    """The sets of ``rank`` made of ``pool`` (``(card, copies)`` pairs): enough cards of
    the rank (distinct, if the rules say so)."""
    size = len(pool) if rules.distinct else sum(n for _, n in pool)
    if size < rules.set_min:
        return {}
    top = size if rules.set_max is None else min(size, rules.set_max)
    reading = {Reading("set", rank=rank, wilds=())}
    out = {}
    for k in range(rules.set_min, top + 1):
        subs = combinations([c for c, _ in pool], k) if rules.distinct else _multisets(pool, k)
        for sub in subs:
            out[sub] = _remember(rules, sub, reading)
    return out


def _plain_runs(rules: Rules, suit: int, present: int) -> dict:
    """The runs of ``suit`` when the hand holds the ranks of the bits of ``present``: any
    window wholly present (one group may be read from several windows round the corner)."""
    by_start = _windows_by_start(rules)
    found: dict = {}
    bits = present
    while bits:
        low = bits & -bits
        bits ^= low
        for window, mask in by_start.get(low.bit_length() - 1, ()):
            if mask & ~present:
                break
            group = tuple(sorted(C.make(q, suit) for q in window))
            found.setdefault(group, set()).add(Reading("run", suit=suit, ranks=window, wilds=()))
    return {g: _remember(rules, g, rs) for g, rs in found.items()}


def cards_in_melds(melds) -> set[int]:
    """The card codes that are in at least one of ``melds`` (:func:`hand_melds` pairs):
    a card of the hand outside them is deadwood whatever the arrangement."""
    out: set[int] = set()
    for cards, _reading in melds:
        out.update(cards)
    return out


# ---------------------------------------------------------------- the table


def _naturals(cards, reading: Reading) -> list[int]:
    left = Counter(cards)
    for w, _ in reading.wilds:
        left[w] -= 1
    return list(left.elements())


def run_low(rules: Rules, reading: Reading) -> int:
    """The place of a run reading's lowest card: its rank, except that an ace above the
    king is place 13 (it never comes first)."""
    return reading.ranks[0]


def _limits_ok(rules: Rules, kind: str, naturals: int, wilds: int, size: int) -> bool:
    if naturals == 0:
        return rules.all_wild_ok(kind, size)
    return wilds <= rules.wild_limit(naturals)


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
        if C.rank_of(card) == r and _natural_in(rules, card, "set"):
            if not (rules.distinct and C.suit_of(card) in {C.suit_of(c) for c in _naturals(cards, reading)}):
                if _limits_ok(rules, "set", n_nat + 1, n_wild, size):
                    out.append(reading)
        if wild and _limits_ok(rules, "set", n_nat, n_wild + 1, size):
            out.append(Reading("set", rank=r, wilds=tuple(sorted(reading.wilds + ((card, None),),
                                                                  key=_pair_key))))
        return out
    if size > rules.run_max:
        return out
    suit, ranks = reading.suit, reading.ranks
    low = ranks[0]
    length = len(ranks)
    ends = []
    if rules.aces == "around":
        if length < 13:
            ends = [("low", (low - 1) % 13), ("high", (low + length) % 13)]
    else:
        # places: an ace after a king is place 13
        top = low + length - 1
        if ranks[-1] == 0 and length > 1:
            top = 13
        if rules.window_ok(low - 1, length + 1):
            ends.append(("low", (low - 1) % 13))
        if rules.window_ok(low, length + 1) and top + 1 <= 13:
            ends.append(("high", (top + 1) % 13))
    for side, rank in ends:
        new_ranks = (rank,) + ranks if side == "low" else ranks + (rank,)
        target = C.make(rank, suit)
        if card == target and _natural_in(rules, card, "run"):
            if _limits_ok(rules, "run", n_nat + 1, n_wild, size):
                out.append(Reading("run", suit=suit, ranks=new_ranks, wilds=reading.wilds))
        if wild and not (card == target and card in rules.dual):
            if _limits_ok(rules, "run", n_nat, n_wild + 1, size):
                pairs = tuple(sorted(reading.wilds + ((card, target),), key=_pair_key))
                out.append(Reading("run", suit=suit, ranks=new_ranks, wilds=pairs))
    return out


def _pair_key(p):
    return (p[0], -1 if p[1] is None else p[1])


def rescues(rules: Rules, cards, reading: Reading, natural: int) -> list[tuple[int, Reading]]:
    """``(wild card, new reading)`` for each wild card of the meld that ``natural`` may take
    the place of. A wild card standing for itself (the 2 in A-2-3-4) stands for nothing and
    is never listed; nor is a replacement that would leave the meld breaking the limits."""
    out = []
    if not _natural_in(rules, natural, reading.kind):
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
        if not _limits_ok(rules, reading.kind, len(naturals) + 1, len(rest), len(cards)):
            continue
        new = Reading(reading.kind, rank=reading.rank, suit=reading.suit, ranks=reading.ranks,
                      wilds=rest)
        out.append((w, new))
    return out


# ---------------------------------------------------------------- opening


def reading_value(rules: Rules, cards, reading: Reading) -> int:
    """What the meld counts towards an opening threshold: opening values, a wild card
    counting as the card it stands for when the variant says so."""
    total = 0
    acting = Counter(w for w, _ in reading.wilds)
    for c in cards:
        if acting[c]:
            acting[c] -= 1
            continue
        total += rules.opening_natural[c]
    for w, stands in reading.wilds:
        if rules.wild_counts_as_natural:
            if stands is None:
                total += rules.opening_natural[C.make(reading.rank, 0)]
            else:
                total += rules.opening_natural[stands]
        else:
            total += rules.opening_value[w]
    return total


_OPEN = Memo(100_000)


def opening_value(rules: Rules, hand, keep: int = 0) -> int:
    """The largest opening value ``hand`` can lay down while keeping at least ``keep``
    cards in hand (the card a player must still discard)."""
    return _OPEN.get_or((rules, tuple(sorted(hand)), keep), _opening_value, rules, hand, keep)


_SOLVED = Memo(20_000)


def opening_solution(rules: Rules, hand) -> tuple:
    """The solver's best opening arrangement of ``hand`` (no card kept back): ``(value,
    melds, cards left)``."""
    return _SOLVED.get_or((rules, tuple(sorted(hand))), _opening_solution, rules, hand)


def _opening_solution(rules: Rules, hand) -> tuple:
    return Search(rules, list(hand), mode="opening").solve()


def opening_reaches(rules: Rules, hand, keep: int, need: int) -> bool:
    """Is :func:`opening_value` at least ``need``? Asked as a yes or no it can stop early:
    no search beyond the first when the best arrangement falls short or keeps enough."""
    if need <= 0:
        return True
    known = _OPEN.get((rules, tuple(sorted(hand)), keep))
    if known is not None:
        return known >= need
    val, _groups, dead = opening_solution(rules, hand)
    if val < need:
        return False
    if keep <= len(dead):
        return True
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        if opening_reaches(rules, rest, keep - 1, need):
            return True
    return False


def opening_bound(rules: Rules, hand, in_meld) -> int:
    """An upper bound of :func:`opening_value`, cheap enough to ask first: every card of
    ``hand`` that is in ``in_meld`` (the cards of the melds ``hand`` can make, or more), a
    wild card at the most it could count."""
    top = max(rules.opening_natural[:C.NUM_NATURAL])
    return sum(max(top, rules.opening_value[c]) if rules.is_wild(c) else rules.opening_natural[c]
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


_FILL = Memo(100_000)


def can_fill(rules: Rules, hand, slots: list[tuple[str, int, int]], keep: int = 0) -> bool:
    """Can ``hand`` still make the melds ``slots`` (``(kind, size, count)``: count melds of
    that kind of at least that size), keeping at least ``keep`` cards unmelded?"""
    return _FILL.get_or((rules, tuple(sorted(hand)), tuple(slots), keep), _can_fill, rules, hand, slots, keep)


def fill_groups(rules: Rules, hand, slots: list[tuple[str, int, int]], keep: int = 0):
    """One way to make ``slots`` from ``hand`` keeping ``keep`` cards: a list of
    ``(cards, slot)`` pairs, ``slot`` an index into ``slots``; None when the quick search
    finds none (which does not prove there is none: :func:`can_fill` decides)."""
    open_slots = [s for s in slots if s[2] > 0]
    if not open_slots:
        return []
    hand = list(hand)
    search = Search(rules, hand, slots=[(k, n, False) for k, n, _ in open_slots],
                    counts=[c for _, _, c in open_slots], exact=True)
    val, groups, dead = search.solve()
    if val is None or len(dead) < keep:
        return None
    # give each group the slot it fills
    left = [s[2] for s in slots]
    out = []

    def place(i: int) -> bool:
        if i == len(groups):
            return True
        g = groups[i]
        kinds = {r.kind for r in readings_of(rules, g)}
        for j, (kind, size, _c) in enumerate(slots):
            if left[j] > 0 and kind in kinds and len(g) >= size:
                left[j] -= 1
                out.append((tuple(g), j))
                if place(i + 1):
                    return True
                out.pop()
                left[j] += 1
        return False

    return out if place(0) else None


_FITTING: dict = table()


def _fitting(melds, kind: str, size: int) -> list:
    """The card groups of ``melds`` that fit a slot: ``(cards, (code, count) pairs)``
    (cached for the list object)."""
    key = (id(melds), kind, size)
    hit = _FITTING.get(key)
    if hit is None or hit[0] is not melds:
        if len(_FITTING) > 2000:
            _FITTING.clear()
        hit = _FITTING[key] = (melds, [(cards, tuple(Counter(cards).items())) for cards, r in melds
                                       if r.kind == kind and len(cards) >= size])
    return hit[1]


def fill_from(melds, hand, slots: list[tuple[str, int, int]], keep: int = 0,
              budget: int = 600, witness: bool = False):
    """Can ``slots`` be made of disjoint melds taken from ``melds`` (every ``(cards,
    reading)`` of a hand, as :func:`hand_melds` lists them) within ``hand`` (a Counter),
    keeping ``keep`` cards? None when the search gives up after ``budget`` steps. With
    ``witness``, a yes comes as the melds found: ``(cards, slot index)`` pairs."""
    need = [(k, n, j) for j, (k, n, c) in enumerate(slots) for _ in range(c)]
    total = sum(hand.values())
    if not need:
        return [] if witness and total >= keep else total >= keep
    have = [0] * 53
    for c, n in hand.items():
        have[c] = n
    by_slot = [_fitting(melds, kind, size) for kind, size, _j in need]
    steps = 0
    chosen: list = []

    def go(i: int, start: int, n_used: int) -> bool | None:
        nonlocal steps
        if i == len(need):
            return total - n_used >= keep
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


def can_fill_with(rules: Rules, melds, hand, slots, keep: int = 0) -> bool:
    """:func:`can_fill` that first tries the hand's own meld list (``melds``)."""
    quick = fill_from(melds, Counter(hand), slots, keep)
    if quick is None:
        return can_fill(rules, hand, slots, keep)
    return quick


def _can_fill(rules: Rules, hand, slots, keep: int) -> bool:
    slots = [s for s in slots if s[2] > 0]
    if not slots:
        return len(hand) >= keep
    hand = list(hand)
    if sum(s[1] * s[2] for s in slots) + keep > len(hand):
        return False
    search = Search(rules, hand, slots=[(k, n, False) for k, n, _ in slots],
                    counts=[c for _, _, c in slots], exact=True)
    val, groups, dead = search.solve()
    if val is None:
        return False
    if len(dead) >= keep:
        return True
    for d in set(hand):
        rest = list(hand)
        rest.remove(d)
        if _can_fill(rules, rest, slots, keep - 1):
            return True
    return False


_ALL = Memo(100_000)


def can_meld_all(rules: Rules, hand, leave: int = 0) -> bool:
    """Can every card of ``hand`` but at most ``leave`` go into melds?"""
    return _ALL.get_or((rules, tuple(sorted(hand)), leave), _can_meld_all, rules, hand, leave)


def _can_meld_all(rules: Rules, hand, leave: int) -> bool:
    hand = list(hand)
    if not hand:
        return True
    # quick no: more cards than may be left over are in no meld the hand can make
    used = cards_in_melds(hand_melds(rules, hand))
    if sum(1 for c in hand if c not in used) > leave:
        return False
    _v, groups, dead = Search(rules, hand).solve()
    if len(dead) <= leave:
        return True
    if leave == 0:
        return False
    for d in set(dead):
        rest = list(hand)
        rest.remove(d)
        if can_meld_all(rules, rest, leave - 1):
            return True
    return False


def _slot_size(rules: Rules, kind: str, size: int | None) -> int:
    if size is not None:
        return size
    return rules.run_min if kind == "run" else rules.set_min


def contract_slots(rules: Rules, option) -> list[tuple[str, int, int]]:
    """One alternative of a contract as ``(kind, size, count)`` slots."""
    return [(r.kind, _slot_size(rules, r.kind, r.size), r.count) for r in option]


def fit_slots(slots: list[tuple[str, int, int]], melds: list[tuple[tuple, Reading]]):
    """Every way to place ``melds`` (already laid towards the contract) into distinct slots:
    the slots left open after each way, as lists of ``(kind, size, count)``."""
    results = []

    def place(i: int, left: list[int]):
        if i == len(melds):
            results.append([(k, n, c) for (k, n, _), c in zip(slots, left)])
            return
        cards, reading = melds[i]
        for j, (kind, size, _count) in enumerate(slots):
            if left[j] > 0 and reading.kind == kind and len(cards) >= size:
                left[j] -= 1
                place(i + 1, left)
                left[j] += 1

    place(0, [c for _, _, c in slots])
    unique = []
    for r in results:
        if r not in unique:
            unique.append(r)
    return unique
