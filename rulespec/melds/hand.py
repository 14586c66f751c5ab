"""Every meld that can be laid from a hand (:func:`hand_melds`), each with its readings.

The interpreter lists meld moves from it, the greedy agent scores hands with it and the
playable checks of the compiler ask it whether a variant's hands can meld at all, so it
is asked of nearly every hand met and answers fast: hands without wild cards from tables
per rank and per suit, hands with them from the last hands seen (one card apart).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .. import cards as C
from ..memo import Memo
from .context import Rules
from .distinct import pair_up, readings_of, remember
from .model import Reading


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


_WINDOWS = Memo(64)


def _windows(rules: Rules) -> tuple[list, dict]:
    """Every window of places a run may occupy, shortest first, as ``(ranks, mask)``
    (rank indexes lowest first, the bit mask of those ranks); and the same grouped by
    their first place: each is the one before it plus one more place, so a scan from a
    place stops at the first gap."""
    return _WINDOWS.get_or(rules, _window_masks, rules)


def _window_masks(rules: Rules) -> tuple[list, dict]:
    windows = [(w, sum(1 << r for r in w)) for ws in rules.run_windows.values() for w in ws]
    by_start: dict[int, list] = {}
    for w, mask in windows:
        by_start.setdefault(w[0], []).append((w, mask))
    return windows, by_start


def _wild_limit(rules: Rules, naturals: int, kind: str) -> int:
    return rules.wild_limit(naturals, kind) if naturals else 0


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
                    out[g] = remember(rules, g, rs)
        return out
    return None


def _wild_groups(rules: Rules, cnt: Counter) -> dict:
    """Every meld of the hand ``cnt`` (which holds wild cards), as its cards (sorted
    codes) to its readings."""
    found, all_wild = _found(rules, cnt)
    groups = {g: remember(rules, g, rs) for g, rs in found.items() if g not in all_wild}
    for g in all_wild:
        groups[g] = readings_of(rules, g)
    return groups


class _Wilds:
    """The wild cards of a hand, and every choice of ``k`` of them beside given natural
    cards (a dual card used as a natural is not also a wild card)."""

    __slots__ = ("rules", "avail", "n", "_by_k")

    def __init__(self, rules: Rules, cnt: Counter):
        self.rules = rules
        self.avail = sorted((c, n) for c, n in cnt.items() if rules.is_wild(c))
        self.n = sum(n for _, n in self.avail)
        self._by_k: dict[int, list] = {}  # k -> every k wild cards (none used as natural)

    def choices(self, naturals: tuple[int, ...], k: int):
        if k == 0:
            return ((),)
        dual = self.rules.dual
        if not dual or not any(c in dual for c in naturals):
            hit = self._by_k.get(k)
            if hit is None:
                hit = self._by_k[k] = list(_multisets(self.avail, k))
            return hit
        used = Counter(naturals)
        avail = [(c, n - used[c]) for c, n in self.avail if n - used[c] > 0]
        return _multisets(avail, k)


def _found(rules: Rules, cnt: Counter, ranks=None, suits=None) -> tuple[dict, set]:
    """The melds of the hand ``cnt``, which holds wild cards (:func:`_plain_groups` lists
    the others), as they are met: each group of cards with the readings it was met under
    (each construction is one reading, and every reading with a natural card in it is
    constructed), and the groups of wild cards alone. With ``ranks`` and ``suits``: only
    sets of those ranks and runs of those suits (and no all-wild groups)."""
    wilds = _Wilds(rules, cnt)
    found: dict[tuple[int, ...], set[Reading]] = {}
    if rules.has_sets:
        _found_sets(rules, cnt, wilds, found, ranks)
    if rules.has_runs:
        _found_runs(rules, cnt, wilds, found, suits)
    all_wild: set[tuple[int, ...]] = set()
    if rules.all_wild != "never" and wilds.n and ranks is None:
        for k in range(1, wilds.n + 1):
            if rules.all_wild_ok("set", k) or rules.all_wild_ok("run", k):
                for ws in _multisets(wilds.avail, k):
                    all_wild.add(tuple(sorted(ws)))
    return found, all_wild


def _found_sets(rules: Rules, cnt: Counter, wilds: _Wilds, found: dict, ranks) -> None:
    """Add to ``found`` the sets of the hand ``cnt`` (of ``ranks`` only, unless None)."""
    n_wild = wilds.n
    hi_size = rules.set_max
    by_rank: dict[int, list[int]] = {}
    for c in sorted(cnt):
        if rules.natural_in(c, "set"):
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
            most = min(_wild_limit(rules, n, "set"), n_wild - used_duals)
            if hi_size is not None:
                most = min(most, hi_size - n)
            for k in range(max(0, rules.set_min - n), most + 1):
                for ws in wilds.choices(nat, k):
                    group = tuple(sorted(nat + ws))
                    reading = Reading("set", rank=rank, wilds=tuple((w, None) for w in sorted(ws)))
                    found.setdefault(group, set()).add(reading)


def _found_runs(rules: Rules, cnt: Counter, wilds: _Wilds, found: dict, suits) -> None:
    """Add to ``found`` the runs of the hand ``cnt`` (of ``suits`` only, unless None)."""
    n_wild = wilds.n
    windows = _windows(rules)[0]
    runs_present = [0, 0, 0, 0]
    for c in cnt:
        if c != C.JOKER and rules.natural_in(c, "run"):
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
                    if k > _wild_limit(rules, len(nat), "run") or k > n_wild - duals_used:
                        continue
                    natural_ranks = {r for r in filled if r not in left_out}
                    places = sorted(C.make(r, suit) for r in window if r not in natural_ranks)
                    for ws in wilds.choices(nat, k):
                        pairs = pair_up(rules, ws, places)
                        if pairs is None:
                            continue
                        group = tuple(sorted(nat + ws))
                        reading = Reading("run", suit=suit, ranks=window, wilds=pairs)
                        found.setdefault(group, set()).add(reading)


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
            key = (rules, "sets", tuple(pool))
            groups.update(_PLAIN.get_or(key, _plain_sets, rules, rank, pool))
    if rules.has_runs:
        present_in = [0, 0, 0, 0]
        for c in cnt:
            present_in[c // 13] |= 1 << (c % 13)
        for suit, present in enumerate(present_in):
            if present:
                key = (rules, "runs", suit, present)
                groups.update(_PLAIN.get_or(key, _plain_runs, rules, suit, present))
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
            out[sub] = remember(rules, sub, reading)
    return out


def _plain_runs(rules: Rules, suit: int, present: int) -> dict:
    """The runs of ``suit`` when the hand holds the ranks of the bits of ``present``: any
    window wholly present (one group may be read from several windows round the corner)."""
    by_start = _windows(rules)[1]
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
    return {g: remember(rules, g, rs) for g, rs in found.items()}


def cards_in_melds(melds) -> set[int]:
    """The card codes that are in at least one of ``melds`` (:func:`hand_melds` pairs):
    a card of the hand outside them is deadwood whatever the arrangement."""
    out: set[int] = set()
    for cards, _reading in melds:
        out.update(cards)
    return out


def lonely_cards(r: Rules, naturals: list[int], duals: list[int], wilds: int) -> list[int]:
    """The natural cards that can be in no meld: barred from every meld
    (``melds.barred``), or no other card could join them (same rank, or same suit close
    enough for a run) and wild cards alone cannot."""
    never = r.barred_in["set"] & r.barred_in["run"]
    if never and any(c in never for c in naturals):
        return [c for c in naturals if c in never] + [
            c for c in lonely_cards(r, [c for c in naturals if c not in never], duals, wilds)]
    sizes = (([(r.set_min, "set")] if r.has_sets else [])
             + ([(r.run_min, "run")] if r.has_runs else []))
    if not sizes or any(wilds >= n - 1 and r.wild_limit(1, kind) >= n - 1 for n, kind in sizes):
        return []
    pool = Counter(naturals + duals)
    reach = r.run_max - 1 if r.has_runs else -1
    codes_of_rank = [0] * 13
    ranks_in_suit: list[set[int]] = [set(), set(), set(), set()]
    for o in pool:
        codes_of_rank[C.rank_of(o)] += 1
        ranks_in_suit[C.suit_of(o)].add(C.rank_of(o))
    out = []
    for c in naturals:
        rank, suit = C.rank_of(c), C.suit_of(c)
        if r.has_sets and (codes_of_rank[rank] > 1 or (pool[c] > 1 and not r.distinct)):
            continue
        if reach > 0 and any(q != rank and _gap(r, rank, q) <= reach for q in ranks_in_suit[suit]):
            continue
        out.append(c)
    return out


def _gap(r: Rules, a: int, b: int) -> int:
    """The fewest places between two ranks in any run, the ace low, high or between
    (places in the pack's order: a stripped pack's 7 and J are one apart)."""
    d = abs(r.place_of[a] - r.place_of[b])
    return min(d, r.n_ranks - d)


def wild_only_duals(r: Rules, mode: str, naturals: list[int], duals) -> set[int]:
    """The dual cards (wild cards that may stand for themselves) of a hand not worth
    searching as themselves. Where they are dual only for a pure slot (no limit on wild
    cards, any all-wild meld allowed) and least deadwood is asked, a dual card in a meld
    as itself can be a wild card there instead, except in a pure sequence: one that no
    pure sequence of the hand's cards can hold is searched as a wild card only."""
    if r.roles_matter or mode != "deadwood" or not r.has_runs:
        return set()
    held = set(naturals) | set(duals)
    n, size = r.n_ranks, r.run_min
    out = set()
    for d in duals:
        suit, place = C.suit_of(d), r.place_of[C.rank_of(d)]
        # every window round the corner too: more than the rules allow, never fewer
        if not any(all(C.make(r.rank_at(p % n), suit) in held for p in range(lo, lo + size))
                   for lo in range(place - size + 1, place + 1)):
            out.add(d)
    return out
