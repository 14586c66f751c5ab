"""The package carries what it needs: the grammar, the schema and the shipped variants
ship inside the wheel, and the schema is itself a valid draft 2020-12 schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest
from jsonschema import Draft202012Validator

from rulespec.language.schema import SCHEMA_PATH

from conftest import ROOT


def test_the_ir_schema_is_a_valid_draft_2020_12_schema():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"].endswith("2020-12/schema")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
                    str(out), str(ROOT)], check=True, capture_output=True)
    (found,) = out.glob("rulespec-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_carries_the_grammar_the_schema_and_the_variants(wheel):
    """grammars/ and variants/ live at the top of the repo but must be inside the installed package."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "rulespec/grammars/rulespec.lark" in names
    assert "rulespec/language/schema.json" in names
    shipped = {p.relative_to(ROOT).as_posix() for p in (ROOT / "variants").rglob("*.rules")}
    assert {f"rulespec/{p}" for p in shipped} <= names


@pytest.mark.slow
def test_house_rules_outside_the_repo_extend_a_shipped_variant_from_an_installed_wheel(wheel, tmp_path):
    """Issue 12, item 15: `extends "basic"` in a folder of one's own, with rulespec
    installed from the wheel (not this checkout)."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True)
    mine = tmp_path / "my rules"
    mine.mkdir()
    (mine / "mine.rules").write_text('variant "Mine"\nextends "basic"\ngame:    to 300 points\n')
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run([sys.executable, "-c", "import rulespec; print(rulespec.__file__)"], cwd=mine, env=env,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(site))
    done = subprocess.run([sys.executable, "-m", "rulespec", "compile", "mine.rules"], cwd=mine, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    ir = json.loads(done.stdout)
    assert ir["origin"]["parent"] == "variants/basic.rules" and ir["name"] == "Mine"


def test_the_command_works_from_another_folder(tmp_path):
    (tmp_path / "x.rules").write_text((ROOT / "variants" / "gin.rules").read_text(encoding="utf-8"))
    done = subprocess.run([sys.executable, "-m", "rulespec.cli", "check", "x.rules"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
