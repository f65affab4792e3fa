"""What the PettingZoo, Gymnasium and vector adapters share: the spaces of a game, its tensors as arrays, and
chance resolved by the environment's own seeded generator."""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np
from gymnasium import spaces

from ludoteca.core.game import Game
from ludoteca.core.observation import Observation, SharedEntries
from ludoteca.core.options import Options
from ludoteca.core.state import State


def observation_box(game: Game, options: Options) -> spaces.Box:
    """The observation tensor's space: its fixed length for these options, every value in [0, 1]."""
    size = len(game.new_initial_state(options).observation_tensor(0))
    return spaces.Box(0.0, 1.0, (size,), np.float32)


def mask_box(game: Game) -> spaces.Box:
    """The action mask's space: one 0/1 entry per action id of the game."""
    return spaces.Box(0, 1, (game.num_distinct_actions,), np.int8)


def as_array(out: Observation) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The tensor of `out` (`State.observation_sections`) as float32, its sparse sections written into
    zeros by their non-zero entries alone (issue 26: most of a thousand-entry tensor is zeros, and
    converting them from Python floats cost a tenth of a PettingZoo turn): what a new `ObservationWriter`
    writes, the environments' writers giving the same bits for a sequence of observations."""
    if not out.holes:
        return np.array(out.values, dtype=np.float32)
    return np.frombuffer(ObservationWriter()._write(out.values, out.holes), dtype=np.float32)


class ObservationWriter:
    """One environment's observations as float32 arrays, each written over the last (issue 26: an
    observation costs what changed). A hole that holds the same shared entries of a memo
    (`core.observation.SectionMemo`) as in the last observation is left as it is; the other holes are
    cleared and their entries written, and the dense values written, each by a C-level copy or an item set
    of a Python `array` rather than a NumPy operation (which costs a microsecond or two however small).
    Each call returns its own NumPy array (over a copy of the buffer kept), for the caller to keep or
    change; `write` returns the buffer itself, for a caller that copies it where it goes (the vector
    environment's row of its batch)."""

    __slots__ = ("buffer", "layout", "shown")

    def __init__(self) -> None:
        self.layout: Layout | None = None
        self.buffer = array("f")
        self.shown: list[Mapping[int, float] | None] = []
        """The entries each hole of `buffer` was written from."""

    def __call__(self, state: State, role: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """`as_array(state.observation_sections(role))`, written over the last one."""
        out = state.observation_sections(role)
        if not out.holes:
            return np.array(out.values, dtype=np.float32)
        return np.frombuffer(array("f", self._write(out.values, out.holes)), dtype=np.float32)

    def write(self, state: State, role: int) -> array[float]:
        """`as_array(state.observation_sections(role))` as a Python float32 `array`, written over the
        last one: the writer's own buffer (a tensor without holes: a new one), which the next call
        changes."""
        out = state.observation_sections(role)
        return self._write(out.values, out.holes) if out.holes else array("f", out.values)

    def _write(self, values: list[float], holes: list[tuple[int, int, Mapping[int, float]]]) -> array[float]:
        """A tensor of these dense values and holes (`Observation`) written over the buffer; the buffer."""
        layout = _layout(len(values), tuple([(where, size) for where, size, _ in holes]))
        if layout is not self.layout:  # the first observation, or other holes
            self.buffer, self.shown = array("f", bytes(4 * layout.total)), [None] * len(holes)
        self.layout = None  # until the buffer is whole again: an error below leaves it to start afresh
        buffer, shown = self.buffer, self.shown
        dense = array("f", values)
        for begin, end, at in layout.runs:
            buffer[at : at + end - begin] = dense[begin:end]
        for index, ((_, size, patch), start, blank) in enumerate(
            zip(holes, layout.starts, layout.blanks, strict=True)
        ):
            if patch is shown[index] and type(patch) is SharedEntries:
                continue
            buffer[start : start + size] = blank
            for at, value in patch.items():
                if not 0 <= at < size:
                    raise IndexError(f"offset {at} outside a section of {size} entries")
                buffer[start + at] = value
            shown[index] = patch
        self.layout = layout
        return buffer


class Layout:
    """Where a tensor's entries go when its dense values are written with holes among them (`_layout`):
    its size, each run of dense values ``(first, end, where it starts in the tensor)``, where each hole
    starts, and each hole's zeros (to clear it by one copy)."""

    __slots__ = ("blanks", "runs", "starts", "total")

    def __init__(self, dense: int, holes: tuple[tuple[int, int], ...]) -> None:
        starts: list[int] = []
        self.runs: list[tuple[int, int, int]] = []
        shift = done = 0  # entries of holes before, and dense values placed
        for where, size in (*holes, (dense, 0)):
            if where > done:
                self.runs.append((done, where, done + shift))
            starts.append(where + shift)
            shift, done = shift + size, where
        self.total = dense + shift
        self.starts = tuple(starts[:-1])
        self.blanks = [array("f", bytes(4 * size)) for _, size in holes]


@lru_cache(maxsize=256)
def _layout(dense: int, holes: tuple[tuple[int, int], ...]) -> Layout:
    """The `Layout` of a tensor of `dense` values with these holes ``(where, size)`` among them. A game
    observes with the same arrangement at every turn (a few, across its options), so this is cached."""
    return Layout(dense, holes)


def action_mask(state: State, role: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    """1 for each action `role` may take now; all zeros when it is not `role`'s decision. Set action by
    action in a `bytearray` (a decision offers a few actions; issue 26: a NumPy operation costs a
    microsecond or two however small, an item set some tens of nanoseconds)."""
    mask = bytearray(state.game.num_distinct_actions)
    for action in state.legal_actions(role):
        mask[action] = 1
    return np.frombuffer(mask, dtype=np.int8)


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
