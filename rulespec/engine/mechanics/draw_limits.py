"""Limits on taking from the discard pile at the draw: no one takes from it in the first
round of turns (each player's first turn of a hand draws from the stock), and a player
holding few cards may not take it (Canasta: one card in hand, a pile of one card).

The pile is closed to the player in turn: :mod:`.drawing` offers neither the top card nor
a deeper take, and the rules for a stock that is gone decide what is left (as for a stop
card on top), so a turn always has a move."""

from __future__ import annotations


def _few(n: int, fewer: str = " or fewer") -> str:
    """``1`` -> "only 1 card", ``3`` -> "3 cards or fewer": a hand or a pile this small."""
    return "only 1 card" if n == 1 else f"{n} cards{fewer}"


class DrawLimits:
    """Plays ``draw: from stock only in first round of turns`` and ``draw: with 1 card in
    hand, not from discard pile when it holds 1 card``. Reads ``turn.stock_first_round``
    and ``turn.short_hand``; :attr:`Game.turns_had` counts the turns each seat has begun
    in the hand (the first round is each seat's first)."""

    def _first_round(self) -> bool:
        """Is the turn of the player in turn their first of the hand, under the rule?"""
        return self.ruleset.turn.stock_first_round and self.turns_had[self.player] <= 1

    def _hand_short(self) -> bool:
        """Does the player in turn hold too few cards to take the pile as it is now?"""
        sh = self.ruleset.turn.short_hand
        return (sh is not None and len(self.hands[self.player]) <= sh.hand
                and (sh.pile is None or len(self.discards) <= sh.pile))

    def _pile_closed(self) -> bool:
        """May the player in turn take nothing from the discard pile now?"""
        return self._first_round() or self._hand_short()

    def _why_closed(self) -> str | None:
        """Why the discard pile is closed to the player in turn (None: it is not)."""
        if self._first_round():
            return ("no one may take from the discard pile in the first round of turns: your "
                    "first turn of the hand draws from the stock")
        if self._hand_short():
            sh = self.ruleset.turn.short_hand
            held = len(self.hands[self.player])
            when = "" if sh.pile is None else f" while it holds {_few(sh.pile)}"
            return (f"you hold {_few(held, '')}: with {_few(sh.hand)} in hand you may not take "
                    f"from the discard pile{when}; draw from the stock")
        return None
