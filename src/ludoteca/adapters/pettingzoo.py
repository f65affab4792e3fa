"""Every Ludoteca game as a PettingZoo AEC environment (DESIGN §9).

::

    from ludoteca.adapters.pettingzoo import env

    e = env(GAME_ID, **options)  # the README's section "Research interfaces" runs one
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)

Agents are the game's roles in play with these options (`Game.roles_in_play`). An observation is
``{"observation": tensor, "action_mask": mask}``: the game's `observation_tensor(role)` (a fixed-length
float32 vector in [0, 1]) and a 0/1 entry per action id, all zeros for an agent not deciding now;
`GameEnv.information_state(agent)` is the game's `information_state_string(role)`. Chance nodes are
resolved inside the environment by a generator that `reset(seed=…)` seeds. The reward is the game's
return, given to every agent when the game ends.

An illegal action raises `ludoteca.core.errors.IllegalActionError` (a `ValueError` naming the legal
actions) and changes nothing; wrap the environment in PettingZoo's ``TerminateIllegalWrapper`` to make
it end the game instead. The games end by their own rules within `Game.max_moves` actions, so there is
no truncation and no ``max_cycles``. ``render_mode="ansi"`` or ``"human"`` shows the position as a
spectator sees it, as text.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludoteca.adapters.common import (
    RENDER_MODES,
    ObservationWriter,
    action_mask,
    as_action,
    check_render_mode,
    mask_box,
    observation_box,
    render_text,
    resolve_chance,
)
from ludoteca.core.game import get_game
from ludoteca.core.state import State


class GameEnv(AECEnv[str, dict[str, np.ndarray[Any, Any]], int]):  # type: ignore[misc]
    """One Ludoteca game as an AEC environment; its options are keyword arguments."""

    def __init__(self, game_id: str, render_mode: str | None = None, **options: str) -> None:
        super().__init__()
        self.game = get_game(game_id)
        self.options = self.game.parse_options(options)
        self.metadata: dict[str, Any] = {
            "render_modes": RENDER_MODES,
            "name": f"ludoteca_{game_id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [self.game.roles[r] for r in self.game.roles_in_play(self.options)]
        box, masks = observation_box(self.game, self.options), mask_box(self.game)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": masks}) for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(self.game.num_distinct_actions) for a in self.possible_agents
        }
        self._rng: random.Random | None = None
        self._observation = ObservationWriter()
        self.game_state: State = self.game.new_initial_state(self.options)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `seed` seeds the chance generator; without it the generator carries on (or, at
        the first reset, starts from fresh entropy)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.game_state = self.game.new_initial_state(self.options)
        resolve_chance(self.game_state, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        role = self.game.roles.index(agent)
        return {
            "observation": self._observation(self.game_state, role),
            "action_mask": action_mask(self.game_state, role),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._rng is not None
        self.game_state.apply_action(as_action(action))
        resolve_chance(self.game_state, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game_state.is_terminal():
            returns = self.game_state.returns()
            self.rewards = {a: returns[self.game.roles.index(a)] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """The agent to act next: the role the game asks, or after the end, each agent in turn."""
        player = self.game_state.current_player()
        self.agent_selection = self.game.roles[player] if player >= 0 else self.agents[0]

    def information_state(self, agent: str) -> str:
        """Everything `agent` knows, as one short string (a digest, perfect recall): the game's
        `information_state_string`; `game_state.information_state_json(role)` is the readable form."""
        return self.game_state.information_state_string(self.game.roles.index(agent))

    def render(self) -> str | None:
        """The position as text, for a spectator: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            return None
        text = render_text(self.game_state, None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, render_mode: str | None = None, **options: str) -> GameEnv:
    """The AEC environment of a registered game with these options (defaults for the rest)."""
    return GameEnv(game_id, render_mode=render_mode, **options)
