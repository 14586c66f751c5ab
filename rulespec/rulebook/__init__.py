"""Rulebooks: every variant's page written from its compiled rules, and the site.

- :mod:`~rulespec.rulebook.render`: one variant → its page (dispatch on IR node, no gaps)
- :mod:`~rulespec.rulebook.examples`: meld, show and scoring examples, checked by the meld code
- :mod:`~rulespec.rulebook.diff`: what one variant changes against another, in words
- :mod:`~rulespec.rulebook.site`: all pages with their links, and the MkDocs build
- :mod:`~rulespec.rulebook.commands`: ``rulespec diff`` and ``rulespec docs``
"""

from __future__ import annotations

from pathlib import Path

from .diff import Change, changes
from .render import Rulebook, UnrenderedNode

__all__ = ["Change", "Rulebook", "UnrenderedNode", "build_rulebooks", "changes", "render_page"]


def render_page(variant, **related) -> str:
    """The Markdown page of one variant on its own (no links to other variants)."""
    from .site import environment

    page = Rulebook(variant, **related).page()
    return environment().get_template("page.md.j2").render(page=page, source=Path(variant.ir["origin"]["file"]).name)


def build_rulebooks(variants: dict, variants_dir: Path, out_dir: Path, site: bool = True) -> int:
    """``rulespec build`` after the IR: write every page to ``out_dir`` and, when
    ``mkdocs.yml`` sits beside it, build the site. Returns the command's exit code."""
    import logging

    from ..cli import EXIT_OK, EXIT_TOOL, err, output_name
    from .site import Entry, build_site, write_pages

    entries = [Entry(output_name(variants_dir, f).as_posix(), v) for f, v in variants.items()]
    pages = write_pages(entries, out_dir)
    err.print(f"built {len(variants)} variants and {len(pages)} pages into {out_dir}/", style="bold green")
    config = out_dir.resolve().parent / "mkdocs.yml"
    if not site:
        return EXIT_OK
    if not config.exists():
        err.print(f"no mkdocs.yml beside {out_dir}/: the site was not built", style="yellow")
        return EXIT_OK
    from mkdocs.exceptions import MkDocsException

    log = logging.getLogger("mkdocs")
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
        handler.setLevel(logging.WARNING)
        log.addHandler(handler)
    try:
        built = build_site(config, config.parent / "site")
    except MkDocsException as e:
        err.print(f"the site did not build: {e}", style="bold red")
        return EXIT_TOOL
    err.print(f"site built in {built}/", style="bold green")
    return EXIT_OK
