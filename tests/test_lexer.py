"""The Pygments lexer for ``.rules`` (issue 17, item 3): it knows every word of every variant
file, Pygments finds it by its entry point, and the site colours every ```rules block."""

from __future__ import annotations

import re
import tomllib

import pytest
from pygments.token import Error, Keyword, Number, String

from conftest import ROOT, variant_files, variant_id
from rulespec.lexer import RulesLexer

DOCS = sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^```(\S*)", re.M)


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_word_of_every_variant_file_is_known(path):
    unknown = [v for t, v in RulesLexer().get_tokens(path.read_text(encoding="utf-8")) if t is Error]
    assert unknown == []


def test_a_misspelt_word_is_marked_and_the_rest_classified():
    tokens = [(t, v) for t, v in RulesLexer().get_tokens("scoring: going rumy = +10\n  7S A-K\n") if v.strip()]
    assert (Keyword, "scoring") in tokens and (Error, "rumy") in tokens
    assert (Number, "10") in tokens and (String.Symbol, "7S") in tokens and (String.Symbol, "K") in tokens


def test_pygments_finds_the_lexer_by_its_entry_point():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["entry-points"]["pygments.lexers"]["rules"] == "rulespec.lexer:RulesLexer"
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    # The installed package's entry point (pip install -e . writes it), as MkDocs looks it up.
    assert type(get_lexer_by_name("rules")).__name__ == "RulesLexer"
    assert type(get_lexer_for_filename("gin.rules")).__name__ == "RulesLexer"


def test_every_code_block_in_the_docs_names_its_language():
    plain = [p.name for p in DOCS for i, lang in enumerate(FENCE.findall(p.read_text(encoding="utf-8")))
             if i % 2 == 0 and not lang]
    assert plain == []


@pytest.mark.slow
def test_every_rules_block_in_the_site_is_highlighted(tmp_path):
    from rulespec.rulebook.site import build_site

    site = build_site(ROOT / "mkdocs.yml", tmp_path / "site")
    total = 0
    for page in DOCS:
        fences = FENCE.findall(page.read_text(encoding="utf-8"))[::2].count("rules")
        out = site / ("index.html" if page.stem == "index" else f"{page.stem}/index.html")
        blocks = re.findall(r'<div class="language-rules highlight">(.*?)</div>', out.read_text(encoding="utf-8"),
                            re.S)
        assert len(blocks) == fences, page.name
        for block in blocks:
            assert re.search(r'<span class="(k|kd|nb|c1)">', block), block  # coloured, not plain text
            assert 'class="err"' not in block, block
        total += fences
    assert total >= 15
