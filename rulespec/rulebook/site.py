"""Every variant's page, and the site that holds them with the hand-written docs.

How docs/ and generated/ become one site: MkDocs reads one ``docs_dir``, and that is
``docs/`` (the hand-written pages). ``mkdocs.yml`` names the hook module
:mod:`rulespec.rulebook.mkdocs_hooks`, which adds the committed pages from ``generated/``
to the site under ``rules/`` and the card stylesheet under ``assets/``, without copying
anything into ``docs/``. So ``mkdocs build --strict`` and ``mkdocs serve`` work from a
clean checkout as they are, and ``rulespec build`` only has to write ``generated/`` and
then run the same MkDocs build (into ``site/``, which git ignores).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import jinja2

from .diff import changes
from .render import Related, Rulebook

TEMPLATES = Path(__file__).with_name("templates")
ASSETS = Path(__file__).with_name("assets")


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False, keep_trailing_newline=True,
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


@dataclass
class Entry:
    """One compiled variant and where its page goes (``name``: ``gin``, ``house/gin-tournament``)."""

    name: str
    variant: object

    @property
    def file(self) -> str:
        return self.variant.ir["origin"]["file"]

    @property
    def parent_file(self) -> str | None:
        return self.variant.ir["origin"]["parent"]


def _link(src: str, dst: str) -> str:
    """Relative link from page ``src`` to page ``dst`` (names like ``house/x``)."""
    up = src.count("/")
    return "../" * up + dst + ".md"


def summary(entry: Entry, parent: Entry | None) -> str:
    if parent is None:
        return ""
    cs = changes(parent.variant.ir, entry.variant.ir)
    return "; ".join(f"{c.rule.lower()}: {c.new}" for c in cs[:4]) + ("; …" if len(cs) > 4 else "")


def render_pages(entries: list[Entry]) -> dict[str, str]:
    """Markdown of every page (by page name), with links between parents and children."""
    by_file = {e.file: e for e in entries}
    out: dict[str, str] = {}
    for e in entries:
        parent = by_file.get(e.parent_file) if e.parent_file else None
        kids = tuple(Related(k.variant.name, _link(e.name, k.name), summary(k, e))
                     for k in entries if k.parent_file == e.file)
        related = Related(parent.variant.name, _link(e.name, parent.name)) if parent else None
        diff = tuple(str(c) for c in changes(parent.variant.ir, e.variant.ir)) if parent else ()
        page = Rulebook(e.variant, related, kids, diff).page()
        out[e.name] = environment().get_template("page.md.j2").render(page=page, source=Path(e.file).name)
    out["index"] = environment().get_template("index.md.j2").render(rows=index_rows(entries))
    return out


def index_rows(entries: list[Entry]) -> list[dict]:
    by_file = {e.file: e for e in entries}
    rows = []
    for e in entries:
        r = e.variant.ruleset
        parent = by_file.get(e.parent_file)
        players = r.players
        rows.append({
            "title": e.variant.name, "link": e.name + ".md",
            "players": f"{players.min}" if players.max == players.min else
                       f"{players.min}–{players.max}" if players.max else f"{players.min}+",
            "cards": str(r.deck.size(players.min)),
            "based_on": f"[{parent.variant.name}]({parent.name}.md)" if parent else "",
            "house": e.name.startswith("house/"),
        })
    return rows


def write_pages(entries: list[Entry], out_dir: Path) -> list[Path]:
    """Write every page under ``out_dir``; returns the files written."""
    written = []
    for name, text in render_pages(entries).items():
        target = out_dir / f"{name}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written


def build_site(config_file: Path = Path("mkdocs.yml"), site_dir: Path | None = None, strict: bool = True) -> Path:
    """Run MkDocs on ``mkdocs.yml`` (strict: any warning fails); returns the site folder."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    overrides = {"strict": strict}
    if site_dir is not None:
        overrides["site_dir"] = str(site_dir)
    config = load_config(str(config_file), **overrides)
    build(config)
    return Path(config["site_dir"])
