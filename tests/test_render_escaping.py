"""The terminal game prints a variant's name as its characters, never as escapes, markup or
emoji (issue 13 item 4)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

import rulespec
from rulespec.sim import render

GIN = Path(__file__).resolve().parent.parent / "variants" / "gin.rules"
NAME = "\x1b]0;owned\x07\x1b[2J[bold]Gin[/bold] :x: :100:"


def test_a_hostile_variant_name_prints_as_written_in_the_table_view():
    text = GIN.read_text(encoding="utf-8").replace('variant "Gin Rummy"', f'variant "{NAME}"')
    v = rulespec.compile_text(text, "hostile.rules")
    game = rulespec.new_game(v, players=2, seed=1).deal_on()  # past the cut, into hand 1
    buf = io.StringIO()
    shown = Console(file=buf, width=200, color_system=None, emoji=False, highlight=False)
    shown.print(render.table_view(game, game.observation(0), 0, {}))
    out = buf.getvalue()
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;owned\\x07\\x1b[2J[bold]Gin[/bold] :x: :100: · hand 1" in out
