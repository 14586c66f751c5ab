"""Playthrough goldens: seeded games of every variant, recorded move by move with a
fingerprint of the state after each step, so that a change in the interpreter's behaviour
(a shuffle, a legal move, a score) shows at the first step it touches.

One file per variant under ``tests/golden/playthroughs/``: a header line per game
(``game <name> players=<n> seed=<s> agents=<a,b> hands=<max>``), then one line per step,
``<action><TAB><fingerprint>`` (the first line of a game, ``start``, fingerprints the
state before any step). :func:`record` plays the games with the bots; :func:`replay`
applies the recorded moves (the deck decides the chance steps, from the recorded seed)
and names the first step whose move or fingerprint differs.

The fingerprint reads only what a game shows from outside (the zones, the phase, the
seat to move, the scores, the finished hands and the set of legal moves), never the
Game's private attributes, so that it survives a restructure of the engine: if these
public attributes move, adapt :func:`state_view` so that its output stays the same.
Regenerate after an intended change of behaviour with
``python -m pytest tests/test_playthroughs.py --update-golden -n 0`` and commit the
goldens on their own, saying why the games changed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from rulespec import cards as C
from rulespec.agents import make_agent
from rulespec.engine import new_game

#: the games recorded per variant: (name, agents, extra players over the minimum, hands)
GAMES = (
    ("random-1", ("random",), 0, 2),
    ("random-2", ("random",), 1, 1),  # one more player than the least the rules allow
    ("greedy-1", ("greedy",), 0, 1),
)
#: steps in one game beyond which the recording stops (a hand that never ends is a bug
#: that other tests catch; the golden just stays small)
MAX_STEPS = 800


def _cards(cards) -> list[str]:
    return [C.card_str(c) for c in cards]


def _hand(cards) -> list[str]:
    return _cards(sorted(cards, key=C.sort_key))


def _value(x):
    """A phase or reason as plain text, whether it is a string or an enum."""
    return getattr(x, "value", x)


def state_view(game) -> dict:
    """The whole state as plain JSON data: what a behaviour change would change."""
    over = game.is_over()
    view = {
        "round": game.round,
        "dealer": game.dealer,
        "phase": _value(game.phase),
        "to_move": game.current_player(),
        "hands": [_hand(h) for h in game.hands],
        "stock": _cards(game.stock),  # in order: it decides every later draw
        "discards": _cards(game.discards),
        "table": [[m.id, m.owner, _hand(m.cards), str(m.reading)] for m in game.table],
        "out": _hand(game.out),
        "cut": C.card_str(game.cut_card) if game.cut_card is not None else None,
        "opened": list(game.opened),
        "active": list(game.active),
        "totals": list(game.scores().game),
        "results": [[r.round, _value(r.reason), r.winner, list(r.scores), list(r.penalties),
                     [_hand(h) for h in r.hands], r.rummy] for r in game.results],
        "over": over,
        "winners": list(game.winners),
    }
    if not over and not game.is_chance():  # the moves allowed now, as a set
        view["legal"] = sorted(game.legal_strings())
    return view


def fingerprint(game) -> str:
    """A short hash of :func:`state_view`, the same in every process and Python run."""
    text = json.dumps(state_view(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _seed(*parts) -> int:
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:4], "big")


@dataclass
class Playthrough:
    name: str
    players: int
    seed: int
    agents: tuple
    hands: int
    steps: list  # (action string, fingerprint after it); the first is ("start", ...)

    def header(self) -> str:
        return (f"game {self.name} players={self.players} seed={self.seed} "
                f"agents={','.join(self.agents)} hands={self.hands}")


def record(variant, vid: str) -> list[Playthrough]:
    """Play :data:`GAMES` of ``variant`` (its file's id ``vid`` seeds them) with the bots."""
    out = []
    rs = variant.ruleset
    for name, agents, extra, hands in GAMES:
        players = rs.players.min + extra
        if rs.players.max is not None:
            players = min(players, rs.players.max)
        seed = _seed("playthrough", vid, name)
        game = new_game(variant, players=players, seed=seed)
        bots = [make_agent(agents[s % len(agents)], seed=_seed("agent", seed, s))
                for s in range(players)]
        steps = [("start", fingerprint(game))]
        while not game.is_over() and len(game.results) < hands and len(steps) <= MAX_STEPS:
            if game.is_chance():
                a = game.apply_chance()
            else:
                p = game.current_player()
                a = game.apply(bots[p].choose(game, p))
            steps.append((a.text, fingerprint(game)))
        out.append(Playthrough(name, players, seed, tuple(agents), hands, steps))
    return out


def dump(games: list[Playthrough]) -> str:
    lines = ["# playthrough golden (tests/playthroughs.py); regenerate: "
             "python -m pytest tests/test_playthroughs.py --update-golden -n 0"]
    for g in games:
        lines.append(g.header())
        lines += [f"{a}\t{f}" for a, f in g.steps]
    return "\n".join(lines) + "\n"


def load(text: str) -> list[Playthrough]:
    games: list[Playthrough] = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("game "):
            name, *fields = line.split()[1:]
            kv = dict(f.split("=", 1) for f in fields)
            games.append(Playthrough(name, int(kv["players"]), int(kv["seed"]),
                                     tuple(kv["agents"].split(",")), int(kv["hands"]), []))
        else:
            action, fp = line.split("\t")
            games[-1].steps.append((action, fp))
    return games


def replay(variant, g: Playthrough) -> str | None:
    """Apply ``g``'s moves to a new game: None when every step matches, else what differs
    first (the step's number and its move)."""
    game = new_game(variant, players=g.players, seed=g.seed)
    (_, start), *steps = g.steps
    if fingerprint(game) != start:
        return "the state before the first step differs"
    for i, (text, fp) in enumerate(steps, 1):
        if game.is_over():
            return f"step {i} `{text}`: the game is already over"
        if game.is_chance():
            got = game.apply_chance().text
            if got != text:
                return f"step {i} `{text}`: the deck gives `{got}` instead"
        else:
            try:
                game.apply(text)
            except Exception as e:  # IllegalMove, or a bug: either way the step differs
                return f"step {i} `{text}` is refused now: {e}"
        if fingerprint(game) != fp:
            return f"step {i} `{text}`: the state after it differs (fingerprint {fp} recorded)"
    return None
