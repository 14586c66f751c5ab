"""Cards and tables for the terminal (rich text): what ``rulespec play`` shows.

One notation on screen: cards with their suit symbols (``7♠``, ``10♦``, ``JK``), in moves,
melds, reasons and results alike (typing ``7S`` still works). Red suits print red, black
suits bold, jokers magenta, and the cards that are wild in the current deal underlined. A
hand is grouped by suit, suits alternating black and red; a meld is shown in its own order.
Rows are laid out to the console's width (80 columns fit) without splitting a card group,
a meld or a move, and everything that came from a file is printed as its characters.
"""

from __future__ import annotations

import re

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import cards as C
from ..engine import actions as A
from ..terminal import pack, visible

# suits in the order a hand is shown: black and red alternate (S H C D)
SUIT_ORDER = (0, 1, 3, 2)
PANEL_EDGES = 4  # a panel's border and padding, in columns
_CARD_TOKEN = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b|\bJK\b|\b[KROB](1[0-3]|[1-9])\b")
#: the colour a tile is shown in (the tile's own: black, red, orange, blue)
_TILE_STYLE = {"black": "bold", "red": "bold red", "orange": "bold yellow", "blue": "bold blue"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun: ``1 card``, ``31 cards``, ``2 players``."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def card_style(card: int, wild: bool = False) -> str:
    if card == C.JOKER:
        style = "bold magenta"
    elif C.SUITS[C.suit_of(card)] in C.RED_SUITS:
        style = "bold red"
    else:
        style = "bold"
    return style + (" underline" if wild else "")


def card_text(card: int, wild: bool = False, tiles: bool = False) -> Text:
    """One card with its suit symbol, coloured; with ``tiles``, a tile (``R7``) in its
    colour."""
    if tiles and card != C.JOKER:
        style = _TILE_STYLE[C.TILE_COLOURS[C.suit_of(card)][1]] + (" underline" if wild else "")
        return Text(C.tile_str(card), style=style)
    return Text(C.card_str(card, symbols=True), style=card_style(card, wild))


def cards_text(cards, is_wild=lambda c: False, tiles: bool = False) -> Text:
    """Cards in the order given, a space apart."""
    return Text(" ").join(card_text(c, is_wild(c), tiles) for c in cards)


def hand_key(card: int, aces_high: bool = False) -> tuple:
    if card == C.JOKER:
        return (9, 0)
    r = C.rank_of(card)
    if aces_high and r == 0:
        r = 13
    return (SUIT_ORDER.index(C.suit_of(card)), r)


def hand_groups(cards, is_wild=lambda c: False, aces_high: bool = False,
                tiles: bool = False) -> list[Text]:
    """A hand sorted by suit, one text per suit (jokers last)."""
    groups: dict[int, list[int]] = {}
    for c in sorted(cards, key=lambda c: hand_key(c, aces_high)):
        groups.setdefault(hand_key(c, aces_high)[0], []).append(c)
    return [cards_text(g, is_wild, tiles) for g in groups.values()]


def hand_text(cards, is_wild=lambda c: False, aces_high: bool = False,
              tiles: bool = False) -> Text:
    """A hand sorted by suit, the suits apart: ``A♠ 2♠ │ 4♥ 5♥ │ JK``."""
    return Text(" │ ", style="dim").join(hand_groups(cards, is_wild, aces_high, tiles))


def meld_cards(cards, reading) -> list[int]:
    """A meld's cards in the order a player lays them: a run from its low end, each wild
    card in the place it stands for; a set by suit, its wild cards last."""
    rest = list(cards)
    wilds = []
    for w, stands in reading.wilds if reading is not None else ():
        if w in rest:
            rest.remove(w)
            wilds.append((w, stands))
    if reading is None or reading.kind != "run":
        return sorted(rest, key=C.sort_key) + sorted((w for w, _ in wilds), key=C.sort_key)
    place = {r: i for i, r in enumerate(reading.ranks)}
    placed = [(place.get(C.rank_of(s), len(place)), w) for w, s in wilds]
    placed += [(place.get(C.rank_of(c), len(place)), c) for c in rest]
    return [c for _, c in sorted(placed, key=lambda x: (x[0], C.sort_key(x[1])))]


def move_text(text: str, is_wild=lambda c: False, tiles: bool = False) -> Text:
    """A move, a reason or a meld's reading with its cards in the symbols form and
    coloured (``discard 7♠``, ``run 5♦-7♦``); control characters are made visible."""
    text = visible(text)
    out = Text()
    pos = 0
    for m in _CARD_TOKEN.finditer(text):
        out.append(text[pos:m.start()])
        c = C.parse_card(m.group(0))
        out.append_text(card_text(c, is_wild(c), tiles))
        pos = m.end()
    out.append(text[pos:])
    return out


def seat_name(seat: int, human: int | None, bots: dict) -> str:
    if seat == human:
        return "You"
    bot = bots.get(seat)
    return f"Seat {seat}" + (f" ({bot.name})" if bot is not None else "")


def _worth(worth: str) -> Text:
    return Text(worth, style="dim")


def table_view(game, obs, human: int, bots: dict, worth: str | None = None,
               width: int = 80) -> Panel:
    """The state of the hand as ``human`` sees it (an :class:`~rulespec.engine.Observation`),
    in a panel ``width`` columns wide."""
    rs = game.ruleset
    rules = game.rules
    aces_high = rs.aces.mode == "high"
    tiles = rs.deck.tiles
    rows: list[tuple[str, list, int]] = []  # a label, its items (separator, text), their indent

    parts = []
    for s in range(game.n):
        t = Text(f"{seat_name(s, human, bots)} {obs.totals[s]}")
        if not obs.active[s]:
            t.append(" (out)", style="dim")
        parts.append((" · ", t))
    goal = rs.game
    if goal.hands is not None:
        parts.append(("   ", Text(f"(first to win {plural(goal.hands, 'hand')})", style="dim")))
    elif goal.target is not None:
        parts.append(("   ", Text(f"(game to {goal.target})", style="dim")))
    elif goal.eliminate is not None:
        parts.append(("   ", Text(f"(out at {goal.eliminate})", style="dim")))
    elif goal.rounds is not None:
        parts.append(("   ", Text(f"({plural(goal.rounds, 'hand')})", style="dim")))
    if rs.partnerships is not None:
        teams = game.scores().teams
        parts.append(("   ", Text("teams: " + " · ".join(f"{i}: {t}" for i, t in enumerate(teams)),
                                  style="dim")))
    rows.append(("Scores", parts, 0))

    if rs.melds.on_table or obs.table:
        owners = sorted({m.owner for m in obs.table})
        for i, owner in enumerate(owners):
            melds = [("", Text(f"{seat_name(owner, human, bots)}:", style="bold"))]
            for m in (m for m in obs.table if m.owner == owner):
                t = Text(f"[{m.id}] ", style="dim")
                t.append_text(cards_text(meld_cards(m.cards, m.reading), rules.is_wild, tiles))
                # a meld being rearranged has no reading until it is valid again
                head = "not a meld yet" if m.reading is None else A.reading_head(m.reading)
                t.append(" (").append_text(move_text(head, tiles=tiles)).append(")")
                melds.append(("  " if len(melds) > 1 else " ", t))
            rows.append(("Table" if i == 0 else "", melds, 2))
        if not owners:
            rows.append(("Table", [("", Text("no melds yet", style="dim"))], 0))

    top = Text()
    if obs.discard_top is not None:
        top.append_text(card_text(obs.discard_top, rules.is_wild(obs.discard_top), tiles))
        top.append(f" ({obs.discard_count} in the pile)", style="dim")
    else:
        top.append("empty", style="dim")
    discard = [("", top), ("    ", Text(f"Stock {plural(obs.stock_size, 'card')}"))]
    if obs.second_hands:  # packets set aside: their sizes only
        sizes = ", ".join(str(k) if k else "taken" for k in obs.second_hands)
        discard.append(("    ", Text(f"Second hands: {sizes}")))
    if obs.wild is not None:
        discard.append(("    ", Text("Wild: ").append_text(card_text(obs.wild)).append(" cut", style="dim")))
    rows.append(("Discard", discard, 0))

    rows.append(("Others", [(" · ", Text(f"{seat_name(s, human, bots)} holds {plural(obs.hand_sizes[s], 'card')}"))
                            for s in range(game.n) if s != human and obs.active[s]], 0))
    mine = [(Text(" │ ", style="dim"), g)
            for g in hand_groups(obs.hand, rules.is_wild, aces_high, tiles)]
    if worth is not None:
        mine.append(("    ", _worth(worth)))
    rows.append((f"Your hand ({len(obs.hand)})", mine, 0))

    label_width = max(len(label) for label, _, _ in rows)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True, width=label_width)
    grid.add_column()
    for label, items, indent in rows:
        grid.add_row(label, pack(items, width - PANEL_EDGES - label_width - 2, indent))
    title = Text(f"{visible(rs.name)} · hand {obs.round} · dealer: {seat_name(obs.dealer, human, bots)}")
    return Panel(grid, title=title, title_align="left", border_style="blue", width=width)


