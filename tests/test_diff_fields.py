"""`rulespec diff` compares two variants leaf by leaf (issue 14): a changed field that no
fact of :mod:`rulespec.rulebook.diff` reads yet, however deep, still shows, named by its
path in words, and today's comparisons read as before."""

from __future__ import annotations

import copy

import pytest

import rulespec
from rulespec.cli import main
from rulespec.rulebook.diff import Change, changes

from conftest import VARIANTS

GIN = str(VARIANTS / "gin.rules")


@pytest.fixture
def gin() -> dict:
    return copy.deepcopy(rulespec.load(GIN).ir)


def test_a_new_nested_field_that_changes_shows_in_words(gin):
    old, new = copy.deepcopy(gin), copy.deepcopy(gin)
    old["scoring"]["knock"]["double_gin"] = 3
    new["scoring"]["knock"]["double_gin"] = 4
    assert changes(old, new) == [Change("Scoring, knock, double gin", "3", "4")]


def test_a_field_the_base_did_not_set_shows_leaf_by_leaf(gin):
    new = copy.deepcopy(gin)
    new["turn"]["bonus"] = {"points": 5, "once": True}
    new["deal"]["sizes"][0]["note"] = "face down"
    assert [str(c) for c in changes(gin, new)] == [
        "Deal, sizes 1, note: face down instead of none",
        "Turn, bonus, points: 5 instead of none",
        "Turn, bonus, once: yes instead of none",
    ]
    assert [str(c) for c in changes(new, gin)][-1] == "Turn, bonus, once: none instead of yes"


def test_a_change_a_fact_reads_is_said_once_in_its_words(gin):
    new = copy.deepcopy(gin)
    new["turn"]["claims"] = {"penalty": 2, "priority": "nearest", "wait": True}
    new["knock"]["run_end_layoffs"] = 2
    assert [c.rule for c in changes(gin, new)] == ["“May I?” claims",
                                                   "Cards laid off at each end of a run"]


def test_a_house_file_that_changes_one_nested_field_says_only_that(tmp_path, capsys):
    house = tmp_path / "gin-undercut.rules"
    house.write_text('variant "Gin: undercut 20"\nextends "gin"\n\n'
                     "scoring: undercut = difference + 20\n", encoding="utf-8")
    assert main(["diff", GIN, str(house)]) == 0
    out = capsys.readouterr().out
    lines = [" ".join(line.replace("│", " ").split()) for line in out.splitlines()]
    assert "Undercut bonus 10 points 20 points" in lines
    assert len([line for line in lines if "points" in line]) == 1


def test_rules_held_in_lists_of_other_lengths_compare():
    """Wrotham deals one size and Basic Rummy three (by players): the list is compared as
    one piece (this used to stop `rulespec diff` with an IndexError)."""
    wrotham, basic = (rulespec.load(VARIANTS / f"{n}.rules").ir for n in ("wrotham", "basic"))
    assert Change("Cards dealt", "seven each", "ten for two players, seven for three or four "
                  "players and six for five or six players each") in changes(wrotham, basic)
    assert [c.rule for c in changes(basic, wrotham)].count("Cards dealt") == 1
