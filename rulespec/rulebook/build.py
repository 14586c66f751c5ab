"""``rulespec build``: every variant's IR and page, and the site, written all at once or
not at all.

Everything is written into new folders beside the outputs and swapped in at the end in
one transaction, so a build that fails or is interrupted (Ctrl-C) leaves ``generated/``
and ``site/`` as they were. The output is checked before anything is compiled: a place
that cannot be written, or a folder that is neither empty nor marked by an earlier build
(it is replaced whole), is a usage error with a sentence, not a traceback.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
from pathlib import Path

from ..language.compiler import compile_all, ir_json
from ..language.diagnostics import SpecError
from ..outputs import rule_files
from ..report import EXIT_OK, EXIT_RULES, EXIT_TOOL, err, print_diagnostic
from .nav import SITE
from .site import Entry, build_site, project_config, write_pages

MARKER = ".rulespec-build"  # in every output: what the build wrote, and that it may replace it


class Staging:
    """A new folder beside ``target`` whose entries replace the target's when :func:`swap`
    runs; :meth:`discard` removes what is left of it. Entries named in ``keep`` (an old
    ``site/`` under ``--no-site``) stay where they are."""

    def __init__(self, target: Path, keep: frozenset[str] = frozenset()):
        self.target, self.keep = target, keep
        target.parent.mkdir(parents=True, exist_ok=True)
        self.path = self._fresh("new")
        self.path.mkdir()
        self.trash: Path | None = None
        self.old: list[str] = []
        self.new: list[str] = []
        self.created = False

    def _fresh(self, kind: str) -> Path:
        return self.target.with_name(f".{self.target.name}.{kind}-{secrets.token_hex(4)}")

    def _aside(self) -> None:
        if not self.target.exists():
            return
        self.trash = self._fresh("old")
        self.trash.mkdir()
        for entry in list(self.target.iterdir()):
            if entry.name not in self.keep:
                os.rename(entry, self.trash / entry.name)
                self.old.append(entry.name)

    def _in(self) -> None:
        if self.trash is None:
            os.rename(self.path, self.target)
            self.created = True
            return
        for entry in list(self.path.iterdir()):
            os.rename(entry, self.target / entry.name)
            self.new.append(entry.name)

    def _back(self) -> None:
        if self.created:
            os.rename(self.target, self.path)
            self.created = False
        for name in reversed(self.new):
            os.rename(self.target / name, self.path / name)
        for name in reversed(self.old):
            os.rename(self.trash / name, self.target / name)
        if self.trash is not None:
            self.trash.rmdir()
        self.trash, self.old, self.new = None, [], []

    def _done(self) -> None:
        if self.trash is not None:
            shutil.rmtree(self.trash, ignore_errors=True)
        if not self.created:
            self.path.rmdir()

    def discard(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def swap(*stages: Staging) -> None:
    """One transaction over every stage: all old entries aside, then all new ones in, one
    rename each; any failure (Ctrl-C included) puts every target back as it was. The
    target folders themselves stay, so a watcher on one (`rulespec docs --serve`) sees the
    new files."""
    try:
        for s in stages:
            s._aside()
        for s in stages:
            s._in()
    except BaseException:
        for s in reversed(stages):
            s._back()
        raise
    for s in stages:
        s._done()


def unfit_output(out: Path) -> str | None:
    """Why ``out`` cannot take a build's output, or None: the build replaces the folder
    whole, so it takes only a missing or empty folder, or one an earlier build marked and
    that holds nothing but what that build wrote (and its site)."""
    if out.resolve() == out.resolve().parent:
        return f"{out} is the root of the file system"
    if out.exists() and not out.is_dir():
        return f"{out} is a file, not a folder"
    try:
        if not out.is_dir():
            return None
        if (out / MARKER).is_file():  # an earlier build's: every file in it must be one it wrote
            listed = set((out / MARKER).read_text(encoding="utf-8").splitlines())
            found = (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
            extra = next((f for f in found if f not in listed and f != MARKER
                          and f.split("/")[0] != SITE), None)
            if extra is None:
                return None
            return (f"{out} holds {extra}, which the last `rulespec build` did not write; the build "
                    f"replaces the whole folder, so move that file elsewhere first")
        first = next(out.iterdir(), None)
    except OSError as e:
        return f"cannot read {e.filename or out}: {e.strerror or e}"
    if first is None:
        return None
    return (f"{out} holds {first.name} and no {MARKER} file, so `rulespec build` did not write it; the build "
            f"replaces the whole folder, so name a new or empty folder, or one an earlier build wrote")


def output_name(variants_dir: Path, file: Path) -> Path:
    """``variants/house/x.rules`` → ``house/x``: where a variant's generated files go."""
    return file.resolve().relative_to(variants_dir.resolve()).with_suffix("")


