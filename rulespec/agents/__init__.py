"""Players for the interpreter: ``random`` and ``greedy`` bots behind one interface.

``make_agent(name, seed)`` builds one; ``agent.choose(game, player, rng)`` returns one of
``game.legal_actions()``. Register a new kind with ``@register("name")`` on a subclass of
:class:`Agent`.
"""

from .base import AGENTS, Agent, agent_names, make_agent, parse_agents, register, seat_agents
from .greedy import GreedyAgent
from .uniform import RandomAgent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "agent_names", "make_agent",
           "parse_agents", "register", "seat_agents"]
