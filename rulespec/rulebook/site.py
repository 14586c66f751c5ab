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


from . import safe
from .diff import changes, facts
from .house import mark_changes
from .prose import page_environment
from .render import Related, Rulebook

TEMPLATES = Path(__file__).with_name("templates")
ASSETS = Path(__file__).with_name("assets")


environment = page_environment


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

    @functools.cached_property
    def ir(self) -> dict:
        """The IR with every string escaped: what pages and the index print."""
        return safe.ir(self.variant)

    @property
    def title(self) -> str:
        return self.ir["name"]

    @property
    def house(self) -> bool:
        """House rules live in a ``house`` folder (``variants/house/``)."""
        return "house" in Path(self.file).parent.parts


def _link(src: str, dst: str) -> str:
    """Relative link from page ``src`` to page ``dst`` (names like ``house/x``)."""
    up = src.count("/")
    return "../" * up + safe.link(dst) + ".md"


def summary(entry: Entry, parent: Entry | None) -> str:
    """The line a parent's page gives a variant built on it: what it changes, in short."""
    if parent is None:
        return ""
    return environment().get_template("lead.md.j2").module.summary(
        said(parent, entry), parent.ir, entry.ir).strip()


def lead(entry: Entry, parent: Entry, link: str) -> str:
    """The opening of a page built on ``parent``: what it changes, in sentences."""
    return environment().get_template("lead.md.j2").module.lead(
        said(parent, entry), parent.ir, entry.ir, parent.title, link, entry.house).strip()


def said(parent: Entry, entry: Entry) -> list:
    """The changes a page states: not a rule that no longer applies ("—": no knocking, so
    no undercut bonus), nor a rule the new version no longer has (opening values "as for
    scoring" became a value per card: those values say it)."""
    now, before = facts(entry.ir), facts(parent.ir)
    return [c for c in changes(parent.ir, entry.ir)
            if c.new != "—" and (c.rule in now or c.rule not in before)]


def render_pages(entries: list[Entry]) -> dict[str, str]:
    """Markdown of every page (by page name), with links between parents and children; a
    page built on another has the passages that differ from its parent's page marked."""
    by_file = {e.file: e for e in entries}
    parents = {e.name: by_file.get(e.parent_file) if e.parent_file else None for e in entries}
    pages = {}
    for e in entries:
        parent = parents[e.name]
        kids = tuple(Related(k.title, _link(e.name, k.name), summary(k, e))
                     for k in entries if k.parent_file == e.file)
        related = Related(parent.title, _link(e.name, parent.name)) if parent else None
        text = lead(e, parent, related.link) if parent else ""
        pages[e.name] = Rulebook(e.variant, related, kids, text).page()
    out: dict[str, str] = {}
    for e in entries:
        parent, page = parents[e.name], pages[e.name]
        if parent is not None:
            page = mark_changes(page, pages[parent.name])
        out[e.name] = environment().get_template("page.md.j2").render(page=page, source=safe.code(Path(e.file).name))
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
            "title": e.title, "link": safe.link(e.name) + ".md",
            "players": f"{players.min}" if players.max == players.min else
                       f"{players.min}–{players.max}" if players.max else f"{players.min}+",
            "cards": str(r.deck.size(players.min)),
            "based_on": f"[{parent.title}]({safe.link(parent.name)}.md)" if parent else "",
            "house": e.house,
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


def project_config(out_dir: Path) -> Path | None:
    """The project's ``mkdocs.yml`` beside ``out_dir`` (one that uses our hooks), if any."""
    config = out_dir.resolve().parent / "mkdocs.yml"
    try:
        return config if "rulespec/rulebook/mkdocs_hooks.py" in config.read_text(encoding="utf-8") else None
    except OSError:
        return None


def folder_site() -> dict:
    """The configuration of a folder's own site (no mkdocs.yml): its index is the home
    page; the look is the project's (``site.yml``, which ``mkdocs.yml`` inherits)."""
    import yaml

    look = yaml.safe_load(Path(__file__).with_name("site.yml").read_text(encoding="utf-8"))
    return {**look, "site_name": "Rulebooks", "hooks": [str(Path(__file__).with_name("mkdocs_hooks.py"))],
            "nav": [{"Rulebooks": "index.md"}]}


def build_site(config_file: Path | None = Path("mkdocs.yml"), site_dir: Path | None = None, strict: bool = True,
               generated: Path | None = None) -> Path:
    """Run MkDocs (strict: any warning fails); returns the site folder.

    ``config_file`` is the project's ``mkdocs.yml``; with None, the site is that of the
    pages in ``generated`` alone (:func:`folder_site`), built into ``site_dir``.
    ``generated`` points the hooks at another folder of pages than ``generated/``."""
    import io
    import tempfile

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    overrides: dict = {"strict": strict}
    if site_dir is not None:
        overrides["site_dir"] = str(site_dir.resolve())
    with tempfile.TemporaryDirectory() as empty:  # the docs_dir of a folder's site: no pages of its own
        if config_file is None:
            extra = {"rulespec": {"generated": str(generated.resolve()), "prefix": ""}}
            (Path(empty) / "docs").mkdir()
            config = load_config(io.StringIO("{}"), config_file_path=str(Path(empty) / "mkdocs.yml"),
                                 docs_dir=str(Path(empty) / "docs"), extra=extra, **folder_site(), **overrides)
        else:
            config = load_config(str(config_file), **overrides)
            if generated is not None:
                config["extra"].setdefault("rulespec", {})["generated"] = str(generated.resolve())
        build(config)
    return Path(config["site_dir"])
