"""Rules by round, compiled: each stretch of rounds whose rules differ gets a ruleset of
its own, made like the game's (the game's rules with the round's clauses laid over them,
then the schema and the semantic checks), and the game keeps, per stretch, the sections
that differ (:class:`~rulespec.ruleset.RoundRules`).

A stretch is a run of rounds covered by the same ``in round …:`` lines, so that rules for
overlapping rounds (``in rounds 4-7`` and ``in round 7``) combine, the later line winning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..ruleset import GAME_WIDE
from .builder import Layer, overlay
from .diagnostics import Diagnostic, line_of
from .transform_rounds import ROUND_ROOT, key_range

MAX_ROUND_LINES = 24  # distinct round ranges a file may give: each is checked as a whole ruleset


def split(layer: Layer, root: str = ROUND_ROOT) -> tuple[Layer, dict[str, Layer]]:
    """``layer`` without its rules for some rounds, and those rules by round range (their
    paths bare), in the order the file first gives each range; with ``root`` the players'
    one, its rules for some numbers of players the same way."""
    base = Layer(layer.file, name_span=layer.name_span, marks=layer.marks)
    by_key: dict[str, Layer] = {}
    for path, value in layer.values.items():
        if not path.startswith(root + "."):
            base.values[path] = value
            base.spans[path] = layer.spans[path]
            if path in layer.item_spans:
                base.item_spans[path] = layer.item_spans[path]
            continue
        _, key, bare = path.split(".", 2)
        sub = by_key.setdefault(key, Layer(layer.file))
        sub.values[bare], sub.spans[bare] = value, layer.spans[path]
        if path in layer.item_spans:
            sub.item_spans[bare] = layer.item_spans[path]
    return base, by_key


def stretches(keys: list[str]) -> list[tuple[dict, list[str]]]:
    """The rounds cut where any range starts or ends: each stretch with the ranges (in the
    file's order) that cover all of it."""
    ranges = {k: key_range(k) for k in keys}
    cuts = sorted({r["min"] for r in ranges.values()}
                  | {r["max"] + 1 for r in ranges.values() if r["max"] is not None})
    out = []
    for i, lo in enumerate(cuts):
        hi = cuts[i + 1] - 1 if i + 1 < len(cuts) else None
        cover = [k for k, r in ranges.items()
                 if r["min"] <= lo and (r["max"] is None or (hi is not None and hi <= r["max"]))]
        if cover:
            out.append(({"min": lo, "max": hi}, cover))
    return out


def rounds_label(r: dict) -> str:
    """``{"min": 4, "max": 6}`` → "rounds 4-6"; one round → "round 7"."""
    if r["max"] == r["min"]:
        return f"round {r['min']}"
    return f"rounds {r['min']}-{r['max']}" if r["max"] is not None else f"rounds {r['min']} on"


def problem(code: str, message: str, hint: str, span, texts: dict) -> Diagnostic:
    end = span.end_column if span.end_line == span.line else None
    return Diagnostic(code, message, span.file, span.line, span.column, end, hint,
                      line_of(texts.get(span.file, ""), span.line))


def _misplaced(by_key: dict[str, Layer], rounds: int | None, texts: dict) -> list[Diagnostic]:
    """Round rules that cannot be: a whole-game rule, or a round the game never reaches."""
    out = []
    for key, sub in by_key.items():
        for path, span in sub.spans.items():
            section = path.split(".")[0]
            if section in GAME_WIDE:
                out.append(problem(
                    "E390", f"`{section.replace('_', ' ')}` holds for the whole game, so it cannot "
                    "differ by round", "state it once, without `in round …:`", span, texts))
        first = key_range(key)["min"]
        if rounds is not None and first > rounds:
            span = next(iter(sub.spans.values()))
            out.append(problem("E391", f"round {first} is never played: the game has {rounds}",
                                "change the rounds, or play more of them", span, texts))
    if len(by_key) > MAX_ROUND_LINES:
        span = next(iter(list(by_key.values())[MAX_ROUND_LINES].spans.values()))
        out.append(problem("E392", "the rules differ in more than "
                            f"{MAX_ROUND_LINES} sets of rounds",
                            "give rules for fewer ranges of rounds", span, texts))
    return out


def by_round(layer: Layer, ir: dict, texts: dict, known: list[Diagnostic],
             check: Callable[[Layer], tuple[list, dict | None, object]]) -> tuple[list, list]:
    """The ``by_round`` entries of the game whose rules are ``ir`` (its rules by round in
    ``layer``), and the diagnostics of every round's ruleset that the game's own rules
    (with diagnostics ``known``) do not have, each saying its rounds; ``check`` compiles a
    layer. Where every round of the game has rules of its own, the game's own rules are
    never played as they stand: ``known`` keeps (in place) only what some round's rules repeat
    (Three Thirteen names each round's wild rank, and says nothing wild for the game)."""
    base, by_key = split(layer)
    found = _misplaced(by_key, ir["game"]["rounds"], texts)
    if not by_key or any(d.is_error for d in found):
        return [], found
    entries, repeated = [], set()
    cut = stretches(list(by_key))
    for rng, cover in cut:
        merged = base
        for key in cover:
            merged = overlay(merged, by_key[key])[0]
        diags, changed = compile_stretch(merged, ir, check, GAME_WIDE)
        repeated |= {where(d) for d in diags}
        found += said_anew(diags, known + found, f"in {rounds_label(rng)}, ")
        if changed:
            entries.append({"rounds": rng, "rules": changed})
    if _every_round(cut, ir["game"]["rounds"]):
        known[:] = [d for d in known if where(d) in repeated]
    return entries, found


def where(d: Diagnostic) -> tuple:
    return d.code, d.file, d.line, d.column


def compile_stretch(merged: Layer, ir: dict, check, wide) -> tuple[list, dict]:
    """The diagnostics of the ruleset ``merged`` makes (``check`` compiles it), and its
    sections that differ from the game's ``ir``, those in ``wide`` aside (empty where it
    does not compile): a stretch of rounds, or of player counts."""
    diags, stretch_ir, _ = check(merged)
    if stretch_ir is None:
        return diags, {}
    return diags, {k: v for k, v in stretch_ir.items()
                   if k not in wide and k not in ("sources", "provenance") and v != ir.get(k)}


def said_anew(diags: list, seen: list, prefix: str) -> list:
    """The diagnostics of ``diags`` not among ``seen``, each saying ``prefix`` first."""
    old = {where(d) for d in seen}
    return [replace(d, message=prefix + d.message) for d in diags if where(d) not in old]


def _every_round(stretches, rounds: int | None) -> bool:
    """Do the stretches cover every round of a game of ``rounds`` rounds (None: no end)?"""
    if rounds is None:
        return False
    covered = set()
    for rng, _cover in stretches:
        covered |= set(range(rng["min"], (rng["max"] if rng["max"] is not None else rounds) + 1))
    return covered >= set(range(1, rounds + 1))
