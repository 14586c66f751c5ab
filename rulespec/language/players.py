"""Rules by number of players, compiled: each stretch of player counts whose rules differ
(``with 2 players: seating: winner of hand deals next``) gets a ruleset of its own, made
like the game's for a table of that many (the game's rules, its rules by round included,
with the table's clauses laid over them and ``players:`` narrowed to the stretch, then the
schema and the semantic checks), and the game keeps, per stretch, the sections that differ
(:class:`~rulespec.ruleset.PlayerRules`). The number of players comes first: a table's
rules by round are the game's laid over the table's rules, so ``in round 7:`` still wins
in round 7 at every table.
"""

from __future__ import annotations

from collections.abc import Callable

from ..ruleset import TABLE_WIDE
from .builder import Layer, overlay
from .diagnostics import Diagnostic
from .rounds import compile_stretch, problem, said_anew, split, stretches, where
from .transform_rounds import PLAYERS_ROOT, key_range

MAX_PLAYER_LINES = 12  # distinct ranges of player counts: each is checked as a whole ruleset


def split_players(layer: Layer) -> tuple[Layer, dict[str, Layer]]:
    """``layer`` without its rules for some numbers of players, and those rules by range of
    counts (their paths bare, rules by round kept under ``by_round``)."""
    return split(layer, PLAYERS_ROOT)


def players_label(r: dict) -> str:
    """``{"min": 2, "max": 2}`` → "2 players"; "3-4 players"; "5 or more players"."""
    if r["max"] == r["min"]:
        return f"{r['min']} player" + ("s" if r["min"] != 1 else "")
    return f"{r['min']}-{r['max']} players" if r["max"] is not None else \
        f"{r['min']} or more players"


def _misplaced(by_key: dict[str, Layer], game: dict, texts: dict) -> list[Diagnostic]:
    """Rules by players that cannot be: a rule for every table, or a count nobody plays."""
    out = []
    lo, hi = game["min"], game["max"]
    for key, sub in by_key.items():
        for path, span in sub.spans.items():
            section = path.split(".")[0]
            if section == "partnerships":
                out.append(problem(
                    "E374", "who plays in partnerships is said in `partners:` itself, not by "
                    "`with … players:`", "name the player counts there: `partners: 2 teams of 2 "
                    "for 4 players` (the other counts play alone)", span, texts))
            elif section in TABLE_WIDE:
                out.append(problem(
                    "E374", f"`{section.replace('_', ' ')}` holds at every table, so it cannot "
                    "differ by the number of players", "state it once, without `with … players:`",
                    span, texts))
        rng = key_range(key)
        out += _inner_counts(sub, rng, texts)
        if rng["min"] < lo or (hi is not None and (rng["max"] is None and rng["min"] > hi
                                                   or rng["max"] is not None and rng["max"] > hi)):
            game_says = f"{lo}-{hi}" if hi != lo else str(lo)
            out.append(problem(
                "E375", f"the game is for {game_says if hi is not None else f'{lo} or more'} "
                f"players, so rules for {players_label(rng)} are never played",
                "change the number of players, or widen `players:`",
                next(iter(sub.spans.values())), texts))
    if len(by_key) > MAX_PLAYER_LINES:
        span = next(iter(list(by_key.values())[MAX_PLAYER_LINES].spans.values()))
        out.append(problem("E379", f"the rules differ for more than {MAX_PLAYER_LINES} sets "
                           "of player counts", "give rules for fewer ranges of player counts",
                           span, texts))
    return out


def _inner_counts(sub: Layer, rng: dict, texts: dict) -> list[Diagnostic]:
    """A clause's own ``for R players`` (``deal: 7 cards each for 3 players``) under a
    ``with N players:`` that R is not among: a rule no table plays."""
    out = []
    for path, value in sub.values.items():
        items = value if isinstance(value, list) else [value]
        spans = sub.item_spans.get(path) or [sub.spans[path]] * len(items)
        for item, span in zip(items, spans):
            own = item.get("players") if isinstance(item, dict) else None
            if isinstance(own, dict) and "min" in own and not _overlap(own, rng):
                out.append(problem(
                    "E380", f"this rule is for {players_label(own)}, but it is given "
                    f"`with {players_label(rng)}:`, so no table plays it",
                    f"leave out its `for … players`, or give it under `with "
                    f"{players_label(own)}:`", span, texts))
    return out


def _overlap(a: dict, b: dict) -> bool:
    top = 10**9
    return a["min"] <= (b["max"] if b["max"] is not None else top) and b["min"] <= (
        a["max"] if a["max"] is not None else top)


def by_players(layer: Layer, by_key: dict[str, Layer], ir: dict, texts: dict,
               known: list[Diagnostic],
               check: Callable[[Layer], tuple[list, dict | None, object]]) -> tuple[list, list]:
    """The ``by_players`` entries of the game whose rules are ``ir`` (``layer``: its rules
    for every table, rules by round included; ``by_key``: its rules by player count), and
    the diagnostics of every table's ruleset that the game's own (``known``) do not have,
    each saying its player count; ``check`` compiles a layer. Where every count has rules
    of its own, ``known`` keeps only what some table's rules repeat (as for rounds)."""
    found = _misplaced(by_key, ir["players"], texts)
    if not by_key or any(d.is_error for d in found):
        return [], found
    entries, repeated, covered = [], set(), set()
    for rng, cover in stretches(list(by_key)):
        hi = ir["players"]["max"]
        if hi is not None and rng["min"] > hi:  # past the last count (`5+` beside `6`)
            continue
        if rng["max"] is None and hi is not None:
            rng = {**rng, "max": hi}
        merged = layer
        for key in cover:
            merged = overlay(merged, by_key[key])[0]
        merged.values["players"] = dict(rng)
        merged.spans["players"] = next(iter(by_key[cover[-1]].spans.values()))
        diags, changed = compile_stretch(merged, ir, check, TABLE_WIDE)
        repeated |= {where(d) for d in diags}
        found += said_anew(diags, known + found, f"with {players_label(rng)}, ")
        if rng["max"] is not None:
            covered |= set(range(rng["min"], rng["max"] + 1))
        if changed:
            entries.append({"players": rng, "rules": changed})
    hi = ir["players"]["max"]
    if hi is not None and covered >= set(range(ir["players"]["min"], hi + 1)):
        known[:] = [d for d in known if where(d) in repeated]
    return entries, found
