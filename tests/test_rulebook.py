"""Rulebooks: every page pinned in tests/golden/rulebook/, no rule left unrendered, house
rules compared in words, pages free of internal names, and the site builds strictly.

Regenerate the goldens after an intended change with
``python -m pytest tests/test_rulebook.py --update-golden`` and review the diff.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest
import yaml

import rulespec
from rulespec.language.compiler import compile_all, ir_json
from rulespec.outputs import rule_files
from rulespec.rulebook import UnrenderedNode, diff, render_page
from rulespec.rulebook.build import output_name
from rulespec.rulebook.render import Rulebook, leaf_paths
from rulespec.rulebook.site import Entry, render_pages
from rulespec.ruleset import Ruleset

from conftest import ROOT, VARIANTS, variant_files, variant_id

GOLDEN = ROOT / "tests" / "golden" / "rulebook"


def render(files) -> dict[str, str]:
    variants, _ = compile_all(files)
    return render_pages([Entry(output_name(VARIANTS, f).as_posix(), v) for f, v in variants.items()])


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """Every page `rulespec build` writes today, a user's own variant files included."""
    return render(rule_files([str(VARIANTS)]))


def load(name: str) -> rulespec.Variant:
    return rulespec.load(VARIANTS / f"{name}.rules")


# ---------------------------------------------------------------- goldens


# The shipped variants are the ones with a golden page: a file a user adds to variants/
# (as docs/house-rules.md has them do) is rendered and checked below, but needs no golden.
SHIPPED = sorted(g.relative_to(GOLDEN).with_suffix("").as_posix() for g in GOLDEN.rglob("*.md"))


