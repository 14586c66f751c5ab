"""The agent interface and the registry of agents by name.

An agent is anything with ``choose(game, player, rng) -> Action`` that returns one of
``game.legal_actions()`` for the seat ``player`` to move. Agents never make chance steps
(the deck decides those: ``game.apply_chance()``) and never change the game themselves.

>>> import rulespec
>>> from rulespec.agents import make_agent
>>> game = rulespec.new_game(rulespec.load("variants/gin.rules"), players=2, seed=1).deal_on()
>>> bot = make_agent("greedy", seed=7)
>>> bot.choose(game, game.current_player()) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

#: every agent class by its name (``random``, ``greedy``, …)
AGENTS: dict[str, type[Agent]] = {}


class Agent:
    """A player that picks moves. Subclasses set :attr:`name` and implement
    :meth:`choose`; ``seed`` seeds the agent's own random generator, used whenever
    :meth:`choose` is called without one."""

    name = "agent"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, game, player: int, rng: random.Random | None = None):
        """One of ``game.legal_actions()``: the move ``player`` (the seat to move) makes."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def register(name: str) -> Callable[[type[Agent]], type[Agent]]:
    """Class decorator: make an agent class available under ``name``."""

    def add(cls: type[Agent]) -> type[Agent]:
        if name in AGENTS and AGENTS[name] is not cls:
            raise ValueError(f"an agent named {name!r} is already registered")
        cls.name = name
        AGENTS[name] = cls
        return cls

    return add


def agent_names() -> list[str]:
    """The registered agent names, sorted."""
    return sorted(AGENTS)


def make_agent(name: str, seed: int | str | None = None) -> Agent:
    """A new agent of the kind registered as ``name``, seeded with ``seed``. Raises
    ``ValueError`` naming the known agents for an unknown name."""
    cls = AGENTS.get(name.strip().lower())
    if cls is None:
        raise ValueError(f"no agent called {name!r}; agents are: {', '.join(agent_names())}")
    return cls(seed)


def parse_agents(spec: str | list[str] | tuple[str, ...]) -> list[str]:
    """Agent names from ``"greedy,random"`` (or a list), each checked to exist."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip().lower() for n in names if n.strip()]
    if not names:
        raise ValueError("name at least one agent, e.g. `random` or `greedy,random`")
    for n in names:
        if n not in AGENTS:
            raise ValueError(f"no agent called {n!r}; agents are: {', '.join(agent_names())}")
    return names


def seat_agents(names: list[str], players: int) -> list[str]:
    """The agent name of every seat: the names in turn, seat ``s`` taking ``names[s % len]``."""
    if len(names) > players:
        raise ValueError(f"{len(names)} agents named for {players} players")
    return [names[s % len(names)] for s in range(players)]
