"""The answers the meld code gives: melds, their readings, arrangements and verdicts."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C


@dataclass(frozen=True)
class Reading:
    """One way to read a meld: what kind it is and what each wild card stands for.

    ``wilds`` pairs each wild card acting as another card with the natural card it stands
    for; in a set the wild stands for a card of rank ``rank`` whose suit is left open, so
    the pair holds None. A wild card used as itself (the 2 in A-2-3-4) is not listed."""

    kind: str  # "set" | "run"
    rank: int | None = None  # a set: its rank index
    suit: int | None = None  # a run: its suit index
    ranks: tuple[int, ...] = ()  # a run: the rank of each place, lowest first
    wilds: tuple[tuple[int, int | None], ...] = ()

    @property
    def pure(self) -> bool:
        """No wild card stands for another card (Indian rummy's pure sequence)."""
        return not self.wilds

    @property
    def as_printed(self) -> bool:
        """Every card stands for itself: no wild card, or each wild card of a run in its
        own place (a wild two of spades as the two in A-2-3 of spades)."""
        return all(self.kind == "run" and stands == C.rank_of(card)
                   and C.suit_of(card) == self.suit for card, stands in self.wilds)

    def __str__(self) -> str:
        if self.kind == "set":
            head = "set of wild cards" if self.rank is None else f"set of {C.RANKS[self.rank]}s"
        else:
            suit = C.SUITS[self.suit]
            head = "run " + "-".join(C.RANKS[r] for r in self.ranks) + C.SUIT_SYMBOLS[suit]
        if not self.wilds:
            return head
        parts = [
            f"{C.card_str(w)}={C.card_str(s) if s is not None else C.RANKS[self.rank]}"
            if s is not None or self.rank is not None else f"{C.card_str(w)} wild"
            for w, s in self.wilds
        ]
        return f"{head} ({', '.join(parts)})"


@dataclass(frozen=True)
class Meld:
    """A legal meld. ``cards`` are sorted (suit, then rank, jokers last); ``readings``
    lists every way the meld can be read, pure ones first; ``kind`` is the first one's."""

    kind: str
    pure: bool
    cards: tuple[int, ...]
    readings: tuple[Reading, ...]

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(r.kind for r in self.readings)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return C.cards_str(self.cards, symbols=True)


@dataclass(frozen=True)
class Arrangement:
    """A partition of a hand: melds that do not share a card, and the cards left over
    (``deadwood``) with their total value."""

    melds: tuple[Meld, ...]
    deadwood: tuple[int, ...]
    deadwood_points: int

    def __str__(self) -> str:
        groups = " | ".join(str(m) for m in self.melds)
        return f"{groups} || {C.cards_str(self.deadwood, symbols=True)} ({self.deadwood_points})"


@dataclass(frozen=True)
class Verdict:
    """Whether a declaration (a show, a going-out grouping) stands, and why in words."""

    ok: bool
    reason: str

    def __bool__(self) -> bool:
        return self.ok
