"""Rulebooks: every page pinned in tests/golden/rulebook/, no rule left unrendered, house
rules compared in words, pages free of internal names, and the site builds strictly.

Regenerate the goldens after an intended change with
``python -m pytest tests/test_rulebook.py --update-golden`` and review the diff.
"""

from __future__ import annotations

import ast
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
from rulespec.rulebook.coverage import APPLIES_WHEN, ENGINE_ONLY, applies, leaf_paths
from rulespec.rulebook.render import Rulebook
from rulespec.rulebook.site import Entry, render_pages
from rulespec.ruleset import Ruleset, from_ir
from rulespec.variant import Variant

from conftest import ROOT, VARIANTS, house, variant_files, variant_id

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


def _discarded_reads(path) -> list[str]:
    """Statements that read something and throw the value away (``w["cut"]``, ``a, b``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kept = (ast.Call, ast.Yield, ast.YieldFrom, ast.Await, ast.Constant)
    return [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and not isinstance(node.value, kept)]


def test_no_renderer_reads_a_field_only_to_mark_it_rendered():
    """A field counts as rendered when its value decides what the page says: a read whose
    value goes nowhere (the way fields used to be marked as used) would pass the check and
    leave the rule off the page. Fields that do not apply are excused in coverage.py."""
    package = ROOT / "rulespec" / "rulebook"
    files = sorted((package / "sections").glob("*.py")) + [package / "render.py"]
    found = [where for f in files for where in _discarded_reads(f)]
    assert not found, found
    sections = files[:-1]  # the page (render.py) owns the record; a section never writes it
    assert not [f.name for f in sections if ".seen" in f.read_text(encoding="utf-8")]


def _leaves(value, path=""):
    """``(path, holder, key)`` of every scalar in an IR document, list indices in the path."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for k, v in items:
        where = f"{path}.{k}" if path else str(k)
        if isinstance(v, dict | list) and (isinstance(v, dict) or any(isinstance(x, dict) for x in v)):
            yield from _leaves(v, where)
        else:
            yield where, value, k


def _generic(path: str) -> str:
    return ".".join("*" if p.isdigit() else p for p in path.split("."))


_NOT_RULES = ("sources", "origin", "name", "terms")
# A hand size's player range may reach past the players the variant allows.
_MOOT_HERE = {"deal.sizes.*.players.max"}


@pytest.fixture(scope="module")
def enum_words() -> dict[str, set[str]]:
    """The words each enumerated field takes in the shipped variants."""
    out: dict[str, set[str]] = {}
    for f in variant_files():
        ir = rulespec.load(f).ir
        for path, holder, key in _leaves({k: v for k, v in ir.items() if k not in _NOT_RULES}):
            if isinstance(holder[key], str):
                out.setdefault(_generic(path), set()).add(holder[key])
    return out


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_field_a_page_reads_decides_what_the_page_says(path, enum_words):
    """The check is real: each field the page reads is changed in turn (a flag flipped, a
    number plus one, a word swapped for another the language uses), and the page must
    change. A field read at the top of a renderer and then not used in the branch taken
    (stock.action before a void hand, game.winner under elimination) fails here."""
    v = rulespec.load(path)
    book = Rulebook(v)
    base = repr(book.page())
    idle = []
    for where, holder, key in _leaves({k: x for k, x in v.ir.items() if k not in _NOT_RULES}):
        field = _generic(where)
        old = holder[key]
        if field not in book.seen or field in _MOOT_HERE or old is None:
            continue
        if where.startswith("provenance.") and not _marker_lands(v, int(where.split(".")[1])):
            continue
        others = sorted(enum_words.get(field, set()) - {old}) if isinstance(old, str) else []
        new = (not old if isinstance(old, bool) else old + 1 if isinstance(old, int) else
               others[0] if others else None)
        if new is None:
            continue
        ir = copy.deepcopy(v.ir)
        node = ir
        for part in where.split(".")[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(key) if isinstance(node, list) else key] = new
        try:
            same = repr(Rulebook(Variant(from_ir(ir), ir)).page()) == base
        except Exception:  # a value the page cannot state is no idle read
            same = False
        if same:
            idle.append(where)
    assert not idle, f"read by the page, but changing them leaves it as it was: {idle}"


