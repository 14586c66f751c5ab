"""Playing one game with bots, watching everything a simulation reports.

:func:`play_game` plays one whole game (or its first ``max_hands`` hands) of a variant
with one agent per seat, checks the interpreter's invariants as it goes, and returns a
:class:`GameOutcome`: a small, picklable summary (how long each hand was, how it ended,
the scores, what went wrong) that :mod:`.stats` adds up over many games.

Seeds are derived, never drawn: game ``i`` of a run seeded ``S`` uses :func:`game_seed`
``(S, i)`` for the deck and :func:`agent_seed` for each seat's agent, so a run's results
do not depend on how many processes share it, or in which order games finish.
"""

from __future__ import annotations

import hashlib
import traceback
from dataclasses import dataclass, field

from ..agents import make_agent
from ..engine import actions as A
from ..engine.errors import IllegalMove
from ..engine.invariants import problems
from ..engine.phases import Ending, Phase
from ..engine.game_end import leaders
from ..limits import ENDLESS_HANDS, MAX_GAME_ACTIONS, MAX_HAND_ACTIONS

# what can go wrong in a game (GameOutcome.failure)
INVARIANT, HAND_LIMIT, GAME_LIMIT, ERROR, BAD_MOVE = (
    "invariant", "hand limit", "game limit", "error", "illegal agent move")
FAILURES = (INVARIANT, HAND_LIMIT, GAME_LIMIT, ERROR, BAD_MOVE)
#: the phases of a player's own turn (a turn is counted when one begins)
_TURN = (Phase.DRAW, Phase.PLAY)


