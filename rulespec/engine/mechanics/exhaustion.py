"""Stock exhaustion: when the stock runs low or out, the discard pile turned over or
shuffled into a new stock, the wall (the last discard taken only to knock), the hand
ended for good, and a stalemate that no player can break."""

from __future__ import annotations

from collections import Counter

from ... import cards as C
from ...memo import attach
from .. import search as ES
from ..phases import Ending, Phase

_FEW_CARDS_LEFT = 16  # off the table: past this many, some meld is taken to be possible
_NONE = 10**6  # no meld of this kind can be made: a size no hand reaches


def meld_sizes_in(rules, cards) -> tuple[int, int]:
    """The least sizes of a set and of a run that ``cards`` might make (``_NONE`` where
    none can): a cheap count, never ``_NONE`` where a meld can be made. A set needs a
    rank whose cards (of different suits where sets ask for that) and the wild cards come
    to ``set_min``; a run a window of ``run_min`` places of one suit whose cards and the
    wild cards do. Every meld holds such a rank or window (its own, or its lowest
    ``run_min`` places), and the count allows wild cards anywhere, every wild card also
    counted as itself: so only a hand of cards that can make no meld at all gets none."""
    wilds = 0
    have = [[0] * 13 for _ in range(4)]  # copies of each card, by suit then rank
    for c in cards:
        if rules.is_wild(c):
            wilds += 1
        if c != C.JOKER:
            have[C.suit_of(c)][C.rank_of(c)] += 1
    sets = runs = _NONE
    if rules.has_sets:
        most = max(sum(min(have[s][r], 1) if rules.distinct else have[s][r] for s in range(4))
                   for r in range(13))
        if most + wilds >= rules.set_min:
            sets = rules.set_min
    if rules.has_runs:
        need = rules.run_min - wilds
        if any(sum(1 for r in w if row[r]) >= need
               for row in have for w in rules.run_windows.get(rules.run_min, ())):
            runs = rules.run_min
    return sets, runs


