"""``rulespec lsp``: the language server for ``.rules`` files (registered by
``rulespec.cli.COMMAND_MODULES``).

pygls is an optional dependency (the ``lsp`` extra); nothing here imports it until the
command runs, so the rest of rulespec works without it.
"""

from __future__ import annotations


def register(subparsers) -> None:
    c = subparsers.add_parser(
        "lsp", help="run the language server for editors (speaks LSP on standard input/output)")
    c.set_defaults(run=cmd_lsp)


def cmd_lsp(args) -> int:
    from ..report import EXIT_OK, EXIT_TOOL, err

    try:
        from .server import serve
    except ImportError as e:
        err.print(f"the language server needs pygls ({e}); "
                  "install it with: pip install 'rulespec[lsp]'",
                  style="bold red", markup=False)
        return EXIT_TOOL
    serve()
    return EXIT_OK
