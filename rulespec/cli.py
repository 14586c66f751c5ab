"""The ``rulespec`` command.

Exit codes: 0 all well (warnings allowed), 1 the rules have errors, 2 a usage error or a
failure of the tool itself.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import traceback
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .language.compiler import Compiler
from .language.diagnostics import Diagnostic, SpecError
from .terminal import console

EXIT_OK, EXIT_RULES, EXIT_TOOL = 0, 1, 2

err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


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
    show = console(stderr=True)
    style = "bold red" if d.is_error else "bold yellow"
    lines = d.format().split("\n")
    show.print(Text(lines[0], style=style))
    for line in lines[1:]:
        kind = line.lstrip().split(":", 1)[0]
        show.print(Text(line, style={"hint": "cyan", "note": "blue"}.get(kind, "")))


def compile_all(files: list[Path]) -> tuple[dict[Path, object], list[Diagnostic]]:
    """Compile every file with one compiler (parents are resolved once)."""
    compiler, variants, diags = Compiler(), {}, []
    for f in files:
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
        err.print(f"no .rules files in {' '.join(args.paths)}", style="red")
        return EXIT_TOOL
    variants, diags = compile_all(files)
    if args.play:
        from .sim.checkplay import play_findings

        diags.extend(play_findings(variants, args.play))
    for d in diags:
        print_diagnostic(d)
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
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def output_name(variants_dir: Path, file: Path) -> Path:
    """``variants/house/x.rules`` → ``house/x``: where a variant's generated files go."""
    return file.resolve().relative_to(variants_dir.resolve()).with_suffix("")


def cmd_build(args) -> int:
    variants_dir, out_dir = Path(args.variants), Path(args.out)
    files = rule_files([args.variants])
    variants, diags = compile_all(files)
    for d in diags:
        print_diagnostic(d)
    if any(d.is_error for d in diags):
        err.print("build stopped: fix the errors above", style="bold red")
        return EXIT_RULES
    for f, v in variants.items():
        target = out_dir / output_name(variants_dir, f).with_suffix(".json")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(ir_json(v.ir), encoding="utf-8")
    from .rulebook import build_rulebooks

    return build_rulebooks(variants, variants_dir, out_dir, site=not args.no_site)


# Packages that add their own subcommands: each module has ``register(subparsers)`` and
# imports its heavy parts only inside the commands it runs.
COMMAND_MODULES: tuple[str, ...] = ("rulespec.rulebook.commands", "rulespec.sim.commands")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rulespec", description="Rummy rules as data.")
    sub = p.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    c = sub.add_parser("check", help="report every problem in variant files")
    c.add_argument("paths", nargs="+", help="variant files or folders of them")
    c.add_argument("--play", type=int, default=0, metavar="N",
                   help="also play N quick games of each variant with each bot and warn about what they find")
    c.set_defaults(run=cmd_check)
    c = sub.add_parser("compile", help="print a variant's resolved IR as JSON")
    c.add_argument("file")
    c.add_argument("-o", "--output", help="write the JSON here instead of standard output")
    c.set_defaults(run=cmd_compile)
    c = sub.add_parser("build", help="compile every variant into generated/ (IR and rulebook pages) and build the site")
    c.add_argument("variants", nargs="?", default="variants")
    c.add_argument("--out", default="generated")
    c.add_argument("--no-site", action="store_true", help="write generated/ only; do not run MkDocs")
    c.set_defaults(run=cmd_build)
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:  # argparse: --help exits 0, bad usage 2
        return int(e.code or 0)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return EXIT_TOOL
    except Exception:  # a bug in rulespec, never the user's rules
        err.print("rulespec failed (this is a bug in rulespec, not in your rules):", style="bold red")
        err.print(traceback.format_exc(), markup=False)
        return EXIT_TOOL


if __name__ == "__main__":
    sys.exit(main())
