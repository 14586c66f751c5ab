"""The exact solver: the best use of a hand under a ruleset.

A hand is split into natural cards and wild cards; natural cards no meld could hold are
deadwood at once. The rest become a count vector (4 bits at each card code's own place,
so copies from several packs cost nothing extra) and a memoised search takes the lowest
card left: it is either deadwood or the lowest card of a *skeleton* - the natural cards
of one meld - which needs ``g`` wild cards to be legal and can take up to ``cap``. Wild
cards are interchangeable for the search (the most valuable are melded first), so the
state is just (cards left, wilds left, requirements left). An answer does not depend on
the rest of the hand, so the searches of one set of rules share their memo tables (and
skeletons): the greedy agent asks about eleven hands that differ by one card at a time.

The same search answers three questions: least deadwood (``mode="deadwood"``), largest
opening value (``mode="opening"``) and the best arrangement that meets requirements
(``slots``: a contract's melds or a show's sequences, ``exact``: nothing beyond them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, product

from .. import cards as C
from ..memo import table
from .context import NEG, Rules
from .hand import lonely_cards, wild_only_duals
from .run_shapes import run_members

BITS = 4


def _guard(n: int) -> int:
    return sum(1 << (BITS * i + BITS - 1) for i in range(n))


#: the top bit of every card's field: subtracting a meld borrows into one of them when
#: the meld needs a card the state does not hold
GUARD = _guard(C.JOKER + 1)
#: above the cards' fields, one bit per rank that already has its one set (``melds:
#: one set of each rank``): the state remembers it, so no second set of that rank is made
FLAGS = BITS * (C.JOKER + 1)
CARDS = (1 << FLAGS) - 1
#: what the searches of one set of meld rules share (skeleton lists, memo tables), for
#: the few sets of rules used last (a deal's rules and the engine's counting copy of them);
#: each is dropped for a fresh start past these sizes: bounded memory in long simulations
SHARED_RULES = 4
SHARED_LIMIT = 10_000
MEMO_LIMIT = 200_000
#: no meld is this long: the open end of a slot of "N cards or more"
ANY_LENGTH = 1000
_SHARED: dict[int, tuple[Rules, dict]] = table()
#: where each card code's field sits in the state, by the order cards are taken in: "suit"
#: (the code's own place: a suit's cards, then the next suit's) or "rank" (a rank's cards
#: together). Both keep a rank's and a suit's cards in order, so every meld's lowest card,
#: and every skeleton, is the same; "rank" is far quicker where sets abound (several
#: packs): a set taken in suit order leaves holes in three suits still to come
PLACES = {"suit": tuple(range(C.JOKER + 1)),
          "rank": tuple(C.rank_of(c) * 4 + C.suit_of(c) for c in range(C.JOKER)) + (C.JOKER,)}
CODE_AT = {k: tuple(sorted(range(C.JOKER + 1), key=p.__getitem__)) for k, p in PLACES.items()}
#: hands of more cards than this are searched rank by rank where the answer shows its
#: melds (the best opening, the best arrangement): the same best value, no blow-up in a big
#: hand of several packs; small hands keep the suit order, whose arrangements the
#: rulebook's examples show. Yes-or-no and value-only searches take every hand rank by rank
BIG_HAND = 20


def order_for(hand) -> str:
    """The order of a search whose melds are shown: "rank" for a big hand, else "suit"."""
    return "rank" if len(hand) > BIG_HAND else "suit"


class Search:
    """One hand, one question. ``solve()`` returns the best value and the groups."""

    def __init__(
        self,
        rules: Rules,
        hand: Iterable[int],
        mode: str = "deadwood",
        slots: Sequence[tuple[str, int | range, bool]] = (),
        counts: Sequence[int] = (),
        exact: bool = False,
        charge: tuple = (),
        banned: int = 0,
        order: str = "suit",
    ):
        self.rules = rules
        self.order, self.place, self.code_at = order, PLACES[order], CODE_AT[order]
        # ranks (bit r) that may have no new set: their set is on the table already
        self.banned = banned << FLAGS if rules.one_per_rank else 0
        # ((needs left, price), ...): requirements may go unmet at a price (none: never)
        self.charge, self._price = tuple(charge), dict(charge)
        self.mode = mode
        # a slot's size is the sizes it takes: a bare number means that many or more
        self.slots = tuple((k, n if isinstance(n, range) else range(n, ANY_LENGTH), p)
                           for k, n, p in slots)
        self.exact = exact
        hand = list(hand)
        self.hand = hand
        r = rules
        self.dead_jokers = [c for c in hand if c == C.JOKER and not r.is_wild(c)]
        need_roles = r.roles_matter or any(s[2] for s in self.slots)
        if need_roles and not any(s[2] for s in self.slots) and not (
            r.not_outnumber or r.max_per_meld is not None or r.min_naturals
        ):
            # only the all-wild rule is left: it bites only on melds made of nothing but
            # wild cards, which need at least a minimum meld's worth of them
            capable = sum(1 for c in hand if r.is_wild(c))
            need_roles = capable >= min(r.set_min if r.has_sets else 99, r.run_min if r.has_runs else 99)
        self.nat_cards = [c for c in hand if c != C.JOKER and not r.is_wild(c)]
        self.dual_cards = [c for c in hand if c in r.dual] if need_roles else []
        self.wild_cards = [c for c in hand if r.is_wild(c) and (c not in r.dual or not need_roles)]
        # cards no meld can hold are deadwood whatever else happens: leave them out
        self.idle = lonely_cards(r, self.nat_cards, self.dual_cards,
                                 len(self.wild_cards) + len(self.dual_cards))
        if self.idle:  # every copy of a lonely card is lonely
            self.nat_cards = [c for c in self.nat_cards if c not in self.idle]
        if mode == "deadwood":
            self.card_val = r.value
        else:
            self.card_val = r.opening_value
        # wild cards count by how many are melded unless, when counting an opening,
        # each counts as the card it stands for
        self.per_place = mode == "opening" and r.wild_counts_as_natural
        # the state of the search: BITS bits per card code (at the code's own place, so
        # that states, skeletons and answers mean the same in every hand and are shared)
        cnt = Counter(self.nat_cards + self.dual_cards)
        self.codes = sorted(cnt)
        self.cnt = cnt
        self.wmax = len(self.wild_cards) + len(self.dual_cards)
        self.init_counts = tuple(counts) if counts else (1,) * len(self.slots)
        self._shared = shared = _shared_for(r)
        memos = shared.get("memos")
        if memos is None or sum(len(m) for m, _b in memos.values()) > MEMO_LIMIT:
            memos = shared["memos"] = {}
        self._memos = memos
        self._skel_key = ("skel", order, mode, self.per_place, bool(self.dual_cards), self.wmax)
        self._skel: dict[int, list] = {}

    # ------------------------------------------------------------ skeletons

    def skeletons(self, c: int) -> list:
        """The skeletons of card ``c`` (shared by every hand with the same cards of its
        rank and suit above it)."""
        got = self._skel.get(c)
        if got is None:
            rank, suit = C.rank_of(c), C.suit_of(c)
            near = tuple((o, self.cnt[o]) for o in self.codes
                         if o > c and (C.rank_of(o) == rank or C.suit_of(o) == suit))
            key = (self._skel_key, c, self.cnt[c], near)
            got = self._shared.get(key)
            if got is None:
                got = self._shared[key] = self._make_skeletons(c)
            self._skel[c] = got
        return got

    def _make_skeletons(self, c: int) -> list:
        r = self.rules
        codes, count = self.codes, self.cnt
        rank = C.rank_of(c)
        duals = r.dual if self.dual_cards else frozenset()
        val = self.card_val
        out = []
        seen = set()
        bar_set, bar_run = r.barred_in["set"], r.barred_in["run"]
        if r.has_sets and (c not in duals or r.dual_in_sets) and c not in bar_set:
            others = [o for o in codes if o > c and C.rank_of(o) == rank
                      and (o not in duals or r.dual_in_sets) and o not in bar_set]
            hi = r.set_max if r.set_max is not None else 99
            # a wild card could stand for a barred card of the rank: none in its sets
            wild_room = 0 if rank in r.barred_set_ranks else self.wmax
            if r.distinct:
                choices = []
                for k in range(len(others) + 1):
                    for sub in combinations(others, k):
                        choices.append(((c, 1),) + tuple((o, 1) for o in sub))
            else:
                ranges = [range(1, count[c] + 1)] + [range(0, count[o] + 1) for o in others]
                choices = []
                for ns in product(*ranges):
                    choices.append(tuple((o, n) for o, n in zip([c] + others, ns) if n))
            for ch in choices:
                n = sum(k for _, k in ch)
                if n > hi:
                    continue
                g = max(0, r.set_min - n)
                cap = min(hi - n, r.wild_limit(n, "set"), wild_room,
                          r.set_room(rank, [o for o, _ in ch]))
                if g > cap:
                    continue
                vec = sum(k << (BITS * self.place[o]) for o, k in ch)
                nat = sum(k * val[o] for o, k in ch)
                pure = all(o not in r.wild_codes for o, _ in ch)
                wv = None
                if self.per_place:
                    best_rank = max(r.opening_natural[C.make(rank, s)] for s in range(4))
                    wv = [j * best_rank for j in range(cap + 1)]
                cards = tuple(o for o, k in ch for _ in range(k))
                key = (vec, g, cap, "set")
                if key in seen:
                    continue
                seen.add(key)
                out.append((vec, nat, g, cap, "set", pure, cards, wv))
        if r.has_runs and c not in bar_run:
            out += self._run_skeletons(c)
        return out

    def _run_skeletons(self, c: int) -> list:
        """The run skeletons whose lowest card is ``c``."""
        r = self.rules
        rank, suit = C.rank_of(c), C.suit_of(c)
        val, bar_run = self.card_val, r.barred_in["run"]
        out, seen = [], set()
        others = [o for o in self.codes if o > c and C.suit_of(o) == suit and o not in bar_run]
        cuts = r.run_cuts[suit]
        # an opening counts an ace by its place in the run (the lowest card of its suit)
        by_place = self.mode == "opening" and r.ace_by_place and rank == 0
        for members, g, low, length in run_members(r, self.wmax, c, rank, others):
            n = len(members)
            cap = min(r.run_max - n, r.wild_limit(n, "run"), self.wmax)
            if cuts:  # the run and its wild cards keep clear of the barred places
                seg = r.run_segment(suit, low, length)
                if seg is None:
                    continue
                cap = min(cap, seg[1] - seg[0] + 1 - n)
            room = r.run_room(suit, low, length, [C.rank_of(o) for o in members])
            if room is None:
                continue
            cap = min(cap, room)
            if g > cap:
                continue
            vec = sum(1 << (BITS * self.place[o]) for o in members)
            nat = sum(val[o] for o in members)
            cards = tuple(members)
            wv = None
            if self.per_place or by_place:
                ranks = [C.rank_of(o) for o in cards]
                wv = r.run_wild_values(suit, low, length, ranks, cap, self.per_place,
                                       val[c] if by_place else None)
                if self.per_place:
                    out.append((vec, nat, g, cap, "run", True, cards, wv))
                    continue
            # the cap differs only where places are barred; the ace's place by its values
            key = (vec, "run", cap, None if wv is None else tuple(wv))
            if key in seen:
                continue
            seen.add(key)
            out.append((vec, nat, g, cap, "run", True, cards, wv))
        return out

    # ------------------------------------------------------------ leftover wilds

    def _free_items(self):
        """All-wild melds the rules allow: (kind, size, value)."""
        r = self.rules
        items = []
        for kind in ("set", "run"):
            for size in range(1, self.wmax + 1):
                if r.all_wild_ok(kind, size):
                    items.append((kind, size, self._all_wild_value(kind, size)))
        return items

    def _all_wild_value(self, kind, size):
        if not self.per_place:
            return 0
        r = self.rules
        v = r.opening_natural
        if kind == "set":
            return size * max(v[:52])
        best = 0
        end = size - 1
        for s in range(4):
            for start in range(r.n_ranks + 1):
                if ((r.window_ok(start, size) or r.aces == "around")
                        and (not r.run_cuts[s] or r.run_segment(s, start, size))):
                    best = max(best, sum(r.run_place_value(s, start + t, start, start + end)
                                         for t in range(size)))
        return best

    def base(self, k: int, needs: tuple) -> tuple[int, tuple]:
        """Best use of ``k`` leftover wild cards once the natural cards are done: fill the
        requirements still open with all-wild melds (or, where they have a price, those
        that are best filled, the others paid for), then meld what else can be melded."""
        if not self.charge:
            return self._base(k, needs)
        hit = self._base_memo.get(("priced", k, needs))
        if hit is None:
            hit = max(((v - self._price[tuple(n - f for n, f in zip(needs, filled))], choice)
                       for filled in product(*(range(n + 1) for n in needs))
                       for v, choice in [self._base(k, filled)] if v > NEG // 2),
                      default=(NEG, None), key=lambda vc: vc[0])
            self._base_memo[("priced", k, needs)] = hit
        return hit

    def _base(self, k: int, needs: tuple) -> tuple[int, tuple]:
        key = (k, needs)
        hit = self._base_memo.get(key)
        if hit is not None:
            return hit
        items = self._items
        # dp over requirement units: wilds used -> (value, melds)
        dp = {0: (0, ())}
        for s, left in enumerate(needs):
            kind, size, pure = self.slots[s]
            for _ in range(left):
                nxt = {}
                for used, (val, melds) in dp.items():
                    if pure:
                        continue
                    for it in items:
                        if (kind in ("any", it[0])) and it[1] in size and used + it[1] <= k:
                            u = used + it[1]
                            cand = (val + it[2], melds + ((it[0], it[1]),))
                            if u not in nxt or nxt[u][0] < cand[0]:
                                nxt[u] = cand
                dp = nxt
        if not self.exact:
            # more all-wild melds with what is left
            changed = True
            while changed:
                changed = False
                for used, (val, melds) in list(dp.items()):
                    for it in items:
                        u = used + it[1]
                        if u <= k:
                            cand = (val + it[2], melds + ((it[0], it[1]),))
                            if u not in dp or dp[u][0] < cand[0]:
                                dp[u] = cand
                                changed = True
        best = (NEG, None)
        used0 = self.wtotal - k
        for used, (val, melds) in dp.items():
            total = val
            if not self.per_place:
                total += self.prefix[used0 + used] - self.prefix[used0]
            if total > best[0]:
                best = (total, ("base", melds))
        self._base_memo[key] = best
        return best

    # ------------------------------------------------------------ the search

    def _f(self, state: int, k: int, needs: tuple) -> int:
        key = (state, k, needs)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        if not state & CARDS:
            res = self.base(k, needs)
            memo[key] = res
            return res[0]
        low = state & -state
        fi = (low.bit_length() - 1) // BITS
        best = self._f(state - (1 << (BITS * fi)), k, needs)
        fi = self.code_at[fi]
        choice = ("dead", fi)
        G = GUARD
        used = self.wtotal - k
        prefix = self.prefix
        slots = self.slots
        exact = self.exact
        one = self.rules.one_per_rank
        per_place = self.per_place
        for sk in self.skeletons(fi):
            vec, nat, g, cap, kind, pure, _cards, wv = sk
            if g > k or ((state | G) - vec) & G != G:
                continue
            if one and kind == "set":
                ns = self._after(state, sk, fi)
                if ns is None:
                    continue
            else:
                ns = state - vec
            top = cap if cap < k else k
            for j in range(g, top + 1):
                if wv is None:
                    gain = nat + prefix[used + j] - prefix[used]
                else:
                    if wv[j] <= NEG:
                        continue
                    gain = nat + wv[j]
                    if not per_place:  # wv: the ace's place; the wild cards their own
                        gain += prefix[used + j] - prefix[used]
                if not exact:
                    v = gain + self._f(ns, k - j, needs)
                    if v > best:
                        best, choice = v, ("skel", sk, j, None)
                for s, left in enumerate(needs):
                    if not left:
                        continue
                    skind, size, spure = slots[s]
                    if (skind != "any" and skind != kind) or len(_cards) + j not in size:
                        continue
                    if spure and (j or not pure or kind != "run"):
                        continue
                    nn = needs[:s] + (left - 1,) + needs[s + 1:]
                    v = gain + self._f(ns, k - j, nn)
                    if v > best:
                        best, choice = v, ("skel", sk, j, s)
        memo[key] = (best, choice)
        return best

    def _after(self, state: int, sk: tuple, low: int) -> int | None:
        """The state once skeleton ``sk`` (lowest card ``low``) is melded; None when it
        is a second set of one rank where each rank may have one."""
        if sk[4] != "set" or not self.rules.one_per_rank:
            return state - sk[0]
        flag = 1 << (FLAGS + C.rank_of(low))
        return None if state & flag else state - sk[0] + flag

    def solve(self):
        """Best value (melded value to maximise) and the groups of cards: (value,
        melds as card lists, deadwood cards). Value is None when requirements can't be met."""
        self._items = self._free_items()
        best = None
        dual_cnt = Counter(self.dual_cards)
        dual_codes = sorted(dual_cnt)
        fixed = wild_only_duals(self.rules, self.mode, self.nat_cards, dual_codes)
        options = [range(dual_cnt[d], dual_cnt[d] + 1) if d in fixed else range(dual_cnt[d] + 1)
                   for d in dual_codes]
        place = self.place
        base_state = sum(n << (BITS * place[c]) for c, n in self.cnt.items()) | self.banned
        for conv in product(*options):
            wilds = list(self.wild_cards)
            state = base_state
            for d, t in zip(dual_codes, conv):
                wilds += [d] * t
                state -= t << (BITS * place[d])
            wilds.sort(key=lambda c: -self.card_val[c])
            self.wilds = wilds
            self.wtotal = len(wilds)
            pre = [0]
            for c in wilds:
                pre.append(pre[-1] + self.card_val[c])
            self.prefix = pre
            # an answer depends on the question and the wild cards' worth, not on the
            # rest of the hand: every search of these rules asking the same shares them
            context = (self.order, self.mode, self.slots, self.exact, self.per_place, self.wmax,
                       tuple(self.card_val[c] for c in wilds), self.charge)
            memos = self._memos.get(context)
            if memos is None:
                memos = self._memos[context] = ({}, {})
            self.memo, self._base_memo = memos
            needs = self.init_counts
            val = self._f(state, len(wilds), needs)
            if val > NEG // 2 and (best is None or val > best[0]):
                best = (val, self._walk(state, len(wilds), needs))
        if best is None:
            return None, None, None
        val, (melds, dead) = best
        return val, melds, dead

    def _walk(self, state, k, needs):
        """Rebuild the groups behind the memoised best value."""
        melds: list[list[int]] = []
        dead: list[int] = list(self.dead_jokers) + self.idle
        wilds = self.wilds
        pos = 0
        while True:
            key = (state, k, needs)
            _val, choice = self.memo[key]
            if choice[0] == "base":
                for _kind, size in choice[1]:
                    melds.append(wilds[pos:pos + size])
                    pos += size
                dead.extend(wilds[pos:])
                return melds, dead
            if choice[0] == "dead":
                fi = choice[1]
                dead.append(fi)
                state -= 1 << (BITS * self.place[fi])
                continue
            _, sk, j, s = choice
            melds.append(list(sk[6]) + wilds[pos:pos + j])
            pos += j
            state = self._after(state, sk, sk[6][0])
            k -= j
            if s is not None:
                needs = needs[:s] + (needs[s] - 1,) + needs[s + 1:]


def _shared_for(rules: Rules) -> dict:
    """The table the searches of ``rules`` share (by identity: a copy of the rules with
    other card values, such as the engine's counting rules, has its own)."""
    hit = _SHARED.get(id(rules))
    if hit is None or hit[0] is not rules or len(hit[1]) > SHARED_LIMIT:
        if hit is None and len(_SHARED) >= SHARED_RULES:
            del _SHARED[next(iter(_SHARED))]  # the one used first
        hit = _SHARED[id(rules)] = (rules, {})
    return hit[1]
