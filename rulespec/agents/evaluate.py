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

from ..melds.context import Rules, rules_for
from ..melds.hand import cards_in_melds, hand_melds
from ..melds.fast import deadwood_value
from ..melds.solver import Search
from ..memo import Memo

#: cached hands per set of meld rules before the cache is emptied (bounded memory)
CACHE_LIMIT = 200_000

_EVALUATORS = Memo(256)  # one per set of meld rules


class HandValue:
    """Hand costs under one set of meld rules (lower is better)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.value = rules.value
        #: the average worth of a card of the deck (what an unseen card is expected to cost)
        self.mean_value = sum(rules.value[:52]) / 52
        show = rules.ruleset.show
        self._levels: list[tuple[list, list, int]] = []
        if show is not None:
            # the show's requirement first, then with sequences given up one at a time
            # (impure ones before pure ones), each missing one charged MISSING points
            self.missing = 2 * max(rules.value[:52])
            pure, seqs = show.pure, max(show.sequences, show.pure)
            while True:
                slots, counts = [], []
                if pure:
                    slots.append(("run", rules.run_min, True))
                    counts.append(pure)
                if seqs > pure:
                    slots.append(("run", rules.run_min, False))
                    counts.append(seqs - pure)
                gone = max(show.sequences, show.pure) - seqs
                self._levels.append((slots, counts, gone))
                if seqs == 0:
                    break
                if seqs > pure:
                    seqs -= 1
                else:
                    pure -= 1
                    seqs -= 1
        self._cost = Memo(CACHE_LIMIT)
        self._idle_cards = Memo(CACHE_LIMIT)

    def cost(self, hand) -> int:
        """The hand's cost: least deadwood (and, with a show, the missing sequences)."""
        key = tuple(sorted(hand))
        return self._cost.get_or(key, self._compute, key)

    def _compute(self, hand) -> int:
        hand = list(hand)
        if not self._levels:
            return deadwood_value(self.rules, hand)
        total = sum(self.value[c] for c in hand)
        best = None
        for slots, counts, gone in self._levels:
            charge = gone * self.missing
            if best is not None and charge >= best:
                break
            if slots:
                val = Search(self.rules, hand, slots=slots, counts=counts).solve()[0]
                if val is None:
                    continue
                here = total - val + charge
            else:
                here = deadwood_value(self.rules, hand) + charge
            if best is None or here < best:
                best = here
        return best if best is not None else total

    def without(self, hand, card: int) -> int:
        """The cost of ``hand`` less one ``card``. A card in no meld the hand can make
        is deadwood in every arrangement (and in no sequence of a show), so losing it
        saves exactly its value: one search of the hand answers for all such cards."""
        if card in self._idle(hand):
            return self.cost(hand) - self.value[card]
        rest = list(hand)
        rest.remove(card)
        return self.cost(rest)

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