def run(args) -> int:
    """The command: check the input and the output, compile, write, swap in."""
    src, out = Path(args.variants), Path(args.out)
    if not src.exists():
        err.print(f"rulespec build: there is no folder {src}", style="bold red", markup=False)
        return EXIT_TOOL
    files = rule_files([str(src)])
    if not files:
        err.print(f"rulespec build: no .rules files in {src}", style="bold red", markup=False)
        return EXIT_TOOL
    problem = unfit_output(out)
    if problem is None:
        try:
            stage = Staging(out, keep=frozenset({SITE}) if args.no_site else frozenset())
        except OSError as e:
            problem = f"cannot write {out}: {e.strerror or e}"
    if problem is not None:
        err.print(f"rulespec build: {problem}", style="bold red", markup=False)
        return EXIT_TOOL
    try:
        code = _build(files, src if src.is_dir() else src.parent, out, stage, site=not args.no_site)
    finally:
        stage.discard()  # after a commit it is gone already
    return code


def _build(files: list[Path], base: Path, out: Path, stage: Staging, site: bool) -> int:
    variants, diags = compile_all(files)
    for d in diags:
        print_diagnostic(d)
    if any(d.is_error for d in diags):
        err.print("build stopped: fix the errors above (nothing was written)", style="bold red")
        return EXIT_RULES
    entries = [Entry(output_name(base, f).as_posix(), v) for f, v in variants.items()]
    entries += outside_parents(entries)
    for e in entries:
        target = stage.path / f"{e.name}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(ir_json(e.variant.ir), encoding="utf-8")
    pages = write_pages(entries, stage.path)
    written = sorted(p.relative_to(stage.path).as_posix() for p in stage.path.rglob("*") if p.is_file())
    (stage.path / MARKER).write_text("# written by `rulespec build`, which replaces this folder whole\n"
                                     + "".join(f"{w}\n" for w in written), encoding="utf-8")
    site_stage = None
    try:
        if site:
            config = project_config(out)
            site_dir = mkdocs(_site_dir, config) if config else stage.path / SITE
            if site_dir is None:
                return EXIT_TOOL
            site_stage = Staging(site_dir) if config else None
            if mkdocs(build_site, config, site_stage.path if site_stage else site_dir, generated=stage.path) is None:
                return EXIT_TOOL
        swap(stage, *([site_stage] if site_stage else []))
    except OSError as e:
        err.print(f"rulespec build: cannot write {e.filename or out}: {e.strerror or e}", style="bold red",
                  markup=False)
        return EXIT_TOOL
    finally:
        if site_stage:
            site_stage.discard()
    err.print(f"built {len(variants)} variants and {len(pages)} pages into {out}/", style="bold green",
              markup=False)
    if site:
        err.print(f"site built in {_shown(site_stage.target if site_stage else out / SITE)}/ "
                  f"(open index.html there, or run `rulespec docs --serve`)", style="bold green", markup=False)
    return EXIT_OK


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
    """Where the project's mkdocs.yml puts its site, as MkDocs reads it."""
    from mkdocs.config import load_config

    return Path(load_config(str(config))["site_dir"])


def mkdocs(action, *args, **kwargs):
    """``action(*args, **kwargs)`` with MkDocs' warnings on stderr; None, said on stderr,
    when MkDocs refuses the site (`rulespec build` and `rulespec docs` alike)."""
    from mkdocs.exceptions import MkDocsException

    mkdocs_logging()
    try:
        return action(*args, **kwargs)
    except MkDocsException as e:
        err.print(f"the site did not build: {e}", style="bold red", markup=False)
        return None


def mkdocs_logging() -> None:
    """MkDocs' warnings (and the address it serves on) on stderr, once."""
    log = logging.getLogger("mkdocs")
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
        handler.setLevel(logging.WARNING)
        log.addHandler(handler)
