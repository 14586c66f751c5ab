"""The site's *Rulebooks* navigation, made from the pages in ``generated/``.

No list of variants is kept by hand: every page ``rulespec build`` wrote is listed, by
family. A family is a variant with every variant and house rule built on it (read from
the ``origin`` of the IR written beside each page); variants that nothing is built on
come last, under *Other variants*. Entries carry no titles, so MkDocs shows each page's
own (already escaped) heading; section titles name a variant and are HTML-escaped here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .safe import html_text

SITE = "site"  # a user's site is built into OUT/site: not pages


@dataclass
class _Page:
    name: str  # gin, house/gin-tournament
    title: str
    file: str | None
    parent: str | None
    house: bool


def markdown_files(generated: Path) -> list[Path]:
    """Every page in ``generated`` (the index too), but none of a site built into it."""
    return [md for md in sorted(generated.rglob("*.md")) if md.relative_to(generated).parts[0] != SITE]


def pages(generated: Path) -> list[_Page]:
    """Every page in ``generated`` but the index, with what its IR says about its origin."""
    found = []
    for md in markdown_files(generated):
        rel = md.relative_to(generated)
        if rel.as_posix() == "index.md":
            continue
        ir = _read_ir(md.with_suffix(".json"))
        origin = ir.get("origin") or {}
        found.append(_Page(rel.with_suffix("").as_posix(), str(ir.get("name") or rel.stem),
                           origin.get("file"), origin.get("parent"),
                           "house" in Path(origin.get("file") or rel).parent.parts))
    return found


def _read_ir(path: Path) -> dict:
    try:
        ir = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return ir if isinstance(ir, dict) else {}


def page_title(md: Path) -> str | None:
    """The HTML-escaped name of the variant whose page is ``md``, from the IR beside it.

    MkDocs themes print a page's title raw in the navigation and pass it through
    ``striptags`` (which undoes escaping) in ``<title>``; given as the page's ``title``
    meta, it is printed raw in both, so it must be escaped exactly once, here."""
    name = _read_ir(md.with_suffix(".json")).get("name")
    return html_text(name) if isinstance(name, str) else None


def rulebook_nav(generated: Path, prefix: str = "rules/") -> list:
    """The entries under *Rulebooks* (after its index): families, then the rest."""
    found = pages(generated)
    by_file = {p.file: p for p in found if p.file}
    children: dict[str, list[_Page]] = {p.name: [] for p in found}
    roots = []
    for p in found:
        parent = by_file.get(p.parent) if p.parent else None
        if parent is not None and parent is not p:
            children[parent.name].append(p)
        else:
            roots.append(p)

    def walk(p: _Page, seen: frozenset) -> list[str]:
        listed = [f"{prefix}{p.name}.md"]
        for kid in sorted(children[p.name], key=lambda k: (k.house, k.name)):
            if kid.name not in seen:
                listed += walk(kid, seen | {kid.name})
        return listed

    families = [{html_text(f"{r.title} family"): walk(r, frozenset({r.name}))} for r in roots if children[r.name]]
    alone = [f"{prefix}{r.name}.md" for r in roots if not children[r.name]]
    if not families:
        return alone
    return families + ([{"Other variants": alone}] if alone else [])


def expand(nav: list | None, generated: Path, prefix: str) -> list | None:
    """``nav`` with its ``- Rulebooks: rules/index.md`` entry turned into the whole section."""
    if not nav:
        return nav
    index = f"{prefix}index.md"
    out = []
    for item in nav:
        if isinstance(item, dict) and len(item) == 1 and next(iter(item.values())) == index:
            title = next(iter(item))
            item = {title: [index, *rulebook_nav(generated, prefix)]}
        out.append(item)
    return out
