"""Dealing a hand: who deals, the shuffle (or a stacked deck), the cards each seat gets,
the card cut as wild, the upcard, and the first upcard offered before the first turn."""

from __future__ import annotations

from ...melds.context import rules_for
from .. import actions as A
from ..deal import check_stack, deck_cards
from ..phases import Phase, Then

_DRAW_DISCARD, _PASS = A.simple(A.DRAW_DISCARD), A.simple(A.PASS)


class Dealing:
    """Plays ``deal:`` (hand sizes by players and round, the starter's extra card, dealer
    rotation, the upcard and a wild upcard buried, the first upcard's offers) and the cut
    wild card of ``wilds:``. Reads ``deal.rotation``, ``deal.hand_size``,
    ``deal.starter_extra``, ``deal.upcard``, ``deal.upcard_wild``, ``deal.offer``,
    ``wilds.cut``, ``turn.starter_draws``; the deck through :mod:`..deal`.

    Every card dealt, cut or turned up is a chance step (``Game._chance``); once they are
    all done, :meth:`_begin` offers the upcard or starts the first turn."""

    def _start_hand(self) -> None:
        """Deal on: the next dealer, a fresh deck, every zone and count of the hand reset,
        and the chance steps of the deal queued."""
        self.round += 1
        rs = self._rules_of_round()
        self.in_hand = [p not in self.eliminated for p in range(self.n)]
        seated = [p for p in range(self.n) if self.in_hand[p]]
        if self.round > 1:
            self.dealer = self._next_dealer()
        elif not self.in_hand[self.dealer]:
            self.dealer = seated[-1]
        self.active = list(self.in_hand)
        count = len(seated)
        deck = deck_cards(rs, count)
        stack = self._stacks[self.round - 1] if self.round - 1 < len(self._stacks) else None
        if stack is not None:
            order = check_stack(rs, count, stack)
            self.stock = order[::-1]
            self.stock_ordered = True
        else:
            self._rng.shuffle(deck)
            self.stock = deck
            self.stock_ordered = False
        self._reset_hand()
        size = rs.deal.hand_size(count, self.round)
        first = self._next_seat(self.dealer, self.in_hand)  # dealt to first
        won = self.results[-1].winner if self.results else None
        starter = rs.seating.starter(self.dealer, first,
                                     won if won is not None and self.in_hand[won] else None)
        self.starter = starter
        order = [first]
        while len(order) < count:
            order.append(self._next_seat(order[-1], self.in_hand))
        chance = [(A.DEAL, p) for _ in range(size) for p in order]
        chance += [(A.DEAL, starter)] * rs.deal.starter_extra
        chance += self._packet_steps(seated)
        if rs.wilds.cut:
            chance.append((A.CUT, None))
        if rs.deal.upcard:
            chance.append((A.UPCARD, None))
        self._chance = chance
        self._then = Then.BEGIN
        self._buried = 0
        self.deal_size = size
        self.dealt = None  # each seat's cards once the deal is done
        self._scratch = {}  # per-move working values (not game state)

    def _reset_hand(self) -> None:
        """Every zone and count that lives for one hand, as it is before the deal."""
        n = self.n
        self.hands = [[] for _ in range(n)]
        self.discards: list[int] = []
        self.table: list = []  # TableMeld, in the order laid
        self.laid_off: list = []  # (seat, meld id, card) for each card laid off, in order
        self.out: list[int] = []  # cards out of play (hands of players who dropped out)
        self.bonus: list[list[int]] = [[] for _ in range(n)]  # bonus cards laid out (bonus)
        self.bonus_owed = [0] * n  # bonus cards dealt and not yet replaced
        self.cut_card = None
        self.wild = None
        self.rules = rules_for(self.ruleset, None)
        self.opened = [False] * n
        self.melded = [False] * n  # has laid a meld of their own this hand
        self.played = [False] * n  # has melded or laid off in an earlier turn (going rummy)
        self.drawn = [False] * n  # has drawn this hand (a drop after it is a middle drop)
        self.turns_had = [0] * n  # turns each seat has begun this hand (mechanics.draw_limits)
        self.misses = [0] * n
        self.claims_made = [0] * n  # out-of-turn claims ("May I?") each seat made this hand
        self.dropped: dict[int, int] = {}  # seats out of this hand, and what it cost them
        self.wrong_shows: list[int] = []
        self.top_discarder = None
        self.closer = None  # (seat, ending, rummy) of the player who closed the hand: last turns
        self.first_reading: dict[int, object] = {}  # a meld's reading before any lay-off
        # what the wild cards that moved to a run's other end stand for, by meld
        # (``table.end_wilds_move``: under ``once`` they stay put)
        self.moved_wilds: dict[int, tuple] = {}
        self.reuses = 0
        self.idle_passes = 0  # turns in a row that passed without playing (no-discard turns)
        self.discard_draws = 0
        self.throw_backs = 0
        self._reset_packets()
        self._turn_reset()
        self.turn = None
        self.player = None
        self.phase = Phase.DEAL
        self.knocker = None
        self.knock_limit = None
        self.first_upcard = None
        self.upcard_freeze = None
        self._set_knock_max()
        self.big_gin = False
        self.defenders: list[int] = []
        self.claimers: list[int] = []
        self.offerees: list[int] = []
        self.moves_this_hand = 0
        self._played_at_start = False
        self._gin = False
        self._lays_off = False
        self._claimer = None
        self._first_turn = not self.ruleset.turn.starter_draws

    def _cut(self, seat, card: int) -> None:
        """The card cut as wild: it and its rank (or the rule's cards) are wild this deal."""
        self.cut_card = card
        self.wild = card
        self.rules = rules_for(self.ruleset, card)

    def _turn_upcard(self, seat, card: int) -> None:
        """The upcard starts the discard pile, unless it is wild and the rules bury it in
        the middle of the stock or cover it (then the next card is turned, into the stock's
        middle or onto it); a bonus card stays under the next card turned (mechanic bonus)."""
        at = len(self.discards)
        self._deal_upcard(card)
        if len(self.discards) > at and self.discards[at] == card:  # it lies in the pile
            self._note_upcard(card, at)

    def _deal_upcard(self, card: int) -> None:
        if self.ruleset.bonus is not None and self._bonus_upcard(card):
            return
        how = self.ruleset.deal.upcard_wild
        if how == "cover" and self.rules.is_wild(card) and self.stock:
            self.discards.append(card)
            self._chance.insert(0, (A.UPCARD, None))
        elif how == "bury" and self.rules.is_wild(card) and self._buried < len(self.stock):
            self._buried += 1
            self.stock.insert(len(self.stock) // 2, card)
            self._chance.insert(0, (A.UPCARD, None))
        else:
            self.discards.append(card)
            self.first_upcard = card
            self._set_knock_max()

    def _begin(self) -> None:
        """The deal is done: special hands dealt are declared first (mechanic special_hands),
        then play begins; bonus cards dealt are replaced first (mechanic bonus)."""
        if self.ruleset.bonus is not None and self._replace_dealt_bonus():
            return
        self.dealt = [len(h) for h in self.hands]
        if not self._offer_specials():
            self._begin_play()

    def _begin_play(self) -> None:
        """Offer the upcard where the rules say so, else the first turn."""
        rs = self.ruleset
        if rs.deal.offer and self.discards:
            self.offerees = [self._offer_role(r) for r in rs.deal.offer]
            self.phase = Phase.OFFER
            self.player = self.offerees[0]
            self.turn = self.player
            return
        self._start_turn(self.starter)

    def _offer_moves(self) -> list:
        return [_DRAW_DISCARD, _PASS]

    def _pass_offer(self) -> None:
        """The upcard declined: offer it to the next seat, or (everyone declined) the
        first offeree's turn begins from the stock."""
        self.offerees.pop(0)
        if self.offerees:
            self.player = self.turn = self.offerees[0]
        else:
            self._start_turn(self._offer_role(self.ruleset.deal.offer[0]), stock_only=True)

    def _offer_role(self, role: str) -> int:
        """The seat of an upcard offer's ``non-dealer`` (the seat after the dealer, whoever
        starts) or ``dealer``."""
        return self.dealer if role == "dealer" else self._next_seat(self.dealer, self.in_hand)

    CHANCE_STEPS = {A.CUT: _cut, A.UPCARD: _turn_upcard}
    THEN = {Then.BEGIN: _begin}
    PHASES = {Phase.OFFER: _offer_moves}
    PASSES = {Phase.OFFER: _pass_offer}
