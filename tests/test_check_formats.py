"""``rulespec check --format json|github|sarif``: the same diagnostics as the text form, in
forms programs read (issue 17, item 4)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from rulespec.cli import main
from rulespec.formats import github_line, sarif_uri
from rulespec.language.diagnostics import Diagnostic

from conftest import VARIANTS

SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"
# GitHub's workflow command for an annotation: ::error|warning|notice, properties, ::message.
ANNOTATION = re.compile(r"::(error|warning|notice) file=[^,:\r\n]+,line=\d+,col=\d+(,endColumn=\d+)?"
                        r"(,title=[^,:\r\n]*)?::[^\r\n]+")


@pytest.fixture
def checked(tmp_path):
    """A folder with an error (a misspelt word) and a warning (a house rule that repeats its
    parent), and a function that runs ``rulespec check`` on it in a format."""
    shutil.copy(VARIANTS / "basic.rules", tmp_path / "basic.rules")
    (tmp_path / "bad.rules").write_text('variant "Bad"\nplayers: 2\ndeck: 1 pack\n'
                                        "scoring: going rumy = +10\n", encoding="utf-8")
    (tmp_path / "same.rules").write_text('variant "Same"\nextends "basic"\n\naces:    low\n'
                                         "values: A = 15\n", encoding="utf-8")

    def run(capsys, *options):
        code = main(["check", str(tmp_path), *options])
        return code, capsys.readouterr()

    return run


def test_json_holds_every_diagnostic_of_the_text_form(checked, capsys):
    code_text, text = checked(capsys)
    code_json, out = checked(capsys, "--format", "json")
    assert code_json == code_text == 1
    doc = json.loads(out.out)
    assert doc["version"] == 1 and doc["files"] == 3
    assert (doc["errors"], doc["warnings"]) == (1, 1)
    heads = [f"{d['file']}:{d['line']}:{d['column']}: {d['severity']}[{d['code']}]: {d['message']}"
             for d in doc["diagnostics"]]
    assert heads and all(h in text.err for h in heads)
    bad = next(d for d in doc["diagnostics"] if d["code"] == "E101")
    assert (bad["line"], bad["column"], bad["end_column"]) == (4, 16, 20)
    assert bad["hint"] == "did you mean `rummy`?"
    assert set(bad) == {"code", "severity", "file", "line", "column", "end_column", "message", "hint", "notes"}


def test_github_lines_are_annotations(checked, capsys):
    code, out = checked(capsys, "--format", "github")
    assert code == 1
    lines = out.out.splitlines()
    assert len(lines) == 2 and all(ANNOTATION.fullmatch(line) for line in lines), lines
    assert any(line.startswith("::error ") and "line=4,col=16,endColumn=20" in line for line in lines)
    assert any(line.startswith("::warning ") for line in lines)
    assert "%0Ahint: did you mean `rummy`?" in out.out


def test_github_escapes_what_a_rule_file_could_forge():
    d = Diagnostic("E101", "`x` 100%\n::error file=a::forged", "a,b:c.rules", 2, 3, hint="h")
    line = github_line(d)
    assert "\n" not in line and ANNOTATION.fullmatch(line)
    assert "file=a%2Cb%3Ac.rules," in line and "100%25%0A::error" in line


def test_sarif_validates_against_the_schema(checked, capsys):
    code, out = checked(capsys, "--format", "sarif")
    assert code == 1
    log = json.loads(out.out)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    results = log["runs"][0]["results"]
    assert sorted(r["level"] for r in results) == ["error", "warning"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    region = next(r for r in results if r["ruleId"] == "E101")["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 4, "startColumn": 16, "endColumn": 20}
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris and all(u.startswith("file:///") for u in uris)  # the files are outside the folder run in


def test_sarif_uris_are_file_uris_or_relative_references(tmp_path):
    assert sarif_uri(str(tmp_path / "a b.rules")) == (tmp_path / "a b.rules").as_uri()
    assert sarif_uri(str(tmp_path / "x.rules")).startswith("file:///")
    assert sarif_uri("variants/house/a b.rules") == "variants/house/a%20b.rules"


@pytest.fixture
def house(tmp_path, monkeypatch):
    """A house rule over gin whose `players: 2-6` breaks the parent's deal: E331 with a note."""
    (tmp_path / "variants" / "house").mkdir(parents=True)
    shutil.copy(VARIANTS / "gin.rules", tmp_path / "variants" / "gin.rules")
    (tmp_path / "variants" / "house" / "h.rules").write_text(
        'variant "Gin for six"\nextends "gin"\n\nplayers: 2-6\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return "variants/house/h.rules"


def test_machine_formats_keep_the_notes(house, capsys):
    assert main(["check", house, "--format", "json"]) == 1
    e331 = next(d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["code"] == "E331")
    (note,) = e331["notes"]
    assert note["file"] == "variants/gin.rules" and note["column"] == 10
    assert note["message"].startswith("the parent says `") and note["line"] > 1
    assert main(["check", house, "--format", "github"]) == 1
    line = next(x for x in capsys.readouterr().out.splitlines() if "E331" in x)
    assert ANNOTATION.fullmatch(line)
    assert "%0Anote: the parent says `" in line and f" at variants/gin.rules:{note['line']}:10" in line
    assert main(["check", house, "--format", "sarif"]) == 1
    log = json.loads(capsys.readouterr().out)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))).validate(log)
    result = next(r for r in log["runs"][0]["results"] if r["ruleId"] == "E331")
    (related,) = result["relatedLocations"]
    assert related["message"]["text"] == note["message"]
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "variants/gin.rules"
    assert related["physicalLocation"]["region"] == {"startLine": note["line"], "startColumn": 10}


def test_sarif_schema_rejects_a_broken_log():
    """The schema check can fail: a result without its message is not SARIF."""
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    broken = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "E1"}]}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(broken)


def test_clean_files_give_empty_reports(capsys):
    assert main(["check", str(VARIANTS / "gin.rules"), "--format", "sarif"]) == 0
    assert json.loads(capsys.readouterr().out)["runs"][0]["results"] == []
    assert main(["check", str(VARIANTS / "gin.rules"), "--format", "github"]) == 0
    assert capsys.readouterr().out == ""


def test_the_pre_commit_hook_runs_check_on_rules_files(tmp_path, capsys):
    import yaml

    (hook,) = yaml.safe_load((VARIANTS.parent / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "rulespec-check" and hook["language"] == "python"
    files = re.compile(hook["files"])
    assert files.search("variants/house/gin-tournament.rules") and not files.search("rulespec/cli.py")
    command, *args = hook["entry"].split()
    assert command == "rulespec"  # the console script of pyproject.toml
    bad = tmp_path / "bad.rules"
    bad.write_text('variant "Bad"\nplayers: two\n', encoding="utf-8")
    assert main([*args, str(VARIANTS / "gin.rules")]) == 0
    assert main([*args, str(bad)]) == 1  # pre-commit fails the commit on a non-zero exit
