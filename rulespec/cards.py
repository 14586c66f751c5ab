"""Cards as small ints, and the notation people write them in.

A natural card is ``suit * 13 + rank`` with ranks 0..12 for A..K and suits in the
order spades, hearts, diamonds, clubs; a printed joker is ``JOKER`` (52). Copies
from several packs share one code: a hand is a list (a multiset) of codes.
Notation accepted: ``7S``, ``10D``, ``TD``, ``QH``, ``JK`` (joker), ``7♠``, ``A♥``,
and ``Joker``. Tiles (a deck of numbers 1-13 in four colours) are the same codes, the
colours standing for the suits: written colour then number, ``R7`` (red 7), ``K13``
(black 13), ``O1``, ``B10`` (:data:`TILE_COLOURS`); ``parse_card`` reads them always.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset({"H", "D"})
JOKER = 52
NUM_NATURAL = 52

#: a tile's colour letter and name, in the order of the suits it is coded as (S H D C)
TILE_COLOURS = (("K", "black"), ("R", "red"), ("O", "orange"), ("B", "blue"))
_TILE = re.compile(r"^([KROBkrob])(1[0-3]|[1-9])$")

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_RANK_ALIASES = {"T": "10", "1": "A", "ACE": "A", "JACK": "J", "QUEEN": "Q", "KING": "K"}


class CardError(ValueError):
    """A card name that is not in the notation."""


def make(rank: int, suit: int) -> int:
    """The code of the natural card of rank index ``rank`` (0 = ace) and suit index ``suit``."""
    return suit * 13 + rank


def rank_of(card: int) -> int:
    """Rank index 0..12 (A..K); -1 for a joker."""
    return -1 if card == JOKER else card % 13


def suit_of(card: int) -> int:
    """Suit index 0..3 (S, H, D, C); -1 for a joker."""
    return -1 if card == JOKER else card // 13


def rank_index(name: str) -> int:
    """Index of a rank written as a player writes it (``A``, ``10``, ``T``, ``K``)."""
    key = name.strip().upper()
    key = _RANK_ALIASES.get(key, key)
    try:
        return RANKS.index(key)
    except ValueError:
        raise CardError(f"{name!r} is not a rank (ranks are {' '.join(RANKS)})") from None


def parse_card(text: str) -> int:
    """One card from its name: ``7S``, ``10D``, ``TD``, ``7♠``, ``JK`` or ``Joker``."""
    t = text.strip()
    if t.upper() in ("JK", "JOKER", "*", "🃏"):
        return JOKER
    tile = _TILE.match(t)
    if tile:
        colour = [k for k, _ in TILE_COLOURS].index(tile.group(1).upper())
        return make(int(tile.group(2)) - 1, colour)
    if len(t) < 2:
        raise CardError(f"{text!r} is not a card: write rank then suit, like 7S or 10♦")
    suit_char = t[-1]
    suit = _SYMBOL_TO_SUIT.get(suit_char, suit_char.upper())
    if suit not in SUITS:
        raise CardError(f"{text!r} has no suit: end it with S, H, D, C or ♠ ♥ ♦ ♣")
    return make(rank_index(t[:-1]), SUITS.index(suit))


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Cards separated by spaces or commas (or an iterable of names)."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [parse_card(t) for t in text]


def card_str(card: int, symbols: bool = False) -> str:
    """Canonical name: ``7S``, ``10D``, ``JK``; with ``symbols``, ``7♠``."""
    if card == JOKER:
        return "JK"
    suit = SUITS[suit_of(card)]
    return RANKS[rank_of(card)] + (SUIT_SYMBOLS[suit] if symbols else suit)


def cards_str(cards: Iterable[int], symbols: bool = False) -> str:
    return " ".join(card_str(c, symbols) for c in cards)


def tile_str(card: int) -> str:
    """A tile's name: colour letter then number, ``R7``, ``K13``; ``JK`` for a joker."""
    if card == JOKER:
        return "JK"
    return TILE_COLOURS[suit_of(card)][0] + str(rank_of(card) + 1)


_CARD_NAME = re.compile(r"(?<![\w])(10|[2-9AJQK])([SHDC])(?![\w])")


def tile_text(text: str) -> str:
    """A move or record line with its card names written as tiles (``meld 10H JH QH``
    becomes ``meld R10 R11 R12``); ``JK`` and every other word stay as they are."""
    return _CARD_NAME.sub(lambda m: tile_str(parse_card(m.group(0))), text)


def tile_words(card: int) -> str:
    """A tile as a player says it: ``red 7``, ``joker``."""
    if card == JOKER:
        return "joker"
    return f"{TILE_COLOURS[suit_of(card)][1]} {rank_of(card) + 1}"


def rank_cards(rank: str, colour: str | None = None) -> list[str]:
    """The cards of ``rank`` (``"3"``) in ``colour`` ("red", "black"; None: every suit):
    ``red 3s`` in a rule file names 3H and 3D."""
    suits = {"red": ("H", "D"), "black": ("S", "C"), None: SUITS}[colour]
    return [rank + s for s in suits]


def is_red(card: int) -> bool:
    return card != JOKER and SUITS[suit_of(card)] in RED_SUITS


def build_deck(packs: int, jokers: int, ranks: Iterable[int] | None = None) -> list[int]:
    """A deck of ``packs`` packs plus ``jokers`` printed jokers, in a fixed order. A pack
    is 52 cards, or only the cards of ``ranks`` (rank indexes) where a stripped pack
    leaves some out."""
    keep = set(range(13) if ranks is None else ranks)
    pack = [c for c in range(NUM_NATURAL) if c % 13 in keep]
    return [c for _ in range(packs) for c in pack] + [JOKER] * jokers


def sort_key(card: int) -> tuple[int, int]:
    """Sort by suit then rank, jokers last: how a player arranges a hand."""
    return (4, 0) if card == JOKER else (suit_of(card), rank_of(card))