def hand_line(game, obs, worth: str | None = None, width: int = 80) -> Text:
    """Just the player's hand, after their own move changed it."""
    items = [("", Text(f"Your hand ({len(obs.hand)})", style="cyan"))]
    groups = hand_groups(obs.hand, game.rules.is_wild, game.ruleset.aces.mode == "high",
                         game.ruleset.deck.tiles)
    items += [("  " if i == 0 else Text(" │ ", style="dim"), g) for i, g in enumerate(groups)]
    if worth is not None:
        items.append(("    ", _worth(worth)))
    return pack(items, width)


def hand_result_view(game, result, human: int | None, bots: dict) -> Panel:
    """How a hand ended: every seat's cards left, what they counted, the scores."""
    rules = game.rules
    t = Table(show_edge=False, box=None, padding=(0, 2))
    t.add_column("Seat", style="bold")
    t.add_column("Cards left")
    t.add_column("Counted", justify="right")
    t.add_column("Hand", justify="right")
    t.add_column("Total", justify="right")
    for s in range(game.n):
        pen = result.penalties[s]
        t.add_row(seat_name(s, human, bots),
                  hand_text(result.hands[s], rules.is_wild, tiles=game.ruleset.deck.tiles),
                  "-" if pen is None else str(pen), str(result.scores[s]), str(game.totals[s]))
    head = result.reason
    if result.winner is not None:
        head += f": {seat_name(result.winner, human, bots)} " + ("win" if result.winner == human else "wins")
        head += " the hand"
    if result.rummy:
        head += " (rummy!)"
    return Panel(t, title=Text(f"Hand {result.round} over · {visible(head)}"), title_align="left",
                 border_style="green")
