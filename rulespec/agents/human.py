"""The ``human`` player: moves typed at the terminal (``rulespec play``).

A move is typed as its canonical string (any case, suit symbols allowed, the ``as …``
part only when the cards can be read more than one way) or picked by its number in the
list of legal moves; ``?`` lists the legal moves, ``q`` stops. Any other line, a move
the rules refuse or no move at all, is answered with a sentence (the rule it breaks) and
the player is asked again: nothing typed ends the game.

It reads lines from any text stream, so a test (or a file of moves) can drive it.
"""

from __future__ import annotations

import re
import sys

from rich.console import Console
from rich.text import Text

from .. import terminal
from .base import Agent

HELP = ("Type a move as it is written in the list (`draw stock`, `discard 7♠`, `meld 7♠ 8♠ 9♠`; "
        "letters work too: `7S`, `10D`, `JK`), or its number. `?` lists every legal move, "
        "`q` stops the game.")
_NUMBER = re.compile(r"[0-9]+")  # ASCII digits only: int() reads other scripts' digits too
_SHOWN = 200  # characters of a refusal shown (it can quote the whole line typed)


class Quit(Exception):
    """The player stopped (``q``) or the input ended."""


class HumanAgent(Agent):
    """Asks a person for each move (see the module docstring). Not registered: it
    needs a console and an input stream, so ``rulespec play`` builds it."""

    name = "human"

    def __init__(self, stdin=None, console: Console | None = None, show_moves: int = 12,
                 echo: bool | None = None, describe=None):
        super().__init__(None)
        self.stdin = stdin if stdin is not None else sys.stdin
        self.console = console or terminal.console()
        self.show_moves = show_moves
        # echo what was read when it does not come from a terminal, so a transcript of a
        # game driven by a file reads like one typed by hand
        if echo is None:
            isatty = getattr(self.stdin, "isatty", None)
            echo = not (isatty and isatty())
        self.echo = echo
        self.describe = describe or (lambda text: Text(terminal.visible(text)))

    def list_moves(self, legal) -> None:
        for i, a in enumerate(legal, 1):
            line = Text(f"{i:>4}  ", style="cyan")
            line.append_text(self.describe(a.text))
            self.console.print(line)

    def prompt_moves(self, legal) -> None:
        if len(legal) <= self.show_moves:
            items = [("", Text("Your move:", style="bold"))]
            items += [(" " if i == 1 else "   ", Text(f"{i} ", style="cyan").append_text(self.describe(a.text)))
                      for i, a in enumerate(legal, 1)]
            self.console.print(terminal.pack(items, self.console.width))
        else:
            self.console.print(Text(f"Your move: {len(legal)} moves allowed (? lists them)", style="bold"))

    def read(self) -> str:
        self.console.print(Text("> ", style="bold cyan"), end="")
        line = self.stdin.readline()
        if not line:
            self.console.print()
            raise Quit("the input ended")
        line = line.strip()
        if self.echo:
            self.console.print(Text(terminal.visible(line)))
        return line

    def choose(self, game, player: int, rng=None):
        """Ask until the player names a legal move; raises :class:`Quit` to stop."""
        from ..engine import IllegalMove

        legal = game.legal_actions()
        self.prompt_moves(legal)
        while True:
            line = self.read()
            low = line.lower()
            if not line:
                continue
            if low in ("?", "moves", "list"):
                self.list_moves(legal)
                continue
            if low in ("h", "help"):
                self.console.print(HELP)
                continue
            if low in ("q", "quit", "exit"):
                raise Quit("the player stopped")
            if _NUMBER.fullmatch(line):
                k = line.lstrip("0")
                if k and len(k) <= len(str(len(legal))) and int(k) <= len(legal):
                    return legal[int(k) - 1]
                shown = k if len(k) <= 12 else f"{k[:6]}…{k[-3:]} ({len(k):,} digits)"
                self.console.print(Text(f"There is no move {shown or 0}: pick 1 to {len(legal)}, "
                                        "or ? to list them.", style="yellow"))
                continue
            exact = next((a for a in legal if a.text == line), None)
            if exact is not None:
                return exact
            try:
                # the game's own reading of the move (loose spelling, `as …` left out),
                # tried on a copy so that a refused move leaves nothing behind
                return game.clone().apply(line)
            except IllegalMove as e:
                reason = e.reason if len(e.reason) <= _SHOWN else e.reason[:_SHOWN] + "…"
                self.console.print(Text("Not allowed: ", style="bold yellow").append_text(self.describe(reason)))
