"""``rulespec build``: every variant's IR and page, and the site, written all at once or
not at all.

Everything is written into a new folder beside the output and swapped in at the end, so
a build that fails or is interrupted (Ctrl-C) leaves ``generated/`` and ``site/`` as they
were. The output is checked before anything is compiled: a place that cannot be written,
or a folder holding files the build did not write (it is replaced whole), is a usage
error with a sentence, not a traceback.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
from pathlib import Path

from .. import cli
from ..language.diagnostics import SpecError
from .nav import SITE
from .site import Entry, build_site, project_config, write_pages

WRITTEN = {".json", ".md"}  # what a build writes (and the site, under OUT/site/)


class Staging:
    """A new folder beside ``target`` whose entries replace the target's on :meth:`commit`;
    :meth:`discard` removes what is left of it."""

    def __init__(self, target: Path):
        self.target = target
        target.parent.mkdir(parents=True, exist_ok=True)
        self.path = self._fresh("new")
        self.path.mkdir()

    def _fresh(self, kind: str) -> Path:
        return self.target.with_name(f".{self.target.name}.{kind}-{secrets.token_hex(4)}")

    def commit(self) -> None:
        """Move the old entries aside and the new ones in, one rename each; any failure
        (Ctrl-C included) moves them back. The target folder itself stays, so a watcher
        on it (`rulespec docs --serve`) sees the new files."""
        if not self.target.exists():
            os.rename(self.path, self.target)
            return
        trash = self._fresh("old")
        trash.mkdir()
        old, new = [], []
        try:
            for entry in list(self.target.iterdir()):
                os.rename(entry, trash / entry.name)
                old.append(entry.name)
            for entry in list(self.path.iterdir()):
                os.rename(entry, self.target / entry.name)
                new.append(entry.name)
        except BaseException:
            for name in new:
                os.rename(self.target / name, self.path / name)
            for name in old:
                os.rename(trash / name, self.target / name)
            trash.rmdir()
            raise
        shutil.rmtree(trash, ignore_errors=True)
        self.path.rmdir()

    def discard(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def unfit_output(out: Path) -> str | None:
    """Why ``out`` cannot take a build's output, or None."""
    if out.resolve() == out.resolve().parent:
        return f"{out} is the root of the file system"
    if out.exists() and not out.is_dir():
        return f"{out} is a file, not a folder"
    try:
        for f in out.rglob("*") if out.is_dir() else ():
            rel = f.relative_to(out)
            if rel.parts[0] != SITE and not f.is_dir() and f.suffix not in WRITTEN:
                return (f"{out} holds {rel.as_posix()}, which `rulespec build` did not write; the build "
                        f"replaces the whole folder, so name a new folder or one an earlier build wrote")
    except OSError as e:
        return f"cannot read {e.filename or out}: {e.strerror or e}"
    return None


def run(args) -> int:
    """The command: check the input and the output, compile, write, swap in."""
    err = cli.err
    src, out = Path(args.variants), Path(args.out)
    if not src.exists():
        err.print(f"rulespec build: there is no folder {src}", style="bold red", markup=False)
        return cli.EXIT_TOOL
    files = cli.rule_files([str(src)])
    if not files:
        err.print(f"rulespec build: no .rules files in {src}", style="bold red", markup=False)
        return cli.EXIT_TOOL
    problem = unfit_output(out)
    if problem is None:
        try:
            stage = Staging(out)
        except OSError as e:
            problem = f"cannot write {out}: {e.strerror or e}"
    if problem is not None:
        err.print(f"rulespec build: {problem}", style="bold red", markup=False)
        return cli.EXIT_TOOL
    try:
        code = _build(files, src if src.is_dir() else src.parent, out, stage, site=not args.no_site)
    finally:
        stage.discard()  # after a commit it is gone already
    return code


def _build(files: list[Path], base: Path, out: Path, stage: Staging, site: bool) -> int:
    err = cli.err
    variants, diags = cli.compile_all(files)
    for d in diags:
        cli.print_diagnostic(d)
    if any(d.is_error for d in diags):
        err.print("build stopped: fix the errors above (nothing was written)", style="bold red")
        return cli.EXIT_RULES
    entries = [Entry(cli.output_name(base, f).as_posix(), v) for f, v in variants.items()]
    entries += outside_parents(entries)
    for e in entries:
        target = stage.path / f"{e.name}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(cli.ir_json(e.variant.ir), encoding="utf-8")
    pages = write_pages(entries, stage.path)
    site_stage = None
    try:
        if site:
            config = project_config(out)
            site_stage = Staging(_site_dir(config)) if config else None
            if _build_site(config, site_stage.path if site_stage else stage.path / SITE, stage.path) is None:
                return cli.EXIT_TOOL
        stage.commit()
        if site_stage:
            site_stage.commit()
    except OSError as e:
        err.print(f"rulespec build: cannot write {e.filename or out}: {e.strerror or e}", style="bold red",
                  markup=False)
        return cli.EXIT_TOOL
    finally:
        if site_stage:
            site_stage.discard()
    err.print(f"built {len(variants)} variants and {len(pages)} pages into {out}/", style="bold green",
              markup=False)
    if site:
        err.print(f"site built in {_shown(site_stage.target if site_stage else out / SITE)}/ "
                  f"(open index.html there, or run `rulespec docs --serve`)", style="bold green", markup=False)
    return cli.EXIT_OK


def _shown(path: Path) -> str:
    """``path`` as the user would type it from here."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def outside_parents(entries: list[Entry]) -> list[Entry]:
    """The variants that the entries extend but that lie outside the folder built (a house
    rule in a folder of its own extending `basic`): their pages come too, so that "as in
    the parent game" links to the parent's rules. Compiled from the path the IR names."""
    from ..language.compiler import Compiler

    compiler, known, names = Compiler(), {e.file for e in entries}, {e.name for e in entries}
    found, todo = [], [e.parent_file for e in entries]
    while todo:
        file = todo.pop()
        if not file or file in known or not Path(file).is_file():
            continue
        known.add(file)
        try:
            variant = compiler.compile_file(Path(file))
        except SpecError:
            continue
        name = Path(file).stem
        while name in names:
            name += "-parent"
        names.add(name)
        found.append(Entry(name, variant))
        todo.append(variant.ir["origin"]["parent"])
    return found


def _site_dir(config: Path) -> Path:
    import yaml

    try:
        text = yaml.safe_load(config.read_text(encoding="utf-8").replace("!!python", "#"))
    except (OSError, yaml.YAMLError):
        text = {}
    return config.parent / str((text or {}).get("site_dir", "site"))


def _build_site(config: Path | None, site_dir: Path, generated: Path) -> Path | None:
    """The site (None, said on stderr, when MkDocs refuses it)."""
    from mkdocs.exceptions import MkDocsException

    mkdocs_logging()
    try:
        return build_site(config, site_dir, generated=generated)
    except MkDocsException as e:
        cli.err.print(f"the site did not build: {e}", style="bold red", markup=False)
        return None


def mkdocs_logging() -> None:
    """MkDocs' warnings (and the address it serves on) on stderr, once."""
    log = logging.getLogger("mkdocs")
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
        handler.setLevel(logging.WARNING)
        log.addHandler(handler)