class Exhaustion:
    """Plays ``stock:`` (``hand is void when N cards remain``; ``turn the discard pile
    over`` or ``shuffle`` it, at most N times, all of it or all but the top card, or end
    the hand; the last discard taken freely, only to knock, or not at all) and the
    stalemate rule. Reads ``stock.remaining``, ``stock.action``, ``stock.times``,
    ``stock.keep_top``, ``stock.last_discard``, ``knock.max_deadwood`` (the wall),
    ``turn.discard_taken``, ``stalemate_applies``, ``turn.new_melds_after_opening``,
    ``opening.contract(round)`` and ``wilds.replace`` (what could still change the table).
    How an exhausted hand scores is :mod:`..scoring`'s."""

    _in_play_counted: tuple | None = None  # (hand, turn-overs) when cards in play were counted

    def _stock_live(self, extra: int = 0) -> bool:
        return len(self.stock) > self.ruleset.stock.remaining + extra

    def _can_rebuild(self) -> bool:
        st = self.ruleset.stock
        kept = 1 if st.keep_top else 0  # the top discard stays where it is
        if st.action == "end" or len(self.discards) <= kept:
            return False
        if st.times is not None and self.reuses >= st.times:
            return False
        return len(self.stock) + len(self.discards) - kept > st.remaining

    def _rebuild(self) -> bool:
        """Reuse the discard pile as the stock, as the rules say; False when they don't."""
        if not self._can_rebuild():
            return False
        st = self.ruleset.stock
        if st.keep_top:  # the top discard stays as the discard pile, and who threw it
            pile, self.discards = self.discards[:-1], self.discards[-1:]
        else:
            pile, self.discards = self.discards, []
            self.top_discarder = None
        self.reuses += 1
        self.upcard_freeze = None  # the card turned up that froze the pile went with it
        if st.action == "shuffle":
            self.stock = pile + self.stock
            self._rng.shuffle(self.stock)
            self.stock_ordered = False
        else:
            # the pile turned face down: its first card is the new top
            self.stock = pile[::-1] + self.stock
            self.stock_ordered = True
        return True

    def _stalemate(self) -> bool:
        """Can no player ever go out again? Decided only where it can be proved: every
        player may lay no new meld, either because they have opened and the rules allow
        no new melds after opening (however many cards they hold), or because their hand
        is too small for one (before opening, for the whole contract) after a draw
        (keeping the card it must discard) and hands never grow (no push, no claims; a
        second hand comes only after a meld or lay-off), or because no meld that fits in
        the hand can be made of all the cards in play (a count made after each turn-over
        of the stock, and where hands may grow a search once few cards are left); and no
        card in play fits any table meld (by lay-off or by taking a wild's place). Packets
        set aside are not in play: a hand must empty, by such a meld or lay-off, before
        one is picked up.
        Then the table never changes and neither do the chances."""
        rs = self.ruleset
        if not rs.stalemate_applies:
            return False
        r = self.rules
        smallest = min(r.set_min if r.has_sets else 99, r.run_min if r.has_runs else 99)
        # a contract is laid whole in one turn: who has not opened needs all its cards
        contract = rs.opening.contract(self.round)
        opening = smallest if contract is None else max(smallest, min(
            sum(sizes.start * count for _k, sizes, count in ES.contract_slots(r, option))
            for option in contract.options))
        # the fewest cards a meld may leave: a meld that makes the long melds going out
        # needs may leave fewer than two (going_out.long), so count as if it did
        keep = self._keep_min(True)
        barred = not rs.turn.new_melds_after_opening  # who has opened lays no new meld
        small = self._hands_stay_small()  # a hand too small for a meld stays so
        made = self._meld_sizes_now()
        for p in range(self.n):
            if not self.active[p] or (barred and self.opened[p]):
                continue
            need = smallest if self.opened[p] else opening
            room = len(self.hands[p]) + 1 - keep if small else _NONE - 1
            if made is not None and min(made) > room:
                continue  # no meld of the cards in play fits in the hand
            if small and room >= need:
                return False
            if not small and self._could_meld_off_table(need):
                return False
        pool = set(self._in_play())
        rep = rs.wilds.replace
        for m in self.table:
            fits = self._layoffs_onto(m)
            rescued = self._rescues_of(m) if rep is not None and m.reading.kind in rep.melds else {}
            if any(c in fits or c in rescued for c in pool):
                return False
        return True

    def _hands_stay_small(self) -> bool:
        """Do hands never grow while nobody melds or lays off (``hands_stay_small``)? Not
        while a packet is due at a turn's start."""
        rs = self.ruleset
        small = rs.__dict__.get("_hands_stay_small")
        if small is None:
            small = attach(rs, "_hands_stay_small", rs.hands_stay_small)
        return small and not self.packet_due

    def _meld_sizes_now(self) -> tuple[int, int] | None:
        """:func:`meld_sizes_in` of the cards in play, counted once after each turn-over
        of the stock (and at the first end of a turn of a hand), None at other turns.
        Cards come into play between two counts (a second hand picked up, a wild card
        taken back from the table): a count is used only at the turn it is made."""
        at = (len(self.results), self.reuses)
        if self._in_play_counted == at:
            return None
        self._in_play_counted = at
        return meld_sizes_in(self.rules, self._in_play())

    def _in_play(self) -> list[int]:
        """The cards in the stock, the discard pile and every hand; not the packets set
        aside, which come into play only when a hand empties, by a meld or lay-off of
        these."""
        return [*self.stock, *self.discards, *(c for hand in self.hands for c in hand)]

    def _could_meld_off_table(self, need: int) -> bool:
        """Where hands may grow (a whole pile taken, a claim, a push) a hand may come to
        hold any of the cards off the table: could some of them, ``need`` or more with a
        card left to discard, make a new meld? Past a few cards it is taken that they can
        (counted without gathering them: this runs after every turn); the search is kept
        for the end of a hand, where few cards are left."""
        left = len(self.stock) + len(self.discards) + sum(map(len, self.hands))
        if left > _FEW_CARDS_LEFT:
            return True
        if left - 1 < need:
            return False
        pool = self._in_play()
        r = self.rules
        if r.out_only:  # a set of cards melded only when going out (mechanic barred)
            ranks = Counter(C.rank_of(c) for c in pool if c in r.out_only)
            if any(n >= r.out_min for n in ranks.values()):
                return True
        return any(True for _ in ES.hand_melds(r, pool))

    def _discard_allowed_at_wall(self, p: int) -> bool:
        """With the stock exhausted, may the top discard still be taken?"""
        how = self.ruleset.stock.last_discard
        # "none": the hand ends before the stock is gone for good; "must": only to meld it,
        # which mechanic meld_taken asks
        if how in ("any", "none", "must"):
            return True
        if how == "knock" and self.ruleset.knock is not None:
            top = self.discards[-1]
            hand = self.hands[p] + [top]
            if self._big_gin_ok(hand):
                return True
            limit = self.knock_max
            if self._deadwood_after_discard(hand) > limit:
                return False
            # the knock's discard may not be the card just taken, where the rules say so
            for c in set(hand):
                if c == top and not self.ruleset.turn.discard_taken and any(x != c for x in hand):
                    continue
                rest = list(hand)
                rest.remove(c)
                if self._deadwood(rest) <= limit:
                    return True
        return False

    def _stock_gone(self) -> bool:
        """After a turn: is the stock exhausted for good where the rules end the hand
        then (``stock.last_discard`` ``none``)? Continental Rummy (source 002): "the
        stock pile is turned over once ... If the remaining cards in the stock pile are
        depleted a second time without any player going out, the hand ends". So the hand
        ends with the turn that drew the last card, and the next player never gets to
        take the discard and play on."""
        return (self.ruleset.stock.last_discard == "none" and not self._stock_live()
                and not self._can_rebuild())

    def _pass_at_wall(self) -> None:
        """``pass`` at the start of a turn with the stock gone for good: the hand ends."""
        self._end_hand(Ending.STOCK_EXHAUSTED)

    PASSES = {Phase.DRAW: _pass_at_wall}
