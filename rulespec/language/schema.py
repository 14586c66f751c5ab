"""JSON Schema stage: the shape and the sane limits of the IR, every error mapped back
to the clause that caused it."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from ..memo import cached
from .diagnostics import Diagnostic, line_of
from .spans import span_finder

SCHEMA_PATH = Path(__file__).with_name("schema.json")


def _inline_refs(node, defs: dict):
    """The schema with each local ``{"$ref": "#/$defs/x"}`` replaced by its definition
    (merged with any keywords beside it): the same schema, validated without reference
    lookups, which otherwise cost more than the rest of the validation."""
    if isinstance(node, list):
        return [_inline_refs(n, defs) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _inline_refs(v, defs) for k, v in node.items() if k != "$defs"}
    ref = node.pop("$ref", None)
    if ref is None:
        return node
    target = _inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
    if not node:
        return target
    return {"allOf": [target, node]}


@cached(1)
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(_inline_refs(schema, schema.get("$defs", {})))


# What a limited number is, in the words of the rule that sets it.
FIELD_WORDS = {
    "players": "the number of players", "partnerships.teams": "the number of teams",
    "partnerships.size": "the number of players in a team", "deck.packs.packs": "the number of packs",
    "deck.packs.players": "the number of players", "deck.jokers": "the number of jokers",
    "values": "a card's value", "opening.values": "a card's opening value",
    "wilds.max_per_meld": "the number of wild cards in a meld", "melds.set": "a set's size",
    "melds.run": "a run's size", "deal.sizes.cards": "the number of cards dealt",
    "deal.sizes.players": "the number of players", "deal.sizes.rounds": "the round number",
    "deal.starter_extra": "the extra cards for the starting player", "turn.claims.penalty": "the penalty cards",
    "turn.melds_per_turn": "the melds per turn", "turn.all_at_once": "the round number",
    "opening.contracts.round": "the round number", "opening.contracts.options.count": "the number of melds",
    "opening.contracts.options.size": "the size of a meld", "opening.contracts": "the number of contracts",
    "opening.threshold": "the opening score", "knock.max_deadwood": "the knock limit",
    "knock.by_upcard": "the knock limit for an upcard", "scoring.by_upcard": "the score multiplier",
    "show": "the number of sequences", "drops": "a drop's cost", "drops.misses": "the missed turns",
    "stock.remaining": "the cards left in the stock", "stock.times": "the number of times the stock is reused",
    "scoring": "a score", "scoring.rummy.multiplier": "the going-rummy multiplier", "game.target": "the target score",
    "game.rounds": "the number of deals", "game.eliminate": "the score that knocks a player out",
    "game.hands": "the hands a player must win",
    "name": "the variant's name", "terms.set": "the word for a set", "terms.run": "the word for a run",
    "terms.opening": "the word for opening", "deal.offer": "the upcard offer",
    "terms.stock": "the word for the stock", "terms.discard_pile": "the word for the discard pile",
    "terms.card": "the word for a card", "terms.cards": "the word for cards",
    "terms.knock": "the word for knocking", "terms.gin": "the word for gin",
    "terms.going_out": "the word for going out", "terms.going_rummy": "the word for going rummy",
    "terms.drop": "the word for a drop", "terms.show": "the word for a show",
}

# What to write instead of a word the rule cannot take (the choices are said in the message).
ENUM_HINTS = {
    "terms.set": "write `sets are called trios`, or leave sets as sets",
    "terms.run": "write `runs are called sequences` (or `straights`), or leave runs as runs",
    "terms.opening": "write `opening is called going down`, or leave opening as it is",
}


def _schema_json() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def term_words(kind: str) -> list[str]:
    """The words a variant may call a ``set``, ``run`` or ``opening`` (``terms:``)."""
    node = _schema_json()["properties"]["terms"]["properties"][kind]
    return node["anyOf"][0]["enum"] if "anyOf" in node else node["enum"]


def either(choices) -> str:
    """``a``, ``a` or `b``, ``a`, `b` or `c`` (each in backquotes)."""
    words = [f"`{c}`" for c in choices]
    return " or ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + f" or {words[-1]}"


# A required rule, as the rule a player would write.
REQUIRED_WORDS = {
    "players": "the number of players (`players: 2-6`)", "max_deadwood": "the knock limit (`with deadwood under 10`)",
    "first": "the cost of a first drop (`first drop 20`)", "middle": "the cost of a middle drop (`middle drop 40`)",
    "teams": "the number of teams", "name": "the variant's name (`variant \"Gin Rummy\"`)",
}


def _field_words(path) -> str | None:
    parts = [str(p) for p in path if not isinstance(p, int)]
    for n in range(len(parts), 0, -1):
        words = FIELD_WORDS.get(".".join(parts[:n]))
        if words:
            return words
    return None


def _sentence(err) -> str:
    where = _field_words(err.absolute_path) or " ".join(
        str(p).replace("_", " ") for p in err.absolute_path if not isinstance(p, int))
    if err.validator in ("anyOf", "oneOf") and err.context:
        limit = [e for e in err.context if e.validator in ("maximum", "minimum", "enum", "pattern")]
        if limit:
            err = limit[0]
    v = err.validator
    if v == "maximum":
        return f"{where or 'this value'} can be at most {err.validator_value}, not {err.instance}"
    if v == "minimum":
        return f"{where or 'this value'} must be at least {err.validator_value}, not {err.instance}"
    if v == "maxLength":
        return f"{where or 'this text'} can be at most {err.validator_value} characters long"
    if v == "minLength":
        return f"{where or 'this text'} cannot be empty"
    if v in ("maxItems",):
        return f"{where or 'this list'} may have at most {err.validator_value} entries"
    if v == "enum":
        return f"{where or 'this rule'} can be {either(err.validator_value)}, not `{err.instance}`"
    if v == "pattern" and err.validator_value == _schema_json()["$defs"]["term"]["pattern"]:
        return (f"{where or 'this word'} must be plain words (letters, spaces, hyphens or "
                f"apostrophes, starting with a letter, at most 30), not `{err.instance}`")
    if v == "uniqueItems":
        twice = sorted({str(x) for x in err.instance if err.instance.count(x) > 1})
        return f"{where or 'this rule'} names {either(twice).replace(' or ', ' and ')} twice"
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else ""
        return f"the rules never give {REQUIRED_WORDS.get(missing, missing.replace('_', ' '))}"
    return f"{where or 'this rule'}: {err.message}"


def _tightest(errors) -> list:
    """Of several limits broken by one value (``players`` is capped twice), the tightest."""
    best: dict = {}
    for e in errors:
        key = (tuple(e.absolute_path), e.validator)
        old = best.get(key)
        if old is None or (e.validator == "maximum" and e.validator_value < old.validator_value):
            best[key] = e
    return list(best.values())


def check(doc: dict, sources: dict, texts: dict[str, str], main_file: str) -> list[Diagnostic]:
    """Every schema violation of ``doc``, strongest first, each at its clause."""
    errors = _tightest(validator().iter_errors(doc))
    if not errors:
        return []
    first = best_match(errors)
    errors.sort(key=lambda e: (e is not first, list(map(str, e.absolute_path))))
    out: list[Diagnostic] = []
    span_for = span_finder(sources)
    for err in errors:
        span = span_for([str(p) for p in err.absolute_path])
        if span is None:
            file, line, col, end = main_file, 1, 1, None
        else:
            file, line, col = span["file"], span["line"], span["column"]
            end = span["end_column"] if span["end_line"] == line else None
        hint = "sizes are limited so that every variant stays quick to compile and play" \
            if err.validator in ("maximum", "maxItems") else None
        if err.validator == "uniqueItems":
            hint = "name each one once"
        if err.validator == "enum":
            words = ".".join(str(p) for p in err.absolute_path if not isinstance(p, int))
            hint = ENUM_HINTS.get(words, f"write {either(err.validator_value)}")
        code = "E202" if err.validator == "required" else "E201"
        out.append(Diagnostic(code, _sentence(err), file, line, col, end, hint,
                              line_of(texts.get(file, ""), line)))
    seen, unique = set(), []
    for d in out:  # one diagnostic for one problem: `J Q K = 10001` breaks one limit, once
        if (d.file, d.line, d.message) not in seen:
            seen.add((d.file, d.line, d.message))
            unique.append(d)
    return unique
