"""``rulespec diff`` and ``rulespec docs``: the rulebook's commands (registered by
``rulespec.cli.COMMAND_MODULES``)."""

from __future__ import annotations

from pathlib import Path

SERVE_ADDRESS = "127.0.0.1:8000"  # where `rulespec docs --serve` listens


def register(subparsers) -> None:
    c = subparsers.add_parser("diff", help="what one variant changes against another, in words")
    c.add_argument("a", help="the variant to compare against (e.g. variants/gin.rules)")
    c.add_argument("b", help="the variant that changes it (e.g. variants/house/gin-tournament.rules)")
    c.set_defaults(run=cmd_diff)
    c = subparsers.add_parser("docs", help="build the site (rulebooks and docs) into site/, or serve it")
    c.add_argument("--serve", action="store_true", help=f"serve the site on {SERVE_ADDRESS} and rebuild on change")
    c.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml here)")
    c.set_defaults(run=cmd_docs)


def cmd_diff(args) -> int:
    from rich.table import Table

    from ..cli import EXIT_OK, EXIT_RULES, compile_all, out, print_diagnostic
    from .diff import changes

    files = [Path(args.a), Path(args.b)]
    variants, diags = compile_all(files)
    for d in diags:
        print_diagnostic(d)
    if len(variants) != 2:
        return EXIT_RULES
    a, b = (variants[f] for f in files)
    found = changes(a.ir, b.ir)
    if not found:
        out.print(f"{b.name} plays exactly as {a.name}.")
        return EXIT_OK
    table = Table(title=f"What {b.name} changes against {a.name}", title_justify="left")
    table.add_column("Rule", style="bold")
    table.add_column(a.name)
    table.add_column(b.name, style="green")
    for c in found:
        table.add_row(c.rule, c.old, c.new)
    out.print(table)
    return EXIT_OK


def cmd_docs(args) -> int:
    from mkdocs.exceptions import MkDocsException

    from ..cli import EXIT_OK, EXIT_TOOL, err
    from .build import mkdocs_logging
    from .site import build_site

    config = Path(args.config)
    if not config.is_file():
        err.print(f"rulespec docs: there is no {config} here. Run it in the rulespec project folder, or name "
                  f"the project's file with --config. For a folder of your own rules, `rulespec build DIR "
                  f"--out OUT` builds the site into OUT/site/.", style="bold red", markup=False)
        return EXIT_TOOL
    mkdocs_logging()
    try:
        if args.serve:
            from mkdocs.commands.serve import serve

            err.print(f"serving the site on http://{SERVE_ADDRESS}/ (it rebuilds when a page changes; "
                      f"Ctrl-C stops)", style="bold green", markup=False)
            serve(str(config), dev_addr=SERVE_ADDRESS)
            return EXIT_OK
        site = build_site(config)
    except MkDocsException as e:
        err.print(f"the site did not build: {e}", style="bold red", markup=False)
        return EXIT_TOOL
    err.print(f"site built in {site}/", style="bold green", markup=False)
    return EXIT_OK
