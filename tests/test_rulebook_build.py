"""`rulespec build` and `rulespec docs` as commands: what they write, where, and what they
say when they cannot (issue 12, items 4 and 15; issue 13, items 13 to 15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulespec.cli import main
from rulespec.report import EXIT_INTERRUPTED

from conftest import ROOT, VARIANTS


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def mine(tmp_path) -> Path:
    """A folder of the user's own: one self-contained variant (no extends)."""
    folder = tmp_path / "mine"
    folder.mkdir()
    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8")
    (folder / "kitchen.rules").write_text(text.replace('variant "Basic Rummy"', 'variant "Kitchen Rummy"'),
                                          encoding="utf-8")
    return folder


def test_an_interrupted_build_changes_nothing(mine, tmp_path, monkeypatch):
    """Ctrl-C (or any failure) while pages are rendered: the output folder is as it was,
    JSON and pages alike, and no half-written folder is left beside it."""
    import rulespec.rulebook.render as R

    out = tmp_path / "out"
    assert main(["build", str(mine), "--out", str(out), "--no-site"]) == 0
    before = snapshot(out)
    kitchen = mine / "kitchen.rules"
    kitchen.write_text(kitchen.read_text(encoding="utf-8").replace("Kitchen Rummy", "Porch Rummy"), encoding="utf-8")

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(R.Rulebook, "page", interrupted)
    assert main(["build", str(mine), "--out", str(out), "--no-site"]) == EXIT_INTERRUPTED
    assert snapshot(out) == before
    monkeypatch.setattr(R.Rulebook, "page", lambda self: 1 / 0)
    assert main(["build", str(mine), "--out", str(out), "--no-site"]) == 2
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine", "out"]


def test_a_site_that_does_not_build_changes_nothing(mine, tmp_path, monkeypatch):
    import mkdocs.exceptions

    import rulespec.rulebook.site as S

    out = tmp_path / "out"
    assert main(["build", str(mine), "--out", str(out), "--no-site"]) == 0
    before = snapshot(out)

    def broken(*args, **kwargs):
        raise mkdocs.exceptions.Abort("a broken link")

    monkeypatch.setattr(S, "build_site", broken)
    monkeypatch.setattr("rulespec.rulebook.build.build_site", broken)
    assert main(["build", str(mine), "--out", str(out)]) == 2
    assert snapshot(out) == before


def test_an_output_that_cannot_be_written_is_a_usage_error(mine, tmp_path, capsys):
    """Checked before anything is compiled: a sentence and exit 2, not a traceback."""
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    assert main(["build", str(mine), "--out", str(tmp_path / "a-file" / "out")]) == 2
    said = capsys.readouterr().err
    assert "cannot write" in said and "bug" not in said and "Traceback" not in said
    assert main(["build", str(mine), "--out", str(tmp_path / "a-file")]) == 2
    assert "is a file" in capsys.readouterr().err


def test_an_output_folder_holding_other_files_is_left_alone(mine, tmp_path, capsys):
    """The build replaces its output folder whole, so it refuses one with files it did not
    write (`--out .` in a folder of rules would otherwise delete them)."""
    before = snapshot(mine)
    assert main(["build", str(mine), "--out", str(mine)]) == 2
    assert "kitchen.rules" in capsys.readouterr().err
    assert snapshot(mine) == before


