"""Cards and tables for the terminal (rich text): what ``rulespec play`` shows.

Red suits print red, black suits bold, jokers magenta, and the cards that are wild in the
current deal underlined. A hand is grouped by suit, suits alternating black and red.
"""

from __future__ import annotations

from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import cards as C
from ..engine import actions as A
from ..terminal import visible

# suits in the order a hand is shown: black and red alternate (S H C D)
SUIT_ORDER = (0, 1, 3, 2)
_CARD_TOKEN = __import__("re").compile(r"\b(10|[2-9AJQK])([SHDC])\b|\bJK\b")


def card_style(card: int, wild: bool = False) -> str:
    if card == C.JOKER:
        style = "bold magenta"
    elif C.SUITS[C.suit_of(card)] in C.RED_SUITS:
        style = "bold red"
    else:
        style = "bold"
    return style + (" underline" if wild else "")


def card_text(card: int, wild: bool = False) -> Text:
    """One card with its suit symbol, coloured."""
    return Text(C.card_str(card, symbols=True), style=card_style(card, wild))


def hand_key(card: int, aces_high: bool = False) -> tuple:
    if card == C.JOKER:
        return (9, 0)
    r = C.rank_of(card)
    if aces_high and r == 0:
        r = 13
    return (SUIT_ORDER.index(C.suit_of(card)), r)


def hand_text(cards, is_wild=lambda c: False, aces_high: bool = False) -> Text:
    """A hand sorted by suit, the suits apart: ``A♠ 2♠ │ 4♥ 5♥ │ JK``."""
    out = Text()
    last = None
    for c in sorted(cards, key=lambda c: hand_key(c, aces_high)):
        group = hand_key(c, aces_high)[0]
        if last is not None:
            out.append(" │ " if group != last else " ", style="dim" if group != last else None)
        out.append_text(card_text(c, is_wild(c)))
        last = group
    return out


def move_text(text: str, is_wild=lambda c: False) -> Text:
    """A move's canonical string with its cards coloured (``discard 7♠``)."""
    out = Text()
    pos = 0
    for m in _CARD_TOKEN.finditer(text):
        out.append(text[pos:m.start()])
        c = C.parse_card(m.group(0))
        out.append_text(card_text(c, is_wild(c)))
        pos = m.end()
    out.append(text[pos:])
    return out


def seat_name(seat: int, human: int | None, bots: dict) -> str:
    if seat == human:
        return "You"
    bot = bots.get(seat)
    return f"Seat {seat}" + (f" ({bot.name})" if bot is not None else "")


def table_view(game, obs, human: int, bots: dict, worth: tuple[str, int] | None = None) -> Panel:
    """The state of the hand as ``human`` sees it (an :class:`~rulespec.engine.Observation`)."""
    rs = game.ruleset
    rules = game.rules
    aces_high = rs.aces.mode == "high"
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()

    parts = []
    for s in range(game.n):
        t = Text(f"{seat_name(s, human, bots)} {obs.totals[s]}")
        if not obs.active[s]:
            t.append(" (out)", style="dim")
        parts.append(t)
    scores = Text(" · ").join(parts)
    goal = rs.game
    if goal.target is not None:
        scores.append(f"   (game to {goal.target})", style="dim")
    elif goal.eliminate is not None:
        scores.append(f"   (out at {goal.eliminate})", style="dim")
    elif goal.rounds is not None:
        scores.append(f"   ({goal.rounds} hands)", style="dim")
    if rs.partnerships is not None:
        teams = game.scores().teams
        scores.append("   teams: " + " · ".join(f"{i}: {t}" for i, t in enumerate(teams)), style="dim")
    grid.add_row("Scores", scores)

    if rs.melds.on_table or obs.table:
        rows = Text()
        owners = sorted({m.owner for m in obs.table})
        for i, owner in enumerate(owners):
            if i:
                rows.append("\n")
            rows.append(f"{seat_name(owner, human, bots)}: ", style="bold")
            for j, m in enumerate(m for m in obs.table if m.owner == owner):
                if j:
                    rows.append("  ")
                rows.append(f"[{m.id}] ", style="dim")
                rows.append_text(hand_text(m.cards, rules.is_wild, aces_high))
                rows.append(f" ({A.reading_head(m.reading)})", style="dim")
        grid.add_row("Table", rows if owners else Text("no melds yet", style="dim"))

    top = Text()
    if obs.discard_top is not None:
        top.append_text(card_text(obs.discard_top, rules.is_wild(obs.discard_top)))
        top.append(f" ({len(obs.discard_pile)} in the pile)", style="dim")
    else:
        top.append("empty", style="dim")
    top.append(f"    Stock {obs.stock_size} cards")
    if obs.wild is not None:
        top.append("    Wild: ")
        top.append_text(card_text(obs.wild))
        top.append(" cut", style="dim")
    grid.add_row("Discard", top)

    others = Text(" · ").join(Text(f"{seat_name(s, human, bots)} holds {obs.hand_sizes[s]}")
                              for s in range(game.n) if s != human and obs.active[s])
    grid.add_row("Others", others)
    mine = hand_text(obs.hand, rules.is_wild, aces_high)
    if worth is not None:
        mine.append(f"    {worth[0]} {worth[1]}", style="dim")
    grid.add_row(f"Your hand ({len(obs.hand)})", mine)
    dealer = seat_name(obs.dealer, human, bots)
    title = Text(f"{visible(rs.name)} · hand {obs.round} · dealer: {dealer}")  # Text: never markup
    return Panel(grid, title=title, title_align="left", border_style="blue")


def hand_line(game, obs, worth: tuple[str, int] | None = None) -> Text:
    """Just the player's hand, after their own move changed it."""
    out = Text(f"Your hand ({len(obs.hand)})  ", style="cyan")
    out.append_text(hand_text(obs.hand, game.rules.is_wild, game.ruleset.aces.mode == "high"))
    if worth is not None:
        out.append(f"    {worth[0]} {worth[1]}", style="dim")
    return out


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
        t.add_row(seat_name(s, human, bots), hand_text(result.hands[s], rules.is_wild),
                  "-" if pen is None else str(pen), str(result.scores[s]), str(game.totals[s]))
    head = result.reason
    if result.winner is not None:
        head += f": {seat_name(result.winner, human, bots)} " + ("win" if result.winner == human else "wins")
        head += " the hand"
    if result.rummy:
        head += " (rummy!)"
    return Panel(t, title=Text(visible(f"Hand {result.round} over · {head}")), title_align="left", border_style="green")
