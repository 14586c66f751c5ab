"""The ``rulespec`` command itself: exit codes, help, version, what it prints while it
works and when it is stopped, and outputs it cannot write. The numbers the docs state
(safety limits, what W506 needs) are held to the code's constants here."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rulespec
from rulespec import cli
from rulespec.cli import main
from rulespec.report import EXIT_INTERRUPTED

from conftest import ROOT, VARIANTS

GIN = str(VARIANTS / "gin.rules")
CLI_MD = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def _run(*args: str, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "rulespec", *args], capture_output=True, text=True, env=env,
                          cwd=kw.pop("cwd", ROOT), timeout=kw.pop("timeout", 120), **kw)


# ------------------------------------------------------------------ diff (issue 12, item 1)


def test_diff_of_a_file_with_itself_says_it_plays_the_same(capsys):
    assert main(["diff", GIN, GIN]) == 0
    assert "plays exactly as" in capsys.readouterr().out


def test_diff_of_the_same_file_named_two_ways_plays_the_same(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["diff", "variants/gin.rules", "./variants/../variants/gin.rules"]) == 0
    assert "plays exactly as" in capsys.readouterr().out


def test_diff_with_a_broken_variant_says_so_and_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.rules"
    bad.write_text('variant "Bad"\nextends "gin"\nplayers: lots\n', encoding="utf-8")
    assert main(["diff", GIN, str(bad)]) == 1
    err = capsys.readouterr().err
    assert "E101" in err and "cannot compare" in err and "does not compile" in err


# ------------------------------------------------------------------ usage (issue 12, item 5)


def test_version_comes_from_the_package(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"rulespec {rulespec.__version__}"


def test_subcommands_are_listed_in_sorted_order():
    sub = next(a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction))
    names = list(sub.choices)
    assert names == sorted(names)
    assert [a.dest for a in sub._choices_actions] == sorted(names)
    help_text = cli.parser().format_help()
    listed = re.findall(r"^    (\w+)\s", help_text, re.M)
    assert listed == sorted(names)


def _all_parsers(p: argparse.ArgumentParser):
    yield p
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sp in a.choices.values():
                yield from _all_parsers(sp)


def test_every_option_and_positional_has_help_text():
    missing = [f"{p.prog}: {a.option_strings or a.dest}" for p in _all_parsers(cli.parser())
               for a in p._actions
               if not isinstance(a, argparse._SubParsersAction) and not (a.help and a.help.strip())]
    assert missing == []


@pytest.mark.parametrize("command", [["check"], ["compile"], ["simulate"], ["play"], ["diff", GIN],
                                     ["check", GIN]])
def test_a_file_that_is_not_there_is_a_usage_error(command, capsys):
    assert main([*command, "nosuch.rules"]) == 2
    assert "nosuch.rules" in capsys.readouterr().err


def test_a_file_with_errors_is_a_rules_error(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text('variant "Bad"\nextends "gin"\nplayers: lots\n', encoding="utf-8")
    for command in (["check"], ["compile"], ["simulate"]):
        assert main([*command, str(bad)]) == 1, command


def test_the_version_has_one_source():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "rulespec/__init__.py"


# ------------------------------------------------------------------ safety limits (issue 12, item 3)


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_safety_limits_in_cli_md_are_the_codes():
    from rulespec.sim.runner import MAX_GAME_ACTIONS, MAX_HAND_ACTIONS

    w501 = re.search(r"^\| W501 \|[^|]*\(([\d,]+) moves\)", CLI_MD, re.M)
    w502 = re.search(r"^\| W502 \|[^|]*\(([\d,]+) moves\)", CLI_MD, re.M)
    options = re.search(r"per game \(([\d,]+)\) and per hand \(([\d,]+)\)", CLI_MD)
    assert w501 and w502 and options
    assert _number(w501[1]) == _number(options[2]) == MAX_HAND_ACTIONS
    assert _number(w502[1]) == _number(options[1]) == MAX_GAME_ACTIONS


def test_the_safety_limits_in_the_help_and_in_w501_are_the_codes():
    from rulespec.sim.runner import MAX_GAME_ACTIONS, MAX_HAND_ACTIONS
    from rulespec.sim.checkplay import play_check
    from rulespec.sim.simulate import Settings

    simulate = next(p for p in _all_parsers(cli.parser()) if p.prog.endswith(" simulate"))
    helps = {a.dest: a.help for a in simulate._actions}
    assert f"{MAX_HAND_ACTIONS:,}" in helps["max_hand_actions"]
    assert f"{MAX_GAME_ACTIONS:,}" in helps["max_actions"]
    assert Settings().max_hand_actions == MAX_HAND_ACTIONS and Settings().max_actions == MAX_GAME_ACTIONS
    gin = rulespec.load(GIN)
    [w501] = play_check(gin, Path(GIN), 1, {"max_hand_actions": 30})
    assert w501.code == "W501" and "more than 30 moves" in w501.message


# ------------------------------------------------------------------ progress (issue 12, item 2)


@pytest.fixture
def fast_ticks(monkeypatch):
    """Plain progress lines every 10 ms instead of every few seconds."""
    monkeypatch.setattr("rulespec.sim.progress.PLAIN_EVERY", 0.01)


def test_simulate_reports_progress_in_plain_lines_when_not_on_a_terminal(fast_ticks, capsys):
    assert main(["simulate", GIN, "-n", "4", "--agents", "greedy"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^simulate: [0-4]/4 games, \d+ s$", err, re.M), err


def test_simulate_quiet_prints_no_progress(fast_ticks, capsys):
    assert main(["simulate", GIN, "-n", "4", "--agents", "greedy", "-q"]) == 0
    assert "games," not in capsys.readouterr().err


def test_check_play_reports_progress(fast_ticks, capsys):
    assert main(["check", GIN, "--play", "2"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^check --play: [0-4]/4 games, \d+ s$", err, re.M), err


# ------------------------------------------------------------------ stopping (issue 13, item 12)


def _as_from_a_terminal() -> None:
    """A command started at a terminal receives Ctrl-C; a child of a test runner may
    inherit SIGINT ignored or blocked (a run that hung printed progress for 30 s after
    the signal, as if it never came), so the child starts as a shell would start it."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stopped_run(how: str):
    """Start a 2,000-game simulation on two workers, stop it after 4 s as ``how`` says;
    (the process, its output, its error output, seconds it took to stop), or None with
    what it had printed when it had not stopped within 30 s."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "rulespec", "simulate", GIN, "-n", "2000", "--workers", "2",
                          "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                         start_new_session=True, preexec_fn=_as_from_a_terminal)
    try:
        time.sleep(4)
        assert p.poll() is None
        start = time.monotonic()
        if how == "Ctrl-C":
            os.killpg(p.pid, signal.SIGINT)
        else:
            os.kill(p.pid, signal.SIGTERM)
        try:
            out, err = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            return None, err[-2000:]
        return (p, out, err, time.monotonic() - start), None
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.slow
@pytest.mark.parametrize("how", ["Ctrl-C", "SIGTERM"])
def test_a_stopped_simulation_ends_within_a_second_and_reports_the_games_that_finished(how):
    """Ctrl-C reaches the whole process group (the workers too); SIGTERM only the main
    process. Either way the workers go, the finished games are summed up, exit 130.

    A run that has not stopped within 30 s fails with what it had printed."""
    import json

    run, hung = _stopped_run(how)
    assert run is not None, f"did not stop within 30 s:\n{hung}"
    p, out, err, took = run
    assert p.returncode == EXIT_INTERRUPTED, err
    assert took < 2.5, f"took {took:.1f} s to stop"  # well under a second unloaded; the suite shares the CPU
    summary = json.loads(out)
    assert summary["interrupted"] is True and summary["games asked"] == 2000
    assert summary["games"] == summary["finished"] + sum(summary["failures"].values()) < 2000
    time.sleep(0.3)
    with pytest.raises(ProcessLookupError):  # no worker left behind
        os.killpg(p.pid, 0)


def test_an_interrupted_simulation_says_so_in_its_tables(monkeypatch, capsys):
    from rulespec.sim import simulate as sim

    real = sim.play_index

    def interrupt_at_game_3(variant, settings, index):
        if index == 3:
            raise KeyboardInterrupt
        return real(variant, settings, index)

    monkeypatch.setattr(sim, "play_index", interrupt_at_game_3)
    assert main(["simulate", GIN, "-n", "10", "--agents", "greedy"]) == EXIT_INTERRUPTED
    out = capsys.readouterr().out
    assert "3 games that finished of the 10 asked" in out and "finished 3/3" in out


def _examples(text: str, command: str) -> list[list[str]]:
    """Every ``rulespec COMMAND ...`` line of the code blocks in ``text``, comment and
    redirection left out."""
    found = []
    for line in re.findall(rf"^rulespec {command} .*$", text, re.M):
        line = line.split("#")[0].split(">")[0]
        found.append(line.split()[1:])
    return found


SIM_EXAMPLES = _examples(CLI_MD, "simulate") + _examples((ROOT / "README.md").read_text(encoding="utf-8"),
                                                            "simulate")


@pytest.mark.slow
@pytest.mark.parametrize("args", SIM_EXAMPLES, ids=[" ".join(a[1:]) for a in SIM_EXAMPLES])
def test_the_simulate_examples_in_the_docs_finish_in_seconds(args):
    assert len(SIM_EXAMPLES) >= 4
    start = time.monotonic()
    try:
        done = _run(*args, "-q", timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`rulespec {' '.join(args)}` ran past a minute")
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start < 60


def test_the_numbers_cli_md_gives_for_progress_and_w506_are_the_codes():
    from rulespec.sim.checkplay import W506_MIN_HANDS
    from rulespec.sim.progress import PLAIN_EVERY

    assert f"line every {PLAIN_EVERY:g} seconds" in " ".join(CLI_MD.split())
    assert re.search(rf"^\| W506 \|.*needs at least {W506_MIN_HANDS} hands", CLI_MD, re.M)


# ------------------------------------------------------------------ outputs (issue 13, item 14)


def _unwritable(tmp_path: Path) -> dict[str, str]:
    """Destinations nobody can write, root included: under a missing folder, under a file,
    a folder where a file is wanted."""
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "a-folder").mkdir()
    return {"missing folder": str(tmp_path / "nope" / "out.json"), "under a file": str(tmp_path / "a-file" / "out.json"),
            "a folder": str(tmp_path / "a-folder")}


@pytest.mark.parametrize("case", ["missing folder", "under a file", "a folder"])
def test_compile_to_a_destination_that_cannot_be_written_is_a_usage_error(tmp_path, case, capsys):
    target = _unwritable(tmp_path)[case]
    assert main(["compile", GIN, "-o", target]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {target}" in err and "bug in rulespec" not in err and "Traceback" not in err


def test_simulate_checks_where_it_saves_failed_games_before_playing(tmp_path, capsys, monkeypatch):
    from rulespec.sim import simulate as sim

    monkeypatch.setattr(sim, "play_index", lambda *a: pytest.fail("played before checking the destination"))
    target = str(tmp_path / "a-file" / "records")
    _unwritable(tmp_path)
    assert main(["simulate", GIN, "-n", "2", "--save-failures", target]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {target}" in err and "Traceback" not in err


def test_simulate_saves_failed_games_into_a_new_folder(tmp_path, capsys):
    target = tmp_path / "new" / "records"
    assert main(["simulate", GIN, "-n", "1", "--max-hand-actions", "20", "--save-failures", str(target)]) == 1
    assert [p.name for p in target.iterdir()] == ["game-0.json"]


def test_compile_writes_where_it_is_told(tmp_path):
    assert main(["compile", GIN, "-o", str(tmp_path / "gin.json")]) == 0
    assert '"name"' in (tmp_path / "gin.json").read_text(encoding="utf-8")


def test_compile_page_prints_the_rulebook_page_of_one_file(tmp_path, capsys):
    """A file's page on its own, whatever else lies in its folder (a broken neighbour)."""
    (tmp_path / "broken.rules").write_text("variant \"x\"\nplayers: lots\n", encoding="utf-8")
    mine = tmp_path / "mine.rules"
    mine.write_text(Path(GIN).read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["compile", str(mine), "--page"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Gin Rummy\n") and "from the rule file `mine.rules`" in out


def test_diff_prints_variant_names_as_written(tmp_path, capsys):
    """Names come from someone's file: no emoji codes, no rich markup, no escapes acted on."""
    odd = tmp_path / "odd.rules"
    gin = Path(GIN).read_text(encoding="utf-8")
    odd.write_text(gin.replace('variant "Gin Rummy"', 'variant "Gin :x: [red]100[/red]"'), encoding="utf-8")
    assert main(["diff", GIN, str(odd)]) == 0
    assert "Gin :x: [red]100[/red]" in capsys.readouterr().out


def test_simulate_prints_the_variant_name_as_written(tmp_path, capsys):
    """A name from someone else's file reaches the terminal as its characters: no escape
    sequence acts, no rich markup or emoji code is read (issue 13 item 4)."""
    hostile = "Evil \x1b]0;owned\x07 [bold red]loud[/] :x:"
    text = (VARIANTS / "block.rules").read_text(encoding="utf-8")
    text = re.sub(r'variant "[^"]*"', f'variant "{hostile}"', text, count=1)
    (tmp_path / "evil.rules").write_text(text, encoding="utf-8")
    assert main(["simulate", str(tmp_path / "evil.rules"), "-n", "1", "--agents", "greedy"]) == 0
    shown = capsys.readouterr().out
    assert "\x1b]0;" not in shown and "\x07" not in shown
    assert "Evil \\x1b]0;owned\\x07 [bold red]loud[/] :x:" in shown


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_check_of_a_folder_without_rules_files_names_it_plainly(tmp_path, capsys, fmt):
    """A path with markup in its name is printed as it is, and programs still get a report."""
    folder = tmp_path / "x_[/]" if os.name != "nt" else tmp_path / "x_[b]"
    folder.mkdir(parents=True)
    assert main(["check", str(folder), "--format", fmt]) == 2
    out, err = capsys.readouterr()
    assert f"no .rules files in {folder}" in " ".join(err.split())
    if fmt == "text":
        assert out == ""
    else:
        report = json.loads(out)
        assert report.get("diagnostics", report.get("runs", [{}])[0].get("results")) == []


def test_simulate_workers_are_not_forked_from_a_process_with_threads(fast_ticks, capsys):
    """The plain progress ticker is a thread: a worker forked beside it could inherit a held
    lock (and Python 3.12 warns). No fork may happen while another thread runs."""
    import threading

    threads_at_fork, watching = [], [True]  # register_at_fork cannot be undone: it stops watching
    os.register_at_fork(before=lambda: watching[0] and threads_at_fork.append(threading.active_count()))
    try:
        assert main(["simulate", GIN, "-n", "4", "--workers", "2", "--agents", "greedy"]) == 0
    finally:
        watching[0] = False
    assert threads_at_fork and all(n == 1 for n in threads_at_fork), threads_at_fork