def _marker_lands(v, i: int) -> bool:
    """A marker on rules that do not apply (coverage.APPLIES_WHEN) has no place on the page:
    the generic path read for the others does not say it was read."""
    paths = v.ir["provenance"][i]["paths"]
    return not paths or any(applies(v.ruleset, p) for p in paths)


def test_every_field_the_coverage_tables_excuse_exists():
    """A stale entry (a field renamed in the language) would excuse nothing, silently."""
    paths = {p for f in variant_files() for p in leaf_paths(rulespec.load(f).ir)}
    for key in [*ENGINE_ONLY, *APPLIES_WHEN]:
        assert any(p == key or p.startswith(key + ".") for p in paths), key


def _opening_section(text: str) -> str:
    page = render_page(rulespec.compile_text(text, name="house.rules", base_dir=VARIANTS))
    return page.split("## Opening", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("value, row", [("jokers = 30", "| Joker | 30 points |"),
                                        ("wild cards = 5", "| Any card used as a wild card | 5 points |")])
def test_opening_values_for_jokers_and_wild_cards_reach_the_page(value, row):
    """A house file giving jokers (or any wild card) their own value for the opening count
    built a page that never mentioned it: the field was read only to mark it rendered."""
    section = _opening_section('variant "House"\nextends "rummy51"\n'
                               "opening: melds worth at least 51\n"
                               "         wild cards count their own value\n"
                               f"opening values: A = 10; 10 J Q K = 10; 2-9 = face value; {value}\n")
    assert "A wild card counts its own value." in section
    assert row in section


def test_a_joker_without_an_opening_value_counts_its_value_in_hand():
    section = _opening_section('variant "House"\nextends "rummy51"\n'
                               "opening: melds worth at least 51\n"
                               "         wild cards count their own value\n")
    assert "| Joker | 25 points |" in section  # rummy51: `values: ... jokers = 25`


def _house_page(parent: str, *lines: str) -> str:
    text = "\n".join(['variant "House"', f'extends "{parent}"', *lines]) + "\n"
    return render_page(rulespec.compile_text(text, name="house.rules", base_dir=VARIANTS))


@pytest.mark.parametrize("line, reuse", [
    ("stock: turn discard pile over once", "turned over without shuffling to form a new stock"),
    ("stock: shuffle discard pile twice", "shuffled to form a new stock"),
])
def test_a_void_hand_after_the_pile_is_reused_says_the_pile_is_reused_first(line, reuse):
    """Gin's hand is void when the stock runs out; a house file that first reuses the
    discard pile had a page saying the hand is void at once, while the engine reuses the
    pile (``stock.action`` and ``stock.times`` were read and then not used)."""
    stock = _house_page("gin", line).split("**The stock.** ", 1)[1].split("\n", 1)[0]
    stock = re.sub(r"<sup>[0-9,]+</sup>$", "", stock)  # Gin's `(common rule: Hoyle)` stays
    assert reuse in stock
    assert stock.endswith("when the stock runs out again, the hand ends. "
                          "Then the hand is void: nobody scores.")


def test_a_pool_page_says_who_wins_when_the_last_players_go_out_together():
    """The engine gives the game to the lowest total when no player is left (engine/scoring.py
    game_over; E343 makes the lowest total win wherever players go out); the page read
    ``game.winner`` and then did not use it under elimination."""
    end = render_page(load("indian-pool-101")).split("## End of the game", 1)[1]
    assert ("If the last players are all out after the same hand, the player with the lowest "
            "total wins.") in end


def test_differences_at_an_exhausted_stock_count_what_the_variant_counts():
    """Gin counts only unmatched cards (penalty('KS KH KD 5C') is 5); with differences at an
    exhausted stock its page said everyone counts the cards left in their hand."""
    house = rulespec.compile_text('variant "House"\nextends "gin"\n'
                                  "stock: lowest hand scores differences\n",
                                  name="house.rules", base_dir=VARIANTS)
    assert house.penalty("KS KH KD 5C") == 5
    stock = render_page(house).split("**The stock.** ", 1)[1].split("\n", 1)[0]
    assert "Everyone counts the cards in their hand that are not in melds;" in stock


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
    assert "These are house rules for [Gin Rummy](../gin.md). In this version, " in page
    assert "This variant is built on [Gin Rummy](gin.md). In this version, " in pages["michigan-gin"]
    assert "An undercut earns a bonus of 25 points instead of 10 points." in page
    assert "Gin earns a bonus of 25 points instead of 30 points." in page
    assert "[Gin Rummy: tournament values](house/gin-tournament.md)" in pages["gin"]


def test_changes_come_from_the_resolved_rules_not_only_the_overrides():
    """basic-restock-twice overrides the reuse count but also changes how the hand is scored."""
    rules = [c.rule for c in diff.changes(load("basic").ir, load("house/basic-restock-twice").ir)]
    assert rules == ["Times the discard pile is reused", "Scoring when the stock ends the hand"]


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
    assert "ten cards face down to each player" in gin and "a game for two players" in gin
    assert "a bonus of 10 points" in gin and "30 points" in gin


def test_examples_are_judged_by_the_meld_code(pages):
    """The worked examples carry the meld code's numbers (here the gin knock after a lay-off)."""
    gin = pages["gin"]
    assert "The knocker scores 21 − 6 = 15 points" in gin
    assert "✔ a run in hearts" in gin and "✘ the suits are mixed, and a run is all one suit" in gin


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


def test_a_page_says_how_the_cards_are_dealt_only_when_the_rules_do():
    """Found by trials of new games (Kalooki, Chinchón): every page said "the dealer deals
    the cards one at a time", a rule no file could say or change. `deal: one card at a
    time` (or `N cards at a time`) says it now, and a page without it does not."""
    gin = rulespec.load(VARIANTS / "gin.rules")
    assert gin.ruleset.deal.at_a_time == 1
    first = "starting with the player to the dealer's left."
    assert ("The dealer deals ten cards face down to each player, one at a time, starting "
            "with the non-dealer.") in render_page(gin)
    said = house("basic", "deal: 3 cards at a time", "seating: play goes counterclockwise")
    assert ("The dealer deals the cards face down, three at a time, starting with the player "
            "to the dealer's right;") in render_page(said)
    silent = rulespec.load(VARIANTS / "indian-points.rules")
    assert silent.ruleset.deal.at_a_time is None
    page = render_page(silent)
    assert (f"The dealer deals thirteen cards face down to each player, {first}" in page
            and "at a time" not in page)


def test_a_wild_card_that_keeps_its_place_is_placed_at_an_end_by_the_player():
    """Found by the Double Rum trial: the page said a wild card keeps its place but not
    who chooses its place when it ends a run (6-7 of hearts and a joker: 5-6-7 or 6-7-8),
    which the player must say in the move. Under `take value of their place` the place
    says it, and the page does not ask."""
    rules = ("deck: 1 pack, 2 jokers", "values: jokers = 15", "wild: jokers",
             "table: wild cards keep their places")
    said = " ".join(render_page(house("basic", *rules)).split())
    assert ("A wild card keeps the place it was given: nobody may move it within a run "
            "to make room") in said
    assert ("So a player who lays a wild card at an end of a run says which end it takes "
            "(the 6 and 7 of hearts with a wild card are 5-6-7 or 6-7-8).") in said
    placed = house("basic", *rules, "table: undeclared wild cards take the value of their place")
    assert "says which end it takes" not in render_page(placed)
