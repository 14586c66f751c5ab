"""The plain data a game keeps and hands out: a meld on the table, the scores so far,
and what one player may see (kept apart from :mod:`.state` so that every mechanic can
build them without importing the game)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from . import actions as A
from .scoring import HandResult, number


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
    """What one player may see. Hands of others are counts; the table is public, and so
    is the discard pile (every discard was seen face up), unless the rules keep it squared
    (``turn.discard_squared``): then only its top card is seen, and how many it holds."""

    player: int
    current_player: int
    phase: str
    round: int
    dealer: int
    hand: tuple  # own cards, sorted by suit then rank
    hand_sizes: tuple  # cards held by each seat
    table: tuple  # TableMeld copies, in the order laid (``owner`` says whose)
    discard_top: int | None
    discard_pile: tuple  # bottom first: the cards that can be seen (the top one, if squared)
    stock_size: int
    wild: int | None  # the card cut as wild this deal
    opened: tuple  # per seat: has gone down (opened)
    active: tuple  # per seat: still in this hand (not dropped, not eliminated)
    totals: tuple
    last_hand: HandResult | None
    bonus: tuple = ()  # per seat: the bonus cards laid out in front of it (public)
    second_hands: tuple = ()  # cards in each packet set aside (a side's, or a seat's), 0 once taken
    discard_count: int = 0  # cards in the discard pile, seen or not

    def __str__(self) -> str:
        lines = [f"round {self.round}, seat {self.player} to see; {self.phase}, "
                 f"seat {self.current_player} to move",
                 "hand: " + C.cards_str(self.hand),
                 f"discard: {C.card_str(self.discard_top) if self.discard_top is not None else '-'}"
                 f" ({self.discard_count}), stock: {self.stock_size}"]
        if self.second_hands:
            lines.append("second hands: " + " ".join(str(k) for k in self.second_hands))
        if self.wild is not None:
            lines.append(f"wild card: {C.card_str(self.wild)}")
        for m in self.table:
            lines.append(f"  seat {m.owner}: {m}")
        if any(self.bonus):
            lines.append("bonus cards: " + "; ".join(
                f"seat {p} {C.cards_str(b)}" for p, b in enumerate(self.bonus) if b))
        lines.append("cards held: " + " ".join(str(n) for n in self.hand_sizes))
        lines.append("totals: " + " ".join(str(t) for t in self.totals))
        return "\n".join(lines)


def observe(game, player: int) -> Observation:
    """What ``player`` may see of ``game`` now (``Game.observation``)."""
    return Observation(
        player=player,
        current_player=game.current_player(),
        phase=game.phase,
        round=game.round,
        dealer=game.dealer,
        hand=tuple(sorted(game.hands[player], key=C.sort_key)),
        hand_sizes=tuple(len(h) for h in game.hands),
        table=tuple(TableMeld(m.id, m.owner, sorted(m.cards, key=C.sort_key), m.reading)
                    for m in game.table),
        discard_top=game.discards[-1] if game.discards else None,
        discard_pile=tuple(game.discards[-1:] if game.ruleset.turn.discard_squared
                           else game.discards),
        discard_count=len(game.discards),
        stock_size=len(game.stock),
        bonus=tuple(tuple(sorted(b, key=C.sort_key)) for b in game.bonus),
        second_hands=tuple(len(k) for k in game.packets),
        wild=game.cut_card,
        opened=tuple(game.opened),
        active=tuple(game.active),
        totals=tuple(number(t) for t in game.totals),
        last_hand=game.results[-1] if game.results else None,
    )
