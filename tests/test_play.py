"""``rulespec play``: a person against bots, driven here through an input stream (and once
through standard input of the real command), for a whole hand."""

from __future__ import annotations

import io
import subprocess
import sys

import rulespec
from rich.console import Console

from rulespec.agents import make_agent
from rulespec.sim.play import play_session
from rulespec.sim.record import read_record, replay
from rulespec.sim.runner import agent_seed

from conftest import ROOT, VARIANTS

GIN = VARIANTS / "gin.rules"


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=120, highlight=False, force_terminal=False), buf


def first_legal_moves(variant, seed: int, hands: int = 1, seat: int = 0) -> list[str]:
    """The canonical moves of a person who always picks the first legal move, against
    the greedy bots play_session sets up (same seeds), up to the end of ``hands`` hands."""
    g = rulespec.new_game(variant, seed=seed)
    bots = {s: make_agent("greedy", seed=agent_seed(seed, s)) for s in range(g.n) if s != seat}
    mine = []
    g.meld_owners = set()
    while len(g.results) < hands:
        if g.is_chance():
            g.apply_chance()
        elif g.current_player() == seat:
            a = g.legal_actions()[0]
            mine.append(a.text)
            g.apply(a)
        else:
            g.apply(bots[g.current_player()].choose(g, g.current_player()))
        if not g.results:
            g.meld_owners.update(m.owner for m in g.table)
    return mine, g


def test_a_person_plays_a_whole_hand_typing_moves_and_numbers():
    """Moves typed as canonical strings (in any case, with suit symbols) or by number,
    `?` to list the moves, and an illegal move in between: the hand plays to its end
    exactly as the same moves made directly."""
    gin = rulespec.load(GIN)
    moves, expected = first_legal_moves(gin, seed=5)
    lines = ["?", "discard 7S"]  # at the upcard offer: list, then a move the rules refuse
    for i, m in enumerate(moves):
        if i % 3 == 0:
            lines.append("1")
        elif i % 3 == 1:
            lines.append(m.replace("discard ", "Discard ").replace("S", "♠") if m.startswith("discard")
                         else m.upper())
        else:
            lines.append(m)
    con, buf = console()
    result = play_session(gin, seed=5, hands=1, stdin=io.StringIO("\n".join(lines) + "\n"), console=con)
    text = buf.getvalue()
    game = result["game"]
    assert result["hands"] == 1 and result["stopped"] == "stopped after 1 hand"
    assert game.results[0] == expected.results[0]
    assert "Not allowed: not now: seat 0 is offered the upcard" in text
    assert "1  draw discard" in text and "2  pass" in text  # the `?` listing
    assert "Seat 1 (greedy) ▸" in text  # the bot's moves as they happen
    assert "Your hand (10)" in text and "Stock 31 cards" in text and "Discard" in text
    assert "Hand 1 over" in text


def test_an_illegal_move_names_the_rule_and_asks_again():
    basic = rulespec.load(VARIANTS / "basic.rules")
    moves, _ = first_legal_moves(basic, seed=2)
    lines = [moves[0], "discard JK", "meld AS 2H 9C", "99"] + moves[1:]
    con, buf = console()
    result = play_session(basic, seed=2, hands=1, stdin=io.StringIO("\n".join(lines) + "\n"), console=con)
    text = buf.getvalue()
    assert result["hands"] == 1
    assert "Not allowed: you do not hold JK" in text
    assert "Not allowed: " in text and "no move 99" in text
    assert text.count("Not allowed") == 2


def test_the_table_shows_melds_by_owner_and_colours_the_suits():
    basic = rulespec.load(VARIANTS / "basic.rules")
    moves, g = first_legal_moves(basic, seed=4)
    buf = io.StringIO()
    con = Console(file=buf, width=140, force_terminal=True, color_system="standard", highlight=False)
    play_session(basic, seed=4, hands=1, stdin=io.StringIO("\n".join(moves) + "\n"), console=con)
    text = buf.getvalue()
    assert "\x1b[1;31m" in text and "♥" in text  # red, bold hearts and diamonds
    owners = g.meld_owners
    assert owners  # someone melded in this hand
    for owner in owners:
        assert ("You:" if owner == 0 else f"Seat {owner} (greedy):") in text


def test_the_input_ending_stops_the_game_and_saves_a_record_that_replays(tmp_path):
    gin = rulespec.load(GIN)
    moves, _ = first_legal_moves(gin, seed=9)
    con, buf = console()
    save = tmp_path / "game.json"
    result = play_session(gin, seed=9, stdin=io.StringIO("\n".join(moves[:6]) + "\n"), console=con, save=save,
                          variant_file=GIN)
    assert result["stopped"] == "the input ended"
    assert "Game stopped" in buf.getvalue()
    rec = read_record(save)
    assert rec.agents == ["human", "greedy"] and rec.seed == 9
    assert replay(rec, gin).ok


def test_rulespec_play_reads_moves_from_standard_input():
    """The real command, moves by number from a file on standard input, for a whole hand."""
    moves = "\n".join(["1"] * 400) + "\n"
    run = subprocess.run([sys.executable, "-m", "rulespec.cli", "play", str(GIN), "--seed", "5", "--hands", "1",
                          "--opponents", "greedy"], input=moves, capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Gin Rummy: 2 players, you are seat 0; seed 5" in run.stdout
    assert "Hand 1 over" in run.stdout and "Seat 1 (greedy) ▸" in run.stdout
    assert "Traceback" not in run.stderr


def test_play_refuses_an_unknown_bot(capsys):
    from rulespec.cli import main

    assert main(["play", str(GIN), "--opponents", "clever"]) == 2
    assert "no agent called 'clever'" in capsys.readouterr().err
