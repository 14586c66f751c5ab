"""Refusal goldens: why each of a fixed set of illegal moves is refused, at sampled states
of seeded games of every variant, so that moving the engine's refusal code is provably a
pure move (the texts stay byte for byte).

One file per variant under ``tests/golden/refusals/``: a header line per game (``game
<name> players=<n> seed=<s> agent=<a>``), then the refusals, ``<step><TAB><move><TAB>
<reason>`` (``step`` counts the steps played, chance steps included), and a ``digest``
line. Only the first refusal of each shape (the move's kind, its reason with cards and
numbers aside) is written; the digest covers every one, so any changed text fails while
the file stays small. A move that is legal at its state is left out, so a move that
becomes legal shows too.

The states are sampled along random and greedy games: the first state of each new
situation (phase, the kinds of legal moves, the last move made, opened or not, a table,
a wild card on it, a short hand). The moves tried there (:func:`tries`) are every kind
of move with plausible cards: cards in hand and not, the top discard, the card just taken,
melds the player could lay earlier, the table melds and their wild cards. Only the
public API is read, so that the goldens survive a restructure of the engine.
"""

from __future__ import annotations

import hashlib
import re

from rulespec import IllegalMove
from rulespec import cards as C
from rulespec.agents import make_agent
from rulespec.engine import actions as A
from rulespec.engine import new_game

#: the games played per variant: (name, agent, extra players over the minimum)
GAMES = (("random-1", "random", 0), ("random-2", "random", 1), ("greedy-1", "greedy", 0))
#: steps in one game beyond which it stops; states sampled per game at most
MAX_STEPS, MAX_STATES = 600, 24
#: moves refused whatever the state (they do not parse): tried once per variant
UNPARSABLE = ("", "fly", "discard 1Z")


def _seed(*parts) -> int:
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:4], "big")


def _names(cards) -> str:
    return " ".join(C.card_str(c) for c in cards)


def situation(game, melds) -> tuple:
    """What makes a state worth sampling: the first one of each situation is kept."""
    last = A.parse(game.history[-1]).kind if game.history else None
    if game.is_chance():
        return ("chance", last)
    p = game.current_player()
    obs = game.observation(p)
    kinds = frozenset(a.kind for a in game.legal_actions())
    # a meld being rearranged has no reading until it is valid again
    wild = any(m.reading is not None and m.reading.wilds for m in obs.table)
    return (game.phase, kinds, last, obs.opened[p], bool(obs.table), wild, len(obs.hand) <= 4,
            bool(melds.get(p)))


def tries(game, taken, melds) -> list[str]:
    """The moves tried at this state (duplicates dropped, in this order)."""
    p = max(game.current_player(), 0)
    obs = game.observation(p)
    hand = list(obs.hand) or [A.SORTED_CODES[0]]  # before the deal: any card
    absent = next(c for c in A.SORTED_CODES if c not in hand)
    cards = [hand[0], hand[-1], absent]
    if obs.discard_top is not None:
        cards.append(obs.discard_top)
    if taken is not None:
        cards.append(taken)
    chance = [f"draw {C.card_str(absent)}", f"deal {C.card_str(hand[0])}",
              f"upcard {C.card_str(cards[-1])}"]
    if game.is_chance():  # every move but a chance step is refused alike
        return [*chance, f"discard {C.card_str(hand[0])}"]
    out = ["draw stock", "draw discard", "push", "may i", "pass", "miss", "drop", "gin", *chance]
    for c in dict.fromkeys(cards):
        out += [f"discard {C.card_str(c)}", f"knock {C.card_str(c)}", f"show {C.card_str(c)}"]
    groups = [hand[:3], hand[-3:], hand, [absent, *hand[:2]], *melds.get(p, [])[-3:]]
    for g in groups:
        out.append(f"meld {_names(g)}")
    if melds.get(p):
        out.append(f"meld {_names(melds[p][-1])} as run 2C-4C")
    n = len(obs.table)
    for c in (hand[0], hand[-1]):
        out += [f"lay off {C.card_str(c)} on 1", f"lay off {C.card_str(c)} on {max(n, 1)}"]
    out += [f"lay off {C.card_str(hand[0])} on 99", f"lay off {C.card_str(hand[0])} on 1 as 5S"]
    out.append(f"replace {C.card_str(hand[0])} on 1 with JK")
    if game.ruleset.turn.rearrange is not None:  # only there, so other goldens stay as they were
        out += ["reset", f"take {C.card_str(hand[0])} from 1", f"take {C.card_str(absent)} from 1",
                f"put {C.card_str(hand[0])} on 1", f"put {C.card_str(absent)} on new",
                f"put {C.card_str(hand[0])} on 99"]
    for m in obs.table[:4]:
        if m.reading is None:  # a meld being rearranged, not valid yet
            continue
        for wild, stands in m.reading.wilds[:1]:  # stands for no one card in some sets
            for c in dict.fromkeys(x for x in (stands, hand[0]) if x is not None):
                out.append(f"replace {C.card_str(c)} on {m.id} with {C.card_str(wild)}")
    return list(dict.fromkeys(out))