def test_a_missing_folder_is_a_usage_error(tmp_path, capsys):
    assert main(["build", str(tmp_path / "nope"), "--out", str(tmp_path / "out")]) == 2
    assert "there is no folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["build", str(tmp_path / "empty"), "--out", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_folder_of_your_own_gets_its_pages_index_and_site(mine, tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(mine), "--out", str(out)]) == 0
    assert (out / "kitchen.json").exists() and (out / "kitchen.md").exists()
    index = (out / "index.md").read_text(encoding="utf-8")
    assert "[Kitchen Rummy](kitchen.md)" in index
    assert "House rules" not in index and not re.search(r"\| --- \|\n*$", index)  # no empty table
    home = (out / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="kitchen/"' in home  # the navigation lists the page
    assert (out / "site" / "kitchen" / "index.html").exists()


def test_house_rules_built_without_their_parents_say_what_they_change(tmp_path, monkeypatch):
    """`rulespec build variants/house --out OUT`: each page still opens with the house-rules
    sentence, its parent's page comes along (so the link works), and the index lists both."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "out"
    assert main(["build", "variants/house", "--out", str(out), "--no-site"]) == 0
    page = (out / "gin-tournament.md").read_text(encoding="utf-8")
    assert "These are house rules for [Gin Rummy](gin.md). In this version, " in page
    assert "An undercut earns a bonus of 25 points instead of 10 points." in page
    assert (out / "gin.md").exists() and (out / "gin.json").exists()
    index = (out / "index.md").read_text(encoding="utf-8")
    assert "| [Gin Rummy: tournament values](gin-tournament.md) | 2 | 52 | [Gin Rummy](gin.md) |" in index
    assert "| [Gin Rummy](gin.md) |" in index


def test_docs_outside_a_project_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["docs"]) == 2
    said = capsys.readouterr().err
    assert "there is no mkdocs.yml here" in said and "bug" not in said and "Traceback" not in said


def test_docs_serve_prints_the_address(monkeypatch, capsys):
    import mkdocs.commands.serve

    from rulespec.rulebook.commands import SERVE_ADDRESS

    served = []
    monkeypatch.setattr(mkdocs.commands.serve, "serve", lambda config, **kw: served.append((config, kw)))
    monkeypatch.chdir(ROOT)
    assert main(["docs", "--serve"]) == 0
    assert served and served[0][1]["dev_addr"] == SERVE_ADDRESS
    assert f"http://{SERVE_ADDRESS}/" in capsys.readouterr().err
    assert f"http://{SERVE_ADDRESS}" in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def test_a_swap_stopped_midway_puts_everything_back(tmp_path, monkeypatch):
    """Ctrl-C between two renames of the swap itself: the old files come back."""
    import os

    from rulespec.rulebook import build

    out = tmp_path / "out"
    (out / "house").mkdir(parents=True)
    for name in ("a.md", "b.json", "house/c.md"):
        (out / name).write_text("old " + name, encoding="utf-8")
    before = snapshot(out)
    stage = build.Staging(out)
    for name in ("a.md", "d.md"):
        (stage.path / name).write_text("new", encoding="utf-8")
    renames, real = [], os.rename

    def rename(a, b):
        renames.append(a)
        if len(renames) == 5:  # the old three moved aside, one new one moved in
            raise KeyboardInterrupt
        real(a, b)

    monkeypatch.setattr(build.os, "rename", rename)
    with pytest.raises(KeyboardInterrupt):
        build.swap(stage)
    monkeypatch.setattr(build.os, "rename", real)
    stage.discard()
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    stage = build.Staging(out)
    (stage.path / "d.md").write_text("new", encoding="utf-8")
    build.swap(stage)
    assert snapshot(out) == {"d.md": b"new"} and sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_an_output_folder_of_hand_written_pages_is_refused(mine, tmp_path, capsys):
    """`--out docs`: .md files the build did not write (no .rulespec-build marker) are not
    deleted; a missing or empty folder, or one a build marked, is taken."""
    docs = tmp_path / "docs"
    (docs / "notes").mkdir(parents=True)
    (docs / "language.md").write_text("# hand-written", encoding="utf-8")
    (docs / "notes" / "a.md").write_text("mine", encoding="utf-8")
    before = snapshot(docs)
    assert main(["build", str(mine), "--out", str(docs), "--no-site"]) == 2
    said = capsys.readouterr().err
    assert ".rulespec-build" in said and "Traceback" not in said
    assert snapshot(docs) == before
    (tmp_path / "empty").mkdir()
    assert main(["build", str(mine), "--out", str(tmp_path / "empty"), "--no-site"]) == 0
    assert "kitchen.md" in (tmp_path / "empty" / ".rulespec-build").read_text(encoding="utf-8").splitlines()
    assert main(["build", str(mine), "--out", str(tmp_path / "empty"), "--no-site"]) == 0
    (tmp_path / "empty" / "notes.md").write_text("mine, added later", encoding="utf-8")
    assert main(["build", str(mine), "--out", str(tmp_path / "empty"), "--no-site"]) == 2
    assert (tmp_path / "empty" / "notes.md").read_text(encoding="utf-8") == "mine, added later"


def fake_site(text: str):
    """MkDocs' build stubbed: a one-page site, fast."""
    def build_site(config, site_dir, generated=None, **kw):
        site_dir.mkdir(parents=True, exist_ok=True)
        (site_dir / "index.html").write_text(text, encoding="utf-8")
        return site_dir
    return build_site


def test_generated_and_site_are_swapped_in_together(mine, tmp_path, monkeypatch):
    """The project's layout (a mkdocs.yml beside OUT, the site in its site_dir): Ctrl-C
    while the new site is moved in leaves both OUT and the site as they were."""
    import os

    from rulespec.rulebook import build

    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(
        f"site_name: t\ndocs_dir: docs\nsite_dir: web\nhooks:\n  - {ROOT}/rulespec/rulebook/mkdocs_hooks.py\n",
        encoding="utf-8")
    out, site = project / "generated", project / "web"
    monkeypatch.setattr(build, "build_site", fake_site("one"))
    assert main(["build", str(mine), "--out", str(out)]) == 0
    assert (site / "index.html").read_text(encoding="utf-8") == "one"
    before = snapshot(out), snapshot(site)
    kitchen = mine / "kitchen.rules"
    kitchen.write_text(kitchen.read_text(encoding="utf-8").replace("Kitchen Rummy", "Porch Rummy"), encoding="utf-8")
    monkeypatch.setattr(build, "build_site", fake_site("two"))
    real, stopped = os.rename, []

    def rename(a, b):
        if Path(b).parent == site and not stopped:  # the new site moving in, once
            stopped.append(b)
            raise KeyboardInterrupt
        real(a, b)

    monkeypatch.setattr(build.os, "rename", rename)
    assert main(["build", str(mine), "--out", str(out)]) == EXIT_INTERRUPTED
    monkeypatch.setattr(build.os, "rename", real)
    assert (snapshot(out), snapshot(site)) == before
    assert sorted(p.name for p in project.iterdir()) == ["docs", "generated", "mkdocs.yml", "web"]
    assert main(["build", str(mine), "--out", str(out)]) == 0
    assert (site / "index.html").read_text(encoding="utf-8") == "two"


def test_no_site_keeps_the_old_site(mine, tmp_path, monkeypatch):
    from rulespec.rulebook import build

    out = tmp_path / "out"
    monkeypatch.setattr(build, "build_site", fake_site("old site"))
    assert main(["build", str(mine), "--out", str(out)]) == 0
    assert main(["build", str(mine), "--out", str(out), "--no-site"]) == 0
    assert (out / "site" / "index.html").read_text(encoding="utf-8") == "old site"
    assert (out / "kitchen.md").exists()
