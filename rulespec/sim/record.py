"""Game records: a game as JSON, and playing one back.

A record carries the rules it was played under (the text of the variant file and of each
file it extends, with their sha256: see :mod:`.record_rules`), the number of players, the
game's options, its seed or stacked deck, and every step of the game as its canonical
string (chance steps too, so the steps alone replay the game, whatever the seed)::

    {
      "format": "rulespec game record",
      "version": 2,
      "variant": "variants/gin.rules",
      "variant name": "Gin Rummy",
      "rules": [{"file": "variants/gin.rules", "sha256": "9f2c…", "text": "variant \"Gin Rummy\"…"}],
      "players": 2,
      "options": {},
      "seed": 7,
      "deck": null,
      "agents": ["greedy", "random"],
      "actions": ["deal 7S", "deal QD", …, "draw stock", "draw 4C", "discard KS", …],
      "result": {"over": true, "hands": 5, "scores": [104, 36], "last hand": [0, 22],
                 "winners": [0]}
    }

:func:`replay` plays the steps in a new game of the variant and reports the first step
the rules no longer allow (its number, the step, the moves allowed there), or, when every
step plays, whether the scores come out as recorded. :func:`read_record` checks a file's
size, nesting and shape (:mod:`.record_schema`) and reports a malformed one as
:class:`~rulespec.Diagnostic` s (codes E6xx) naming the field, never as a traceback.
Version 1 records, which named only the variant file, still replay where that file can
be found in the variant search path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..language.diagnostics import Diagnostic, MAX_PER_FILE, stopped_after
from ..language.files import read_bounded
from . import record_schema
from .record_error import RecordError
from .record_rules import rules_of
from .record_schema import FORMAT, MAX_RECORD_BYTES, VERSION


@dataclass
class Record:
    """A game record (see the module docstring)."""

    variant: str
    players: int
    actions: list[str]
    seed: int | None = None
    deck: list | None = None
    options: dict = field(default_factory=dict)
    variant_name: str | None = None
    agents: list | None = None
    result: dict | None = None
    file: str | None = None  # where the record was read from
    rules: list | None = None  # the rule files, the variant's first: {"file", "sha256", "text"}

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "variant name": self.variant_name,
            "rules": self.rules,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "deck": self.deck,
            "agents": self.agents,
            "actions": list(self.actions),
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")


def result_of(game) -> dict:
    """What a record keeps of a game's outcome, to check a replay against."""
    s = game.scores()
    return {"over": game.is_over(), "hands": s.hands_played, "scores": list(s.game),
            "last hand": list(s.hand), "winners": list(s.winners)}


def record_of(game, variant_file: str | Path, agents=None, deck=None, options=None) -> Record:
    """The record of ``game`` (played so far) of the variant in ``variant_file``, carrying
    the rules the game is played under."""
    return record_for(getattr(game, "variant", None), variant_file, game.n, game.history, game.seed,
                      agents, deck, options, result_of(game), name=game.ruleset.name)


def record_for(variant, variant_file: str | Path, players: int, actions, seed, agents=None, deck=None,
               options=None, result=None, name: str | None = None) -> Record:
    """The one way a record is made (``play --save``, ``simulate --save-failures``): the
    steps of a game of ``variant`` (from ``variant_file``), carrying its rules."""
    rules = rules_of(variant)
    return Record(variant=rules[0]["file"] if rules else Path(variant_file).as_posix(), players=players,
                  actions=list(actions), seed=seed, deck=deck, options=dict(options or {}),
                  variant_name=name or getattr(variant, "name", None), agents=list(agents) if agents else None,
                  result=result, rules=rules)


# ------------------------------------------------------------------ reading


MAX_SHOWN_LINE = 300  # a longer line of a record (a carried rule text, a flood of brackets) is not shown


def _diag(code: str, message: str, file: str, line: int = 1, column: int = 1, hint: str | None = None,
          source: str | None = None) -> Diagnostic:
    if source is not None and len(source) > MAX_SHOWN_LINE:
        source = None
    return Diagnostic(code, message, file, line, column, None, hint, source)


def _where(text: str, key: str) -> tuple[int, int, str | None]:
    """Line and column of ``"key"`` in the JSON text (for pointing at a bad field)."""
    needle = json.dumps(key)
    for i, line in enumerate(text.splitlines(), 1):
        col = line.find(needle)
        if col >= 0:
            return i, col + 1, line
    return 1, 1, None


def _not_json(text: str, file: str, message: str, line: int = 1, column: int = 1) -> RecordError:
    lines = text.splitlines()
    src = lines[line - 1] if 0 < line <= len(lines) else None
    return RecordError([_diag("E602", f"the record is not valid JSON: {message}", file, line, column,
                              "a record is the JSON file `rulespec play --save` or `rulespec simulate "
                              "--save-failures` writes", src)])


def _bad_cards(deck: list) -> tuple[str, str] | None:
    """The first name in a stacked deck that is not a card, as (field, why)."""
    from ..cards import parse_card

    flat = isinstance(deck[0], (int, str))
    for where, stack in [(None, deck)] if flat else enumerate(deck):
        for i, card in enumerate(stack or []):
            if isinstance(card, str):
                try:
                    parse_card(card)
                except ValueError as e:
                    return record_schema.field_name(["deck", i] if flat else ["deck", where, i]), str(e)
    return None


