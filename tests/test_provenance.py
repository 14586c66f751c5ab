"""Provenance in the language and on the page, and rules the interpreter does not play
(issue 16, items 1 and 2): `(common rule)`, `(house choice)`, `(source: …)` after a
clause; `not enforced:` text rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.language.diagnostics import SpecError
from rulespec.rulebook import diff, render_page

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"


def _compile(*lines: str, parent: str = "basic"):
    text = "\n".join(['variant "House"', f'extends "{parent}"', *lines]) + "\n"
    return rulespec.compile_text(text, name="house.rules", base_dir=VARIANTS)


def _own(v) -> list:
    """The markers the house file itself wrote (its parent's are kept too)."""
    return [m for m in v.ir["provenance"] if m["source"]["file"] == "house.rules"]


def _section(page: str, title: str) -> str:
    return page.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


# ---------------------------------------------------------------- the language


def test_a_marker_is_kept_in_the_ir_with_the_rules_of_its_line_and_its_span():
    v = _compile("players: 2-5 (common rule: most Remi 51 tables)",
                 "deck: 2 packs (house choice)",
                 "stock: shuffle discard pile (source)")
    marks = _own(v)
    assert [(m["kind"], m["note"], m["paths"]) for m in marks] == [
        ("common rule", "most Remi 51 tables", ["players"]),
        ("house choice", None, ["deck.packs"]),
        ("source", None, ["stock.action", "stock.times"]),
    ]
    assert marks[0]["source"] == {"file": "house.rules", "line": 3, "column": 14,
                                  "end_line": 3, "end_column": 48}


def test_a_marker_covers_only_the_clauses_of_its_line_since_the_last_marker():
    v = _compile("deal: 7 cards each (source); dealer rotates right",
                 "      2 extra cards to starting player (house choice)")
    marks = _own(v)
    assert [m["paths"] for m in marks] == [["deal.sizes"], ["deal.starter_extra"]]


def test_a_house_file_that_sets_a_marked_rule_anew_drops_the_parents_marker():
    gin = rulespec.load(VARIANTS / "gin.rules")
    assert any("turn.discard_taken" in m["paths"] for m in gin.ir["provenance"])
    v = _compile("discard: may be card taken from discard pile", parent="gin")
    assert not any("turn.discard_taken" in m["paths"] for m in v.ir["provenance"])
    assert any("stock.outcome" in m["paths"] for m in v.ir["provenance"])  # the rest stays


@pytest.mark.parametrize("marker", ["(hearsay)", "(common rules: x)", "()"])
def test_an_unknown_marker_is_a_diagnostic_at_the_marker(marker):
    with pytest.raises(SpecError) as e:
        _compile(f"players: 2-5 {marker}")
    [d] = e.value.diagnostics
    assert (d.code, d.line, d.column) == ("E153", 3, 14)
    assert d.end_column == 14 + len(marker)
    assert "(common rule)" in d.hint and "(house choice)" in d.hint


def test_two_markers_after_one_clause_are_a_syntax_error_naming_the_marker():
    with pytest.raises(SpecError) as e:
        _compile("players: 2-5 (source) (source)")
    [d] = e.value.diagnostics
    assert (d.code, d.line, d.column) == ("E101", 3, 23)


def test_a_bracket_inside_a_markers_note_is_named_as_the_fault():
    """Found by a trial (a new user's Kalooki): `(source: "In every turn (even when
    winning) …")` was reported as "`(source` is not understood here", with a hint to
    write a marker."""
    with pytest.raises(SpecError) as e:
        _compile('players: 2-5   (source: "every turn (even when winning)")')
    [d] = e.value.diagnostics
    assert (d.code, d.line, d.column) == ("E101", 3, 16)
    assert "may not hold brackets" in d.message and "without `(` and `)`" in d.hint


def test_not_enforced_rules_are_checked_by_the_schema():
    with pytest.raises(SpecError) as e:
        _compile('not enforced: ""')
    assert [d.code for d in e.value.diagnostics] == ["E201"]
    with pytest.raises(SpecError) as e:
        _compile('not enforced: "' + "x" * 401 + '"')
    assert [d.code for d in e.value.diagnostics] == ["E201"]


# ---------------------------------------------------------------- the page


def test_the_sentence_of_a_marked_rule_carries_a_marker_and_its_section_a_note():
    page = render_page(_compile("players: 2-5 (common rule: most Remi 51 tables)"))
    overview = _section(page, "Overview")
    assert "is a game for two to five players.<sup>1</sup>" in overview
    assert overview.count("<sup>") == 2  # the marker and its note, nothing else
    assert overview.rstrip().endswith(
        "<small>**Not in the source.** <sup>1</sup> A common rule, chosen where the source "
        "says nothing (most Remi 51 tables).</small>")


def test_where_the_sources_differ_the_note_says_so_in_its_own_group():
    """Loba and Pif Paf: "(common rule)" read "the source says nothing" where the pages
    gave different rules; `(sources differ: …)` says what was done."""
    page = render_page(_compile("players: 3-6 (sources differ: GameVelvet says 2-8)",
                                "aces: high (common rule)"))
    overview, cards = _section(page, "Overview"), _section(page, "The cards")
    assert "is a game for three to six players.<sup>1</sup>" in overview
    assert overview.rstrip().endswith(
        "<small>**Where the sources differ.** <sup>1</sup> The sources differ (GameVelvet says "
        "2-8); this is the rule chosen here.</small>")
    assert "**Not in the source.**" in cards and "sources differ" not in cards


def test_the_nearest_rule_says_the_source_differs_and_what_it_says():
    """Cuban Canasta's trial: red threes score 100/300/500/1000, which one tier cannot say;
    marked `(common rule)` the page read "the source says nothing", which is wrong."""
    page = render_page(_compile("players: 2-4 (nearest rule: the source says 2-5)"))
    overview = _section(page, "Overview")
    assert "is a game for two to four players.<sup>1</sup>" in overview
    assert overview.rstrip().endswith(
        "<small>**Where the source differs.** <sup>1</sup> The source's own rule cannot be "
        "written in this language (the source says 2-5); this is the nearest rule that "
        "can.</small>")
    assert [m["kind"] for m in _own(_compile("players: 2-4 (Nearest  Rule)"))] == ["nearest rule"]


def test_a_marker_lands_on_the_step_of_the_turn_that_states_the_rule():
    turn = _section(render_page(rulespec.load(VARIANTS / "gin.rules")), "A turn")
    marked = [line for line in turn.splitlines() if "<sup>1</sup>" in line]
    assert len(marked) == 2 and marked[0].startswith("2. **Discard**")  # the step, and the note


def test_a_marker_lands_on_the_paragraph_that_states_the_rule_not_on_its_neighbour():
    """A marked wild-card rule marks its own paragraph of the wild cards, not the first."""
    page = render_page(_compile("wild: deuces",
                                "      wild cards may stand for themselves (common rule)",
                                "replace wilds: in any meld (house choice)"))
    lines = [line for line in _section(page, "The cards").splitlines() if line.strip()]
    marked = {line.split(".", 1)[0]: line for line in lines if "<sup>" in line
              and not line.startswith("<small>")}
    # (and the language's default the file leaves unsaid, on its own sentence)
    assert list(marked) == ["Any wild card may also stand for itself, as a "
                            "natural card", "A meld needs at least one natural card",
                            "**Replacing a wild card"], marked


def _marked(section: str) -> list[str]:
    """The lines of a section that carry a marker (its note left out)."""
    return [line for line in section.splitlines()
            if "<sup>" in line and not line.startswith("<small>")]


def test_a_marker_lands_on_the_paragraph_of_scoring_that_states_the_rule():
    """Found by a trial (Tonk): every marker of Scoring sat on its first paragraph, the
    undercut's and going rummy's included. Rommé marks its penalty scoring and its going
    rummy as common rules (and its card values), each on its own paragraph."""
    marked = _marked(_section(render_page(rulespec.load(VARIANTS / "romme.rules")), "Scoring"))
    starts = ("**Card values.**", "When a player goes out, every other player", "**Going rummy.**")
    assert len(marked) == 3 and all(line.startswith(w) for line, w in zip(marked, starts)), marked
    assert marked[1].endswith("<sup>1</sup>") and marked[2].endswith("<sup>2</sup>")


def test_a_sentence_that_only_asks_whether_a_rule_exists_carries_no_marker_of_it():
    """Found by a trial (Kalooki): the upcard's sentence "If that card is a wild card it
    stays there" carried the wild cards' citation, and the discard step the citation of
    "the card taken must be melded at once" (it says nothing of it)."""
    deal = _section(render_page(rulespec.load(VARIANTS / "house/continental-deuces-wild.rules")),
                    "The deal")
    assert "stays there, and may be taken like any other.\n" in deal
    turn = _section(render_page(rulespec.load(VARIANTS / "conquian.rules")), "A turn")
    [discard] = [line for line in turn.splitlines() if "**Discard**" in line]
    assert "<sup>" not in discard
    assert "<sup>1,2</sup>" in next(line for line in turn.splitlines() if "**Draw**" in line)


def test_a_rule_of_the_source_shows_only_its_citation():
    page = render_page(_compile("players: 2-5 (source)", "deck: 2 packs (source: “two decks”)"))
    overview = _section(page, "Overview")
    assert "players.<sup>" not in overview
    assert "**From the source.** <sup>1</sup> “two decks”." in overview
    assert "Not in the source" not in overview


def test_a_note_is_escaped_on_the_page():
    page = render_page(_compile("players: 2-5 (house choice: *us* <b>x</b> [y]: z)"))
    assert "A house choice (\\*us\\* &lt;b&gt;x&lt;/b&gt; \\[y\\]: z)." in page


def test_the_hand_nobody_can_finish_is_marked_as_the_interpreters_own_rule():
    ending = _section(render_page(rulespec.load(VARIANTS / "basic.rules")), "Ending a hand")
    assert "**A hand nobody can finish.**" in ending
    assert "nobody scores for the hand.<sup>1</sup>" in ending
    assert "<sup>1</sup> The interpreter's own rule" in ending
    written = _section(render_page(_compile("stock: hand ends when nobody can go out")),
                       "Ending a hand")
    assert "**A hand nobody can finish.**" in written and "<sup>" not in written


def test_rules_not_enforced_have_their_own_section_escaped_and_marked():
    page = render_page(_compile('not enforced: "A card played out of turn goes *back*."',
                                '              "<script>x</script>"'))
    section = _section(page, "Rules the interpreter does not enforce")
    assert "*These rules are not enforced:" in section
    assert "- A card played out of turn goes \\*back\\*." in section
    assert "- &lt;script&gt;x&lt;/script&gt;" in section
    assert "Rules the interpreter does not enforce" not in render_page(_compile())


def test_continental_prints_the_eight_sections_of_its_source_it_cannot_play():
    v = rulespec.load(VARIANTS / "continental.rules")
    heads = [item.split(":", 1)[0] for item in v.ir["not_enforced"]]
    assert heads[:8] == ["Play out of turn", "Illegal draw", "Premature discard",
                         "Incorrect hand", "Re-deal", "Cards laid down illegally",
                         "Scoring errors", "Suspending a game"]


def test_rulespec_diff_names_a_change_of_the_rules_not_enforced():
    base = rulespec.load(VARIANTS / "basic.rules").ir
    house = _compile('not enforced: "Misdeals are redealt."').ir
    [change] = diff.changes(base, house)
    assert (change.rule, change.old, change.new) == (
        "Rules the interpreter does not enforce", "none", "Misdeals are redealt.")
    assert diff.changes(base, _compile("players: 2-6 (source: x)").ir) == []


def test_a_markers_note_is_printed_as_written_when_the_variant_renames_its_words():
    """Found by a trial (a new user's Chinchón): with `knock is called "close"` the
    page printed the note "(elimination cannot be said with knocks)" as "… with closes"."""
    v = _compile('terms:   knock is called "close"',
                 "knock:   with deadwood under 5   (house choice: fewer knocks than Gin)",
                 parent="gin")
    page = render_page(v)
    assert "A house choice (fewer knocks than Gin)." in page
    assert "close" in _section(page, "Ending a hand").lower()


def test_a_marker_on_a_kind_of_meld_lands_on_its_item_of_the_list():
    """Found by a trial (Chinchón): the markers of sets, runs and "kept in hand" all sat
    on "There are two kinds of meld". Conquian cites its source for runs only."""
    melds = _section(render_page(rulespec.load(VARIANTS / "conquian.rules")), "Melds")
    marked = _marked(melds)
    assert len(marked) == 1 and marked[0].startswith("- A **run**"), marked


def test_markers_count_up_down_the_section_whatever_their_kind():
    """Buraco and Yaniv trials: a section read ² before ¹, the markers having been numbered
    by kind (rules not in the source first). They are numbered as the page reads; the note
    keeps one heading per kind, the groups in the order of their first marker."""
    import re
    page = render_page(_compile("deal: 7 cards each (sources differ: some say 10)",
                                "      dealer rotates right (common rule)"))
    deal = _section(page, "The deal")  # basic's cited first dealer, then these two
    text, note = deal.split("<small>")
    assert [int(n) for n in re.findall(r"<sup>(\d+)</sup>", text)] == [1, 2, 3]
    assert "the deal passes to the right.<sup>2</sup>" in text
    assert note.index("**From the source.** <sup>1</sup>") < note.index(
        "**Not in the source.** <sup>2</sup>") < note.index(
        "**Where the sources differ.** <sup>3</sup>")
