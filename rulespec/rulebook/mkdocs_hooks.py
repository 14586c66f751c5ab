"""MkDocs hooks (named in ``mkdocs.yml``): put the rulebook pages into the site.

MkDocs reads one ``docs_dir``: the hand-written ``docs/``. These hooks add, as if they were
in it, every page that ``rulespec build`` wrote to ``generated/`` (under ``rules/``) and
the card stylesheet shipped in this package (under ``assets/``). Nothing is copied into
``docs/``, so the two folders stay as they are in git, and ``mkdocs build --strict`` or
``mkdocs serve`` work from a clean checkout.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

ASSETS = Path(__file__).with_name("assets")
RULES_URI = "rules"


def _generated(config) -> Path:
    return Path(config["config_file_path"]).resolve().parent / "generated"


def on_files(files, config):
    gen = _generated(config)
    for md in sorted(gen.rglob("*.md")):
        files.append(File.generated(config, f"{RULES_URI}/{md.relative_to(gen).as_posix()}", abs_src_path=str(md)))
    for asset in sorted(ASSETS.iterdir()):
        files.append(File.generated(config, f"assets/{asset.name}", abs_src_path=str(asset)))
    return files


def on_serve(server, config, builder):
    server.watch(str(_generated(config)))
    return server
