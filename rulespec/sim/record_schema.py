"""The shape of a game record, checked (with jsonschema) before anything in it is used.

A record may come from anyone, so its size, its nesting and every field are bounded here,
and a field of the wrong shape is reported by name (``deck[3]``, ``step 12 of
`actions```), never met later as a crash in the engine.
"""

from __future__ import annotations

import re
from itertools import islice

from jsonschema import Draft202012Validator

from ..cards import JOKER
from ..language.compiler import MAX_EXTENDS_DEPTH
from ..language.files import MAX_FILE_BYTES

FORMAT = "rulespec game record"
VERSION = 2  # 2 carries the rules themselves; 1 named only the variant file
VERSIONS = (1, 2)

# A record holds a game (at most the simulator's 250,000 moves per game, plus the deck's
# steps) and the rule files it was played under (at most 64 files of 256 KiB): 32 MiB is
# far above any real record and far below what would strain the machine.
MAX_RECORD_BYTES = 32 * 1024 * 1024
MAX_RECORD_DEPTH = 8  # objects and lists inside each other; a record needs 4
MAX_STEPS = 2_000_000
MAX_PLAYERS = 64

_NO_CONTROLS = "^[^\\x00-\\x1f\\x7f-\\x9f]*$"  # no C0, DEL or C1 control: nothing a terminal would act on
_NAME = {"type": "string", "minLength": 1, "maxLength": 4096, "pattern": _NO_CONTROLS}
_CARD = {"anyOf": [{"type": "string", "maxLength": 16}, {"type": "integer", "minimum": 0, "maximum": JOKER}]}
_CARDS = {"type": "array", "items": _CARD, "maxItems": 8 * 54 + 64}
_SEATS = {"type": "array", "maxItems": MAX_PLAYERS}

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["variant", "players", "actions"],
    "properties": {
        "format": {"const": FORMAT, "description": "this is not a rulespec game record"},
        "version": {"enum": list(VERSIONS), "description": f"this rulespec reads record versions "
                                                           f"{' and '.join(map(str, VERSIONS))}"},
        "variant": {**_NAME, "description": "the record names its variant file here (a path to a .rules file)"},
        "variant name": {"type": ["string", "null"], "maxLength": 4096,
                         "description": "the variant's name, or null"},
        "rules": {"type": ["array", "null"], "minItems": 1, "maxItems": MAX_EXTENDS_DEPTH, "items": {
            "type": "object", "required": ["file", "sha256", "text"], "properties": {
                "file": _NAME, "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                "text": {"type": "string", "maxLength": MAX_FILE_BYTES}}},
            "description": "the rule files the game was played under: the variant file, then each file it "
                           "extends, each as {\"file\", \"sha256\", \"text\"}"},
        "players": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS,
                    "description": "the number of players, a whole number"},
        "options": {"type": ["object", "null"], "maxProperties": 64, "description": "an object"},
        "seed": {"type": ["integer", "null"], "minimum": -(2**63), "maximum": 2**64,
                 "description": "a whole number or null"},
        "deck": {"anyOf": [{"type": "null"}, _CARDS, {"type": "array", "maxItems": 10_000,
                                                       "items": {"anyOf": [{"type": "null"}, _CARDS]}}],
                 "description": "null, or the stacked deck (cards top first, such as \"7S\"), or one such "
                                "list (or null) per hand"},
        "agents": {"type": ["array", "null"], "maxItems": MAX_PLAYERS, "items": {"type": "string", "maxLength": 100},
                   "description": "a list of agent names, or null"},
        "actions": {"type": "array", "maxItems": MAX_STEPS, "items": {
            "type": "string", "maxLength": 200, "pattern": _NO_CONTROLS,
            "description": 'every step is a string such as "discard 7S"'},
            "description": 'every step of the game, e.g. "actions": ["deal 7S", …, "draw stock", "discard KD"]'},
        "result": {"type": ["object", "null"], "properties": {
            "over": {"type": "boolean"}, "hands": {"type": "integer"}, "scores": _SEATS, "last hand": _SEATS,
            "winners": _SEATS}, "description": "an object with the game's outcome, or null"},
    },
}

_VALIDATOR = Draft202012Validator(SCHEMA)
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def too_deep(text: str, limit: int = MAX_RECORD_DEPTH) -> int | None:
    """The offset where ``text`` (JSON) nests lists and objects deeper than ``limit``, or
    None: checked before parsing, which would otherwise recurse without bound."""
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif c in "]}":
            depth -= 1
    return None


def field_name(path) -> str:
    """``deck[3]``, ``result.scores``, ``step 12 of `actions``` for a path into the record."""
    parts = list(path)
    if len(parts) >= 2 and parts[0] == "actions":
        return f"step {parts[1]} of `actions`"
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return f"`{out}`"


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_STEP = SCHEMA["properties"]["actions"]["items"]
_STEP_PATTERN = re.compile(_STEP["pattern"])


def _steps_fit(actions) -> bool:
    """Whether ``actions`` is a list the schema accepts: the common case, two million steps
    of which jsonschema takes 17 s to check one at a time."""
    return (isinstance(actions, list) and len(actions) <= SCHEMA["properties"]["actions"]["maxItems"]
            and all(type(a) is str and len(a) <= _STEP["maxLength"] and _STEP_PATTERN.search(a)
                    for a in actions))


def problems(data, limit: int) -> tuple[list[tuple[str, str]], bool]:
    """(top-level field, sentence) for the first ``limit`` ways ``data`` is not a record's
    shape, and whether there are more: the rest are not looked for, so a record with two
    million bad steps costs as much as one with ``limit``."""
    if isinstance(data, dict) and _steps_fit(data.get("actions")):
        data = {**data, "actions": []}  # checked already, far faster than jsonschema step by step
    errors = list(islice(_VALIDATOR.iter_errors(data), limit + 1))
    out = []
    for e in sorted(errors[:limit], key=lambda e: list(map(str, e.absolute_path))):
        path = list(e.absolute_path)
        if e.validator == "required":
            missing = e.message.split("'")[1]
            if not path:
                out.append((missing, f"the record has no `{missing}`: {SCHEMA['properties'][missing]['description']}"))
            else:
                out.append((str(path[0]), f"{field_name(path)} has no `{missing}`"))
            continue
        top = path[0] if path else ""
        described = e.schema.get("description") or SCHEMA["properties"].get(top, {}).get("description")
        why = described or e.message
        out.append((str(top), f"{field_name(path)} is {_shown(e.instance)}: {why}"))
    return out, len(errors) > limit
