"""Every Ludoteca game as a single-agent Gymnasium environment: one role learns, fixed agents play the
others (DESIGN §9). A solo game's environment is the whole game.

::

    from ludoteca.adapters.gymnasium import make

    env = make(GAME_ID, **options)          # or gymnasium.make(f"ludoteca/{GAME_ID}-v0", ...)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))

The README's section "Research interfaces" has a runnable example. `role` is any role in play with these
options (`Game.roles_in_play`; the first by default). The observation is the role's `observation_tensor`
(a fixed-length float32 vector in [0, 1]); the legal actions are ``info["action_mask"]`` (and
``env.unwrapped.action_masks()``, the name MaskablePPO looks for). The other roles are played by agents
named by spec strings (``opponents="random"``, or ``{"role": "spec", ...}``), chance by the
environment's generator seeded by `reset(seed=…)`. The reward is the role's return when the game ends, 0
before.

**Illegal actions.** With ``illegal="lose"`` (the default) an illegal action ends the episode at once
as the worst result the game allows (`Game.returns_range`'s low end), the game left as it was, and
``info["illegal_action"]`` says what was wrong and what was legal. With ``illegal="raise"`` it raises
`ludoteca.core.errors.IllegalActionError` and changes nothing. Stepping a finished episode raises.
``render_mode="ansi"`` or ``"human"`` shows the position as the role sees it, as text.

``gymnasium.make_vec(env_id(GAME_ID), num_envs=N)`` gives `ludoteca.adapters.vector.VectorGameEnv`: N of
these environments stepped in one process into NumPy arrays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ludoteca.adapters.common import (
    RENDER_MODES,
    ObservationWriter,
    action_mask,
    as_action,
    check_render_mode,
    observation_box,
    render_text,
)
from ludoteca.ai.agents import Agent, make_agent
from ludoteca.core.errors import BadOptionError, IllegalActionError
from ludoteca.core.game import Game, all_games, get_game
from ludoteca.core.options import Options
from ludoteca.core.state import State

ILLEGAL_RULES = ("lose", "raise")

Obs = np.ndarray[Any, np.dtype[np.float32]]


class GameEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
    """One role of a Ludoteca game against fixed agents; the game's options are keyword arguments."""

    metadata = {"render_modes": RENDER_MODES}  # noqa: RUF012 (Gymnasium declares it on instances)

    def __init__(
        self,
        game_id: str,
        role: str | None = None,
        opponents: str | Mapping[str, str] = "random",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: str,
    ) -> None:
        self.game = get_game(game_id)
        self.options = self.game.parse_options(options)
        self.role, self.specs = seats(self.game, self.options, role, opponents)
        self.illegal = check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = observation_box(self.game, self.options)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.game_state: State = self.game.new_initial_state(self.options)
        self._agents: dict[int, Agent] = {}
        self._rng = random.Random(0)
        self._over = True
        self._observation = ObservationWriter()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng, self._agents = seat_agents(self.game, self.specs, self.np_random)
        self.game_state = self.game.new_initial_state(self.options)
        play_others(self.game_state, self.role, self._agents, self._rng)
        self._over = self.game_state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return self._observation(self.game_state, self.role), self._info()

    def step(self, action: np.int64) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError(f"{self.game.id}: the episode is over; call reset()")
        state = self.game_state
        try:
            state.apply_action(as_action(action))
        except IllegalActionError as exc:
            if self.illegal == "raise":
                raise
            self._over = True
            info = {**self._info(), "illegal_action": str(exc)}
            return self._observation(state, self.role), self.game.returns_range[0], True, False, info
        play_others(state, self.role, self._agents, self._rng)
        self._over = state.is_terminal()
        reward = state.returns()[self.role] if self._over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(state, self.role), reward, self._over, False, self._info()

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each legal action now (all zeros once the game is over)."""
        return action_mask(self.game_state, self.role)

    def information_state(self) -> str:
        """Everything the role knows, as one short string (a digest, perfect recall): the game's
        `information_state_string`; `game_state.information_state_json(role)` is the readable form."""
        return self.game_state.information_state_string(self.role)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def render(self) -> str | None:
        """The position as text, as the role sees it: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            return None
        text = render_text(self.game_state, self.role)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def seats(
    game: Game, options: Options, role: str | None, opponents: str | Mapping[str, str]
) -> tuple[int, dict[str, str]]:
    """The learning role's index (the first role in play by default) and the agent spec of each other
    role in play: `opponents` for all of them, or one per role, naming exactly those roles."""
    in_play = game.roles_in_play(options)
    learner = game.role_index(role if role is not None else in_play[0])
    if learner not in in_play:
        playing = ", ".join(game.roles[r] for r in in_play)
        raise BadOptionError(
            f"{game.id}: {game.roles[learner]} takes no part with these options; roles in play: {playing}"
        )
    others = [game.roles[r] for r in in_play if r != learner]
    specs = dict.fromkeys(others, opponents) if isinstance(opponents, str) else dict(opponents)
    if set(specs) != set(others):
        named = sorted(specs)
        raise BadOptionError(f"{game.id}: opponents must name exactly the roles {others}, got {named}")
    return learner, specs


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL_RULES:
        raise BadOptionError(f"illegal={illegal!r} is not offered; use one of {', '.join(ILLEGAL_RULES)}")
    return illegal


def seat_agents(
    game: Game, specs: Mapping[str, str], np_random: np.random.Generator
) -> tuple[random.Random, dict[int, Agent]]:
    """A new episode's chance generator and fixed agents (by role index), all drawn from `np_random`,
    the environment's generator that `reset(seed=…)` seeds."""
    draw = np_random.integers(2**63, size=1 + len(specs))
    agents = {
        game.roles.index(role): make_agent(spec, game, game.roles.index(role), int(seed))
        for (role, spec), seed in zip(specs.items(), draw[1:], strict=True)
    }
    return random.Random(int(draw[0])), agents


def play_others(state: State, role: int, agents: Mapping[int, Agent], rng: random.Random) -> None:
    """Chance and the fixed agents move until `role` must decide or the game ends."""
    while not state.is_terminal() and state.current_player() != role:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agents[state.current_player()].step(state))


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``ludoteca/<game id>-v0``."""
    return f"ludoteca/{game_id}-v0"


def make(game_id: str, **kwargs: Any) -> gymnasium.Env[Any, Any]:
    """``gymnasium.make`` of a registered game: `role`, `opponents`, `illegal`, `render_mode` and the
    game's options as keyword arguments."""
    get_game(game_id)  # an unknown id is named with the known ones
    return gymnasium.make(env_id(game_id), **kwargs)


for _game in all_games():
    if env_id(_game.id) not in gymnasium.registry:
        gymnasium.register(
            env_id(_game.id),
            entry_point=f"{__name__}:GameEnv",
            vector_entry_point="ludoteca.adapters.vector:VectorGameEnv",
            kwargs={"game_id": _game.id},
        )
