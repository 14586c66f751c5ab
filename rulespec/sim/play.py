"""``rulespec play``: a person against bots in the terminal.

:func:`play_session` runs the game: the deck's chance steps, every move as it happens (the
bots' and the person's own, with the card a draw from the discard pile took, and a word
when the discard pile becomes the new stock), the person's moves (asked for with the hand,
the table, the discard top, the stock and the scores on screen), and each hand's result. It
reads moves from any text stream and writes to any rich console, which is how the tests
drive it. A game asked to be saved is never lost: the destination is checked before the
first deal, and a save that still fails goes to a file in the current folder (or, failing
that, onto the screen).
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .. import terminal
from ..agents import make_agent
from ..agents.evaluate import evaluator
from ..agents.human import HumanAgent, Quit
from ..engine import actions as A
from . import render
from .record import record_of
from .runner import agent_seed

# what a move that takes the top discard says about it
_TAKES = {A.DRAW_DISCARD: "taking", A.MAY_I: "taking", A.PUSH: "passing on"}


class SaveError(ValueError):
    """The game's record cannot be written where it was asked to go."""


def play_session(variant, players: int | None = None, opponents=("greedy",), seed: int | None = None,
                 seat: int = 0, hands: int | None = None, stdin=None, console: Console | None = None,
                 save: str | Path | None = None, variant_file: str | Path | None = None) -> dict:
    """Play a game of ``variant`` with a person in ``seat`` and bots (``opponents``, given
    to the other seats in turn). Stops at the end of the game, after ``hands`` hands, or
    when the person quits, the input ends or Ctrl-C is pressed. Returns what happened:
    ``{"game", "stopped", "hands", "saved"}``; ``save`` writes the game's record there
    (:class:`SaveError` before the game starts when it cannot be written)."""
    from ..engine import new_game

    console = console or terminal.console()
    if save is not None:
        check_destination(save)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**6)
    game = new_game(variant, players=players, seed=seed)
    n = game.n
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not at the table: seats are 0 to {n - 1}")
    names = list(opponents)
    bots = {}
    for i, s in enumerate(x for x in range(n) if x != seat):
        bots[s] = make_agent(names[i % len(names)], seed=agent_seed(seed, s))
    human = HumanAgent(stdin=stdin, console=console,
                       describe=lambda t: render.move_text(t, game.rules.is_wild,
                                                           game.ruleset.deck.tiles))
    console.print(Text(f"{terminal.visible(game.ruleset.name)}: {render.plural(n, 'player')}, "
                       f"you are seat {seat}; seed {seed}", style="bold"))
    console.print(Text("Type a move or its number; ? lists the moves, q stops.", style="dim"))

    stopped, done, saved = None, 0, None
    try:
        try:
            stopped, done = _play(game, seat, bots, human, hands, console)
        except Quit as q:
            stopped, done = str(q), len(game.results)
        except KeyboardInterrupt:
            stopped, done = "interrupted", len(game.results)
            console.print()
        totals = " · ".join(str(t) for t in game.scores().game)
        if game.is_over():
            winners = game.scores().winners
            who = ", ".join(render.seat_name(w, seat, bots) for w in winners)
            verb = "wins" if who != "You" and len(winners) == 1 else "win"
            console.print(Text(f"Game over: {who} {verb} · totals {totals}", style="bold green"))
        elif stopped:
            console.print(Text(f"Game stopped ({stopped}) · totals {totals}", style="bold"))
    finally:  # whatever stopped the game, its record is kept
        if save is not None:
            agents = [("human" if s == seat else bots[s].name) for s in range(n)]
            saved = _save(record_of(game, variant_file or game.ruleset.name, agents), Path(save), console)
    return {"game": game, "stopped": stopped, "hands": done, "saved": saved}


def _play(game, seat: int, bots: dict, human: HumanAgent, hands: int | None, console) -> tuple[str | None, int]:
    """The game loop: every step until the game ends or ``hands`` hands are done."""
    def is_wild(card: int) -> bool:  # the deal's wild cards change from hand to hand
        return game.rules.is_wild(card)

    done = 0
    own_move_last = None  # the step count just after the player's own last move
    while not game.is_over():
        if hands is not None and done >= hands:
            return f"stopped after {render.plural(hands, 'hand')}", done
        hand_no, reuses, pile = game.round, game.reuses, len(game.discards)
        if game.is_chance():
            before = len(game.hands[seat])
            a = game.apply_chance()
            if a.kind == A.CARD and len(game.hands[seat]) > before:
                console.print(Text("  You draw ").append_text(
                    render.card_text(a.card, is_wild(a.card), game.ruleset.deck.tiles)))
        else:
            p = game.current_player()
            top = game.discards[-1] if game.discards else None
            if p == seat:
                obs = game.observation(seat)
                worth = _count_now(game, obs)
                if own_move_last != len(game.history):
                    console.print(render.table_view(game, obs, seat, bots, worth, width=console.width))
                else:  # straight after the player's own move: only the hand changed
                    console.print(render.hand_line(game, obs, worth, width=console.width))
                a = game.apply(human.choose(game, p))
                own_move_last = len(game.history)
            else:
                a = game.apply(bots[p].choose(game, p))
            if not (p == seat and a.kind == A.DRAW_STOCK):  # "You draw …" follows that one
                console.print(_said(a, render.seat_name(p, seat, bots), top, is_wild,
                                    game.ruleset.deck.tiles))
        if game.round == hand_no and game.reuses > reuses:
            how = "shuffled" if game.ruleset.stock.action == "shuffle" else "turned over"
            console.print(Text(f"  The stock ran out: the discard pile ({render.plural(pile, 'card')}) "
                               f"is {how} to make a new stock.", style="italic"))
        if len(game.results) > done:
            for res in game.results[done:]:
                console.print(render.hand_result_view(game, res, seat, bots))
            done = len(game.results)
    return None, done


