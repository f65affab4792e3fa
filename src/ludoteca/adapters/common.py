"""What the PettingZoo and Gymnasium adapters share: the spaces of a game, its tensors as arrays, and
chance resolved by the environment's own seeded generator."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np
from gymnasium import spaces

from ludoteca.core.game import Game
from ludoteca.core.observation import Observation
from ludoteca.core.options import Options
from ludoteca.core.state import State


def observation_box(game: Game, options: Options) -> spaces.Box:
    """The observation tensor's space: its fixed length for these options, every value in [0, 1]."""
    size = len(game.new_initial_state(options).observation_tensor(0))
    return spaces.Box(0.0, 1.0, (size,), np.float32)


def mask_box(game: Game) -> spaces.Box:
    """The action mask's space: one 0/1 entry per action id of the game."""
    return spaces.Box(0, 1, (game.num_distinct_actions,), np.int8)


def observation(state: State, role: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """`state.observation_tensor(role)` as float32, its sparse sections (`observation_sections`) written
    into zeros by their non-zero entries alone (issue 26: most of a thousand-entry tensor is zeros, and
    converting them from Python floats cost a tenth of a PettingZoo turn)."""
    return as_array(state.observation_sections(role))


def as_array(out: Observation) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The tensor of `out` as float32: a buffer of zeros, its dense values set in one NumPy operation by
    where they go (`_layout`, worked out once per arrangement of holes), then each hole's non-zero entries
    in another."""
    if not out.holes:
        return np.array(out.values, dtype=np.float32)
    total, dense, starts = _layout(len(out.values), tuple((where, size) for where, size, _ in out.holes))
    array = np.zeros(total, dtype=np.float32)
    array[dense] = out.values
    positions: list[int] = []
    values: list[float] = []
    for (_, size, patch), start in zip(out.holes, starts, strict=True):
        for at, value in patch.items():
            if not 0 <= at < size:
                raise IndexError(f"offset {at} outside a section of {size} entries")
            positions.append(start + at)
            values.append(value)
    array[positions] = values
    return array


@lru_cache(maxsize=256)
def _layout(
    dense: int, holes: tuple[tuple[int, int], ...]
) -> tuple[int, np.ndarray[Any, Any], tuple[int, ...]]:
    """Where the tensor's entries go when `dense` values are written with these holes ``(where, size)``
    among them: the tensor's size, the index of each dense value, and where each hole starts. A game
    observes with the same arrangement at every turn (a few, across its options), so this is cached."""
    index: list[int] = []
    starts: list[int] = []
    shift = done = 0  # entries of holes before, and dense values placed
    for where, size in holes:
        index += range(done + shift, where + shift)
        starts.append(where + shift)
        shift, done = shift + size, where
    index += range(done + shift, dense + shift)
    where_dense = np.array(index, dtype=np.intp)
    where_dense.setflags(write=False)  # shared by every observation with this arrangement
    return dense + shift, where_dense, tuple(starts)


def action_mask(state: State, role: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    """1 for each action `role` may take now; all zeros when it is not `role`'s decision."""
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    mask[state.legal_actions(role)] = 1
    return mask


def as_action(action: Any) -> Any:
    """NumPy integers as plain ints; anything else unchanged, for the state to reject by name."""
    return int(action) if isinstance(action, np.integer) else action


RENDER_MODES = ["human", "ansi"]
"""``ansi``: `render()` returns the text; ``human``: every step prints it."""


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode not in (None, *RENDER_MODES):
        raise ValueError(f"render_mode {render_mode!r} is not offered; use None, 'human' or 'ansi'")
    return render_mode


def render_text(state: State, role: int | None) -> str:
    """The move, who decides and what, and the last log lines `role` may see (None: a spectator)."""
    view = state.view(role, "en")
    lines = [f"{state.game.title} — move {view['move']}, {view['current_role']}: {view['prompt'] or ''}"]
    lines += [f"  {line['text']}" for line in view["log"][-5:]]
    return "\n".join(lines)


def resolve_chance(state: State, rng: random.Random) -> None:
    """Draw chance outcomes with `rng` until a role must decide or the game is over."""
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
