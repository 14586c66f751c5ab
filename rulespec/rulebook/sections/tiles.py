"""Tiles, turns without a discard and rearranging the table (issue #15, items 7-9): how
the page names tiles, and the steps of a turn that plays or draws. The words are in
``templates/prose/tiles.md.j2``."""

from __future__ import annotations

import re

from ... import cards as C
from .. import prose
from .. import words as W
from .base import Base


#: a card chip of :func:`..words.card`, ``<span class="card red">7♥</span>``
_CHIP = re.compile(r'<span class="card (?:red|black)">([^<]+)</span>')


def _tile_chip(m: re.Match) -> str:
    code = C.parse_card(m.group(1))
    colour = C.TILE_COLOURS[C.suit_of(code)][1]
    return f'<span class="card tile {colour}">{C.tile_str(code)}</span>'


class Tiles(Base):
    @staticmethod
    def tile_chips(text: str) -> str:
        """``text`` with every card chip written as a tile (``7♥`` becomes red ``R7``); the
        words of tiles are the page's vocabulary (:func:`..words.tile_words`)."""
        return _CHIP.sub(_tile_chip, text)

    def tiles_words(self, deck) -> str:
        """The paragraph on tiles and how they are written (empty for playing cards)."""
        if not deck["tiles"]:
            return ""
        colours = W.join([name for _, name in C.TILE_COLOURS], "and")
        letters = ", ".join(f"`{k}` {name}" for k, name in C.TILE_COLOURS)
        return prose.say("tiles", "tiles", colours=colours, letters=letters)

    def play_or_draw_steps(self, t) -> list[str]:
        """A turn that plays to the table or draws one card instead; there is no discard."""
        if not t["play_or_draw"]:  # read here, so a marker on the rule lands on this step
            return []
        return [prose.say("tiles", "play_or_draw", many=t["stock_cards"])]

    def rearranging_steps(self, r) -> list[str]:
        """Taking the melds on the table apart and laying them again, one card at a time."""
        if r is None:
            return []
        card = "R7" if self.rs.deck.tiles else "7H"  # a move names a card as it is typed
        return [prose.say("tiles", "rearrange", own=r["melds"] == "own",
                          after_opening=r["after_opening"], moves=r["max_moves"], card=card,
                          wilds=self.rs.wilds.any)]
