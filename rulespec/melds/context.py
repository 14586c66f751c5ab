"""What a compiled ruleset says about melds, turned into flat tables once per ruleset.

Every meld function starts from :func:`rules_for`, so nothing about a particular variant
is written anywhere in ``rulespec.melds``: which cards are wild, what a card is worth and
how long a set or run may be all come from here, and here only from the ``Ruleset``.
"""

from __future__ import annotations

from .. import cards as C
from ..memo import Memo, attach
from ..ruleset import Ruleset

#: Longest run any aces rule allows: thirteen ranks, each at most once.
MAX_RUN = 13
#: no way to place so many wild cards (the solver's value of an impossible choice)
NEG = -(10**9)


class Rules:
    """The meld rules of one ruleset for one deal (``wild``: the card cut as wild joker)."""

    def __init__(self, ruleset: Ruleset, wild: int | None = None):
        self.ruleset = ruleset
        self.wild = wild
        w = ruleset.wilds
        wild_codes: set[int] = set()
        if w.jokers:
            wild_codes.add(C.JOKER)
        for r in w.ranks:
            ri = C.rank_index(r)
            wild_codes.update(C.make(ri, s) for s in range(4))
        for name in w.cards:
            wild_codes.add(C.parse_card(name))
        self.cut_rank: int | None = None
        if w.cut and wild is not None:
            if wild == C.JOKER:
                if w.cut_joker_rank is not None:
                    self.cut_rank = C.rank_index(w.cut_joker_rank)
            else:
                self.cut_rank = C.rank_of(wild)
            if self.cut_rank is not None:
                wild_codes.update(C.make(self.cut_rank, s) for s in range(4))
        self.wild_codes = frozenset(wild_codes)
        #: natural cards no wild card may stand for (``wilds.not_for``)
        self.not_for = frozenset(C.parse_card(n) for n in w.not_for)
        self.wild_bits = sum(1 << c for c in self.wild_codes)
        self.wild_bits_joker = self.wild_bits | (1 << C.JOKER)  # hands the table route skips
        #: wild cards that may also stand for themselves (the 2 in A-2-3-4)
        self.as_natural = w.as_natural
        self.dual = frozenset(c for c in self.wild_codes if c != C.JOKER) if w.as_natural != "never" else frozenset()
        self.dual_in_sets = w.as_natural == "always"

        self._values(ruleset)
        self.wild_counts_as_natural = ruleset.opening.wild_counts_as_natural

        m = ruleset.melds
        self.has_sets = m.set is not None
        #: at most one set of each rank (in an arrangement, and beside the table's)
        self.one_per_rank = m.one_per_rank is not None and m.set is not None
        self.has_runs = m.run is not None
        if m.set is not None:
            self.distinct = m.set.suits == "distinct"
            self.set_min = m.set.min
            hi = m.set.max
            if self.distinct:
                hi = 4 if hi is None else min(hi, 4)
            self.set_max = hi  # None: no upper limit
        else:
            self.distinct, self.set_min, self.set_max = True, 3, 4
        #: the ranks of the pack, lowest first, and each one's place in that order: runs
        #: follow the pack, so a stripped pack's 7 is next to its J (no 8s, 9s or 10s)
        self.order = ruleset.deck.ranks or tuple(range(13))
        self.n_ranks = len(self.order)
        self.place_of = {r: i for i, r in enumerate(self.order)}
        longest = min(MAX_RUN, self.n_ranks)
        if m.run is not None:
            self.run_min = m.run.min
            self.run_max = longest if m.run.max is None else min(m.run.max, longest)
        else:
            self.run_min, self.run_max = 3, longest
        # a pack without aces has no ace to put high or round the corner
        self.aces = ruleset.aces.mode if 0 in self.place_of else "low"
        self._barred(m)
        #: every window of places a run may occupy, by length: tuples of rank indexes,
        #: lowest place first, each rank at most once (built once: the searches ask often)
        self.run_windows = self._run_windows()
        self.max_per_meld = w.max_per_meld
        #: natural cards a meld with a wild card needs at least (0: no rule)
        self.min_naturals = w.min_naturals or 0
        self.not_outnumber = w.not_outnumber or w.naturals_outnumber
        #: naturals must outnumber the wild cards (one wild fewer than naturals at most)
        self.strict_outnumber = w.naturals_outnumber
        self.all_wild, self.all_wild_own = w.all_wild, w.all_wild_own  # own: no rank
        self.wilds_only_in = w.only_in  # "run" | "set" | None (Loba: jokers in runs only)
        #: whether a dual card's role (wild or itself) can change what melds are possible
        self.roles_matter = bool(self.dual) and (
            w.not_outnumber or w.naturals_outnumber or w.max_per_meld is not None
            or w.min_naturals is not None or w.all_wild != "any"
            or w.only_in is not None
        )

    def _values(self, ruleset: Ruleset) -> None:
        """The card values: what a card costs left in hand (``value``) and what it counts
        towards an opening (``opening_value``), wild status included, and both for the
        card as itself (``natural_value``, ``opening_natural``)."""
        v = ruleset.values
        self.natural_value = tuple(ruleset.natural_values) + (v.joker or 0,)
        self.value = self._wild_valued(self.natural_value, v.wild, v.joker is not None)
        # opening values (the threshold count): own table if the variant gives one
        ov = ruleset.opening.values or v
        onat = [ov.ranks[C.rank_of(c)] or 0 for c in range(C.NUM_NATURAL)]  # 0: not in the pack
        for cv in ov.cards:
            onat[C.parse_card(cv.card)] = cv.value
        for cv in ov.melded:  # no opening values of its own: a card counts as melded
            onat[C.parse_card(cv.card)] = cv.value
        onat.append(ov.joker if ov.joker is not None else (v.joker or 0))
        self.opening_natural = tuple(onat)
        self.opening_value = self._wild_valued(self.opening_natural, ov.wild,
                                               ov.joker is not None or v.joker is not None)
        #: what an ace counts towards an opening by its place in a run: low (A-2-3), high
        #: (Q-K-A), round the corner (K-A-2); None: its own value (Rami 51: 1 low, 11 else)
        self.opening_ace = {"low": ov.ace_low_run, "high": ov.ace_high_run,
                            "corner": ov.ace_corner_run}
        self.ace_by_place = any(x is not None for x in self.opening_ace.values())
        #: the most each card can count in an opening (an upper bound for quick noes)
        aces = [x for x in self.opening_ace.values() if x is not None]
        self.opening_most = tuple(max([onat[c]] + aces) if c < C.JOKER and C.rank_of(c) == 0
                                  else onat[c] for c in range(len(onat)))

    def _wild_valued(self, natural: tuple[int, ...], wild: int | None,
                     joker_valued: bool) -> tuple[int, ...]:
        """The table ``natural`` with every wild card worth ``wild`` (None: as itself), but
        a printed joker whose value the table gives (``joker_valued``): Five Crowns' jokers
        count 50 and its other wild cards 20."""
        if wild is None:
            return natural
        out = list(natural)
        for c in self.wild_codes:
            if c != C.JOKER or not joker_valued:
                out[c] = wild
        return tuple(out)

    def _barred(self, m) -> None:
        """The cards no meld of a kind may hold (``melds.barred``, ``barred_runs``,
        ``going_out_only``; a card wild in this deal is wild instead), the places of the
        pack's order no run of a suit may cover, and runs no longer than the longest
        stretch of places left."""
        def codes(names) -> frozenset[int]:
            return frozenset(C.parse_card(n) for n in names) - self.wild_codes

        self.out_only = codes(m.going_out_only)
        #: the sizes of the set they go out with (``… as a set of 3 or 4``; else a set's)
        size = m.going_out_size
        self.out_min = self.set_min if size is None else size.min
        self.out_max = self.set_max if size is None else size.max
        never = codes(m.barred) | self.out_only
        self.barred_in = {"set": never, "run": never | codes(m.barred_runs)}
        self.barred_any = bool(self.barred_in["run"])
        self.barred_bits = sum(1 << c for c in self.barred_in["run"])
        #: ranks a set may hold no wild card of (a wild card could stand for a barred card)
        self.barred_set_ranks = frozenset(C.rank_of(c) for c in never)
        high = self.aces in ("high", "either")
        cuts = [set(), set(), set(), set()]
        for c in self.barred_in["run"]:
            rank = C.rank_of(c)
            if rank in self.place_of:
                cuts[C.suit_of(c)].add(self.place_of[rank])
                if rank == 0 and high:
                    cuts[C.suit_of(c)].add(self.n_ranks)
        self.run_cuts = tuple(frozenset(x) for x in cuts)
        if any(self.run_cuts):
            room = max(self._longest_stretch(s) for s in range(4))
            self.run_max = min(self.run_max, room)
            if room < self.run_min:
                self.has_runs = False

    def _longest_stretch(self, suit: int) -> int:
        """The most places in a row that a run of ``suit`` may cover."""
        cuts = sorted(self.run_cuts[suit])
        n = self.n_ranks
        if self.aces == "around":
            if not cuts:
                return n
            return max((cuts[(i + 1) % len(cuts)] - c - 1) % n if len(cuts) > 1 else n - 1
                       for i, c in enumerate(cuts))
        lo, hi = self.span_limits()
        edges = [lo - 1] + [c for c in cuts if lo <= c <= hi] + [hi + 1]
        return max(b - a - 1 for a, b in zip(edges, edges[1:]))

    def run_segment(self, suit: int, low: int, length: int) -> tuple[int, int] | None:
        """The stretch of places ``(lo, hi)`` a run of ``suit`` covering ``length`` places
        from ``low`` may grow within (no barred place in it); None when the window covers
        a barred place. Round the corner, places past the pack's ends count on."""
        cuts = self.run_cuts[suit]
        top = low + length - 1
        if self.aces == "around":
            n = self.n_ranks
            if not cuts:
                return low - n, top + n
            if any((low + t) % n in cuts for t in range(length)):
                return None
            lo, hi = low, top
            while (lo - 1) % n not in cuts:
                lo -= 1
            while (hi + 1) % n not in cuts:
                hi += 1
            return lo, hi
        lo_lim, hi_lim = self.span_limits()
        if any(low <= p <= top for p in cuts):
            return None
        lo = max([p + 1 for p in cuts if p < low] + [lo_lim])
        hi = min([p - 1 for p in cuts if p > top] + [hi_lim])
        return lo, hi

    def reading_ok(self, cards, reading) -> bool:
        """Does ``reading`` of ``cards`` keep clear of the barred cards: none of them as
        itself, no wild card standing for one (in a set, none of a rank with a barred
        card)? Not the going-out exception (``out_only``), which the engine offers."""
        if not self.barred_any:
            return True
        bar = self.barred_in[reading.kind]
        acting = [w for w, _ in reading.wilds]
        for c in cards:
            if c in acting:
                acting.remove(c)
            elif c in bar:
                return False
        if reading.kind == "set":
            return not reading.wilds or reading.rank not in self.barred_set_ranks
        return not any(s in bar for _, s in reading.wilds)

    def is_wild(self, card: int) -> bool:
        return card in self.wild_codes

    def natural_in(self, card: int, kind: str) -> bool:
        """May ``card`` sit in a meld of ``kind`` as itself?"""
        if card == C.JOKER:
            return False
        if self.barred_any and card in self.barred_in[kind]:
            return False
        if card not in self.wild_codes:
            return True
        if card not in self.dual:
            return False
        return kind == "run" or self.dual_in_sets

    # ---------------------------------------------------------------- wild limits

    def wild_limit(self, naturals: int, kind: str | None = None) -> int:
        """Most wild cards a meld of ``kind`` (None: either) with ``naturals`` natural cards
        may hold (sizes aside)."""
        if kind is not None and self.wilds_only_in not in (None, kind):
            return 0
        if naturals < self.min_naturals:
            return 0
        lim = 99
        if self.max_per_meld is not None:
            lim = min(lim, self.max_per_meld)
        if self.not_outnumber and naturals > 0:
            lim = min(lim, naturals - self.strict_outnumber)
        return lim

    def limits_ok(self, kind: str, naturals: int, wilds: int) -> bool:
        """May a meld of ``kind`` hold ``wilds`` wild cards beside ``naturals`` natural
        ones (all wild: ``all_wild_ok``; sizes aside)?"""
        if naturals == 0:
            return self.all_wild_ok(kind, wilds)
        return wilds <= self.wild_limit(naturals, kind)

    def all_wild_ok(self, kind: str, size: int) -> bool:
        """May ``size`` wild cards alone make a meld of ``kind``?"""
        if self.all_wild == "never" or (self.all_wild == "sets" and kind != "set"):
            return False
        if self.wilds_only_in not in (None, kind):
            return False
        if self.max_per_meld is not None and size > self.max_per_meld:
            return False
        if kind == "set":
            return self.has_sets and size >= self.set_min and (self.set_max is None or size <= self.set_max)
        return self.has_runs and self.run_min <= size <= self.run_max

    # ---------------------------------------------------------------- run positions

    def place(self, rank: int) -> int:
        """The place of ``rank`` in the pack's order (the ace low): its rank index in a
        full pack; a stripped pack's places skip the ranks taken out."""
        return self.place_of[rank]

    def rank_at(self, place: int) -> int:
        """The rank at ``place`` (place ``n_ranks`` is an ace above the king)."""
        return self.order[place % self.n_ranks]

    def run_places(self, ranks: list[int]) -> list[tuple[int, int]]:
        """The tightest windows ``(low, length)`` a run holding exactly these distinct
        ranks can sit in. Positions are places in the pack's order (:meth:`place`),
        except that position ``n_ranks`` (13 in a full pack) is an ace above the king
        (aces ``high`` or ``either``); with ``around`` a window wraps past K."""
        mode = self.aces
        n = self.n_ranks
        out: list[tuple[int, int]] = []
        ranks = [self.place_of[r] for r in ranks]
        if mode == "around":
            rs = sorted(ranks)
            if len(rs) == 1:
                return [(rs[0], 1)]
            best = None
            for t in range(len(rs)):
                nxt = rs[(t + 1) % len(rs)] + (n if t == len(rs) - 1 else 0)
                gap = nxt - rs[t]
                if best is None or gap > best[0]:
                    best = (gap, rs[(t + 1) % len(rs)])
            length = n - best[0] + 1
            return [(best[1], length)]
        options = [[r] for r in ranks]
        if mode == "high":
            options = [[n] if r == 0 else [r] for r in ranks]
        elif mode == "either":
            options = [[0, n] if r == 0 else [r] for r in ranks]
        base = [o[0] for o in options]
        if 0 in ranks and mode == "either":
            lo_variant = base
            hi_variant = [n if r == 0 else r for r in ranks]
            for pos in (lo_variant, hi_variant):
                out.append((min(pos), max(pos) - min(pos) + 1))
            return out
        return [(min(base), max(base) - min(base) + 1)]

    def set_room(self, rank: int, naturals) -> int:
        """Most wild cards a set of ``rank`` beside ``naturals`` may take where wild cards
        may not stand for some cards: with distinct suits a wild card stands for a suit
        the set lacks, never a barred card; in a set of any suits it stands for no suit."""
        if not self.not_for or not self.distinct:
            return 99
        held = {C.suit_of(c) for c in naturals}
        return sum(1 for s in range(4)
                   if s not in held and C.make(rank, s) not in self.not_for)

    def run_room(self, suit: int, low: int, length: int, ranks) -> int | None:
        """Most wild cards a run of ``suit`` whose natural cards (of ``ranks``) span the
        window ``(low, length)`` may take where wild cards may not stand for some cards:
        its gaps and the places it can grow into at either end before a barred card or
        the end of the pack. None when a gap is a barred card."""
        if not self.not_for:
            return 99
        def barred(place: int) -> bool:
            return C.make(self.rank_at(place), suit) in self.not_for
        present = set(ranks)
        gaps = [p for p in range(low, low + length) if self.rank_at(p) not in present]
        if any(map(barred, gaps)):
            return None
        down = 0
        while self.window_ok(low - down - 1, length + down + 1) and not barred(low - down - 1):
            down += 1
        best = 0
        for a in range(down + 1):
            b = 0
            while (self.window_ok(low - a, length + a + b + 1)
                   and not barred(low + length + b)):
                b += 1
            best = max(best, a + b)
        return len(gaps) + best

    def window_ok(self, low: int, length: int) -> bool:
        """Can a run occupy ``length`` places starting at position ``low``?"""
        if length > self.run_max or length < 1:
            return False
        if self.aces == "around":
            return True
        lo, hi = self.span_limits()
        return lo <= low and low + length - 1 <= hi and length <= self.n_ranks

    def _run_windows(self) -> dict[int, tuple[tuple[int, ...], ...]]:
        key = (self.aces, self.run_min, self.run_max, self.order)
        return _RUN_WINDOWS.get_or(key, _make_run_windows, self.aces, self.run_min,
                                   self.run_max, self.span_limits(), self.order)

    def ace_at(self, code: int, where: str) -> int:
        """What ``code`` counts towards an opening at ``where`` in a run (``low``, ``high``
        or ``corner``): an ace its value by place where the rules give one, else its own."""
        if code < C.JOKER and C.rank_of(code) == 0:
            got = self.opening_ace[where]
            if got is not None:
                return got
        return self.opening_natural[code]

    def run_place_value(self, suit: int, p: int, start: int, end: int) -> int:
        """The opening value of the card of ``suit`` at position ``p`` of a run spanning
        positions ``start`` to ``end`` (an ace by its place there)."""
        where = "low" if p == start else "high" if p == end else "corner"
        return self.ace_at(C.make(self.rank_at(p), suit), where)

    def run_wild_values(self, suit, low, length, ranks, cap, wilds: bool = True,
                        ace: int | None = None) -> list[int]:
        """Opening value of j wild cards in a run (j = 0..cap): the gaps first, then the
        best extension at either end. Without ``wilds`` the wild cards count nothing here
        (their own values are added elsewhere); ``ace``: the value counted for the run's
        natural ace, which is put right by its place (low, high or round the corner)."""
        r = self
        present = set(ranks)
        at = r.rank_at
        pv = r.run_place_value
        last = low + length - 1
        gap_val = sum(pv(suit, low + t, low, last) for t in range(length)
                      if at(low + t) not in present) if wilds else 0
        gaps = length - len(ranks)
        ace_pos = (next((p for p in range(low, last + 1) if at(p) == 0), None)
                   if ace is not None else None)
        out = [NEG] * (cap + 1)  # NEG: no way to place j wild cards
        seg = r.run_segment(suit, low, length)
        if seg is None:
            return out
        lo_lim, hi_lim = seg
        bounded = r.aces != "around" or bool(r.run_cuts[suit])
        for j in range(gaps, cap + 1):
            e = j - gaps
            best = NEG
            for a in range(e + 1):
                b = e - a
                start, end = low - a, low + length - 1 + b
                if end - start + 1 > r.run_max:
                    continue
                if bounded and (start < lo_lim or end > hi_lim):
                    continue
                s = 0
                if wilds:
                    s = sum(pv(suit, p, start, end) for p in range(start, low))
                    s += sum(pv(suit, p, start, end) for p in range(low + length, end + 1))
                if ace_pos is not None:
                    s += pv(suit, ace_pos, start, end) - ace
                best = max(best, s)
            if best > NEG:
                out[j] = gap_val + best
        return out

    def span_limits(self) -> tuple[int, int]:
        """Lowest and highest window position a run may use (``around`` is circular)."""
        top = self.n_ranks - 1
        return {"low": (0, top), "high": (1, top + 1), "either": (0, top + 1)}.get(self.aces, (0, top))


