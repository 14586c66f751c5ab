"""``rulespec play``: a person against bots, driven here through an input stream (and once
through standard input of the real command), for a whole hand."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
import rulespec
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from rich.console import Console

from rulespec.agents import make_agent
from rulespec.sim.play import play_session
from rulespec.sim.record import parse_record, read_record, replay
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


# ------------------------------------------------------------------ what the screen says (issue 12 item 16)

CARD_LETTERS = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")  # `7S`: the letter form, never on screen


def terminal_console(width: int = 80) -> tuple[Console, io.StringIO]:
    """A console like `terminal.console()` (soft wrap: rich never folds a line itself)."""
    buf = io.StringIO()
    return Console(file=buf, width=width, highlight=False, emoji=False, soft_wrap=True,
                   force_terminal=False), buf


def basic_hand(seed: int = 2, extra: list[str] = ()) -> tuple[str, object]:
    """One hand of Basic Rummy at 80 columns, the person making the first legal move
    (in this deal they meld, lay off, take from the discard pile, and the stock runs out)."""
    basic = rulespec.load(VARIANTS / "basic.rules")
    moves, g = first_legal_moves(basic, seed=seed)
    con, buf = terminal_console()
    result = play_session(basic, seed=seed, hands=1, stdin=io.StringIO("\n".join([*extra, *moves]) + "\n"),
                          console=con)
    assert result["hands"] == 1
    return buf.getvalue(), g


def test_your_own_melds_lay_offs_and_discards_are_said_as_they_happen():
    text, g = basic_hand()
    said = re.findall(r"  You ▸ (.*)", text)
    assert any(s.startswith("meld ") for s in said) and any(s.startswith("lay off ") for s in said)
    assert any(s.startswith("discard ") for s in said)
    letters = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
    for s in said:  # each is a move of the game, in the symbols form
        assert CARD_LETTERS.search(s) is None
        assert s.split(",")[0].translate(letters) in g.history


def test_a_draw_from_the_discard_pile_says_which_card_it_took():
    text, _ = basic_hand()
    lines = text.splitlines()
    taken = [(i, m.group(1)) for i, line in enumerate(lines)
             if (m := re.search(r"▸ draw discard, taking (\S+)$", line))]
    assert taken and any("Seat 1 (greedy) ▸ draw discard, taking" in lines[i] for i, _ in taken)
    for i, card in taken:  # the card is the one the line before put on the pile (or the upcard)
        before = "\n".join(lines[:i])
        assert re.findall(r"▸ discard (\S+)$|Discard\s+(\S+) \(", before, re.M)[-1] in ((card, ""), ("", card))


def test_the_discard_pile_turned_into_a_new_stock_is_announced():
    text, g = basic_hand()
    again = rulespec.new_game(g.variant, seed=2)
    piles = []
    for step in g.history:
        pile, reuses = len(again.discards), again.reuses
        again.apply(step)
        if again.reuses > reuses:
            piles.append(pile)
    assert piles
    said = re.findall(r"The stock ran out: the discard pile \((\d+) cards\) is turned over to make a new stock\.",
                      text)
    assert [int(n) for n in said] == piles


def test_one_card_notation_on_screen_the_suit_symbols():
    """Melds' readings (`run 6♠-9♠`), moves, refusals and results: never `6S`."""
    text, _ = basic_hand(extra=["draw stock", "discard 2S"])  # "you do not hold 2♠" on the way
    assert "(run " in text and "(set of " in text
    assert "Not allowed: " in text and "2♠" in text
    shown = [line for line in text.splitlines() if not line.startswith("> ")]  # not what was typed
    assert [line for line in shown if CARD_LETTERS.search(line)] == []


def test_counts_are_written_with_proper_plurals():
    from rulespec.sim.render import plural

    assert [plural(1, "card"), plural(31, "card"), plural(1, "hand"), plural(2, "player")] == \
        ["1 card", "31 cards", "1 hand", "2 players"]
    ip = rulespec.load(VARIANTS / "indian-points.rules")  # one deal
    con, buf = terminal_console()
    play_session(ip, seed=3, stdin=io.StringIO("q\n"), console=con)
    text = buf.getvalue()
    assert "(1 hand)" in text and "2 players" in text and "holds 13 cards" in text


