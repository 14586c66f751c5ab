"""Seating: who deals first (chosen at random, or the high or low card of a cut), who
deals each later hand (in turn, the winner, the loser) and which way play goes round the
table (issue 15, construct 11)."""

from __future__ import annotations

from ...ruleset.turns import cut_rank
from .. import actions as A
from ..deal import deck_cards, first_dealer
from ..phases import Then


class Seating:
    """Plays ``seating:``. Reads ``seating.first_dealer``, ``seating.next_dealer``,
    ``seating.play`` and ``deal.rotation``.

    "At random" is the engine's seating itself: the last seat deals first, and the seats
    are whoever sits in them. A cut is a chance step per player (``cut for deal 7S``)
    from a shuffled pack before the first deal; players who tie cut again. A stacked deck
    fixes the deal for its dealer (:func:`~rulespec.engine.deal.stacked_deck`), so a game
    on one has no cut."""

    def _seat(self) -> None:
        """Choose the first dealer, then deal the first hand."""
        rs = self.ruleset
        self._play_step = rs.seating.step
        self.dealer = first_dealer(self.n)
        if rs.seating.first_dealer == "random" or self._stacks:
            self._start_hand()
            return
        self._reset_hand()
        self.in_hand = [True] * self.n
        self.active = list(self.in_hand)
        self.stock = deck_cards(rs, self.n)
        self._rng.shuffle(self.stock)
        self.stock_ordered = False
        self.deal_size = self.dealt = self.starter = None  # no hand is dealt yet
        self.seat_cuts: dict[int, int] = {}
        self._cut_round(list(range(self.n)))

    def _cut_round(self, seats: list[int]) -> None:
        self._chance = [(A.SEAT_CUT, p) for p in seats]
        self._then = Then.SEATED

    def _cut_for_deal(self, seat: int, card: int) -> None:
        """A cut card lies face up apart (``out``) until the pack is gathered for the deal."""
        self.seat_cuts[seat] = card
        self.out.append(card)

    def _seated(self) -> None:
        """Every cut is in: the high (or low) card deals; a tie cuts again."""
        sign = 1 if self.ruleset.seating.first_dealer == "high card" else -1
        best = max(sign * cut_rank(c) for c in self.seat_cuts.values())
        tied = [p for p, c in sorted(self.seat_cuts.items()) if sign * cut_rank(c) == best]
        if len(tied) > 1 and len(self.stock) >= len(tied):
            self.seat_cuts = {}
            self._cut_round(tied)
            return
        self.dealer = tied[0]
        self._start_hand()

    def _next_dealer(self) -> int:
        """The dealer of the next hand: the last hand's winner or loser where the rules
        say so and there is one still in the game, else the next seat the deal passes to."""
        rule = self.ruleset.seating.next_dealer
        last = self.results[-1] if self.results else None
        who = None
        if last is not None and rule == "winner":
            who = last.winner
        elif last is not None and rule == "loser":
            who = self._loser(last)
        if who is not None and self.in_hand[who]:
            return who
        step = -1 if self.ruleset.deal.rotation == "right" else 1
        return self._next_seat(self.dealer, self.in_hand, step)

    def _loser(self, last) -> int | None:
        """The one player who held the most in the hand just played; in a hand with a
        winner and one other player, that player (None: a tie, or nothing was counted)."""
        seats = [p for p in range(self.n) if self.in_hand[p] and p != last.winner]
        if len(seats) == 1 and last.winner is not None:
            return seats[0]
        seats = [p for p in seats if last.penalties[p] is not None]
        if not seats:
            return None
        worst = max(last.penalties[p] for p in seats)
        most = [p for p in seats if last.penalties[p] == worst]
        return most[0] if len(most) == 1 else None

    CHANCE_STEPS = {A.SEAT_CUT: _cut_for_deal}
    THEN = {Then.SEATED: _seated}
