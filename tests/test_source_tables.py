"""Each seed variant's source, rule by rule, and where its rulebook page says it (issue 16,
"Done when"): the tables in docs/sources/<variant>.md are checked against the page as it is
rendered today, so a table cannot claim a rule the page no longer says.

A table row is `| # | The source says | Status | Where the page says it |`. Status is one of
  - `said`: the last cell quotes the page ("…" in straight double quotes, one or more); each
    quote must be on the page, outside the section of rules the interpreter does not enforce;
  - `not enforced`: each quote must be in that section;
  - `left out`: the last cell gives the reason in words (no quote needed).
Quotes are compared with the page's Markdown and HTML stripped and its whitespace collapsed,
so `**sequence**` on the page is quoted as "sequence" and a card picture as its text, "10♥".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.rulebook import render_page

from conftest import ROOT, VARIANTS

TABLES = ROOT / "docs" / "sources"
SEED = (
    "basic", "block", "continental", "gin", "indian-points", "indian-pool-101",
    "indian-pool-201", "michigan-gin", "push", "romme", "rummy51", "wrotham",
)
STATUSES = ("said", "not enforced", "left out")
NOT_ENFORCED_HEADING = "## Rules the interpreter does not enforce"
QUOTE = re.compile(r'"([^"]+)"')


def plain(markdown: str) -> str:
    """The words a reader sees: tags, footnote marks, emphasis and code marks gone."""
    text = re.sub(r"<sup>.*?</sup>", "", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[\^[^\]]*\]", "", text)
    text = text.replace("**", "").replace("`", "").replace("*", "").replace("\\", "")
    return " ".join(text.split())


def rows(table: Path) -> list[tuple[str, str, str, str]]:
    found = []
    for line in table.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].isdigit():
            found.append(tuple(cells))
    return found


def page_parts(name: str) -> tuple[str, str]:
    """The page's enforced rules and its not-enforced section, each as plain text."""
    page = render_page(rulespec.load(VARIANTS / f"{name}.rules"))
    head, _, rest = page.partition(NOT_ENFORCED_HEADING)
    not_enforced, _, after = rest.partition("\n## ")
    return plain(head + "\n" + after), plain(not_enforced)


def test_every_seed_variant_has_a_table():
    missing = [name for name in SEED if not (TABLES / f"{name}.md").exists()]
    assert not missing, f"no table of source rules in docs/sources/ for {missing}"


@pytest.mark.parametrize("name", SEED)
def test_each_rule_of_the_source_is_on_the_page_or_explained(name):
    table = TABLES / f"{name}.md"
    if not table.exists():
        pytest.skip("no table yet (test_every_seed_variant_has_a_table fails)")
    said, not_enforced = page_parts(name)
    problems = []
    entries = rows(table)
    assert entries, f"{table.name} has no rows"
    for number, _source, status, where in entries:
        quotes = [plain(q) for q in QUOTE.findall(where)]
        if status not in STATUSES:
            problems.append(f"row {number}: status {status!r} is not one of {STATUSES}")
        elif status == "left out":
            if len(where.split()) < 3:
                problems.append(f"row {number}: left out, but no reason is given")
        elif not quotes:
            problems.append(f"row {number}: {status}, but no quote of the page")
        else:
            text = said if status == "said" else not_enforced
            problems += [f"row {number}: the page does not say {q!r}" for q in quotes
                         if q not in text]
    assert not problems, "\n".join(problems)


def test_the_quote_check_tells_a_page_quote_from_a_made_up_one():
    """The check itself can fail: the page's words are found, altered words are not."""
    said, _ = page_parts("gin")
    assert plain("ten cards face down to each player") in said
    assert plain("eleven cards face down to each player") not in said
