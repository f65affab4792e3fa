"""Agents and their spec strings (DESIGN §8): ``random``, ``ismcts:iters=500``, a game's own (Maquis's
``cautious``), ``human``. The rulebook solo opponents (DESIGN §8 names a ``nitayno`` agent) are game options
instead, as issue 3 asks: ``mode=solo`` with ``level=0|1|2`` in Mar y Acero, ``solo=…`` in Patria Libre.

A spec is ``kind`` or ``kind:key=value[:key=value...]``. Kinds come from `AGENTS` (agents for every game)
and from a game's optional hook ``Game.agents: ClassVar[dict[str, AgentFactory]]`` (its rulebook solo
opponents), which adds kinds or overrides general ones for that game. ``human`` is not an agent: the
interfaces seat a person there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ludoteca.ai.ismcts import ismcts
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import Game
from ludoteca.core.state import State


class Agent(Protocol):
    """Chooses the action of its role at a decision, seeing the game only through the state API."""

    def step(self, state: State[Any]) -> int: ...


AgentFactory = Callable[[Game, int, int, Mapping[str, str]], Agent]
"""Builds an agent from (game, role index, seed, spec parameters); raises `BadOptionError` on bad ones."""


class RandomAgent:
    """Plays a uniformly random legal action."""

    light = True
    """It decides in no time: a server lets it decide at once, in a thread, not in a worker process."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State[Any]) -> int:
        return self.rng.choice(state.legal_actions())


def _random(game: Game, role: int, seed: int, params: Mapping[str, str]) -> Agent:
    if params:
        raise BadOptionError(f"agent 'random' takes no parameters, got {', '.join(params)}")
    return RandomAgent(seed)


AGENTS: dict[str, AgentFactory] = {"random": _random, "ismcts": ismcts}
"""The agent kinds every game offers; a new kind plugs in with one line here."""

HUMAN = "human"


def agent_kinds(game: Game) -> dict[str, AgentFactory]:
    """Every agent kind available for `game`: the general ones and the game's own."""
    return {**AGENTS, **game.agents}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``kind:key=value:...`` into the kind and its parameters."""
    kind, *parts = spec.strip().split(":")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise BadOptionError(f"agent spec {spec!r}: parameter {part!r} must be key=value")
        params[key.strip()] = value.strip()
    return kind.strip().lower(), params


def make_agent(spec: str, game: Game, role: int, seed: int) -> Agent:
    """The agent a spec string names, for `role` of `game`; its generator is derived from (seed, role)
    so that seats draw independent streams."""
    kind, params = parse_spec(spec)
    kinds = agent_kinds(game)
    if kind == HUMAN:
        raise BadOptionError("'human' is not an agent: only an interface can seat a person")
    if kind in game.solo_opponents:
        options = game.solo_opponents[kind]
        raise BadOptionError(
            f"{game.id}: {spec!r} is the rulebook's solo opponent: it comes with the options {options}, "
            "not as an agent",
            "error.solo_opponent",
            game=game.id,
            spec=spec,
            options=options,
        )
    if kind not in kinds:
        known = ", ".join([*sorted(kinds), HUMAN])
        raise BadOptionError(
            f"{game.id}: unknown agent {spec!r}; agents are: {known}",
            "error.unknown_agent",
            game=game.id,
            spec=spec,
            known=known,
        )
    seat_seed = random.Random(f"{seed}/{role}").getrandbits(63)
    return kinds[kind](game, role, seat_seed, params)
