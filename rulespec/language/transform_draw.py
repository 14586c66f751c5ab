"""Clause handlers for `draw:` clauses that name cards (the stop cards of the discard
pile) or count them (cards drawn from the stock, the top cards of the pile taken); kept
apart from :mod:`.transformer`, which mixes them in."""

from __future__ import annotations

from lark import Token

from .. import cards as C


class DrawClauses:
    """``draw: discard pile may not be taken when top card is black 3s``: each card named
    (a rank in both colours or one, or a card) is one item of ``turn.discard_stops``."""

    def draw_stops(self, node, *stops):
        seen: list[str] = []
        for stop in stops:
            toks = [t for t in stop.children if isinstance(t, Token)]
            if toks[-1].type == "CARD":
                names = [C.card_str(C.parse_card(str(toks[-1])))]
            else:
                colour = str(toks[0]) if len(toks) == 2 else None
                rank = self.args(stop)[-1]
                names = C.rank_cards(rank, colour)
            seen.extend(n for n in names if n not in seen)
        for name in seen:
            self.set(node, "turn.discard_stops", name)

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
