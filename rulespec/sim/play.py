"""``rulespec play``: a person against bots in the terminal.

:func:`play_session` runs the game: the deck's chance steps, the bots' moves (shown as
they happen), the person's moves (asked for with the hand, the table, the discard top,
the stock and the scores on screen), and each hand's result. It reads moves from any
text stream and writes to any rich console, which is how the tests drive it.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ..agents import make_agent
from ..agents.evaluate import evaluator
from ..agents.human import HumanAgent, Quit
from ..engine import actions as A
from . import render
from .record import record_of
from .runner import agent_seed


def play_session(variant, players: int | None = None, opponents=("greedy",), seed: int | None = None,
                 seat: int = 0, hands: int | None = None, stdin=None, console: Console | None = None,
                 save: str | Path | None = None, variant_file: str | Path | None = None) -> dict:
    """Play a game of ``variant`` with a person in ``seat`` and bots (``opponents``, given
    to the other seats in turn). Stops at the end of the game, after ``hands`` hands, or
    when the person quits or the input ends. Returns what happened: ``{"game", "stopped",
    "hands"}``; ``save`` writes the game's record there."""
    from ..engine import new_game

    console = console or Console(highlight=False)
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
    wild = lambda c: game.rules.is_wild(c)  # noqa: E731 - the deal's wild cards change
    human = HumanAgent(stdin=stdin, console=console, describe=lambda t: render.move_text(t, wild))
    console.print(Text(f"{game.ruleset.name}: {n} players, you are seat {seat}; seed {seed}",
                       style="bold"))
    console.print(Text("Type a move or its number; ? lists the moves, q stops.", style="dim"))

    stopped = None
    done = 0
    own_move_last = None  # the step count just after the player's own last move
    try:
        while not game.is_over():
            if hands is not None and done >= hands:
                stopped = f"stopped after {hands} hand{'s' if hands != 1 else ''}"
                break
            if game.is_chance():
                before = len(game.hands[seat])
                a = game.apply_chance()
                if a.kind == A.CARD and len(game.hands[seat]) > before:
                    console.print(Text("  You draw ").append_text(render.card_text(a.card, wild(a.card))))
            else:
                p = game.current_player()
                if p == seat:
                    obs = game.observation(seat)
                    if own_move_last != len(game.history):
                        console.print(render.table_view(game, obs, seat, bots, _count_now(game, obs)))
                    else:  # straight after the player's own move: only the hand changed
                        console.print(render.hand_line(game, obs, _count_now(game, obs)))
                    a = human.choose(game, p)
                    game.apply(a)
                    own_move_last = len(game.history)
                else:
                    a = bots[p].choose(game, p)
                    game.apply(a)
                    line = Text(f"  {render.seat_name(p, seat, bots)} ▸ ", style="dim")
                    line.append_text(render.move_text(a.text, wild))
                    console.print(line)
            if len(game.results) > done:
                for res in game.results[done:]:
                    console.print(render.hand_result_view(game, res, seat, bots))
                done = len(game.results)
    except Quit as q:
        stopped = str(q)
    if game.is_over():
        s = game.scores()
        who = ", ".join(render.seat_name(w, seat, bots) for w in s.winners)
        console.print(Text(f"Game over: {who} win{'s' if who != 'You' and len(s.winners) == 1 else ''}"
                           f" · totals {' · '.join(str(t) for t in s.game)}", style="bold green"))
    elif stopped:
        console.print(Text(f"Game stopped ({stopped}) · totals "
                           f"{' · '.join(str(t) for t in game.scores().game)}", style="bold"))
    if save is not None:
        agents = [("human" if s == seat else bots[s].name) for s in range(n)]
        record_of(game, variant_file or game.ruleset.name, agents).save(save)
        console.print(Text(f"Record saved to {save} (replay it with `rulespec replay {save}`)", style="dim"))
    return {"game": game, "stopped": stopped, "hands": done}



def _count_now(game, obs) -> tuple[str, int]:
    """What the person's hand is worth now: its deadwood, or (with a show) what it would
    count if the hand ended now."""
    if game.ruleset.show is None:
        return "deadwood", evaluator(game.rules).cost(obs.hand)
    from ..melds.checks import penalty

    return "counts now", penalty(game.ruleset, list(obs.hand), game.wild)