def _said(a, who: str, top: int | None, is_wild, tiles: bool = False) -> Text:
    """One line for a move as it happens: ``Seat 1 (greedy) ▸ draw discard, taking 10♦``."""
    line = Text(f"  {who} ▸ ", style="dim")
    line.append_text(render.move_text(a.text, is_wild, tiles))
    if a.kind in _TAKES and top is not None:
        line.append(f", {_TAKES[a.kind]} ").append_text(render.card_text(top, is_wild(top), tiles))
    return line


def _count_now(game, obs) -> str:
    """What the person's hand is worth now: its deadwood, or (with a show) what it would
    count if the hand ended now; when a discard is due, the least after the best one (an
    eleventh card in Gin is never deadwood: it is the card about to go)."""
    judge = evaluator(game.rules)  # cards worth nothing count 1 each: the cards left out
    if game.ruleset.show is None:
        now, label, cost = "deadwood", "deadwood", judge.cost
    else:
        from ..melds.checks import penalty

        now, label, cost = "counts now", "counts", lambda hand: penalty(game.ruleset, hand, game.wild)
    hand = list(obs.hand)
    discards = {a.card for a in game.legal_actions() if a.kind in (A.DISCARD, A.KNOCK, A.SHOW)}
    if not discards:
        return f"{now} {cost(hand)}"
    if game.ruleset.show is None and discards >= set(hand):
        from ..melds.fast import after_discard_value

        best = after_discard_value(judge.rules, hand)  # counted as ``cost`` counts
    else:  # some cards may not go (the one just taken): the best of the discards allowed
        best = min(cost(_without(hand, c)) for c in discards)
    return f"{label} {best} after the best discard"


def _without(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


# ------------------------------------------------------------------ saving


def check_destination(path: str | Path) -> None:
    """Raise :class:`SaveError` (saying why) unless a record can be written at ``path``;
    leaves no file behind."""
    p = Path(path)
    if p.is_dir():
        raise SaveError(f"cannot save the game to {terminal.visible(p)}: it is a folder; name a file in it")
    if not p.parent.is_dir():
        raise SaveError(f"cannot save the game to {terminal.visible(p)}: the folder "
                        f"{terminal.visible(p.parent)} does not exist")
    existed = p.exists()
    try:
        with open(p, "a", encoding="utf-8"):
            pass
    except (OSError, ValueError) as e:
        raise SaveError(f"cannot save the game to {terminal.visible(p)}: "
                        f"{getattr(e, 'strerror', None) or e}") from None
    if not existed:
        p.unlink(missing_ok=True)


def _save(record, path: Path, console) -> Path | None:
    """Write ``record`` to ``path``; if that fails, to a new file in the current folder;
    if that fails too, print it. Returns where it went (None: printed)."""
    why = None
    for where in (path, None):
        try:
            where = where or _fallback(record.seed)  # the current folder may be gone too
            record.save(where)
        except (OSError, ValueError) as e:
            why = why or getattr(e, "strerror", None) or str(e)
            continue
        if where == path:
            console.print(Text(f"Record saved to {terminal.visible(where)} (replay it with "
                               f"`rulespec replay {terminal.visible(where)}`)", style="dim"))
        else:
            console.print(Text(f"Could not save the game to {terminal.visible(path)} ({why}); it is saved to "
                               f"{terminal.visible(where)} instead (replay it with `rulespec replay "
                               f"{terminal.visible(where)}`)", style="bold yellow"))
        return where
    console.print(Text(f"Could not save the game to {terminal.visible(path)} ({why}) nor to the current "
                       "folder; here is its record, to keep in a .json file:", style="bold yellow"))
    console.print(Text(terminal.visible(record.dumps())), soft_wrap=True)
    return None


def _fallback(seed: int) -> Path:
    """A file name in the current folder that is not taken yet."""
    base = Path.cwd() / f"rulespec-game-{seed}"
    where, k = base.with_suffix(".json"), 1
    while where.exists():
        where, k = Path(f"{base}-{k}.json"), k + 1
    return where
