"""JSON Schema stage: the shape and the sane limits of the IR, every error mapped back
to the clause that caused it."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from .diagnostics import Diagnostic, line_of

SCHEMA_PATH = Path(__file__).with_name("schema.json")


@functools.lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _span_for(path: list, sources: dict) -> dict | None:
    """The span of the deepest rule path that contains the error's location."""
    parts = [str(p) for p in path]
    for n in range(len(parts), 0, -1):
        span = sources.get(".".join(parts[:n]))
        if span is not None:
            return span
    return None


def _sentence(err) -> str:
    where = " ".join(str(p).replace("_", " ") for p in err.absolute_path if not isinstance(p, int))
    v = err.validator
    if v == "maximum":
        return f"{where or 'this value'} can be at most {err.validator_value}, not {err.instance}"
    if v == "minimum":
        return f"{where or 'this value'} must be at least {err.validator_value}, not {err.instance}"
    if v in ("maxItems",):
        return f"{where or 'this list'} may have at most {err.validator_value} entries"
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else "a rule"
        what = f"{where}: " if where else ""
        return f"{what}the rule `{missing.replace('_', ' ')}` is missing"
    return f"{where or 'this rule'}: {err.message}"


def check(doc: dict, sources: dict, texts: dict[str, str], main_file: str) -> list[Diagnostic]:
    """Every schema violation of ``doc``, strongest first, each at its clause."""
    errors = list(validator().iter_errors(doc))
    if not errors:
        return []
    first = best_match(errors)
    errors.sort(key=lambda e: (e is not first, list(map(str, e.absolute_path))))
    out = []
    for err in errors:
        span = _span_for(list(err.absolute_path), sources)
        if span is None:
            file, line, col, end = main_file, 1, 1, None
        else:
            file, line, col = span["file"], span["line"], span["column"]
            end = span["end_column"] if span["end_line"] == line else None
        hint = "sizes are limited so that every variant stays quick to compile and play" \
            if err.validator in ("maximum", "maxItems") else None
        out.append(Diagnostic("E201", _sentence(err), file, line, col, end, hint,
                              line_of(texts.get(file, ""), line)))
    return out
