"""Rulebooks: every page pinned in tests/golden/rulebook/, no rule left unrendered, house
rules compared in words, pages free of internal names, and the site builds strictly.

Regenerate the goldens after an intended change with
``python -m pytest tests/test_rulebook.py --update-golden`` and review the diff.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import re
import subprocess
import sys

import pytest
import yaml

import rulespec
from rulespec.cli import compile_all, output_name, rule_files
from rulespec.rulebook import UnrenderedNode, diff, render_page
from rulespec.rulebook.render import Rulebook, leaf_paths
from rulespec.rulebook.site import Entry, render_pages
from rulespec.ruleset import Ruleset

from conftest import ROOT, VARIANTS, variant_files, variant_id

GOLDEN = ROOT / "tests" / "golden" / "rulebook"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    variants, _ = compile_all(rule_files([str(VARIANTS)]))
    return render_pages([Entry(output_name(VARIANTS, f).as_posix(), v) for f, v in variants.items()])


def load(name: str) -> rulespec.Variant:
    return rulespec.load(VARIANTS / f"{name}.rules")


# ---------------------------------------------------------------- goldens


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_page_matches_its_golden_file(path, pages, update_golden):
    name = variant_id(path)
    golden = GOLDEN / f"{name}.md"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(pages[name], encoding="utf-8")
    assert golden.exists(), f"no golden page for {name}: run with --update-golden"
    expected = golden.read_text(encoding="utf-8")
    if pages[name] != expected:
        d = "".join(difflib.unified_diff(expected.splitlines(True), pages[name].splitlines(True), "golden", "now", n=1))
        pytest.fail(f"rulebook page of {name} changed:\n{d[:4000]}")


def test_every_golden_page_has_a_variant():
    names = {variant_id(p) for p in variant_files()}
    stale = [g for g in GOLDEN.rglob("*.md") if g.relative_to(GOLDEN).with_suffix("").as_posix() not in names]
    assert not stale


def test_generated_pages_are_what_the_renderer_writes_today(pages):
    """generated/*.md is committed; CI also diffs it against `rulespec build`."""
    for name, text in pages.items():
        assert (ROOT / "generated" / f"{name}.md").read_text(encoding="utf-8") == text, name


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


def test_the_navigation_lists_every_page():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("!!python", "#"))
    listed = set(re.findall(r"rules/([\w/-]+)\.md", str(config["nav"])))
    assert listed == {variant_id(p) for p in variant_files()} | {"index"}


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("material")
    from rulespec.rulebook.site import build_site

    site = build_site(ROOT / "mkdocs.yml", tmp_path / "site")
    html = (site / "rules" / "gin" / "index.html").read_text(encoding="utf-8")
    assert '<span class="card red">7♥</span>' in html
    assert (site / "assets" / "rulebook.css").exists()