@pytest.fixture(scope="module")
def shipped_pages() -> dict[str, str]:
    """The shipped variants' pages on their own (a parent's page lists its house rules)."""
    return render([p for p in variant_files() if variant_id(p) in SHIPPED])


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_page_matches_its_golden_file(name, shipped_pages, update_golden):
    golden, pages = GOLDEN / f"{name}.md", shipped_pages
    if update_golden:
        golden.write_text(pages[name], encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    if pages[name] != expected:
        d = "".join(difflib.unified_diff(expected.splitlines(True), pages[name].splitlines(True), "golden", "now", n=1))
        pytest.fail(f"rulebook page of {name} changed:\n{d[:4000]}")


def test_every_golden_page_has_a_variant():
    names = {variant_id(p) for p in variant_files()}
    assert not [name for name in SHIPPED if name not in names]


def test_every_variant_committed_to_the_repository_has_a_golden_page(pages, update_golden):
    """Committed, not merely present: a user's own file in variants/ needs no golden."""
    try:
        done = subprocess.run(["git", "ls-files", "variants"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except OSError:
        pytest.skip("no git")
    if done.returncode != 0 or not done.stdout.strip():
        pytest.skip("not a git checkout")
    committed = {variant_id(ROOT / line) for line in done.stdout.split() if line.endswith(".rules")}
    if update_golden:  # a new shipped variant: its golden page and IR (tests/test_golden_ir.py)
        for name in committed - set(SHIPPED):
            for golden, text in ((GOLDEN / f"{name}.md", pages[name]),
                                 (GOLDEN.parent / "ir" / f"{name}.json", ir_json(load(name).ir))):
                golden.parent.mkdir(parents=True, exist_ok=True)
                golden.write_text(text, encoding="utf-8")
        return
    assert committed <= set(SHIPPED), f"no golden page for {sorted(committed - set(SHIPPED))}: run with --update-golden"


def test_generated_pages_are_what_the_renderer_writes_today(pages):
    """generated/*.md is committed; CI also diffs it against `rulespec build`."""
    for name, text in pages.items():
        page = ROOT / "generated" / f"{name}.md"
        assert page.exists() and page.read_text(encoding="utf-8") == text, f"{name}: run `rulespec build`"


# ---------------------------------------------------------------- no silent gaps


def test_an_ir_node_with_no_renderer_fails_the_page():
    """A new top-level rule that the rulebook does not know stops the build, by name."""
    v = load("gin")
    v.ir = copy.deepcopy(v.ir)
    v.ir["bonus_cards"] = {"count": 2}
    with pytest.raises(UnrenderedNode, match="bonus_cards"):
        Rulebook(v).page()


def test_a_field_no_renderer_reads_fails_the_page():
    """A field added to a known node (say the deck) but read by no renderer is a gap too."""
    v = load("continental")
    v.ir = copy.deepcopy(v.ir)
    v.ir["deck"]["colours"] = 2
    v.ir["turn"]["claims"]["limit"] = 3
    with pytest.raises(UnrenderedNode) as e:
        Rulebook(v).page()
    assert e.value.paths == ["deck.colours", "turn.claims.limit"]


def test_the_cli_build_fails_on_an_unrendered_rule(tmp_path, monkeypatch):
    """`rulespec build` reports the gap (as a failure of the tool, exit code 2)."""
    import rulespec.rulebook.render as R

    monkeypatch.setattr(R.Rulebook, "gin_md", lambda self, node: iter(()))  # reads nothing
    from rulespec.cli import main

    code = main(["build", str(VARIANTS), "--out", str(tmp_path / "gen"), "--no-site"])
    assert code == 2


def test_every_field_of_the_ruleset_has_a_renderer():
    table = Rulebook.dispatch()
    fields = {f.name for f in dataclasses.fields(Ruleset)} | {"sources"}
    assert fields <= set(table), sorted(fields - set(table))


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_rule_is_named_by_a_comparison_fact(path):
    """`rulespec diff` and the house-rule pages cannot silently skip a rule either."""
    ir = rulespec.load(path).ir
    assert all(diff.covered(p) for p in leaf_paths(ir))
    assert diff.facts(ir)


# ---------------------------------------------------------------- comparisons


def test_rulespec_diff_reports_the_gin_tournament_changes_in_words():
    done = subprocess.run([sys.executable, "-m", "rulespec.cli", "diff", "variants/gin.rules",
                           "variants/house/gin-tournament.rules"], cwd=ROOT, capture_output=True, text=True,
                          env={"COLUMNS": "160", "PATH": ""})
    assert done.returncode == 0, done.stderr
    lines = [" ".join(line.replace("│", " ").split()) for line in done.stdout.splitlines()]
    assert "Most deadwood for a knock 9 points 10 points" in lines
    assert "Undercut bonus 10 points 25 points" in lines
    assert "Gin bonus 30 points 25 points" in lines
    assert len([line for line in lines if "points" in line]) == 3  # nothing else changed


def test_a_house_rule_page_says_what_it_changes_and_links_both_ways(pages):
    page = pages["house/gin-tournament"]
    assert "These are house rules for [Gin Rummy](../gin.md). They change these rules" in page
    assert "This variant is built on [Gin Rummy](gin.md). It changes these rules" in pages["michigan-gin"]
    assert "- Undercut bonus: 25 points instead of 10 points" in page
    assert "- Gin bonus: 25 points instead of 30 points" in page
    assert "[Gin Rummy: tournament values](house/gin-tournament.md)" in pages["gin"]


def test_changes_come_from_the_resolved_rules_not_only_the_overrides():
    """basic-restock-twice overrides the reuse count but also changes how the hand is scored."""
    rules = [c.rule for c in diff.changes(load("basic").ir, load("house/basic-restock-twice").ir)]
    assert rules == ["Times the discard pile is reused", "A hand that ends with the stock"]


# ---------------------------------------------------------------- prose


def test_pages_contain_no_json_keys_or_internal_names(pages):
    keys = {p.split(".")[-1] for name in pages if name != "index" for p in leaf_paths(load(name).ir)}
    for name, text in pages.items():
        assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), name
        words = set(re.findall(r"\b[a-z_]+\b", text))
        assert not {k for k in keys if "_" in k} & words, name
        assert "None" not in text and "True" not in text and "{" not in text, name


def test_vocabulary_comes_from_the_variant_file(pages):
    cont, indian, push = pages["continental"], pages["indian-points"], pages["push"]
    assert "## Going down" in cont and "two trios" in cont.lower() and "gone down" in cont
    assert " set " not in cont and " run " not in cont
    assert "A **sequence** is" in indian and "pure" in indian and "make a show" in indian
    assert " run " not in indian
    assert "**push**" in push and "Laying down the contract is called opening" in push


def test_counts_are_words_and_points_are_numbers(pages):
    gin = pages["gin"]
    assert "ten cards to each player" in gin and "a game for two players" in gin
    assert "a bonus of 10 points" in gin and "30 points" in gin


def test_examples_are_judged_by_the_meld_code(pages):
    """The worked examples carry the meld code's numbers (here the gin knock after a lay-off)."""
    gin = pages["gin"]
    assert "The knocker scores 21 − 6 = 15 points" in gin
    assert "✔ a run in hearts" in gin and "✘ not a meld: mixed suits" in gin


def test_a_page_renders_on_its_own():
    text = render_page(load("wrotham"))
    assert text.startswith("# Wrotham Rummy\n") and "## Scoring" in text


# ---------------------------------------------------------------- the site


def test_the_navigation_is_made_from_the_pages_in_generated(tmp_path):
    """No list of variants is kept by hand: a page added to generated/ (docs/house-rules.md
    ends with `rulespec build`) is in the navigation, under its parent's family."""
    from rulespec.rulebook.nav import expand

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("!!python", "#"))
    assert re.findall(r"rules/([\w/-]+)\.md", str(config["nav"])) == ["index"]
    gen = tmp_path / "generated"
    shutil.copytree(ROOT / "generated", gen)
    ir = json.loads((gen / "house" / "basic-ace-high.json").read_text(encoding="utf-8"))
    ir["name"], ir["origin"]["file"] = "Basic Rummy: our kitchen table", "variants/house/my-rules.rules"
    (gen / "house" / "my-rules.json").write_text(json.dumps(ir), encoding="utf-8")
    shutil.copy(gen / "house" / "basic-ace-high.md", gen / "house" / "my-rules.md")

    nav = expand(config["nav"], gen, "rules/")
    listed = re.findall(r"rules/([\w/-]+)\.md", str(nav))
    on_disk = [p.relative_to(gen).with_suffix("").as_posix() for p in gen.rglob("*.md")]
    assert sorted(listed) == sorted(on_disk)
    basic = next(v for item in nav if isinstance(item, dict) and "Rulebooks" in item
                 for section in item["Rulebooks"] if isinstance(section, dict)
                 for k, v in section.items() if k.startswith("Basic Rummy"))
    assert "rules/house/my-rules.md" in basic


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("material")
    from rulespec.rulebook.site import build_site

    site = build_site(ROOT / "mkdocs.yml", tmp_path / "site")
    html = (site / "rules" / "gin" / "index.html").read_text(encoding="utf-8")
    assert '<span class="card red">7♥</span>' in html
    assert (site / "assets" / "rulebook.css").exists()
    assert 'href="../house/gin-tournament/"' in html  # the navigation, made from generated/


# ---------------------------------------------------------------- untrusted text (issue 13, item 4)

HOSTILE = ('</title><script>alert(0)</script><img src=x onerror=alert(1)> *b* '
           '[x](javascript:alert(2)) {: onclick=alert(3) }')


class _LiveMarkup(HTMLParser):
    """Every tag, attribute or script that the hostile name could have brought to life."""

    def __init__(self):
        super().__init__()
        self.live: list = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.live.append((tag, attrs))
        self.live += [(tag, k, v) for k, v in attrs if k.startswith("on") or "javascript:" in (v or "")]

    def handle_data(self, data):
        if self.lasttag == "script" and "alert(" in data:
            self.live.append(("script", data))


def test_text_from_a_rule_file_is_escaped_for_markdown_and_html():
    from rulespec.rulebook.safe import text

    assert text("<b>&</b>") == "&lt;b&gt;&amp;&lt;/b&gt;"
    assert text("*a* _b_ [c](d) `e` {: .f} #g | h!") == r"\*a\* \_b\_ \[c\](d) \`e\` \{: .f\} \#g \| h\!"
    assert text("1. one") == r"1\. one" and text("- two") == r"\- two" and text("a\n\n# b") == r"a \# b"
    assert text("Indian Rummy (13 cards, points)") == "Indian Rummy (13 cards, points)"


@pytest.mark.slow
def test_a_hostile_variant_name_is_plain_text_in_the_pages_and_the_site(tmp_path):
    """Name and renamed terms from the file end up as words: no live tag, attribute or
    script in any page of the built site, and the page states the name escaped."""
    from rulespec.cli import main

    text = (VARIANTS / "basic.rules").read_text(encoding="utf-8")
    text = re.sub(r'(?m)^variant ".*"$', f'variant "{HOSTILE}"', text)
    text = re.sub(r"(?m)^#.*\n", "", text) + "terms: runs are called sequences\n"
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "evil.rules").write_text(text, encoding="utf-8")
    (tmp_path / "mine" / "evil-too.rules").write_text(  # its name also titles a section of the navigation
        'variant "Kitchen"\nextends "evil"\nscoring: going rummy = +10\n', encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(tmp_path / "mine"), "--out", str(out)]) == 0
    page = (out / "evil.md").read_text(encoding="utf-8")
    assert page.startswith(r"# &lt;/title&gt;&lt;script&gt;alert(0)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; "
                           r"\*b\* \[x\](javascript:alert(2)) \{: onclick=alert(3) \}")
    assert "<img" not in page and "<script" not in page and "<img" not in (out / "index.md").read_text()
    htmls = list((out / "site").rglob("*.html"))
    assert len(htmls) >= 3
    for html in htmls:
        parser = _LiveMarkup()
        parser.feed(html.read_text(encoding="utf-8"))
        assert not parser.live, (html, parser.live[:3])
    evil = (out / "site" / "evil" / "index.html").read_text(encoding="utf-8")
    assert "<title>&lt;/title&gt;&lt;script&gt;alert(0)" in evil
    assert "&lt;/title&gt;&lt;script&gt;alert(0)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; *b*" in evil
    assert " family" in evil
