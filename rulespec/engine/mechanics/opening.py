"""Opening requirements: the contract of a round (so many sets and runs) and opening
point thresholds, and whether a meld laid now still leads to one."""

from __future__ import annotations

from collections import Counter

from ... import cards as C
from .. import actions as A
from .. import search as ES
from ..phases import Pending, Phase, Then
from ..scoring import team_totals
from . import set_bit


class Opening:
    """Plays ``opening:`` (contracts per round, a threshold in points, both met by the
    melds laid in one turn). Reads ``opening.contract(round)``, ``opening.threshold``,
    ``going_out.final_discard``. The searches (can this hand still complete the
    opening?) run on the meld solver; witnesses (one way found for the whole hand) answer
    most of them at once, and :meth:`~rulespec.engine.state.Game._per_move` keeps them
    for the rest of the move. It owns no move: it tells what the opening asks when a meld
    is refused."""

    def opening_due(self, p: int) -> bool:
        """Has ``p`` still to meet this hand's opening requirement (a contract or a
        threshold), the melds laid towards it this turn not yet enough?"""
        return self._needs_opening(p) or self.pending_mode is Pending.OPEN

    def _mark_opened(self, p: int) -> None:
        """``p`` has opened; under ``opening.per_side`` so has every partner of ``p``. The
        first time, ``p`` draws ``opening.then_draw`` cards (:meth:`_draw_after_opening`)."""
        side, first = self._team(p), not self.opened[p]
        for q in range(self.n) if self.ruleset.opening.per_side else (p,):
            if self._team(q) == side:
                self.opened[q] = True
        if first and self.ruleset.opening.then_draw:
            self._draw_after_opening(p)

    def _draw_after_opening(self, p: int) -> None:
        """``opening.then_draw``: the player whose meld opens for them draws that many cards
        from the stock at once, as chance steps, and goes on with the turn (Mexicana:
        thirteen); as many as the stock holds above the cards it keeps, and none in a
        knock's lay-offs."""
        if self.phase is not Phase.PLAY:
            return
        n = min(self.ruleset.opening.then_draw,
                max(0, len(self.stock) - self.ruleset.stock.remaining))
        if n:
            self._chance += [(A.CARD, p)] * n
            self._then = Then.OPENED

    def _then_opened(self) -> None:
        """The cards drawn after the opening are in: the player plays on."""
        self.phase = Phase.PLAY

    THEN = {Then.OPENED: _then_opened}

    def _needs_opening(self, p: int) -> bool:
        op = self.ruleset.opening
        if self.opened[p]:
            return False
        return op.contract(self.round) is not None or self._threshold(p) is not None

    def _threshold(self, p: int) -> int | None:
        """``p``'s opening threshold: by their (side's) game total under
        ``opening.by_score``, else ``opening.threshold``."""
        op = self.ruleset.opening
        if not op.by_score:
            return op.threshold
        teams = team_totals(self, self.totals)
        return op.threshold_at(self.totals[p] if teams is None else teams[self._team(p)])

    def _opening_possible(self, p: int) -> bool:
        """Can the opening still be completed from this hand at all? (One search that
        spares one per candidate meld when the answer is no.)"""
        hand = self.hands[p]
        keep, lone = self._keep_min(), self._no_lone_card()
        melds = self._hand_melds(p)
        if not self._contract_open(self.pending, lambda left: ES.can_fill_with(
                self.rules, melds, hand, left, keep, lone)):
            return False
        return self._threshold_reachable(p, self.pending, hand, keep)

    def _contract_open(self, laid, fills) -> bool:
        """Is there no contract this round, or an option of it whose melds still missing
        besides ``laid`` the hand ``fills`` (a test of the missing slots)?"""
        contract = self.ruleset.opening.contract(self.round)
        return contract is None or any(
            fills(left) for option in contract.options
            for left in ES.fit_slots(ES.contract_slots(self.rules, option), laid))

    def _threshold_reachable(self, p: int, laid, rest, keep: int, meld=None) -> bool:
        """Can the melds ``laid`` plus what ``rest`` (the cards left in ``p``'s hand) can
        still lay, keeping ``keep`` cards, reach the opening threshold? The melds of the
        whole hand's best opening that ``meld`` (the one just added to ``laid``) leaves
        alone answer most yeses, a cheap bound most noes, the solver the rest."""
        threshold = self._threshold(p)
        if threshold is None:
            return True
        need = threshold - sum(ES.reading_value(self.rules, c, r) for c, r in laid)
        pure = self._pure_runs_due(laid)
        if need <= 0 and not pure:
            return True
        # ranks whose one set is down (on the table or in ``laid``): none of them again
        banned = self._set_ranks(p)
        for _c, r in laid:
            banned |= set_bit(r)
        if meld is not None and not pure and self._opening_witness(
                p, meld, len(rest) - keep, banned) >= need:
            return True
        in_meld = (ES.cards_in_melds(self._hand_melds(p)) if meld is None
                   else self._meld_cards_within(p, rest))
        if (ES.opening_bound(self.rules, rest, in_meld) >= need
                and ES.opening_reaches(self.rules, rest, keep, need, banned, pure)):
            return True
        # or open by going out this turn with a set melded only then (mechanic barred)
        return (bool(self.rules.out_only) and not pure
                and self._opens_going_out(p, laid, rest, meld, need))

    def _pure_runs_due(self, laid) -> int:
        """How many more runs with no wild card in them the opening melds must include,
        besides those of ``laid`` (``opening.pure_runs``)."""
        want = self.ruleset.opening.pure_runs
        if not want:
            return 0
        return max(0, want - sum(1 for _c, r in laid if r.kind == "run" and r.pure))

    def _meld_cards_within(self, p: int, part) -> set[int]:
        """The cards of ``part`` (part of ``p``'s hand) that are in a meld made of cards
        of ``part`` alone (only these can count towards an opening from ``part``)."""
        def by_copies() -> tuple:
            # each meld of the hand as masks: bit c of masks[k] set when it holds over k
            # copies of card c; most melds hold one copy of each card (a single mask)
            single, multi = set(), set()
            for cards, _r in self._hand_melds(p):
                masks = []
                for c, n in Counter(cards).items():
                    masks += [0] * (n - len(masks))
                    for k in range(n):
                        masks[k] |= 1 << c
                if len(masks) == 1:
                    single.add(masks[0])
                else:
                    multi.add(tuple(masks))
            return single, multi

        single, multi = self._per_move("melds by copies", p, by_copies)
        have = Counter(part)
        everything = (1 << (C.JOKER + 1)) - 1
        # lacking[k]: the cards ``part`` holds k copies of or fewer
        lacking = [everything & ~sum(1 << c for c, n in have.items() if n > k)
                   for k in range(max(map(len, multi), default=1))]
        union = 0
        for m in single:
            if not m & lacking[0]:
                union |= m
        for masks in multi:
            if not any(m & lacking[k] for k, m in enumerate(masks)):
                union |= masks[0]
        return {c for c in have if union >> c & 1}

    def _opening_witness(self, p: int, meld, room: int, banned: int = 0) -> int:
        """What the melds of one best opening of ``p``'s whole hand are worth that can
        still go down beside ``meld`` (disjoint from it, using at most ``room`` cards, no
        group that may be a set of a ``banned`` rank): a lower bound of what the rest of
        the hand can lay."""
        def best_opening() -> tuple:
            groups = ES.opening_solution(self.rules, self.hands[p], self._set_ranks(p))[1]
            return Counter(self.hands[p]), [(Counter(g), len(g), ES.opening_value(self.rules, g),
                                             self._maybe_set(g)) for g in groups]

        hand, groups = self._per_move("opening witness", p, best_opening)
        taken = Counter(meld)
        worth = 0
        for group, size, value, ranks in groups:
            if size <= room and not ranks & banned and not (taken + group) - hand:
                taken += group
                room -= size
                worth += value
        return worth

    def _maybe_set(self, group) -> int:
        """Bit r when ``group``'s natural cards are all of rank r (it may be read as a set
        of r), where each side may have one set of a rank; else 0."""
        if self.ruleset.melds.one_per_rank is None:
            return 0
        ranks = {C.rank_of(c) for c in group if not self.rules.is_wild(c)}
        return 1 << ranks.pop() if len(ranks) == 1 else 0

    def _contract_witnesses(self, p: int) -> list:
        """Ways found to complete the contract from the whole hand, as what each of its
        melds leaves room for: ``(kind, sizes, hand less the other melds, cards in them)``
        per meld of one solution (cached per move)."""
        def find() -> list:
            hit = []
            contract = self.ruleset.opening.contract(self.round)
            keep, lone = self._keep_min(), self._no_lone_card()
            hand = Counter(self.hands[p])
            for option in contract.options:
                slots = ES.contract_slots(self.rules, option)
                for left in ES.fit_slots(slots, self.pending):
                    groups = ES.fill_from(self._hand_melds(p), hand, left, keep, witness=True,
                                          lone=lone)
                    if groups is None:
                        groups = ES.fill_groups(self.rules, self.hands[p], left, keep, lone)
                    for i, (_g, j) in enumerate(groups or ()):
                        others = [c for k, (h, _j) in enumerate(groups) if k != i for c in h]
                        kind, sizes, _c = left[j]
                        hit.append((kind, sizes, hand - Counter(others), len(others)))
            return hit

        return self._per_move("contract witness", p, find)

    def _witnessed(self, p: int, cards, reading) -> bool:
        """A quick yes for a contract meld: some solution found for the whole hand still
        works with this meld in place of the one that filled its slot."""
        need = Counter(cards).items()
        rest = len(self.hands[p]) - len(cards)
        keep, lone = self._keep_min(), self._no_lone_card()
        for kind, sizes, free, used in self._contract_witnesses(p):
            if (reading.kind == kind and len(cards) in sizes
                    and ES.left_ok(rest - used, keep, lone)
                    and all(free[c] >= n for c, n in need)):
                return True
        return False

    def _opening_ok(self, p: int, cards, reading) -> bool:
        """May this meld go down towards the opening (contract and threshold), leaving a
        hand that can still complete it?"""
        rest = self._rest(p, cards)
        keep, lone = max(self._keep_min(), 0), self._no_lone_card()
        laid = self.pending + [(tuple(cards), reading)]
        contract = self.ruleset.opening.contract(self.round)
        if contract is not None and not self._witnessed(p, cards, reading):
            melds = self._hand_melds(p)
            if not self._contract_open(laid, lambda left: ES.can_fill_with(
                    self.rules, melds, rest, left, keep, lone)):
                return False
        return self._threshold_reachable(p, laid, rest, keep, cards)

    def _pending_complete(self, p: int) -> bool:
        if self.pending_mode is Pending.WHOLE:
            go = self.ruleset.going_out
            how = go.final_discard if go is not None else "required"
            n = len(self.hands[p])
            return n == 0 or (n == 1 and how != "forbidden")
        op = self.ruleset.opening
        contract = op.contract(self.round)
        if contract is not None:
            done = False
            for option in contract.options:
                slots = ES.contract_slots(self.rules, option)
                fits = ES.fit_slots(slots, self.pending)
                if any(all(c == 0 for _, _, c in left) for left in fits):
                    done = True
                    break
            if not done:
                return False
        threshold = self._threshold(p)
        if threshold is not None:
            if sum(ES.reading_value(self.rules, c, r) for c, r in self.pending) < threshold:
                return False
            if self._pure_runs_due(self.pending):
                return False
        return True

    def _short_of_opening(self, need: int = 0) -> str | None:
        """Would the top discard, once in the hand, make a meld of it (with ``need``
        natural cards of its rank from the hand beside it) that the opening alone refuses?
        Then why, in the player's words: that meld and what the opening asks (None
        otherwise, or when the opening is not due)."""
        p = self.player
        if not self.discards or not self.opening_due(p):
            return None
        top, hand = self.discards[-1], self.hands[p]
        hand.append(top)
        try:
            melds = self._hand_melds(p)
        finally:
            hand.pop()
        rank = C.rank_of(top)
        for cards, reading in melds:
            rest = list(cards)
            if top not in rest:
                continue
            rest.remove(top)
            if sum(1 for c in rest if self._natural(c, rank)) >= need:
                meld = self._meld_action(cards, reading).text
                return (f"`{meld}` would not open for you: {self._opening_needs()}, and the "
                        "cards you hold do not reach that")
        return None

    def _opening_needs(self) -> str:
        """What the opening asks, in the player's words."""
        op = self.ruleset.opening
        need = []
        contract = op.contract(self.round)
        if contract is not None:
            opts = [" and ".join(r.words() for r in o) for o in contract.options]
            need.append(f"your first melds this round must be {' or '.join(opts)}"
                        + (" (and nothing more)" if op.exact else ""))
        threshold = self._threshold(self.player)
        if threshold is not None:
            pure = op.pure_runs
            need.append(f"your first melds must be worth at least {threshold} together"
                        + ("" if not pure else ", with a pure run among them (one with no "
                           "wild card)" if pure == 1 else f", with {pure} pure runs among "
                           "them (runs with no wild card)"))
        return "; ".join(need)

    def _opening_unmet(self) -> str:
        """Why a meld is refused while the opening is due: what the opening asks."""
        return self._opening_needs() + ", and this meld does not lead there with the cards you hold"