def parse_record(text: str, file: str = "<record>") -> Record:
    """A :class:`Record` from JSON text; :class:`RecordError` says what is wrong with it."""
    deep = record_schema.too_deep(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        raise _not_json(text, file, f"lists and objects nest more than {record_schema.MAX_RECORD_DEPTH} deep",
                        line, deep - (text.rfind("\n", 0, deep) + 1) + 1)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _not_json(text, file, e.msg, e.lineno, e.colno) from None
    except (ValueError, RecursionError) as e:  # e.g. a number of more than 4,300 digits
        raise _not_json(text, file, str(e).split(";")[0]) from None
    if not isinstance(data, dict):
        raise RecordError([_diag("E603", f"a record is a JSON object, not {type(data).__name__}", file,
                                 hint='it starts with {"format": "rulespec game record", …')])
    problems: list[Diagnostic] = []
    found: dict[str, tuple[int, int, str | None]] = {}  # each field located once, however often it is wrong

    def bad(key: str, message: str, hint: str | None = None) -> None:
        if key not in found:
            found[key] = _where(text, key)
        line, col, src = found[key]
        problems.append(_diag("E603", message, file, line, col, hint, src))

    shape, more = record_schema.problems(data, MAX_PER_FILE)
    for key, message in shape:
        bad(key, message)
    if not problems and data.get("deck"):
        card = _bad_cards(data["deck"])
        if card:
            bad("deck", f"{card[0]} is not a card: {card[1]}")
    if more:
        problems.append(stopped_after(f"{MAX_PER_FILE} problems", file, problems[-1].line))
    if problems:
        raise RecordError(problems)
    return Record(variant=data["variant"], players=data["players"], actions=list(data["actions"]),
                  seed=data.get("seed"), deck=data.get("deck"), options=data.get("options") or {},
                  variant_name=data.get("variant name"), agents=data.get("agents"), result=data.get("result"),
                  file=file, rules=data.get("rules"))


def read_record(path: str | Path) -> Record:
    """The record in the file ``path`` (a regular file of at most ``MAX_RECORD_BYTES``);
    :class:`RecordError` when it cannot be read."""
    shown = str(path)
    try:
        raw = read_bounded(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError([_diag("E601", "no such record file", shown)]) from None
    except ValueError:
        raise RecordError([_diag("E601", "the record's file name holds a NUL character", shown)]) from None
    except OSError as e:
        why = getattr(e, "kind", None) or e.strerror or str(e)
        if why.startswith("larger"):
            why = f"it is larger than {MAX_RECORD_BYTES // 2**20} MiB"
        raise RecordError([_diag("E601", f"cannot read the record ({why})", shown)]) from None
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise RecordError([_diag("E602", "the record is not UTF-8 text", shown)]) from None
    return parse_record(text, shown)


# ------------------------------------------------------------------ replaying


@dataclass
class Divergence:
    """The first step of a record the rules no longer allow."""

    index: int  # 0-based number of the step
    action: str  # the step as recorded
    legal: list[str]  # what the rules allow there
    reason: str  # why the recorded step is refused
    round: int
    phase: str
    player: int  # the seat to move (-1: chance, -4: over)

    def describe(self) -> str:
        who = {-1: "a chance step (the deck)", -4: "nobody (the game is over)"}.get(self.player,
                                                                                     f"seat {self.player}")
        return (f"step {self.index} (`{self.action}`) is not allowed: {self.reason}; "
                f"round {self.round}, {self.phase}, {who} to move")


@dataclass
class ReplayReport:
    """How a replay went: ``ok`` when every step played and the result is as recorded."""

    steps: int  # steps replayed
    total: int  # steps in the record
    divergence: Divergence | None = None
    result: dict | None = None  # the replayed game's result
    expected: dict | None = None  # the record's result
    mismatch: list[str] = field(default_factory=list)  # what differs from the recorded result
    game: object = None

    @property
    def ok(self) -> bool:
        return self.divergence is None and not self.mismatch


def _compare(expected: dict | None, got: dict) -> list[str]:
    if not expected:
        return []
    out = []
    for key in ("over", "hands", "scores", "last hand", "winners"):
        if key in expected and expected[key] != got.get(key):
            out.append(f"{key}: recorded {expected[key]}, replayed {got.get(key)}")
    return out


def replay(record: Record, variant) -> ReplayReport:
    """Play ``record``'s steps in a new game of ``variant``; stop at the first step the
    rules refuse. Raises :class:`RecordError` (E605) when the variant cannot start the
    game the record describes (players, deck)."""
    from ..engine import IllegalMove, new_game

    if record.options:
        raise RecordError([_diag("E605", "the record asks for game options this rulespec does not know: "
                                 + ", ".join(sorted(map(str, record.options))), record.file or "<record>",
                                 hint="a game's rules come from the variant file; `options` must be {}")])
    try:
        game = new_game(variant, players=record.players, seed=record.seed, deck=record.deck)
    except (ValueError, TypeError) as e:
        raise RecordError([_diag("E605", f"the variant cannot start this game: {e}", record.file or "<record>",
                                 hint="the record's players or deck do not fit the variant file")]) from None
    total = len(record.actions)
    for i, step in enumerate(record.actions):
        if game.is_over():
            return ReplayReport(i, total, Divergence(i, step, [], "the game is already over", game.round,
                                                     game.phase, game.current_player()), game=game)
        try:
            game.apply(step)
        except IllegalMove as e:
            return ReplayReport(i, total, Divergence(i, step, game.legal_strings(), e.reason, game.round,
                                                     game.phase, game.current_player()), game=game)
        except ValueError as e:  # a stacked deck for a later hand that does not fit it
            if record.deck is None:
                raise
            raise RecordError([_diag("E605", f"`deck` does not fit hand {game.round} (step {i}): {e}",
                                     record.file or "<record>", hint="give the full deck of the variant "
                                     "for each hand, or null to let the seed shuffle it")]) from None
    got = result_of(game)
    return ReplayReport(total, total, None, got, record.result, _compare(record.result, got), game)
