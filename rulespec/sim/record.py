"""Game records: a game as JSON, and playing one back.

A record names the variant file, the number of players, the game's options, its seed or
stacked deck, and every step of the game as its canonical string (chance steps too, so the
steps alone replay the game, whatever the seed)::

    {
      "format": "rulespec game record",
      "version": 1,
      "variant": "variants/gin.rules",
      "variant name": "Gin Rummy",
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
shape and reports a malformed one as :class:`~rulespec.Diagnostic` s (codes E6xx), never
as a traceback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..language.diagnostics import Diagnostic, RulespecError

FORMAT = "rulespec game record"
VERSION = 1


class RecordError(RulespecError):
    """A record that cannot be read or played: ``diagnostics`` says why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


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

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "variant name": self.variant_name,
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
    """The record of ``game`` (played so far) of the variant in ``variant_file``."""
    return Record(variant=Path(variant_file).as_posix(), players=game.n, actions=list(game.history),
                  seed=game.seed, deck=deck, options=dict(options or {}), variant_name=game.ruleset.name,
                  agents=list(agents) if agents else None, result=result_of(game))


# ------------------------------------------------------------------ reading


def _diag(code: str, message: str, file: str, line: int = 1, column: int = 1, hint: str | None = None,
          source: str | None = None) -> Diagnostic:
    return Diagnostic(code, message, file, line, column, None, hint, source)


def _where(text: str, key: str) -> tuple[int, int, str | None]:
    """Line and column of ``"key"`` in the JSON text (for pointing at a bad field)."""
    needle = json.dumps(key)
    for i, line in enumerate(text.splitlines(), 1):
        col = line.find(needle)
        if col >= 0:
            return i, col + 1, line
    return 1, 1, None


def parse_record(text: str, file: str = "<record>") -> Record:
    """A :class:`Record` from JSON text; :class:`RecordError` says what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        lines = text.splitlines()
        src = lines[e.lineno - 1] if 0 < e.lineno <= len(lines) else None
        raise RecordError([_diag("E602", f"the record is not valid JSON: {e.msg}", file, e.lineno, e.colno,
                                 "a record is the JSON file `rulespec play --save` or `rulespec simulate "
                                 "--save-failures` writes", src)]) from None
    if not isinstance(data, dict):
        raise RecordError([_diag("E603", f"a record is a JSON object, not {type(data).__name__}", file,
                                 hint='it starts with {"format": "rulespec game record", …')])
    problems: list[Diagnostic] = []

    def bad(key: str, message: str, hint: str | None = None) -> None:
        line, col, src = _where(text, key)
        problems.append(_diag("E603", message, file, line, col, hint, src))

    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        bad("format", f"`format` is {fmt!r}, not {FORMAT!r}: this is not a rulespec game record")
    version = data.get("version", VERSION)
    if version != VERSION:
        bad("version", f"record version {version!r} is not one this rulespec reads (it reads {VERSION})")
    variant = data.get("variant")
    if not isinstance(variant, str) or not variant.strip():
        bad("variant", "the record must name its variant file in `variant` (a path to a .rules file)")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        bad("players", f"`players` must be a whole number of players, not {players!r}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        bad("seed", f"`seed` must be a whole number or null, not {seed!r}")
    deck = data.get("deck")
    if deck is not None and not (isinstance(deck, list) and all(isinstance(c, (str, int, list)) or c is None
                                                                 for c in deck)):
        bad("deck", "`deck` must be null or a list of cards (top card first), or of such lists per hand")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        bad("options", "`options` must be an object")
    actions = data.get("actions")
    if not isinstance(actions, list):
        bad("actions", "the record must list every step of the game in `actions`",
            'e.g. "actions": ["deal 7S", …, "draw stock", "discard KD"]')
    else:
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                bad("actions", f"step {i} of `actions` is {a!r}: every step is a string such as \"discard 7S\"")
                break
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        bad("result", "`result` must be an object or null")
    elif isinstance(result, dict):
        for key in ("scores", "last hand", "winners"):
            if key in result and not isinstance(result[key], list):
                bad("result", f"`result.{key}` must be a list")
    agents = data.get("agents")
    if agents is not None and not isinstance(agents, list):
        bad("agents", "`agents` must be a list of agent names or null")
    if problems:
        raise RecordError(problems)
    return Record(variant=variant, players=players, actions=list(actions), seed=seed, deck=deck,
                  options=options, variant_name=data.get("variant name"), agents=agents, result=result,
                  file=file)


def read_record(path: str | Path) -> Record:
    """The record in the file ``path``; :class:`RecordError` when it cannot be read."""
    p = Path(path)
    shown = str(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise RecordError([_diag("E601", "no such record file", shown)]) from None
    except OSError as e:
        raise RecordError([_diag("E601", f"cannot read the record ({e.strerror or e})", shown)]) from None
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise RecordError([_diag("E602", "the record is not UTF-8 text", shown)]) from None
    return parse_record(text, shown)


def variant_path(record: Record, override: str | Path | None = None) -> Path:
    """The variant file to replay against: ``override``, else the record's ``variant``
    as written (from the current folder), else next to the record file."""
    if override is not None:
        return Path(override)
    p = Path(record.variant)
    if p.is_absolute() or p.exists() or record.file is None:
        return p
    beside = Path(record.file).parent / p
    return beside if beside.exists() else p


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
    got = result_of(game)
    return ReplayReport(total, total, None, got, record.result, _compare(record.result, got), game)
