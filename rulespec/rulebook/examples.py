"""Examples for a rulebook page, each confirmed by the meld code of the variant itself.

Candidates are built from the variant's rules (sizes, suits, wild cards); a candidate is
shown only when the meld code agrees with what the page would say about it: a "valid"
example that the code rejects, or an "invalid" one it accepts, is dropped, never printed.
Nothing here knows a particular variant.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from . import prose
from . import words as W

#: The card imagined as cut for the deal when a variant cuts a wild card (any would do;
#: the examples below avoid its rank).
EXAMPLE_CUT = "JH"
#: The upcard imagined in a worked knock when the upcard sets the knock limit.
EXAMPLE_UPCARD = "8D"


def cards(text: str) -> list[int]:
    return C.parse_cards(text)


def fit_to_pack(ranks: tuple[int, ...], hands: list[list[int]]) -> list[list[int]]:
    """``hands`` with every card of a rank the pack lacks (a stripped pack's 8s, 9s and
    10s) swapped for a card of the same suit the pack has and no hand holds, the nearest
    rank first: the worked examples' fixed hands, made playable in that pack."""
    kept = set(ranks)
    if len(kept) == 13:
        return hands
    used = {c for h in hands for c in h}
    out = []
    for h in hands:
        new = []
        for c in h:
            if c != C.JOKER and C.rank_of(c) not in kept:
                s, r = C.suit_of(c), C.rank_of(c)
                spare = [C.make(q, t) for t in [s] + [x for x in range(4) if x != s]
                         for q in sorted(kept, key=lambda q: (abs(q - r), -q))
                         if C.make(q, t) not in used]
                if spare:
                    c = spare[0]
                    used.add(c)
            new.append(c)
        out.append(new)
    return out


def wild_codes(ruleset, cut: int | None = None) -> set[int]:
    """Every card the variant makes wild (with ``cut``, the rank cut for the deal)."""
    w = ruleset.wilds
    out = {C.JOKER} if w.jokers else set()
    for rank in w.ranks:
        out.update(C.make(C.rank_index(rank), s) for s in range(4))
    out.update(C.parse_card(c) for c in w.cards)
    if cut is not None:
        out.update(C.make(C.rank_of(cut), s) for s in range(4))
    return out


def plain_suit(codes: list[int], wild: set[int]) -> list[int]:
    """``codes`` (cards of one suit) moved to the first suit in which none of them is wild,
    so a run shown as natural is natural (Pinnacola's black twos are wild: its A-2-3 is in
    hearts); as given when every suit has a wild card among them."""
    for s in range(4):
        moved = [C.make(C.rank_of(c), s) for c in codes]
        if not wild & set(moved):
            return moved
    return codes


@dataclass(frozen=True)
class Example:
    cards: tuple[int, ...]
    ok: bool
    note: str


