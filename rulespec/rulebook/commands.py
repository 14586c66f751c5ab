"""``rulespec diff`` and ``rulespec docs``: the rulebook's commands (registered by
``rulespec.cli.COMMAND_MODULES``)."""

from __future__ import annotations

from pathlib import Path

SERVE_ADDRESS = "127.0.0.1:8000"  # where `rulespec docs --serve` listens


def register(subparsers) -> None:
    from ..outputs import existing

    c = subparsers.add_parser("diff", help="what one variant changes against another, in words")
    c.add_argument("a", type=existing(), help="the variant to compare against (e.g. variants/gin.rules)")
    c.add_argument("b", type=existing(), help="the variant that changes it (e.g. variants/house/gin-tournament.rules)")
    c.set_defaults(run=cmd_diff)
    c = subparsers.add_parser("docs", help="build the site (rulebooks and docs) into site/, or serve it")
    c.add_argument("--serve", action="store_true", help=f"serve the site on {SERVE_ADDRESS} and rebuild on change")
    c.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml here)")
    c.set_defaults(run=cmd_docs)


def cmd_diff(args) -> int:
    from rich.table import Table

    from ..language.compiler import compile_all
    from ..report import EXIT_OK, EXIT_RULES, err, out, print_diagnostic
    from ..terminal import safe
    from .diff import changes

    files = [Path(args.a), Path(args.b)]
    variants, diags = compile_all(files)  # one entry when both name the same file
    for d in diags:
        print_diagnostic(d)
    broken = list(dict.fromkeys(f.as_posix() for f in files if f not in variants))
    if broken:  # its errors are printed above; never stop without a word
        err.print(f"cannot compare: {' and '.join(broken)} does not compile", style="bold red", markup=False)
        return EXIT_RULES
    a, b = (variants[f] for f in files)
    an, bn = safe(a.name), safe(b.name)  # names come from the files: shown as written
    found = changes(a.ir, b.ir)
    if not found:
        out.print(f"{bn} plays exactly as {an}.")
        return EXIT_OK
    table = Table(title=f"What {bn} changes against {an}", title_justify="left")
    table.add_column("Rule", style="bold")
    table.add_column(an)
    table.add_column(bn, style="green")
    for c in found:
        table.add_row(*map(safe, (c.rule, c.old, c.new)))
    out.print(table)
    return EXIT_OK


def cmd_docs(args) -> int:
    from ..report import EXIT_OK, EXIT_TOOL, err
    from .build import mkdocs
    from .site import build_site

    config = Path(args.config)
    if not config.is_file():
        err.print(f"rulespec docs: there is no {config} here. Run it in the rulespec project folder, or name "
                  f"the project's file with --config. For a folder of your own rules, `rulespec build DIR "
                  f"--out OUT` builds the site into OUT/site/.", style="bold red", markup=False)
        return EXIT_TOOL
    if args.serve:
        from mkdocs.commands.serve import serve

        err.print(f"serving the site on http://{SERVE_ADDRESS}/ (it rebuilds when a page changes; "
                  f"Ctrl-C stops)", style="bold green", markup=False)
        return EXIT_OK if mkdocs(lambda: serve(str(config), dev_addr=SERVE_ADDRESS) or True) else EXIT_TOOL
    site = mkdocs(build_site, config)
    if site is None:
        return EXIT_TOOL
    err.print(f"site built in {site}/", style="bold green", markup=False)
    return EXIT_OK