#: run windows by (aces, shortest run, longest run, the pack's ranks): the same for every
#: deal of a ruleset
_RUN_WINDOWS = Memo(64)


def _make_run_windows(aces: str, run_min: int, run_max: int, span: tuple[int, int],
                      order: tuple[int, ...]) -> dict:
    out = {}
    n = len(order)
    for length in range(run_min, run_max + 1):
        starts = range(n) if aces == "around" else range(span[0], span[1] - length + 2)
        windows = (tuple(order[(start + t) % n] for t in range(length)) for start in starts)
        out[length] = tuple(w for w in windows if len(set(w)) == length)
    return out


def rules_for(ruleset: Ruleset, wild: int | None = None) -> Rules:
    """The tables of ``ruleset`` for a deal whose cut wild card is ``wild``, built once and
    cached on the ruleset object itself (like its ``cached_property`` fields): hashing a
    whole frozen ruleset on every call would cost more than the lookups it saves."""
    try:
        return ruleset.__dict__["_meld_rules"][wild]
    except KeyError:
        cache = ruleset.__dict__.get("_meld_rules") or attach(ruleset, "_meld_rules", {})
        rules = cache[wild] = Rules(ruleset, wild)
        return rules


def card_value(ruleset: Ruleset, card: int, wild: int | None = None) -> int:
    """What ``card`` costs left in a hand: a printed joker ``values.joker`` when the variant
    sets it, another wild card ``values.wild`` when it sets that, any other card its rank's
    value."""
    return rules_for(ruleset, wild).value[card]
