"""The package carries what it needs: the grammar and the schema ship inside the wheel,
and the schema is itself a valid draft 2020-12 schema."""

from __future__ import annotations

import json
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


@pytest.mark.slow
def test_the_wheel_carries_the_grammar_and_the_schema(tmp_path):
    """grammars/ lives at the top of the repo but must be inside the installed package."""
    pytest.importorskip("hatchling")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("rulespec-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "rulespec/grammars/rulespec.lark" in names
    assert "rulespec/language/schema.json" in names


def test_the_command_works_from_another_folder(tmp_path):
    (tmp_path / "x.rules").write_text((ROOT / "variants" / "gin.rules").read_text(encoding="utf-8"))
    done = subprocess.run([sys.executable, "-m", "rulespec.cli", "check", "x.rules"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
