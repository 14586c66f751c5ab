"""``rulespec check --format``: diagnostics in forms that programs read.

People read the default text form (gcc style, with the source line and a caret). CI systems
and editors read these instead, one stable form each:

- ``json``: one object, documented field by field in docs/cli.md (``version`` changes
  only when a field changes meaning or goes away);
- ``github``: one GitHub Actions workflow command a line (``::error file=…,line=…::…``),
  which GitHub shows as an annotation on the line;
- ``sarif``: a SARIF 2.1.0 log, as code-scanning services take it.

Every value that comes from a rule file is escaped for its format, so a rule file cannot
forge a second annotation or break the JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from .language.diagnostics import Diagnostic

FORMATS = ("text", "json", "github", "sarif")
JSON_VERSION = 1  # of the ``--format json`` object; see docs/cli.md
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _tool_version() -> str:
    from . import __version__

    return __version__


def diagnostic_fields(d: Diagnostic) -> dict:
    """The fields of one diagnostic as ``--format json`` writes them: positions are 1-based,
    ``end_column`` is the first column after the span (or None)."""
    return {
        "code": d.code,
        "severity": d.severity,
        "file": d.file,
        "line": d.line,
        "column": d.column,
        "end_column": d.end_column,
        "message": d.message,
        "hint": d.hint,
        "notes": [{"message": n.message, "file": n.file, "line": n.line, "column": n.column}
                  for n in d.notes],
    }


def as_json(diags: list[Diagnostic], files: int) -> str:
    errors = sum(d.is_error for d in diags)
    doc = {
        "version": JSON_VERSION,
        "tool": {"name": "rulespec", "version": _tool_version()},
        "files": files,
        "errors": errors,
        "warnings": len(diags) - errors,
        "diagnostics": [diagnostic_fields(d) for d in diags],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _escape_data(s: str) -> str:
    """GitHub's escaping for a workflow command's message (toolkit's ``escapeData``)."""
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(s: str) -> str:
    """GitHub's escaping for a workflow command's property (toolkit's ``escapeProperty``)."""
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def github_line(d: Diagnostic) -> str:
    props = {"file": d.file, "line": d.line, "col": d.column}
    if d.end_column is not None:
        props["endColumn"] = d.end_column
    props["title"] = f"rulespec {d.code}"
    head = ",".join(f"{k}={_escape_property(str(v))}" for k, v in props.items())
    text = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    text += "".join(f"\nnote: {n.message} at {n.file}:{n.line}:{n.column}" for n in d.notes)
    return f"::{d.severity} {head}::{_escape_data(text)}"


def as_github(diags: list[Diagnostic]) -> str:
    return "".join(github_line(d) + "\n" for d in diags)


def sarif_uri(file: str) -> str:
    """An absolute path as a ``file://`` URI; a relative one as a relative POSIX reference."""
    path = Path(file)
    if path.is_absolute():
        return path.as_uri()
    return quote(PurePosixPath(*path.parts).as_posix())


def _sarif_location(file: str, region: dict) -> dict:
    return {"physicalLocation": {"artifactLocation": {"uri": sarif_uri(file)}, "region": region}}


def _sarif_result(d: Diagnostic, rule_index: int) -> dict:
    region = {"startLine": d.line, "startColumn": d.column}
    if d.end_column is not None and d.end_column > d.column:
        region["endColumn"] = d.end_column
    text = d.message + (f" (hint: {d.hint})" if d.hint else "")
    result = {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": d.severity,
        "message": {"text": text},
        "locations": [_sarif_location(d.file, region)],
    }
    if d.notes:
        result["relatedLocations"] = [
            {"id": i, "message": {"text": n.message},
             **_sarif_location(n.file, {"startLine": n.line, "startColumn": n.column})}
            for i, n in enumerate(d.notes)]
    if d.hint:
        result["properties"] = {"hint": d.hint}
    return result


def as_sarif(diags: list[Diagnostic]) -> str:
    codes = sorted({d.code for d in diags})
    rules = [{"id": c,
              "defaultConfiguration": {"level": "warning" if c.startswith("W") else "error"}}
             for c in codes]
    run = {
        "tool": {"driver": {"name": "rulespec", "version": _tool_version(), "rules": rules}},
        # Columns count characters (code points), as the text form does, not UTF-16 units.
        "columnKind": "unicodeCodePoints",
        "results": [_sarif_result(d, codes.index(d.code)) for d in diags],
    }
    doc = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def render(fmt: str, diags: Iterable[Diagnostic], files: int) -> str:
    """``diags`` of a check over ``files`` files in format ``fmt`` (one of FORMATS but text)."""
    diags = list(diags)
    if fmt == "json":
        return as_json(diags, files)
    if fmt == "github":
        return as_github(diags)
    if fmt == "sarif":
        return as_sarif(diags)
    raise ValueError(f"unknown format {fmt!r}")
