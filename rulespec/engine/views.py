"""The plain data a game keeps and hands out: a meld on the table, the scores so far,
and what one player may see (kept apart from :mod:`.state` so that every mechanic can
build them without importing the game)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from . import actions as A
from .scoring import HandResult


@dataclass
class TableMeld:
    """A meld on the table: its number, who laid it, its cards and how they are read."""

    id: int
    owner: int
    cards: list
    reading: object

    def __str__(self) -> str:
        cards = C.cards_str(sorted(self.cards, key=C.sort_key))
        head = "not a meld yet" if self.reading is None else A.reading_head(self.reading)
        return f"{self.id}: {cards} ({head})"


@dataclass(frozen=True)
class Scores:
    """Scores so far. ``hand``: what each seat scored in the last finished hand (zeros
    before the first); ``game``: each seat's total; ``teams``/``team_hand``: the same per
    team under partnerships (seat ``s`` plays for team ``s % teams``), else None."""

    hand: tuple
    game: tuple
    teams: tuple | None
    team_hand: tuple | None
    hands_played: int
    winners: tuple  # the winning seats once the game is over


@dataclass(frozen=True)
class Observation:
    """What one player may see. Hands of others are counts; the table and the discard
    pile are public (every discard was seen face up)."""

    player: int
    current_player: int
    phase: str
    round: int
    dealer: int
    hand: tuple  # own cards, sorted by suit then rank
    hand_sizes: tuple  # cards held by each seat
    table: tuple  # TableMeld copies, in the order laid (``owner`` says whose)
    discard_top: int | None
    discard_pile: tuple  # bottom first
    stock_size: int
    wild: int | None  # the card cut as wild this deal
    opened: tuple  # per seat: has gone down (opened)
    active: tuple  # per seat: still in this hand (not dropped, not eliminated)
    totals: tuple
    last_hand: HandResult | None
    second_hands: tuple = ()  # cards in each packet set aside (a side's, or a seat's), 0 once taken

    def __str__(self) -> str:
        lines = [f"round {self.round}, seat {self.player} to see; {self.phase}, "
                 f"seat {self.current_player} to move",
                 "hand: " + C.cards_str(self.hand),
                 f"discard: {C.card_str(self.discard_top) if self.discard_top is not None else '-'}"
                 f" ({len(self.discard_pile)}), stock: {self.stock_size}"]
        if self.second_hands:
            lines.append("second hands: " + " ".join(str(k) for k in self.second_hands))
        if self.wild is not None:
            lines.append(f"wild card: {C.card_str(self.wild)}")
        for m in self.table:
            lines.append(f"  seat {m.owner}: {m}")
        lines.append("cards held: " + " ".join(str(n) for n in self.hand_sizes))
        lines.append("totals: " + " ".join(str(t) for t in self.totals))
        return "\n".join(lines)
