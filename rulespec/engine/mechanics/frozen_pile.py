"""The frozen discard pile and its stop cards (Canasta): what freezes the pile, how a
frozen pile may still be taken (its top card melded at once with a natural pair from the
hand), and the cards that, on top, close the pile to the next player.

A frozen take puts the top card in the hand and leaves the rest of the pile until the
meld of the top card with the pair is down (the pile's cards cannot help it, nor make the
hand large while it is searched). It is offered only where that meld is allowed (asked of
the hand with the top card added), so a player who takes the pile can always meet the
rule; the moves after it are narrowed by :mod:`.meld_taken`, which asks :meth:`_pair_fits`."""

from __future__ import annotations

from collections import Counter

from ... import cards as C
from .. import actions as A
from . import is_named


class FrozenPile:
    """Plays ``discard pile frozen by discarded wild cards``, ``discard pile frozen before
    opening``, ``frozen discard pile taken only with a natural pair`` and ``discard pile
    may not be taken when top card is CARDS``. Reads ``turn.take_discards.frozen_by``,
    ``frozen_unopened``, ``frozen_take`` and ``turn.discard_stops``. After a frozen take,
    :attr:`pair_hand` holds the hand as it was before it (the cards the owed meld may use
    besides the top card); None after any other take."""

    pair_hand: tuple | None = None  # set with deep_taken by every deep take
    # the place (from the bottom) in the pile of a card turned up at the deal that freezes
    # it (``frozen_upcard``), until the pile is taken down to it
    upcard_freeze: int | None = None
    pair_need = 2  # natural cards of the top's rank the owed meld needs (0: from hand only)
    pile_held = 0  # cards of a frozen take left on the pile until the owed meld is down

    def _take_frozen(self, p: int, n: int, need: int = 2) -> None:
        """A frozen take of ``n`` cards: the top card joins the hand at once, the rest of
        the pile only once the top card is melded with the natural pair and, for a player
        opening, the opening is met (:meth:`_join_pile`), as players do it: the pile's
        cards never help that meld nor the opening. ``need`` 0: a take whose top card is
        melded with any cards of the hand, or laid off (``from_hand``)."""
        self.pair_hand, self.pair_need = tuple(self.hands[p]), need
        top = self.discards.pop()
        self.hands[p].append(top)
        self.pile_held = n - 1
        self.taken = self.deep_taken = top
        self.taken_held = self.hands[p].count(top)

    def _pile_joins(self, a, before: bool) -> None:
        """Around each move: the pile a frozen take held back joins the hand before any
        move that is not a meld or lay-off, or that would put the rest of the hand on the
        table (the player is not out while the pile is to come), or after the meld it owed
        once the opening is met; a pile taken down to the card turned up that froze it is
        no longer frozen."""
        self._thaw_upcard()
        if not self.pile_held:
            return
        if (a.kind not in (A.MELD, A.LAY_OFF) or len(a.cards) >= len(self.hands[self.player])
                ) if before else (
                (a.kind == A.MELD and not self.opening_due(self.player))
                or (a.kind == A.LAY_OFF and not self.pair_need)):
            self._join_pile()

    def _join_pile(self) -> None:
        """After the meld a frozen take owed (and the opening), or before any other move:
        the rest of the pile goes into the hand."""
        n, self.pile_held = self.pile_held, 0
        cards = self.discards[-n:]
        del self.discards[-n:]
        self.hands[self.player].extend(cards)
        if self.ruleset.bonus is not None:  # a bonus upcard under the pile (mechanic bonus)
            self._lay_out_taken_bonus(self.player, cards)
        self._thaw_upcard()

    def _note_upcard(self, card: int, at: int) -> None:
        """The card turned up at the deal went into the pile at place ``at`` (from the
        bottom): a card ``frozen_upcard`` names freezes the pile while it lies there."""
        td = self.ruleset.turn.take_discards
        if (td is not None and td.frozen_upcard and self.upcard_freeze is None
                and is_named(self.rules, card, td.frozen_upcard)):
            self.upcard_freeze = at

    def _thaw_upcard(self) -> None:
        """The pile taken (or turned into the stock) down to the card that froze it."""
        if self.upcard_freeze is not None and len(self.discards) <= self.upcard_freeze:
            self.upcard_freeze = None

    def _stopped(self) -> bool:
        """Is the top discard a stop card, so that the pile may not be taken now?"""
        stops = self.ruleset.turn.discard_stops
        return bool(stops and self.discards) and is_named(self.rules, self.discards[-1], stops)

    def _side_opened(self, p: int) -> bool:
        """Has ``p``, or (with partners) a partner of ``p``, opened this hand?"""
        if self.ruleset.partnerships is None:
            return self.opened[p]
        return any(self.opened[s] for s in range(self.n) if self._team(s) == self._team(p))

    def _frozen_under_top(self) -> str | None:
        """What freezes the whole pile under its top card for the player in turn: "always"
        (``frozen_always``), "unopened" (``frozen_unopened``, the side not opened yet),
        "upcard" (a card turned up that ``frozen_upcard`` names lies in it); None."""
        td = self.ruleset.turn.take_discards
        if td.frozen_always:
            return "always"
        if td.frozen_unopened and not self._side_opened(self.player):
            return "unopened"
        return "upcard" if self.upcard_freeze is not None else None

    def _thaw_depth(self) -> int:
        """How many cards from the top may be taken without a frozen take: all of them;
        only the top card while the pile is frozen under it (:meth:`_frozen_under_top`);
        down to the topmost discarded wild card (``frozen_by``), none under it: the wild
        card included where a take reaches down to any card, else not (a whole pile, or
        its top N cards, with a wild card in it is frozen)."""
        td = self.ruleset.turn.take_discards
        depth = len(self.discards)
        if self._frozen_under_top() is not None:
            depth = min(depth, 1)
        if td.frozen_by == "wild":
            for d in range(1, depth + 1):
                if self.rules.is_wild(self.discards[-d]):
                    return d if td.down_to == "any" else d - 1
        return depth

    def _lone_frozen(self) -> bool:
        """Is a pile of one card, where the pile is taken only whole, frozen for the player
        in turn? It is the whole pile, frozen like any: always, before the side opens, while
        the card turned up lies in it, or while a wild card does."""
        td = self.ruleset.turn.take_discards
        if td is None or td.top_alone or len(self.discards) != 1:
            return False
        return (self._frozen_under_top() is not None
                or (td.frozen_by == "wild" and self.rules.is_wild(self.discards[-1])))

    def _natural(self, c: int, rank: int) -> bool:
        return c != C.JOKER and not self.rules.is_wild(c) and C.rank_of(c) == rank

    def _pair_in_hand(self) -> bool:
        """Does the hand hold two natural cards of the top discard's rank (a natural top)?"""
        top = self.discards[-1]
        if top == C.JOKER or self.rules.is_wild(top):
            return False
        r = C.rank_of(top)
        return sum(self._natural(c, r) for c in self.hands[self.player]) >= 2

    def _frozen_take_ok(self) -> bool:
        """May the frozen pile be taken now: the rule, a natural pair in hand, and a meld of
        the top card with it allowed at once? The meld's cards are the hand's and the top
        card, so the hand with the top card added is asked (a search of the whole pile
        taken would cost as much as the hand is large)."""
        if (self.ruleset.turn.take_discards.frozen_take != "natural_pair"
                or not self._pair_in_hand()):
            return False
        return self._held_take_ok(2)

    def _held_take_ok(self, need: int) -> bool:
        """Could the top card, once taken, be melded at once as a held take needs (``need``
        natural cards of its rank beside it; 0: any cards of the hand, or a lay-off)?"""
        p, top = self.player, self.discards[-1]
        hand = self.hands[p]
        saved = self.pair_hand, self.deep_taken, self.taken, self.pair_need
        self.pair_hand, self.deep_taken, self.taken, self.pair_need = tuple(hand), top, top, need
        hand.append(top)
        self._scratch = {}  # what this move kept is about the hand without the top card
        try:
            acts = self._meld_actions(p) + (self._layoff_actions(p) if not need else [])
            return any(top in a.cards and self._pair_fits(a) for a in acts)
        finally:
            hand.pop()
            self.pair_hand, self.deep_taken, self.taken, self.pair_need = saved
            self._scratch = {}

    def _pair_fits(self, a) -> bool:
        """Does move ``a`` meet a frozen take (or is there none this turn)? It must be a meld
        of the top card and two natural cards of its rank, every card but the top one
        from the hand as it was before the take."""
        hand = self.pair_hand
        if hand is None or self.deep_taken is None:
            return True
        if a.kind == A.LAY_OFF and not self.pair_need:  # the top card onto a table meld
            return len(self.hands[self.player]) > 1  # the pile's cards are still to come
        if a.kind != A.MELD:
            return False
        rest = Counter(a.cards)
        rest[self.taken] -= 1
        if +rest - Counter(hand):  # a card that came from the pile
            return False
        if len(self.hands[self.player]) <= len(a.cards):  # the pile's cards are still to come
            return False
        if not self.pair_need:
            return True
        r = C.rank_of(self.taken)
        return sum(n for c, n in rest.items() if n > 0 and self._natural(c, r)) >= self.pair_need

    def _why_frozen(self, n: int) -> str | None:
        """Why a take of ``n`` cards is refused by the frozen pile (None: it is not); a
        pile of one card taken whole is frozen as :meth:`_lone_frozen` says."""
        td = self.ruleset.turn.take_discards
        if td is None or (n == 1 and not self._lone_frozen()) or (
                n > 1 and n <= self._thaw_depth()):
            return None
        top = C.card_str(self.discards[-1])
        under = self._frozen_under_top()
        if under is not None:
            why = ("the discard pile is always frozen" if under == "always" else
                   "your side has not opened, so the discard pile is frozen"
                   if under == "unopened" else f"{C.card_str(self.discards[self.upcard_freeze])}"
                   ", turned up at the deal, freezes the discard pile")
            below = "top card"
        else:
            why = ("a wild card on top freezes the discard pile" if n == 1
                   else "a wild card discarded freezes the discard pile under it"
                   if td.down_to == "any" else "a wild card in it freezes the discard pile")
            below = "topmost wild card"
        if td.frozen_take != "natural_pair":
            if n == 1:  # a pile of one card, taken only whole
                return f"{why}: it may not be taken, even as a single card"
            if below != "top card" and td.down_to != "any":
                return f"{why}: you may not take cards from it that hold a wild card"
            return f"{why}: no card below the {below} may be taken"
        if not self._pair_in_hand():
            return (f"{why}: you may take it only by melding its top card, {top}, at once "
                    f"with two natural cards of its rank from your hand, and you hold no "
                    "natural pair of it")
        short = self._short_of_opening(2)  # a meld with the pair the opening alone refuses
        return (f"{why}: you may take it only by melding its top card, {top}, at once with two "
                "natural cards of its rank from your hand, and "
                + (short or "no such meld is allowed now"))

    def _why_stopped(self) -> str | None:
        if not self._stopped():
            return None
        return (f"{C.card_str(self.discards[-1])} on top of the discard pile stops it: you may "
                "not take from the discard pile this turn")
