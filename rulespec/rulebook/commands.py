"""``rulespec diff`` and ``rulespec docs``: the rulebook's commands (registered by
``rulespec.cli.COMMAND_MODULES``)."""

from __future__ import annotations

from pathlib import Path


def register(subparsers) -> None:
    c = subparsers.add_parser("diff", help="what one variant changes against another, in words")
    c.add_argument("a", help="the variant to compare against (e.g. variants/gin.rules)")
    c.add_argument("b", help="the variant that changes it (e.g. variants/house/gin-tournament.rules)")
    c.set_defaults(run=cmd_diff)
    c = subparsers.add_parser("docs", help="build the site (rulebooks and docs) into site/, or serve it")
    c.add_argument("--serve", action="store_true", help="serve the site on 127.0.0.1:8000 and rebuild on change")
    c.add_argument("--config", default="mkdocs.yml")
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
    from ..cli import EXIT_OK
    from .site import build_site

    if args.serve:
        from mkdocs.commands.serve import serve

        serve(args.config, dev_addr="127.0.0.1:8000")
        return EXIT_OK
    site = build_site(Path(args.config))
    from ..cli import err

    err.print(f"site built in {site}/", style="bold green")
    return EXIT_OK