def refusals(game, moves, step: int) -> list[tuple[str, str]]:
    """``(move, step<TAB>move<TAB>reason)`` for each of ``moves`` refused at this state."""
    out = []
    trial = game.clone()
    for text in moves:
        try:
            trial.apply(text)
        except IllegalMove as e:
            out.append((text, f"{step}\t{text}\t{e.reason}"))
            continue
        trial = game.clone()
    return out


#: what varies within one kind of reason: card names and numbers
_SHAPE = re.compile(r"(?<!\w)(?:(?:10|[2-9AJQK])[SHDC♠♥♦♣]|JK|\d+)(?!\w)")


def _shape(reason: str) -> str:
    return re.sub(r"#(?: #)+", "#", _SHAPE.sub("#", reason))


class Golden:
    """The lines of one variant's golden: each refusal whose reason is new for its kind
    of move (cards and numbers aside), and per game a digest of every refusal (the
    repeated ones included)."""

    def __init__(self, full: bool = False):
        self.full = full
        self.lines: list[str] = []
        self.seen: set = set()
        self.digest = hashlib.sha256()

    def add(self, refused) -> None:
        for text, line in refused:
            self.digest.update(line.encode() + b"\n")
            key = (text.split(" ", 1)[0], _shape(line.split("\t", 2)[2]))
            if self.full or key not in self.seen:
                self.seen.add(key)
                self.lines.append(line)

    def end_game(self) -> None:
        self.lines.append(f"digest\t{self.digest.hexdigest()[:16]}")
        self.digest = hashlib.sha256()


def record(variant, vid: str, full: bool = False) -> str:
    """The golden text of ``variant`` (its file's id ``vid`` seeds the games); ``full``
    keeps every refusal, to find which repeated one a changed digest stands for."""
    rs = variant.ruleset
    out = Golden(full)
    out.lines.append("# refusal golden (tests/refusals.py); regenerate: "
                     "python -m pytest tests/test_refusals.py --update-golden -n 0")
    for gi, (name, agent, extra) in enumerate(GAMES):
        players = rs.players.min + extra
        if rs.players.max is not None:
            players = min(players, rs.players.max)
        if rs.partnerships is not None:
            players = rs.partnerships.teams * rs.partnerships.size
        seed = _seed("refusals", vid, name)
        out.lines.append(f"game {name} players={players} seed={seed} agent={agent}")
        game = new_game(variant, players=players, seed=seed)
        bot = make_agent(agent, seed=seed)
        seen, melds, taken, step = set(), {}, None, 0
        if gi == 0:
            out.add(refusals(game, UNPARSABLE, 0))
        while not game.is_over() and step < MAX_STEPS and len(seen) < MAX_STATES:
            key = situation(game, melds)
            if key not in seen:
                seen.add(key)
                out.add(refusals(game, tries(game, taken, melds), step))
            if game.is_chance():
                game.apply_chance()
            else:
                p = game.current_player()
                legal = game.legal_actions()
                known = melds.setdefault(p, [])
                known += [a.cards for a in legal[:40] if a.kind == A.MELD and a.cards not in known]
                del known[:-20]
                a = bot.choose(game, p)
                top = game.observation(p).discard_top
                game.apply(a)
                if a.kind == A.DRAW_DISCARD:
                    taken = top
                elif game.phase != "play":
                    taken = None
            step += 1
        out.end_game()
    return "\n".join(out.lines) + "\n"
