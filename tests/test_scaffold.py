"""``rulespec new`` (issue 17, item 5): the files it writes pass ``check`` at once, from
every base variant, as house rules and as standalone copies."""

from __future__ import annotations

import shutil

import pytest

from conftest import VARIANTS, variant_files, variant_id
from rulespec.cli import main


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    """A copy of variants/, where new files can be written next to their bases."""
    copy = tmp_path_factory.mktemp("repo") / "variants"
    shutil.copytree(VARIANTS, copy)
    return copy


@pytest.mark.parametrize("base", variant_files(), ids=variant_id)
def test_house_rules_from_every_variant_pass_check(variants, base, capsys):
    target = variants / "house" / f"new-{base.stem}.rules"
    assert main(["new", str(target), "--base", base.stem]) == 0
    text = target.read_text(encoding="utf-8")
    assert f'extends "{base.stem}"' in text and "\n# " in text  # the base's rules, as comments
    capsys.readouterr()
    assert main(["check", str(target)]) == 0, capsys.readouterr().err


STANDALONE = [p for p in variant_files() if "\nextends " not in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("base", STANDALONE, ids=variant_id)
def test_standalone_copies_of_every_variant_pass_check(variants, base, capsys):
    target = variants / f"new-{base.stem}.rules"
    assert main(["new", str(target), "--base", base.stem, "--standalone", "--name", "Ours"]) == 0
    text = target.read_text(encoding="utf-8")
    assert 'variant "Ours"' in text and "extends" not in text
    assert "#" in text[text.index("variant"):]  # the base's comments come along
    capsys.readouterr()
    assert main(["check", str(target)]) == 0, capsys.readouterr().err


def test_players_and_deck_are_restated(variants, capsys):
    target = variants / "house" / "four.rules"
    assert main(["new", str(target), "--base", "basic", "--players", "2-4", "--deck", "2 packs"]) == 0
    text = target.read_text(encoding="utf-8")
    assert "\nplayers: 2-4\n" in text and "\ndeck:    2 packs\n" in text
    assert main(["check", str(target)]) == 0


def test_a_standalone_copy_restates_a_topic_with_its_continuation_lines(variants):
    target = variants / "six-gin.rules"
    assert main(["new", str(target), "--base", "basic", "--standalone", "--deck", "2 packs"]) == 0
    text = target.read_text(encoding="utf-8")
    assert "\ndeck:    2 packs\n" in text and "1 pack, no jokers" not in text
    assert main(["check", str(target)]) == 0


def test_a_standalone_copy_needs_a_base_that_extends_nothing(variants):
    assert main(["new", str(variants / "z.rules"), "--base", "block", "--standalone"]) == 2


def test_a_choice_the_base_cannot_play_writes_nothing(variants, capsys):
    target = variants / "house" / "six.rules"
    assert main(["new", str(target), "--base", "gin", "--players", "2-6"]) == 1
    assert not target.exists()
    assert "error[E331]" in capsys.readouterr().err


def test_without_flags_it_starts_from_basic_and_names_the_file(variants):
    target = variants / "house" / "kitchen-table.rules"
    assert main(["new", str(target)]) == 0  # no terminal to ask: the defaults
    text = target.read_text(encoding="utf-8")
    assert 'variant "Kitchen table"\nextends "basic"' in text
    assert main(["new", str(target)]) == 2  # never overwrites without --force
    assert main(["new", str(variants / "x.txt")]) == 2
    assert main(["new", str(variants / "y.rules"), "--base", "no-such-game"]) == 2
