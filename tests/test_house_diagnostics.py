"""A problem a house rule causes is shown at the house rule, with the parent's line as a
note, under paths that open from where the command ran (issue 12 item 8)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from rulespec import cli
from rulespec.language.compiler import Compiler
from rulespec.language.diagnostics import SpecError

ROOT = Path(__file__).resolve().parent.parent
GIN_LINE = 'offered to the non-dealer, then the dealer'


def project(tmp_path: Path, house: str) -> Path:
    """``tmp/variants/gin.rules`` and ``tmp/variants/house/h.rules`` holding ``house``."""
    (tmp_path / "variants" / "house").mkdir(parents=True)
    shutil.copy(ROOT / "variants" / "gin.rules", tmp_path / "variants" / "gin.rules")
    h = tmp_path / "variants" / "house" / "h.rules"
    h.write_text(house, encoding="utf-8")
    return h


def errors_of(path: Path) -> list:
    try:
        return list(Compiler().compile_file(path).warnings)
    except SpecError as e:
        return e.diagnostics


def test_an_error_the_override_causes_is_shown_at_the_override_with_the_parent_as_a_note(tmp_path, monkeypatch):
    h = project(tmp_path, 'variant "Gin for six"\nextends "gin"\n\nplayers: 2-6\n')
    monkeypatch.chdir(tmp_path)
    d = next(d for d in errors_of(h) if d.code == "E331")
    assert (d.file, d.line, d.column) == ("variants/house/h.rules", 4, 10)
    assert d.source_line == "players: 2-6"
    assert d.hint == "write `players: 2`"  # now about the line shown, which does not say it yet
    [note] = d.notes
    gin_line = (tmp_path / "variants" / "gin.rules").read_text().split("\n").index(f"         {GIN_LINE}") + 1
    assert (note.file, note.line, note.column) == ("variants/gin.rules", gin_line, 10)
    assert note.format() == f"  note: the parent says `{GIN_LINE}` at variants/gin.rules:{gin_line}:10"


def test_paths_open_from_where_the_command_ran(tmp_path, monkeypatch, capsys):
    h = project(tmp_path, 'variant "Gin for six"\nextends "gin"\n\nplayers: 2-6\n')
    monkeypatch.chdir(h.parent)
    assert cli.main(["check", "h.rules"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"^h\.rules:4:10: error\[E331\]", err, re.M)
    note = re.search(r"note: the parent says `.*` at (.+):(\d+):(\d+)$", err, re.M)
    assert note and Path(note.group(1)).is_absolute() and Path(note.group(1)).is_file()  # not below here
    monkeypatch.chdir(tmp_path)
    assert cli.main(["check", "variants/house/h.rules"]) == 1
    err = capsys.readouterr().err
    assert "variants/house/h.rules:4:10: error[E331]" in err and " at variants/gin.rules:" in err


def test_a_problem_the_parent_has_itself_stays_where_it_is(tmp_path, monkeypatch):
    """A warning of the parent's own is not blamed on the house rule."""
    parent = (ROOT / "variants" / "gin.rules").read_text(encoding="utf-8").replace(
        "runs of 3+ cards", "runs of 3-14 cards")  # W321 in the parent itself
    h = project(tmp_path, 'variant "Gin to 200"\nextends "gin"\n\ngame: to 200 points; highest wins\n')
    (tmp_path / "variants" / "gin.rules").write_text(parent, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ws = [d for d in errors_of(h) if d.code == "W321"]
    assert ws and all(d.file == "variants/gin.rules" and not d.notes for d in ws)


def test_a_problem_caused_by_one_of_several_changes_is_shown_at_that_one(tmp_path, monkeypatch):
    h = project(tmp_path, 'variant "Gin"\nextends "gin"\n\naces: high\nplayers: 2-6\ngame: to 200 points\n')
    monkeypatch.chdir(tmp_path)
    d = next(d for d in errors_of(h) if d.code == "E331")
    assert (d.file, d.line) == ("variants/house/h.rules", 5)
