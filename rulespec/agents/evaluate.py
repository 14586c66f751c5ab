"""How good a hand is, for the greedy agent: cached calls into the meld solver.

:func:`evaluator` gives one :class:`HandValue` per deal's meld rules (a variant and the
card cut as wild, if any). Its :meth:`~HandValue.cost` is the hand's least deadwood (what
its unmatched cards are worth) under the variant's meld rules. A variant with a show
(Indian rummy) counts its declaration too: the least deadwood while holding the show's
sequences, plus a fixed charge for every required sequence the hand cannot hold yet, so
that a hand gets better as it builds its pure sequence and does not settle for melds that
can never be declared.

Every answer is cached by the hand's cards (sorted), since the same hands come back move
after move: a discard choice asks about each card of the hand, the next turn about almost
the same cards.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from ..melds.context import Rules, rules_for
from ..melds.hand import cards_in_melds, hand_melds, lonely_cards
from ..melds.fast import deadwood_left
from ..melds.solver import Search
from ..memo import Memo

#: cached hands per set of meld rules before the cache is emptied (bounded memory)
CACHE_LIMIT = 200_000
#: most steps of one exact search of a hand before its cost is estimated instead
SEARCH_STEPS = 15_000

_EVALUATORS = Memo(256)  # one per set of meld rules


class _TooLong(Exception):
    """An exact search passed :data:`SEARCH_STEPS`."""


class _Bounded(Search):
    """The exact solver, stopped after :data:`SEARCH_STEPS` steps. Its memo entries are
    written only for answers worked out in full, so a stopped search leaves none wrong.
    It takes the cards rank by rank (``order="rank"``): the same least deadwood, found in
    far fewer steps in hands of several packs (a Samba hand after taking the pile)."""

    def __init__(self, rules, hand):
        super().__init__(rules, hand, order="rank")
        self._steps = SEARCH_STEPS

    def _f(self, state: int, k: int, needs: tuple) -> int:
        self._steps -= 1
        if self._steps < 0:
            raise _TooLong
        return Search._f(self, state, k, needs)


class HandValue:
    """Hand costs under one set of meld rules (lower is better)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.value = rules.value
        #: the average worth of a card of the deck (what an unseen card is expected to cost)
        self.mean_value = sum(rules.value[:52]) / 52
        show = rules.ruleset.show
        #: a show's sequences as one priced search (slots, counts, prices), or None
        self._show = None
        if show is not None and max(show.sequences, show.pure):
            self.missing = 2 * max(rules.value[:52])
            self._show = _show_search(rules, show.pure, max(show.sequences, show.pure),
                                      self.missing)
        self._cost = Memo(CACHE_LIMIT)
        self._idle_cards = Memo(CACHE_LIMIT)

    def cost(self, hand) -> int:
        """The hand's cost: least deadwood (and, with a show, the missing sequences)."""
        return self._entry(hand)[0]

    def _entry(self, hand) -> tuple[int, frozenset, frozenset]:
        """The hand's cost, and the cards left out of melds and the melds (each a sorted
        tuple) of an arrangement that costs that (both empty when the route taken finds
        the number only)."""
        key = tuple(sorted(hand))
        return self._cost.get_or(key, self._compute, key)

    def _compute(self, hand) -> tuple[int, frozenset, frozenset]:
        hand = list(hand)
        if self._show is None:
            try:
                return _arranged(*deadwood_left(self.rules, hand, _Bounded))
            except _TooLong:
                return self._estimate(hand), frozenset(), frozenset()
        total = sum(self.value[c] for c in hand)
        slots, counts, prices = self._show
        val, groups, dead = Search(self.rules, hand, slots=slots, counts=counts,
                                   charge=prices).solve()
        return _arranged(total - val, groups, dead)

    def _estimate(self, hand) -> int:
        """A big hand's cost when its exact search runs too long (many wild cards in a
        hand grown by a deep take): the least deadwood of its natural cards alone, each
        wild card taken to find a meld; failing that, what its lonely cards are worth."""
        rules = self.rules
        naturals = [c for c in hand if not rules.is_wild(c)]
        try:
            return deadwood_left(rules, naturals, _Bounded)[0]
        except _TooLong:
            idle = lonely_cards(rules, naturals, [], len(hand) - len(naturals))
            return sum(self.value[c] for c in idle)

    def exact_without(self, hand, card: int) -> bool:
        """Is :meth:`without` for ``card`` as cheap as its bound (and equal to it)? So
        for a card left out of melds in the hand's best arrangement: that arrangement
        without it is one of the smaller hand, and none costs less than the bound."""
        return card in self._entry(hand)[1]

    def without(self, hand, card: int) -> int:
        """The cost of ``hand`` less one ``card``. A card left out of melds in the best
        arrangement found, or in no meld the hand can make (deadwood in every arrangement,
        and in no sequence of a show), saves exactly its value: one search of the hand
        answers for all such cards, and the smaller hand's cost is kept for later."""
        now, dead, _melds = self._entry(hand)
        rest = list(hand)
        rest.remove(card)
        if card in dead or card in self._idle(hand):
            value = now - self.value[card]
            self._keep(rest, value)
            return value
        return self.cost(rest)

    def _keep(self, hand, value: int) -> None:
        """Keep ``value`` as the cost of ``hand`` (worked out without a search)."""
        key = tuple(sorted(hand))
        if key not in self._cost and len(self._cost) < CACHE_LIMIT:
            self._cost[key] = (value, frozenset(), frozenset())

    def exact_rest(self, hand, cards) -> bool:
        """Is :meth:`rest` for ``cards`` known without a search? So for a meld of the
        hand's best arrangement: the rest of that arrangement is one of the rest."""
        return tuple(sorted(cards)) in self._entry(hand)[2]

    def rest(self, hand, cards) -> int:
        """The cost of ``hand`` less ``cards``. Never below the hand's cost (an
        arrangement of the rest with ``cards`` as one more meld is one of the hand), and
        equal to it for a meld of the hand's best arrangement."""
        left = list(hand)
        for c in cards:
            left.remove(c)
        if self.exact_rest(hand, cards):
            now = self.cost(hand)
            self._keep(left, now)
            return now
        return self.cost(left)

    def without_bound(self, hand, card: int) -> int:
        """A cheap lower bound of :meth:`without` (exact for a card in no meld): losing
        a card lowers the cost by at most its value, since the card could always have
        been left unmatched."""
        return self.cost(hand) - self.value[card]

    def _idle(self, hand) -> frozenset:
        """The cards of ``hand`` that are in none of the melds it can make."""
        key = tuple(sorted(hand))
        return self._idle_cards.get_or(key, self._idle_of, key)

    def _idle_of(self, hand: tuple) -> frozenset:
        return frozenset(hand) - cards_in_melds(hand_melds(self.rules, hand))

    def is_wild(self, card: int) -> bool:
        return self.rules.is_wild(card)


