"""Clause handlers for `draw:` and `discard:` clauses that name cards (the stop cards of
the discard pile, the cards that may not be discarded) or count them (cards drawn from the
stock, the top cards of the pile taken); kept apart from :mod:`.transformer`, which mixes
them in."""

from __future__ import annotations

from lark import Token

from .. import cards as C


class DrawClauses:
    """``draw: discard pile may not be taken when top card is black 3s``: each card named
    (a rank in both colours or one, or a card) is one item of ``turn.discard_stops``."""

    def _card_names(self, named) -> list[str]:
        """The cards a list of ``stop_card`` (``black 3s``, ``QS``), ``bar_jokers`` and
        ``bar_wilds`` names, each once: ``3S 3C``, ``QS``, ``JK``, ``wild``."""
        seen: list[str] = []
        for stop in named:
            if stop.data in ("bar_jokers", "bar_wilds"):
                names = ["JK" if stop.data == "bar_jokers" else "wild"]
            else:
                toks = [t for t in stop.children if isinstance(t, Token)]
                if toks[-1].type == "CARD":
                    names = [C.card_str(C.parse_card(str(toks[-1])))]
                else:
                    colour = str(toks[0]) if len(toks) == 2 else None
                    names = C.rank_cards(self.args(stop)[-1], colour)
            seen.extend(n for n in names if n not in seen)
        return seen

    def draw_stops(self, node, *stops):
        for name in self._card_names(s for s in stops if hasattr(s, "data")):
            self.set(node, "turn.discard_stops", name)

    def draw_frozen_upcard(self, node, *named):
        """``draw: discard pile frozen by red 3s turned up``: each card named is one item
        of ``turn.take_discards.frozen_upcard``."""
        for name in self._card_names(n for n in named if hasattr(n, "data")):
            self.set(node, "turn.take_discards.frozen_upcard", name)

    def discard_barred(self, node, *bars):
        """``discard: QS only as last card``, ``jokers may not be discarded``: each card
        named is one item of ``turn.discard_barred``."""
        for name in self._card_names(b for b in bars if hasattr(b, "data")):
            self.set(node, "turn.discard_barred", name)

    def discard_barred_first_round(self, node, *bars):
        """``discard: black 3s may not be discarded in the first round of turns`` (Canasta):
        each card named is one item of ``turn.discard_barred_first``."""
        for name in self._card_names(b for b in bars if hasattr(b, "data")):
            self.set(node, "turn.discard_barred_first", name)

    def draw_stock_cards(self, node, n):
        """``draw: 2 cards from stock``: how many cards a turn's draw from the stock takes."""
        self.set(node, "turn.stock_cards", n)

    def draw_take_top(self, node, n):
        """``draw: take top 7 cards of discard pile``: a take is the top N cards (all of
        them when the pile holds fewer), beside the top card alone."""
        self.set(node, "turn.take_discards.down_to", "top")
        self.set(node, "turn.take_discards.top_cards", n)

    def draw_take_top_only(self, node, n):
        """``draw: take only top 7 cards of discard pile``: never the top card alone."""
        self.draw_take_top(node, n)
        self.set(node, "turn.take_discards.top_alone", False)

    def draw_short_hand(self, node, hand, pile=None):
        """``draw: with 1 card in hand, not from discard pile when it holds 1 card``: a
        player holding that many cards or fewer may not take from the discard pile (while
        it holds that many cards or fewer, when the pile's size is given)."""
        self.set(node, "turn.short_hand.hand", hand)
        self.set(node, "turn.short_hand.pile", pile)

    def draw_top_not_onto(self, node, n):
        """``draw: top card taken may not go onto a meld of 7+ cards``: a meld of N cards or
        more is closed to the top card of a take (Bolivia's, Samba's completed canasta)."""
        self.set(node, "turn.top_taken.full", n)