def test_the_screen_fits_80_columns_and_a_meld_is_never_split():
    cont = rulespec.load(VARIANTS / "continental.rules")
    con, buf = terminal_console(80)
    play_session(cont, seed=3, players=4, hands=1, stdin=io.StringIO("1\n" * 400), console=con)
    text = buf.getvalue()
    assert "Hand 1 over" in text
    assert max(con.measure(line).maximum for line in text.splitlines()) <= 80
    melds = re.findall(r"\[\d+\] ([^(]*) \((?:set|run) ", text)
    assert len(melds) > 5
    assert not any("│" in m for m in melds)  # a set is not split into suits


def test_gin_shows_the_deadwood_after_the_best_discard_once_a_card_is_drawn():
    """Drawn to eleven cards, the count is the least deadwood after a discard the rules
    allow (not the eleventh card counted as deadwood)."""
    gin = rulespec.load(GIN)
    con, buf = console()
    play_session(gin, seed=5, stdin=io.StringIO("draw discard\nq\n"), console=con)
    g = rulespec.new_game(gin, seed=5)
    while g.is_chance():
        g.apply_chance()
    g.apply("draw discard")
    hand = list(g.observation(0).hand)
    allowed = {a.card for a in g.legal_actions() if a.kind == "discard"}
    assert len(hand) == 11 and len(allowed) == 10  # the card taken may not go back
    best = min(gin.best_arrangement([c for i, c in enumerate(hand) if i != hand.index(d)]).deadwood_points
               for d in allowed)
    assert f"deadwood {best} after the best discard" in buf.getvalue()
    assert gin.best_arrangement(hand).deadwood_points != best


# ------------------------------------------------------------------ nothing typed loses the game (issue 13)


def test_any_line_typed_is_answered_and_the_game_goes_on():
    """A number of 5,000 digits (past Python's int-string limit), digits of other scripts,
    control characters and markup: each gets a sentence and the prompt again."""
    gin = rulespec.load(GIN)
    moves, expected = first_legal_moves(gin, seed=5)
    junk = ["9" * 5000, "0" * 5000 + "1x", "²", "١", "0", "\x1b[2J[bold]:x:", "lay off 2S on " + "9" * 5000]
    con, buf = console()
    result = play_session(gin, seed=5, hands=1, stdin=io.StringIO("\n".join(junk + moves) + "\n"), console=con)
    text = buf.getvalue()
    assert result["hands"] == 1 and result["game"].results[0] == expected.results[0]
    assert "There is no move 999999…999 (5,000 digits): pick 1 to 2" in text
    assert "There is no move 0: pick 1 to 2" in text
    assert "\x1b[2J" not in text and "\\x1b[2J[bold]:x:" in text


def test_what_came_from_the_rule_file_is_printed_as_its_characters():
    from rulespec.terminal import console as terminal_console_

    v = rulespec.compile_text('variant "Evil \x1b]0;owned\x07 [bold red]x[/] :x:"\nextends "basic"\n',
                              name="evil.rules", base_dir=VARIANTS)
    con = terminal_console_()
    con.file = buf = io.StringIO()
    play_session(v, seed=1, stdin=io.StringIO("q\n"), console=con)
    text = buf.getvalue()
    assert "\x1b]0;" not in text and "\x07" not in text
    assert text.count("Evil \\x1b]0;owned\\x07 [bold red]x[/] :x:") >= 2  # the banner and the panel


def test_ctrl_c_stops_the_game_and_keeps_its_record(tmp_path):
    class Interrupted(io.StringIO):
        def readline(self, *a):
            line = super().readline(*a)
            if not line:
                raise KeyboardInterrupt
            return line

    gin = rulespec.load(GIN)
    moves, _ = first_legal_moves(gin, seed=9)
    con, buf = console()
    save = tmp_path / "game.json"
    try:
        result = play_session(gin, seed=9, stdin=Interrupted("\n".join(moves[:4]) + "\n"), console=con,
                              save=save, variant_file=GIN)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C ended the session without a word")
    assert result["stopped"] == "interrupted" and result["saved"] == save
    assert replay(read_record(save), gin).ok


# ------------------------------------------------------------------ --save that cannot be written (issue 13 item 14)


