"""MkDocs hooks (named in ``mkdocs.yml``): put the rulebook pages into the site.

MkDocs reads one ``docs_dir``: the hand-written ``docs/``. These hooks add, as if they were
in it, every page that ``rulespec build`` wrote to ``generated/`` (under ``rules/``) and
the card stylesheet shipped in this package (under ``assets/``), and turn the nav entry
``- Rulebooks: rules/index.md`` into the list of those pages (:mod:`.nav`), each page
titled by its variant's escaped name. Nothing is copied into ``docs/``, so the two
folders stay as they are in git, and ``mkdocs build --strict`` or ``mkdocs serve`` work
from a clean checkout.

``rulespec build`` may point the hooks elsewhere through ``extra.rulespec`` in the config:
``generated`` (the folder of pages; default ``generated/`` beside ``mkdocs.yml``) and
``prefix`` (where they go in the site; default ``rules/``).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

from rulespec.rulebook.nav import expand, markdown_files, page_title

ASSETS = Path(__file__).with_name("assets")
RULES_URI = "rules"


def _settings(config) -> tuple[Path, str]:
    own = (config.get("extra") or {}).get("rulespec") or {}
    generated = Path(own.get("generated") or Path(config["config_file_path"]).resolve().parent / "generated")
    prefix = own.get("prefix", f"{RULES_URI}/")
    return generated, prefix


def on_config(config):
    generated, prefix = _settings(config)
    config["nav"] = expand(config["nav"], generated, prefix)
    return config


def on_files(files, config):
    gen, prefix = _settings(config)
    for md in markdown_files(gen):
        files.append(File.generated(config, f"{prefix}{md.relative_to(gen).as_posix()}", abs_src_path=str(md)))
    for asset in sorted(ASSETS.iterdir()):
        files.append(File.generated(config, f"assets/{asset.name}", abs_src_path=str(asset)))
    return files


def on_page_markdown(markdown, page, config, files):
    generated, _ = _settings(config)
    src = Path(page.file.abs_src_path or "")
    if src.is_relative_to(generated.resolve()):
        title = page_title(src)
        if title:
            page.meta["title"] = title
    return markdown


def on_serve(server, config, builder):
    server.watch(str(_settings(config)[0]))
    return server
