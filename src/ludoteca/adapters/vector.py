"""Every Ludoteca game as a Gymnasium vector environment: N games stepped at once in one process, their
observations and action masks written into NumPy arrays (issue 26).

::

    from ludoteca.adapters.vector import VectorGameEnv

    envs = VectorGameEnv(GAME_ID, num_envs=64, **options)   # or gymnasium.make_vec("ludoteca/<id>-v0", 64)
    obs, info = envs.reset(seed=1)                           # obs: (64, obs_size) float32
    obs, rewards, terminated, truncated, info = envs.step(actions)   # info["action_mask"]: (64, A) int8

Each sub-environment is exactly the Gymnasium adapter's `GameEnv` (`ludoteca.adapters.gymnasium`): one
role learns (`role`, the first in play by default), fixed agents play the others (`opponents`), chance
is drawn by the sub-environment's own generator, and the reward is the role's return when the game ends.
With ``reset(seed=s)`` sub-environment ``i`` is seeded with ``s + i``, as Gymnasium's `SyncVectorEnv`
seeds its copies, so it plays exactly as ``GameEnv.reset(seed=s + i)`` would (the tests check it step by
step against ``SyncVectorEnv`` over `GameEnv`). Each row of the observations is the learning role's
`observation_tensor`: what that role may know, nothing more.

What the vector environment saves over ``SyncVectorEnv``: no wrapper, checker or per-copy info
dictionary; the observations and masks are written into arrays allocated once, each row from its
sub-environment's `ObservationWriter` (returned as they are: the next step overwrites them, so keep a
copy, or pass ``copy=True``); the actions are checked against the mask rows. The engine's own work per
step (the action, the fixed agents' moves, the observation encoder) is the same and is nearly all of a
step, so N sub-environments make about as many env-steps per second as one `GameEnv`, not more
(docs/experiments/vector-environment.md).

**Autoreset** follows Gymnasium's modes (``autoreset_mode``, in ``metadata["autoreset_mode"]``):
``"NextStep"`` (Gymnasium's default: the step after an episode ends resets that sub-environment and
ignores its action; its mask row is all zeros meanwhile), ``"SameStep"`` (it resets at once, the last
observation and info in ``info["final_obs"]`` and ``info["final_info"]``: every mask row always has a
legal action, the convenient mode for masked policies) and ``"Disabled"`` (reset ended sub-environments
with ``reset(options={"reset_mask": mask})``; stepping one raises).

**Illegal actions** are ruled by ``illegal`` as in `GameEnv`: ``"lose"`` (the default) ends that
sub-environment's episode as the worst result the game allows, its game untouched, with
``info["illegal_action"]`` saying what was wrong and what was legal; ``"raise"`` raises
`IllegalActionError` naming the sub-environment before any sub-environment moves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ludoteca.adapters.common import (
    RENDER_MODES,
    ObservationWriter,
    check_render_mode,
    observation_box,
    render_text,
)
from ludoteca.adapters.gymnasium import check_illegal, play_others, seat_agents, seats
from ludoteca.ai.agents import Agent
from ludoteca.core.errors import BadOptionError, IllegalActionError
from ludoteca.core.game import get_game
from ludoteca.core.state import State

Observations = np.ndarray[Any, np.dtype[np.float32]]
Masks = np.ndarray[Any, np.dtype[np.int8]]
Actions = np.ndarray[Any, np.dtype[np.integer[Any]]]
Flags = np.ndarray[Any, np.dtype[np.bool_]]


class VectorGameEnv(VectorEnv[Observations, Actions, np.ndarray[Any, Any]]):
    """`num_envs` copies of one role of a Ludoteca game against fixed agents, stepped together; the
    game's options are keyword arguments."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        num_envs: int = 1,
        role: str | None = None,
        opponents: str | Mapping[str, str] = "random",
        illegal: str = "lose",
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        copy: bool = False,
        render_mode: str | None = None,
        **options: str,
    ) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise BadOptionError(f"num_envs must be a positive integer, got {num_envs!r}")
        self.game = get_game(game_id)
        self.options = self.game.parse_options(options)
        self.role, self.specs = seats(self.game, self.options, role, opponents)
        self.illegal = check_illegal(illegal)
        try:
            self.autoreset_mode = AutoresetMode(autoreset_mode)
        except ValueError:
            known = ", ".join(mode.value for mode in AutoresetMode)
            raise BadOptionError(
                f"autoreset_mode={autoreset_mode!r} is not offered; use one of {known}"
            ) from None
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = check_render_mode(render_mode)
        self.copy = copy
        self.num_envs = num_envs
        self.single_observation_space = observation_box(self.game, self.options)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.game_states: list[State] = [self.game.new_initial_state(self.options) for _ in range(num_envs)]
        self._np_randoms: list[np.random.Generator | None] = [None] * num_envs
        self._rngs = [random.Random(0) for _ in range(num_envs)]
        self._agents: list[dict[int, Agent]] = [{} for _ in range(num_envs)]
        size = self.single_observation_space.shape[0]
        self._observations: Observations = np.zeros((num_envs, size), dtype=np.float32)
        self._masks: Masks = np.zeros((num_envs, self.game.num_distinct_actions), dtype=np.int8)
        self._writers = [ObservationWriter() for _ in range(num_envs)]
        """Each sub-environment's observations, written over its last (its row is copied from it)."""
        self._observation_rows = [memoryview(row) for row in self._observations]
        self._mask_rows = [memoryview(row).cast("B") for row in self._masks]
        self._no_actions = bytes(self.game.num_distinct_actions)
        self._every = np.ones(num_envs, dtype=np.bool_)
        self._ended = np.ones(num_envs, dtype=np.bool_)
        """Sub-environments whose episode ended and was not reset yet (before the first reset: all)."""
        self._started = False

    # ------------------------------------------------------------------------------------ reset
    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Reset every sub-environment, or those of ``options["reset_mask"]`` (a bool array, as for
        `SyncVectorEnv`). `seed`: None (each goes on with its generator, or fresh entropy at first), an
        int ``s`` (``s + i`` for sub-environment ``i``), or one seed (or None) per sub-environment."""
        seeds = self._seeds(seed)
        chosen = self._every if options is None or "reset_mask" not in options else options["reset_mask"]
        if not (
            isinstance(chosen, np.ndarray) and chosen.dtype == np.bool_ and chosen.shape == (self.num_envs,)
        ):
            raise ValueError(f"options['reset_mask'] must be a bool array of shape ({self.num_envs},)")
        rows = np.flatnonzero(chosen)
        if not rows.size:
            raise ValueError("options['reset_mask'] must select at least one sub-environment")
        for index in rows:
            self._start(int(index), seeds[index])
        self._started = True
        return self._result(chosen)

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int | np.integer):
            return [int(seed) + index for index in range(self.num_envs)]
        if len(seed) != self.num_envs:
            raise ValueError(f"{len(seed)} seeds for {self.num_envs} sub-environments")
        return list(seed)

    def _start(self, index: int, seed: int | None) -> None:
        """A new episode in sub-environment `index`, as `GameEnv.reset(seed=seed)` starts one."""
        generator = self._np_randoms[index]
        if seed is not None or generator is None:
            generator = self._np_randoms[index] = seeding.np_random(seed)[0]
        rng, agents = seat_agents(self.game, self.specs, generator)
        state = self.game.new_initial_state(self.options)
        play_others(state, self.role, agents, rng)
        self.game_states[index], self._rngs[index], self._agents[index] = state, rng, agents
        self._observe(index, state)
        self._ended[index] = False

    def _observe(self, index: int, state: State) -> None:
        """Write the observation and mask rows of sub-environment `index` from its state, each by a
        C-level copy into the row's `memoryview` and, for the mask, an item set per legal action (issue
        26: a NumPy operation costs a microsecond or two however small; its writer leaves what did not
        change as it was)."""
        self._observation_rows[index][:] = self._writers[index].write(state, self.role)
        mask = self._mask_rows[index]
        mask[:] = self._no_actions
        for action in state.legal_actions(self.role):
            mask[action] = 1

    def _result(self, masked: Flags) -> tuple[Observations, dict[str, Any]]:
        masks = self._masks.copy() if self.copy else self._masks
        observations = self._observations.copy() if self.copy else self._observations
        return observations, {"action_mask": masks, "_action_mask": masked.copy()}

    # ------------------------------------------------------------------------------------- step
    def step(
        self, actions: Actions | Sequence[int]
    ) -> tuple[Observations, np.ndarray[Any, np.dtype[np.float64]], Flags, Flags, dict[str, Any]]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be {self.num_envs} integers (shape ({self.num_envs},)), "
                f"got shape {chosen.shape} of {chosen.dtype}"
            )
        if not self._started:
            raise RuntimeError(f"{self.game.id}: call reset() before step()")
        if self.autoreset_mode is AutoresetMode.DISABLED and self._ended.any():
            over = np.flatnonzero(self._ended).tolist()
            raise RuntimeError(
                f"{self.game.id}: the episodes of sub-environments {over} are over; "
                "reset them with reset(options={'reset_mask': ...})"
            )
        actions_given: list[int] = chosen.tolist()  # Python ints, read once
        ended: list[bool] = self._ended.tolist()  # a sub-environment's own entry is all that changes
        illegal = self._illegal(actions_given, ended)
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {}
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        states, role, observations = self.game_states, self.role, self._observations
        for index in range(self.num_envs):
            if ended[index]:  # next-step autoreset: the action is ignored
                self._start(index, None)
                continue
            if index in illegal:
                rewards[index], terminated[index] = self.game.returns_range[0], True
                info = {"action_mask": self._masks[index].copy(), "illegal_action": illegal[index]}
                if same_step:
                    final = {"final_obs": observations[index].copy(), "final_info": info}
                    self._add_info(infos, final, index)
                    self._start(index, None)
                else:
                    self._add_info(infos, {"illegal_action": illegal[index]}, index)
                    self._ended[index] = True
                continue
            state = states[index]
            state.apply_action(actions_given[index])
            play_others(state, role, self._agents[index], self._rngs[index])
            if state.is_terminal():
                rewards[index], terminated[index] = state.returns()[role], True
                if same_step:
                    final_obs = self._writers[index](state, role)
                    empty = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
                    self._add_info(
                        infos, {"final_obs": final_obs, "final_info": {"action_mask": empty}}, index
                    )
                    self._start(index, None)
                    continue
                self._ended[index] = True
            self._observe(index, state)
        observations, step_infos = self._result(self._every)
        return (
            observations,
            rewards,
            terminated,
            np.zeros(self.num_envs, dtype=np.bool_),
            {**infos, **step_infos},
        )

    def _illegal(self, actions: list[int], ended: list[bool]) -> dict[int, str]:
        """What is wrong with each action that is not legal in its live sub-environment (`ended`: not
        live), looked up in its mask row (N item reads cost less than the half-dozen NumPy operations of
        one check of all rows at once, which cost 1-2 us each however small); with ``illegal="raise"``,
        the error, before anything moves."""
        size, rows = self.game.num_distinct_actions, self._mask_rows
        wrong = [
            index
            for index, action in enumerate(actions)
            if not ended[index] and not (0 <= action < size and rows[index][action])
        ]
        if not wrong:
            return {}
        reasons = {index: self._why(index, actions[index]) for index in wrong}
        if self.illegal == "raise":
            others = f" (and sub-environments {wrong[1:]})" if len(wrong) > 1 else ""
            raise IllegalActionError(
                f"sub-environment {wrong[0]}: {reasons[wrong[0]]}{others}; nothing moved"
            )
        return reasons

    def _why(self, index: int, action: int) -> str:
        """The game's own message for an illegal action (the state raises it and stays as it was)."""
        state = self.game_states[index]
        if action in state.legal_actions():  # any role's: apply_action must refuse it
            raise RuntimeError(
                f"{self.game.id}: the mask of sub-environment {index} disagrees with its state"
            )
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            return str(exc)
        raise RuntimeError(
            f"{self.game.id}: sub-environment {index} applied {action}, which its mask refused"
        )

    # ---------------------------------------------------------------------------------- helpers
    def action_masks(self) -> Masks:
        """1 for each legal action of each sub-environment now (the name MaskablePPO looks for)."""
        return self._masks.copy()

    def render(self) -> tuple[str, ...] | None:
        """Each sub-environment's position as text, as the role sees it: returned (``ansi``) or printed
        (``human``)."""
        if self.render_mode is None:
            return None
        texts = tuple(render_text(state, self.role) for state in self.game_states)
        if self.render_mode == "ansi":
            return texts
        print("\n".join(texts))
        return None
