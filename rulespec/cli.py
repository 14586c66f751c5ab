"""The ``rulespec`` command: argparse over the library's commands.

Each subcommand is a function of the library (``check`` and ``compile`` below, the rest
registered by the modules of :data:`COMMAND_MODULES`); what they share (exit codes, the
consoles, diagnostics, paths) is in :mod:`rulespec.report` and :mod:`rulespec.outputs`.
Exit codes: see :mod:`rulespec.report`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
import threading
import traceback
from pathlib import Path

from . import __version__
from .formats import FORMATS, render
from .language.compiler import compile_all, ir_json
from .outputs import existing, rule_files, writable
from .report import EXIT_INTERRUPTED, EXIT_OK, EXIT_RULES, EXIT_TOOL, err, print_diagnostic
from .terminal import safe


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

        games = len(variants) * len(CHECK_AGENTS) * args.play
        with GameProgress(err, "check --play", games) as bar:
            diags.extend(play_findings(variants, args.play, progress=bar.advance))
    if args.format == "text":
        for d in diags:
            print_diagnostic(d)
    else:  # for programs, on standard output; the summary below stays on standard error
        sys.stdout.write(render(args.format, diags, len(files)))
    errors = sum(d.is_error for d in diags)
    warnings = len(diags) - errors
    summary = (f"{len(files)} file{'s' * (len(files) != 1)} checked: "
               f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    err.print(summary, style="bold red" if errors else "bold green")
    return EXIT_RULES if errors else EXIT_OK


def cmd_compile(args) -> int:
    variants, diags = compile_all([Path(args.file)])
    for d in diags:
        print_diagnostic(d)
    if not variants:
        return EXIT_RULES
    variant = next(iter(variants.values()))
    if args.page:
        from .rulebook import render_page

        text = render_page(variant)
    else:
        text = ir_json(variant.ir)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as e:  # checked before compiling, so only a change since then
            err.print(f"rulespec compile: cannot write {args.output}: {e.strerror or e}",
                      style="red", markup=False)
            return EXIT_TOOL
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_build(args) -> int:
    from .rulebook.build import run

    return run(args)


# Packages that add their own subcommands: each module has ``register(subparsers)`` and
# imports its heavy parts only inside the commands it runs.
COMMAND_MODULES: tuple[str, ...] = ("rulespec.rulebook.commands", "rulespec.sim.commands",
                                    "rulespec.lsp", "rulespec.scaffold")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rulespec", description="Rummy rules as data.")
    p.add_argument("--version", action="version", version=f"rulespec {__version__}",
                   help="print rulespec's version and stop")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           help="what to do (`rulespec COMMAND --help` for its options)")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    c = sub.add_parser("check", help="report every problem in variant files")
    c.add_argument("paths", nargs="+", type=existing("path"),
                   help="variant files or folders of them")
    c.add_argument("--play", type=int, default=0, metavar="N",
                   help="also play N quick games of each variant with each bot and warn about "
                        "what they find")
    c.add_argument("--format", choices=FORMATS, default="text",
                   help="how to write the diagnostics: text for people (default), json, github or "
                        "sarif for programs")
    c.set_defaults(run=cmd_check)
    c = sub.add_parser("compile", help="print a variant's resolved IR as JSON, or its "
                                       "rulebook page")
    c.add_argument("file", type=existing(), help="the variant file")
    c.add_argument("--page", action="store_true",
                   help="print the variant's rulebook page (Markdown) instead of the JSON")
    c.add_argument("-o", "--output", type=writable(),
                   help="write the JSON (or the page) here instead of standard output")
    c.set_defaults(run=cmd_compile)
    c = sub.add_parser("build", help="compile every variant into generated/ (IR and rulebook "
                                     "pages) and build the site")
    c.add_argument("variants", nargs="?", default="variants",
                   help="a folder of .rules files (default: variants)")
    c.add_argument("--out", default="generated",
                   help="where the IR and pages go (default: generated); a folder of your own also "
                        "gets OUT/site/")
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
            err.print("rulespec failed (this is a bug in rulespec, not in your rules):",
                      style="bold red")
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
