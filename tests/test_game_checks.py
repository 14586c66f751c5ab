"""The checks for degenerate games (rulespec/language/game_checks.py) on house rules: the
problem is shown at the house file's own line, the one that made the game degenerate."""

from __future__ import annotations

import shutil

import pytest

import rulespec

from conftest import VARIANTS


@pytest.mark.parametrize("rule,line,column", [
    ("game: to 100 points; lowest wins", 3, 22),  # issue 12 item 7: over `winner collects`
    ("scoring: losers score penalty points", 3, 10),  # over `highest wins`
])
def test_a_house_rule_making_the_worst_player_win_is_an_error_at_its_line(tmp_path, rule, line, column):
    shutil.copy(VARIANTS / "basic.rules", tmp_path / "basic.rules")
    house = tmp_path / "house.rules"
    house.write_text(f'variant "House"\nextends "basic"\n{rule}\n', encoding="utf-8")
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.load(house)
    (d,) = [d for d in e.value.diagnostics if d.code == "E345"]
    assert (d.file.endswith("house.rules"), d.line, d.column) == (True, line, column)