@pytest.mark.parametrize("where", ["no/such/folder/game.json", "."])
def test_play_save_to_a_place_that_cannot_be_written_stops_before_the_game(tmp_path, where):
    dest = tmp_path / where
    run = subprocess.run([sys.executable, "-m", "rulespec.cli", "play", str(GIN), "--seed", "5", "--save",
                          str(dest)], input="1\n" * 50, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2, run.stderr
    assert "rulespec play: cannot save the game to" in run.stderr
    assert ("does not exist" if where != "." else "it is a folder") in run.stderr
    assert "Your move" not in run.stdout and "Traceback" not in run.stderr


class RemovesAtEnd(io.StringIO):
    """Typed moves; at the end of input ``folder`` disappears (while the game is played)."""

    def __init__(self, text: str, folder):
        super().__init__(text)
        self.folder = folder

    def readline(self, *a):
        line = super().readline(*a)
        if not line and self.folder.exists():
            self.folder.rmdir()
        return line


def test_a_save_that_fails_at_the_end_keeps_the_game_in_the_current_folder(tmp_path, monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)

    gin = rulespec.load(GIN)
    moves, _ = first_legal_moves(gin, seed=9)
    con, buf = console()
    result = play_session(gin, seed=9, stdin=RemovesAtEnd("\n".join(moves[:6]) + "\n", folder), console=con,
                          save=folder / "game.json", variant_file=GIN)
    kept = here / "rulespec-game-9.json"
    assert result["saved"] == kept
    assert f"it is saved to {kept} instead" in " ".join(buf.getvalue().split())
    assert replay(read_record(kept), gin).ok


def test_a_save_that_fails_everywhere_prints_the_record(tmp_path, monkeypatch):
    gone = tmp_path / "gone"  # the save folder and the current folder both disappear
    gone.mkdir()
    monkeypatch.chdir(gone)

    gin = rulespec.load(GIN)
    moves, _ = first_legal_moves(gin, seed=9)
    con, buf = console()
    result = play_session(gin, seed=9, stdin=RemovesAtEnd("\n".join(moves[:6]) + "\n", gone), console=con,
                          save=gone / "game.json", variant_file=GIN)
    assert result["saved"] is None
    text = buf.getvalue()
    record = parse_record(text[text.index("{"):])
    assert replay(record, gin).ok


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.characters(blacklist_characters="\n\r"), max_size=60)
       | st.from_regex(r"[0-9]{1,6000}", fullmatch=True))
@example("9" * 4301)  # past Python's int-string limit
@example("²")  # a digit to str.isdigit, not to int()
@example("\x1b]0;owned\x07discard 7S")
def test_no_line_typed_escapes_the_prompt(line):
    """Whatever is typed, the person gets a move back (the one typed, if it is one) or a
    sentence and the prompt again; only `q` stops."""
    from rulespec.agents.human import HumanAgent

    assume(line.strip().lower() not in ("q", "quit", "exit"))
    game = _GIN_START.clone()
    con, buf = console()
    agent = HumanAgent(stdin=io.StringIO(line + "\n1\n"), console=con)
    move = agent.choose(game, 0)
    assert move in game.legal_actions()
    assert "\x1b" not in buf.getvalue()


def _gin_start():
    g = rulespec.new_game(rulespec.load(GIN), seed=5)
    while g.is_chance():
        g.apply_chance()
    return g


_GIN_START = _gin_start()


def test_cards_worth_nothing_count_one_each_before_and_after_the_best_discard():
    """Chinese Rummy trial (no `values:`, `scoring: none`): "deadwood 5" with five cards,
    then "deadwood 0 after the best discard" with six that meld nothing."""
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8").replace(
        'variant "Basic Rummy"', 'variant "Worthless"').replace(
        "values:  A = 1; 2-10 = face value; J Q K = 10", "values:  none").replace(
        "scoring: winner collects value of other hands\n         count all cards\n"
        "         going rummy doubles", "scoring: none").replace(
        "game:    to 100 points", "game:    first to win 3 hands")
    v = rulespec.compile_text(text, name="worthless.rules")
    assert v.ruleset.scoring.method == "none"
    con, buf = console()
    play_session(v, seed=3, stdin=io.StringIO("draw stock\nq\n"), console=con)
    counts = [int(n) for n in re.findall(r"deadwood (\d+)", buf.getvalue())]
    assert len(counts) == 2 and counts[1] >= counts[0] - 2 and counts[1] > 0