class Examples:
    """Meld, show and scoring examples of one variant."""

    def __init__(self, variant, vocab):
        self.v = variant
        self.r = variant.ruleset
        self.vocab = vocab
        w = self.r.wilds
        self.cut = C.parse_card(EXAMPLE_CUT) if w.cut else None
        self.wild = self._a_wild()
        self.single_pack = self.r.deck.packs_for(self.r.players.min) == 1 and all(
            p.packs == 1 for p in self.r.deck.packs)

    # ------------------------------------------------------------ helpers
    def _a_wild(self) -> int | None:
        """One wild card to use in examples, the plainest the variant has."""
        w = self.r.wilds
        if w.jokers and self.r.deck.has_jokers:
            return C.JOKER
        if w.ranks:
            return C.make(C.rank_index(w.ranks[0]), 3)
        if w.cards:
            return C.parse_card(w.cards[0])
        if self.cut is not None:
            return C.make(C.rank_of(self.cut), 0)
        return None

    def classify(self, codes):
        return self.v.classify_meld(list(codes), wild=self.cut)

    def wild_name(self, code: int) -> str:
        if code == C.JOKER:
            return "the joker"
        return W.card(code)

    def describe(self, meld) -> str:
        """What a valid meld is, in the variant's words, with what its wilds stand for."""
        r = meld.readings[0]
        wilds = self._wild_codes()
        if all(c in wilds for c in meld.cards):
            kind = self.vocab.set if r.kind == "set" else self.vocab.run
            return f"a {kind} made only of wild cards"
        if r.kind == "set":
            head = f"a {self.vocab.set} of {W.rank_name(C.RANKS[r.rank], many=True)}"
        else:
            suit = C.SUIT_NAMES[C.SUITS[r.suit]]
            head = f"a {self.vocab.run} in {suit}"
            if self.r.show is not None and self.r.show.pure:
                head = f"{'a pure' if meld.pure else 'an impure'} {self.vocab.run} in {suit}"
        stands = []
        for wcard, natural in r.wilds:
            if natural is not None:
                what = W.card(natural)
            else:
                name = W.rank_name(C.RANKS[r.rank])
                what = f"{'an' if name[0] in 'ae' else 'a'} {name}"
            stands.append(f"{self.wild_name(wcard)} stands for {what}")
        own = [c for c in meld.cards if c in self._wild_codes() and c not in [w for w, _ in r.wilds]]
        for c in own:
            stands.append(f"{W.card(c)} stands for itself")
        return head + (f" ({W.join(stands)})" if stands else "")

    def _wild_codes(self) -> set[int]:
        return wild_codes(self.r, self.cut)

    def _run(self, start: int, length: int, suit: int) -> list[int]:
        """``length`` cards of ``suit`` in a row from rank ``start`` (or the next rank the
        pack has): a stripped pack's rows skip the ranks it lacks."""
        order = self.r.deck.ranks
        i = next((k for k, r in enumerate(order) if r >= start), len(order))
        if i + length > len(order):
            return [C.make(start + t, suit) for t in range(length)]  # off the end: dropped
        return [C.make(order[i + t], suit) for t in range(length)]

    def in_pack(self, codes) -> bool:
        """Does the deck hold every one of ``codes``? (A stripped pack lacks some ranks.)"""
        kept = set(self.r.deck.ranks)
        return all(c == C.JOKER or (0 <= c < C.NUM_NATURAL and C.rank_of(c) in kept)
                   for c in codes)

    def gap_run(self) -> Example | None:
        """The shortest run across the ranks a stripped pack lacks (6-7-J without 8s,
        9s and 10s), judged by the meld code; None for a full pack or when none is a run."""
        order, r = self.r.deck.ranks, self.r
        if not r.deck.without or r.melds.run is None:
            return None
        n = max(3, r.melds.run.min)
        for i in range(len(order) - 1):
            if order[i + 1] - order[i] > 1:
                lo = max(0, min(i - (n - 2), len(order) - n))
                codes = [C.make(order[lo + t], 0) for t in range(n)]
                return self._valid(codes)
        return None

    # ------------------------------------------------------------ melds
    def melds(self) -> list[Example]:
        """Valid and invalid melds of this variant (each checked by the meld code)."""
        r, m, out = self.r, self.r.melds, []
        s_w = self.vocab.set
        wild = self.wild
        if m.set is not None:
            n = max(3, m.set.min)
            seven = [C.make(6, s % 4) for s in range(n)]
            out.append(self._valid(seven))
            if m.set.max is None or m.set.max >= 4:
                out.append(self._valid(cards("QS QH QD QC")))
            if m.set.suits == "any" and not self.single_pack:
                out.append(self._valid(cards("8S 8S 8H"), f"a {s_w} of eights: two cards may share a suit"))
            if wild is not None:
                out.append(self._valid(cards("9C 9D") + [wild]))
        if m.run is not None:
            n = max(3, m.run.min)
            out.append(self._valid(self._run(3, n, 1)))
            out.append(self.gap_run())  # a stripped pack's run across its gap
            if wild is not None:
                naturals = self._run(4, max(n, 4), 2)
                out.append(self._valid(naturals[:2] + [wild] + naturals[3:]))
        if wild is not None and r.wilds.all_wild != "never":
            pool = self._wild_pool(3)
            if pool:
                out.append(self._valid(pool))
        if r.wilds.as_natural != "never" and wild is not None and wild != C.JOKER:
            rank = C.rank_of(wild)
            lo = max(0, min(rank - 1, 13 - max(3, self.r.melds.run.min if m.run else 3)))
            if m.run is not None:
                out.append(self._valid(self._run(lo, max(4, m.run.min), C.suit_of(wild))))

        # invalid ones, each with the reason the page gives
        if m.set is not None:
            exact = m.set.max == m.set.min
            out.append(self._invalid(cards("7D 7C"), self._why("few exact" if exact else "few",
                                                                 m.set.min)))
            if m.set.suits == "distinct" and not self.single_pack:
                twice = "4S 4D 4H 4S" if m.set.max is None or m.set.max >= 4 else "4S 4D 4S"
                out.append(self._invalid(cards(twice), self._why("same suit")))
        if m.run is not None:
            out.append(self._invalid(cards("5S 6H 7S"), self._why("mixed suits")))
            out.append(self._invalid(cards("4C 5C 7C 8C")[: max(3, m.run.min)] if m.run.min <= 3 else
                                     cards("4C 5C 7C 8C"), self._why("gap")))
            if m.run.min > 3:
                out.append(self._invalid(self._run(3, m.run.min - 1, 1),
                                         self._why("short", m.run.min)))
            if m.run.max is not None and m.run.max < 13:
                out.append(self._invalid(self._run(1, m.run.max + 1, 0),
                                         self._why("long", m.run.max)))
        if wild is not None:
            if r.wilds.not_outnumber:
                pool = self._wild_pool(2)
                if pool:
                    out.append(self._invalid(cards("7S") + pool, self._why("outnumber")))
            least = r.wilds.min_naturals
            if least is not None:  # one natural card short, the rest wild
                pool = self._wild_pool(max(1, 3 - (least - 1)))
                if pool:
                    out.append(self._invalid(cards("9S 9H 9D 9C 9S 9H")[: least - 1] + pool,
                                             self._why("min naturals", least)))
            if r.wilds.max_per_meld is not None:
                k = r.wilds.max_per_meld + 1
                pool = self._wild_pool(k)
                if pool:
                    out.append(self._invalid(cards("9S 9H 9D")[: max(1, k)] + pool,
                                             self._why("wild per meld", r.wilds.max_per_meld)))
            if r.wilds.all_wild == "never" and r.wilds.max_per_meld is None:
                # as many wild cards as the shortest meld, so "no natural card" is the only
                # fault (not too few cards, nor too many wild ones: the Chinese Rummy trial)
                sizes = [k.min for k in (m.set, m.run) if k is not None]
                pool = self._wild_pool(max(3, min(sizes, default=3)))
                if pool:
                    out.append(self._invalid(pool, self._why("all wild")))
        out += self._barred()
        return [e for e in out if e is not None]

    def _barred(self) -> list[Example | None]:
        """A meld that holds cards that may not be melded (``melds.barred``), be in runs
        (``barred_runs``) or be melded but when going out (``going_out_only``)."""
        m, out = self.r.melds, []
        for field in ("barred", "going_out_only", "barred_runs"):
            names = getattr(m, field)
            kind = m.run if field == "barred_runs" else m.set
            if not names or kind is None:
                continue
            first = C.parse_card(names[0])
            rank, suit = C.rank_of(first), C.suit_of(first)
            if field == "barred_runs":
                group = self._run(max(0, min(rank - 1, 10)), max(3, kind.min), suit)
            else:
                mine = [C.parse_card(c) for c in names if C.rank_of(C.parse_card(c)) == rank]
                others = [C.make(rank, s) for s in range(4) if C.make(rank, s) not in mine]
                pool = mine + (mine if kind.suits == "any" and not self.single_pack else [])
                if field == "barred":
                    pool = mine[:1] + others + mine[1:]
                group = pool[:max(3, kind.min)]
            words = W.bonus_names(names, "such card")[0]
            out.append(self._invalid(group, self._why(field, words=words)))
        return out

    def _wild_pool(self, n: int) -> list[int] | None:
        """``n`` wild cards that one deck can hold at once (for all-wild melds)."""
        r = self.r
        have: list[int] = []
        jokers = r.deck.jokers_for(r.players.max or r.players.min) if r.wilds.jokers else 0
        have += [C.JOKER] * jokers
        for rank in r.wilds.ranks:
            have += [C.make(C.rank_index(rank), s) for s in range(4)]
        have += [C.parse_card(c) for c in r.wilds.cards]
        if self.cut is not None:
            have += [C.make(C.rank_of(self.cut), s) for s in range(4)]
        return have[:n] if len(have) >= n else None

    def _valid(self, codes, note: str | None = None) -> Example | None:
        if not self.in_pack(codes):
            return None
        meld = self.classify(codes)
        if meld is None:
            return None
        return Example(tuple(codes), True, note or self.describe(meld))

    def _why(self, why: str, n: int | None = None, words: str | None = None) -> str:
        """Why an example is not a meld, in the words of ``templates/prose/examples.md.j2``."""
        return prose.say("examples", "not_a_meld", why=why, v=self.vocab, n=n, words=words)

    def _invalid(self, codes, reason: str) -> Example | None:
        if not self.in_pack(codes) or self.classify(codes) is not None:
            return None
        return Example(tuple(codes), False, reason)

    # ------------------------------------------------------------ aces
    def ace_runs(self) -> list[Example]:
        """Low, high and round-the-corner runs, as the meld code judges them."""
        if self.r.melds.run is None:
            return []
        n = max(3, self.r.melds.run.min)
        order = self.r.deck.ranks  # the pack's ranks: a stripped pack's runs skip its gaps
        if not order or order[0] != 0 or len(order) < n:
            return []
        low = [C.make(i, 0) for i in order[:n]]
        high = [C.make(i, 0) for i in order[len(order) - n + 1:]] + [C.make(0, 0)]
        corner = [C.make(order[-1], 0), C.make(0, 0)] + [C.make(i, 0) for i in order[1:n - 1]]
        out, wild, seen = [], self._wild_codes(), set()
        for codes, name in ((low, "ace low"), (high, "ace high"), (corner, "round the corner")):
            codes = plain_suit(codes, wild)
            if tuple(sorted(codes)) in seen:  # a pack of as many ranks as a run: the same
                continue  # cards in another order show nothing (Chinese Rummy's A-5)
            seen.add(tuple(sorted(codes)))
            meld = self.classify(codes)
            # a wild two may make K-A-2 a run by standing for a queen: only a reading with
            # every card as itself (a wild two as the two) shows where the ace may stand
            ok = meld is not None and any(r.as_printed for r in meld.readings)
            out.append(Example(tuple(codes), ok, name))
        return out

    # ------------------------------------------------------------ shows
    def shows(self) -> list[tuple[list[list[int]], bool, str]]:
        """A valid show and a wrong one, judged by the meld code (groups, ok, reason)."""
        r, s = self.r, self.r.show
        if s is None or r.melds.run is None:
            return []
        sizes = {h.cards for h in r.deal.sizes}
        if len(sizes) != 1:
            return []
        size = sizes.pop()
        wild = self.wild
        run_n = max(3, r.melds.run.min)
        groups: list[list[int]] = []
        suit = 1
        starts = iter((2, 4, 0, 6, 8))
        for i in range(s.sequences):
            start = next(starts, None)
            if start is None:  # more runs than the examples have places for: no example
                return []
            run = self._run(start, run_n, suit % 4)
            suit += 1
            if i >= s.pure and wild is not None:
                run[1] = wild
            groups.append(run)
        set_ranks = iter((8, 11, 12, 6, 5))
        while sum(map(len, groups)) + 3 <= size and r.melds.set is not None:
            rank = next(set_ranks, None)
            if rank is None:
                break
            groups.append([C.make(rank, k) for k in (0, 2, 3)])
        short = size - sum(map(len, groups))
        if short < 0 or short > 13 - run_n - 2:
            return []
        groups[0] = self._run(2, run_n + short, 1)
        out = []
        verdict = self.v.check_declaration(groups, wild=self.cut)
        if verdict.ok:
            out.append((groups, True, verdict.reason))
        if s.pure and wild is not None:
            wrong = [list(g) for g in groups]
            wrong[0][1] = wild
            verdict = self.v.check_declaration(wrong, wild=self.cut)
            if not verdict.ok:
                out.append((wrong, False, verdict.reason))
        if s.sequences > 1:
            wrong = [list(g) for g in groups]
            # one sequence short: the last sequence becomes a set of sixes
            seq = wrong[s.sequences - 1]
            wrong[s.sequences - 1] = [C.make(5, k) for k in (0, 1, 3)][: len(seq)] + seq[3:]
            verdict = self.v.check_declaration(wrong, wild=self.cut)
            if not verdict.ok:
                out.append((wrong, False, verdict.reason))
        return out
