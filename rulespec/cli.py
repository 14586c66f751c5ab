"""The ``rulespec`` command.

Exit codes: 0 all well (warnings allowed), 1 the rules have errors, 2 a usage error (a file
that is not there, an output that cannot be written) or a failure of the tool itself,
130 stopped by Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import signal
import sys
import threading
import traceback
from pathlib import Path

from rich.text import Text

from . import __version__
from .formats import FORMATS, render
from .language.compiler import Compiler
from .language.diagnostics import Diagnostic, SpecError
from .outputs import cannot_write
from .terminal import console, safe

EXIT_OK, EXIT_RULES, EXIT_TOOL = 0, 1, 2
#: stopped by Ctrl-C or SIGTERM (128 + SIGINT, as a shell reports Ctrl-C)
EXIT_INTERRUPTED = 130

err = console(stderr=True)
out = console()


def existing(kind: str = "file"):
    """An argparse ``type``: a path that must be there (``kind`` "file", or "path" for a
    file or folder). A name that is not there is a usage error (exit 2), not a rules error."""

    def check(text: str) -> str:
        p = Path(text)
        if not p.exists():
            raise argparse.ArgumentTypeError(f"no such {kind}: {text}")
        if kind == "file" and p.is_dir():
            raise argparse.ArgumentTypeError(f"{text} is a folder; name a .rules file")
        return text

    return check


def writable(folder: bool = False):
    """An argparse ``type``: a destination that can be written (a file, or a folder made
    if need be), checked before the command does any work."""

    def check(text: str) -> str:
        why = cannot_write(text, folder=folder)
        if why:
            raise argparse.ArgumentTypeError(f"cannot write {text}: {why}")
        return text

    return check


def rule_files(paths: list[str]) -> list[Path]:
    """The ``.rules`` files named, or found below the folders named, in a stable order."""
    found: list[Path] = []
    for p in map(Path, paths):
        found.extend(sorted(p.rglob("*.rules")) if p.is_dir() else [p])
    return list(dict.fromkeys(found))


def ir_json(ir: dict) -> str:
    return json.dumps(ir, indent=2, ensure_ascii=False) + "\n"


def print_diagnostic(d: Diagnostic) -> None:
    """One diagnostic on stderr, exactly as :meth:`Diagnostic.format` writes it (the file's own
    characters, controls made visible): no markup, no emoji codes (``:100:`` in ``f:100:3``)."""
    style = "bold red" if d.is_error else "bold yellow"
    lines = d.format().split("\n")
    err.print(Text(lines[0], style=style))
    for line in lines[1:]:
        kind = line.lstrip().split(":", 1)[0]
        err.print(Text(line, style={"hint": "cyan", "note": "blue"}.get(kind, "")))


def compile_all(files: list[Path]) -> tuple[dict[Path, object], list[Diagnostic]]:
    """Compile every file with one compiler (parents are resolved once)."""
    compiler, variants, diags = Compiler(), {}, []
    for f in dict.fromkeys(files):
        try:
            v = compiler.compile_file(f)
            variants[f] = v
            diags.extend(v.warnings)
        except SpecError as e:
            diags.extend(e.diagnostics)
    return variants, list(dict.fromkeys(diags))


def cmd_check(args) -> int:
    files = rule_files(args.paths)
    if not files:
        err.print(f"no .rules files in {safe(' '.join(args.paths))}", style="red")
        if args.format != "text":  # a program reading the report still gets one
            sys.stdout.write(render(args.format, [], 0))
        return EXIT_TOOL
    variants, diags = compile_all(files)
    if args.play:
        from .sim.checkplay import CHECK_AGENTS, play_findings
        from .sim.progress import GameProgress

        with GameProgress(err, "check --play", len(variants) * len(CHECK_AGENTS) * args.play) as bar:
            diags.extend(play_findings(variants, args.play, progress=bar.advance))
    if args.format == "text":
        for d in diags:
            print_diagnostic(d)
    else:  # for programs, on standard output; the summary below stays on standard error
        sys.stdout.write(render(args.format, diags, len(files)))
    errors = sum(d.is_error for d in diags)
    warnings = len(diags) - errors
    summary = f"{len(files)} file{'s' * (len(files) != 1)} checked: {errors} error{'s' * (errors != 1)}, " \
              f"{warnings} warning{'s' * (warnings != 1)}"
    err.print(summary, style="bold red" if errors else "bold green")
    return EXIT_RULES if errors else EXIT_OK


def cmd_compile(args) -> int:
    variants, diags = compile_all([Path(args.file)])
    for d in diags:
        print_diagnostic(d)
    if not variants:
        return EXIT_RULES
    text = ir_json(next(iter(variants.values())).ir)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as e:  # checked before compiling, so only a change since then
            err.print(f"rulespec compile: cannot write {args.output}: {e.strerror or e}", style="red", markup=False)
            return EXIT_TOOL
    else:
        sys.stdout.write(text)
    return EXIT_OK


def output_name(variants_dir: Path, file: Path) -> Path:
    """``variants/house/x.rules`` → ``house/x``: where a variant's generated files go."""
    return file.resolve().relative_to(variants_dir.resolve()).with_suffix("")


