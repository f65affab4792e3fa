"""Agents that play Ludoteca games (DESIGN §8)."""

from ludoteca.ai.agents import (
    AGENTS,
    HUMAN,
    Agent,
    AgentFactory,
    RandomAgent,
    agent_kinds,
    make_agent,
    parse_spec,
)

__all__ = [
    "AGENTS",
    "HUMAN",
    "Agent",
    "AgentFactory",
    "RandomAgent",
    "agent_kinds",
    "make_agent",
    "parse_spec",
]