def _show_search(rules: Rules, pure: int, seqs: int, missing: int) -> tuple:
    """The search behind a show's cost: the show's sequences as requirements that may go
    unmet, each at ``missing`` points; while a pure one is missing, every impure one is
    charged too (a hand gets better as it builds its pure sequences first)."""
    slots, counts = [], []
    if pure:
        slots.append(("run", rules.run_min, True))
        counts.append(pure)
    if seqs > pure:
        slots.append(("run", rules.run_min, False))
        counts.append(seqs - pure)
    prices = []
    for left in product(*(range(n + 1) for n in counts)):
        pure_left = left[0] if pure else 0
        impure_left = left[-1] if seqs > pure else 0
        prices.append((left, missing * (pure_left + (seqs - pure if pure_left else impure_left))))
    return slots, counts, tuple(prices)


def _arranged(value: int, groups, dead) -> tuple[int, frozenset, frozenset]:
    """A cache entry: the cost, the cards left out and the melds (sorted tuples)."""
    melds = frozenset(tuple(sorted(g)) for g in groups or ())
    return value, frozenset(dead or ()), melds


def evaluator(rules: Rules) -> HandValue:
    """The (shared, cached) :class:`HandValue` of a deal's meld rules. Where every card
    is worth nothing (a game for a stake, ``values: none``) a hand is judged as if each
    card counted 1: the fewer cards left out of melds, the nearer to going out."""
    return _EVALUATORS.get_or(rules, _hand_value, rules)


def _hand_value(rules: Rules) -> HandValue:
    if any(rules.value):
        return HandValue(rules)
    rs = rules.ruleset
    ones = replace(rs, values=replace(rs.values, ranks=(1,) * 13, joker=1, wild=None, cards=()))
    return HandValue(rules_for(ones, rules.wild))