def cmd_build(args) -> int:
    from .rulebook.build import run

    return run(args)


# Packages that add their own subcommands: each module has ``register(subparsers)`` and
# imports its heavy parts only inside the commands it runs.
COMMAND_MODULES: tuple[str, ...] = ("rulespec.rulebook.commands", "rulespec.sim.commands", "rulespec.lsp",
                                    "rulespec.scaffold")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rulespec", description="Rummy rules as data.")
    p.add_argument("--version", action="version", version=f"rulespec {__version__}",
                   help="print rulespec's version and stop")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           help="what to do (`rulespec COMMAND --help` for its options)")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    c = sub.add_parser("check", help="report every problem in variant files")
    c.add_argument("paths", nargs="+", type=existing("path"), help="variant files or folders of them")
    c.add_argument("--play", type=int, default=0, metavar="N",
                   help="also play N quick games of each variant with each bot and warn about what they find")
    c.add_argument("--format", choices=FORMATS, default="text",
                   help="how to write the diagnostics: text for people (default), json, github or sarif for programs")
    c.set_defaults(run=cmd_check)
    c = sub.add_parser("compile", help="print a variant's resolved IR as JSON")
    c.add_argument("file", type=existing(), help="the variant file")
    c.add_argument("-o", "--output", type=writable(), help="write the JSON here instead of standard output")
    c.set_defaults(run=cmd_compile)
    c = sub.add_parser("build", help="compile every variant into generated/ (IR and rulebook pages) and build the site")
    c.add_argument("variants", nargs="?", default="variants", help="a folder of .rules files (default: variants)")
    c.add_argument("--out", default="generated",
                   help="where the IR and pages go (default: generated); a folder of your own also gets OUT/site/")
    c.add_argument("--no-site", action="store_true", help="write the pages only; do not run MkDocs")
    c.set_defaults(run=cmd_build)
    _sort_commands(sub)
    return p


def _sort_commands(sub: argparse._SubParsersAction) -> None:
    """List the subcommands alphabetically in ``--help``, whatever order the modules
    registered them in (argparse keeps the order of registration)."""
    parsers = dict(sorted(sub.choices.items()))
    sub.choices.clear()
    sub.choices.update(parsers)
    sub._choices_actions.sort(key=lambda a: a.dest)


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:  # argparse: --help exits 0, bad usage 2
        return int(e.code or 0)
    with _sigterm_as_ctrl_c():
        try:
            return args.run(args)
        except KeyboardInterrupt:
            err.print("rulespec: interrupted", style="bold yellow")
            return EXIT_INTERRUPTED
        except Exception:  # a bug in rulespec, never the user's rules
            err.print("rulespec failed (this is a bug in rulespec, not in your rules):", style="bold red")
            err.print(traceback.format_exc(), markup=False)
            return EXIT_TOOL


@contextlib.contextmanager
def _sigterm_as_ctrl_c():
    """SIGTERM stops a command as Ctrl-C does (KeyboardInterrupt), so that it can stop its
    workers and report what it finished instead of dying without a word."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


if __name__ == "__main__":
    sys.exit(main())