def derive(*parts) -> int:
    """A 63-bit seed from any parts, the same in every process and Python run."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def game_seed(seed: int | None, index: int) -> int:
    """The deck seed of game ``index`` of a run seeded ``seed``."""
    return derive("game", seed, index)


def agent_seed(game_seed_: int, seat: int) -> int:
    """The seed of the agent in ``seat`` in the game seeded ``game_seed_``."""
    return derive("agent", game_seed_, seat)


@dataclass
class HandStats:
    """One finished hand: ``round``, how it ended, its length and what it scored."""

    round: int
    reason: str
    actions: int  # player moves (chance steps left out)
    turns: int
    scores: tuple
    winner: int | None
    opening: bool | None = None  # did anyone meet the round's opening requirement (None: none)


@dataclass
class GameOutcome:
    """Everything a simulation keeps of one game."""

    index: int
    seed: int
    agents: tuple
    players: int
    finished: bool = False
    failure: str | None = None  # one of FAILURES
    message: str = ""  # what failed, in words
    at_action: int | None = None  # the move (0-based, chance steps included) it failed at
    actions: int = 0  # player moves
    steps: int = 0  # every step, chance included
    hands: list = field(default_factory=list)  # HandStats
    totals: tuple = ()
    winners: tuple = ()
    teams: int | None = None  # partnerships: seat s plays for team s % teams
    events: dict = field(default_factory=dict)  # drops, wrong shows, claims, …
    history: list | None = None  # every step's string (kept for failed games when asked)
    seconds: float = 0.0


def _count(events: dict, key: str) -> None:
    events[key] = events.get(key, 0) + 1


def play_game(variant, players: int | None = None, seed: int | None = None,
              agents=("random",), index: int = 0, check_every: int = 1,
              max_actions: int = MAX_GAME_ACTIONS, max_hand_actions: int = MAX_HAND_ACTIONS,
              max_hands: int | None = None, keep_history: bool = False) -> GameOutcome:
    """Play one game of ``variant`` seeded ``seed`` with one agent per seat (``agents``
    names them; seat ``s`` plays ``agents[s % len(agents)]``).

    ``check_every``: check the invariants after every that-many steps (1: after each
    one; 0: only when a hand ends) and always at the end. ``max_actions`` and
    ``max_hand_actions`` are the safety limits (player moves per game, per hand);
    ``max_hands`` stops after that many hands (the game then counts as finished); a game
    with no end (``game.endless``) stops after :data:`~rulespec.limits.ENDLESS_HANDS` unless
    told, and whoever leads then wins it.
    ``keep_history`` keeps the steps of a game that failed, for a record."""
    import time

    from ..engine import new_game

    start = time.perf_counter()
    game = new_game(variant, players=players, seed=seed)
    if max_hands is None and game.ruleset.game.endless:
        max_hands = ENDLESS_HANDS
    names = tuple(agents[s % len(agents)] for s in range(game.n))
    bots = [make_agent(names[s], seed=agent_seed(seed, s)) for s in range(game.n)]
    watch = _Watch(game, GameOutcome(index=index, seed=seed, agents=names, players=game.n))
    out = watch.out
    try:
        watch.play(bots, check_every, max_actions, max_hand_actions, max_hands)
    except Exception as e:  # a bug in the interpreter or an agent, never a player's move
        tb = traceback.extract_tb(e.__traceback__)[-1]
        watch.fail(ERROR, f"{type(e).__name__}: {e} (at {tb.filename.rsplit('/', 1)[-1]}:{tb.lineno})")
    finally:
        out.steps = watch.steps
        out.totals = tuple(game.totals)
        out.winners = tuple(game.winners)
        if not out.winners and game.ruleset.game.endless and game.results:
            out.winners = leaders(game)  # a game with no end is won by who leads at the stop
        out.teams = game.ruleset.partnerships.teams if game.ruleset.partnerships else None
        out.seconds = time.perf_counter() - start
        if keep_history and out.failure is not None:
            out.history = list(game.history)
    return out


class _Watch:
    """One game played by bots, and what :func:`play_game` keeps of it as it goes: the
    outcome, the steps, and the moves, turns and openings of the hand being played."""

    def __init__(self, game, out: GameOutcome):
        self.game, self.out = game, out
        self.steps = 0
        self.done_hands = 0  # hands finished (and counted in out.hands)
        self.hand_actions = self.hand_turns = 0
        self.turn_key = None  # the turn last counted
        self.opened = False  # has anyone met the opening requirement this hand

    def fail(self, kind: str, message: str) -> None:
        out = self.out
        out.failure, out.message, out.at_action = kind, message, self.steps

    def play(self, bots, check_every: int, max_actions: int, max_hand_actions: int,
             max_hands: int | None) -> None:
        """Play to the end, a failure or ``max_hands`` hands; invariants checked as asked."""
        game, out = self.game, self.out
        while not game.is_over():
            if game.is_chance():
                game.apply_chance()
                self.steps += 1
            elif not self._move(bots[game.current_player()]):
                return
            if len(game.results) > self.done_hands:
                self._hands_ended()
                if not self._checked():
                    return
                if max_hands is not None and self.done_hands >= max_hands:
                    break
            elif check_every and self.steps % check_every == 0 and not self._checked():
                return
            if self.hand_actions > max_hand_actions:
                return self.fail(HAND_LIMIT, f"hand {game.round} went on for more than "
                                             f"{max_hand_actions:,} moves without ending")
            if out.actions > max_actions:
                return self.fail(GAME_LIMIT, f"the game went on for more than {max_actions:,} moves "
                                             f"({self.done_hands} hands) without ending")
        if self._checked():
            out.finished = True

    def _checked(self) -> bool:
        """Do the invariants hold? (A failure is recorded when they do not.)"""
        found = problems(self.game)
        if found:
            self.fail(INVARIANT, "; ".join(found))
        return not found

    def _move(self, bot) -> bool:
        """The player to move moves; False (a failure recorded) when the game refuses it."""
        game, out = self.game, self.out
        p = game.current_player()
        if game.phase in _TURN and (self.done_hands, game.turn) != self.turn_key:
            self.turn_key = (self.done_hands, game.turn)
            self.hand_turns += 1
        action = bot.choose(game, p)
        try:
            action = game.apply(action)
        except IllegalMove as e:  # the agent chose a move the game refuses
            self.fail(BAD_MOVE, f"the {out.agents[p]} agent chose `{action}`: {e.reason}")
            return False
        self.steps += 1
        out.actions += 1
        self.hand_actions += 1
        hand_over = len(game.results) != self.done_hands
        if action.kind == A.DROP:
            _count(out.events, "drops")
        elif action.kind == A.MAY_I:
            _count(out.events, "claims")
        elif action.kind in (A.YES, A.NO):  # partner's answer to "may I go out?"
            _count(out.events, f"partner said {'yes' if action.kind == A.YES else 'no'}")
        elif action.kind == A.SHOW and (game.wrong_shows[-1:] == [p] if not hand_over
                                        else game.results[-1].reason is Ending.WRONG_SHOW):
            _count(out.events, "wrong shows")
        elif action.kind == A.MISS:
            _count(out.events, "missed turns")
        if action.kind in (A.MELD, A.LAY_OFF) and not hand_over and any(game.opened):
            self.opened = True
        return True

    def _hands_ended(self) -> None:
        """Count the hands that have just ended, and start the next one's counts."""
        game, opening = self.game, self.game.ruleset.opening
        for res in game.results[self.done_hands:]:
            if res.rummy:
                _count(self.out.events, "went rummy")
            needs = (opening.contract(res.round) is not None or opening.threshold is not None
                     or bool(opening.by_score))
            met = (self.opened or res.reason is Ending.WENT_OUT) if needs else None
            self.out.hands.append(HandStats(res.round, res.reason, self.hand_actions,
                                            self.hand_turns, tuple(res.scores), res.winner, met))
        self.done_hands = len(game.results)
        self.hand_actions = self.hand_turns = 0
        self.opened = False
