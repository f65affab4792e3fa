"""Speed measurements of random playouts (DESIGN §10: measured in benchmarks, never asserted in tests)."""

from __future__ import annotations

import os
import platform
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.options import Options
from ludoteca.core.state import State

SAMPLE_STATES = 200
"""How many mid-game positions the per-call timings run over."""


@dataclass(frozen=True)
class BenchReport:
    """Speeds of one game: playouts, and the mean cost of the calls search leans on."""

    game: str
    options: dict[str, str]
    seconds: float
    games: int
    actions: int
    actions_per_s: float
    games_per_s: float
    clone_us: float
    view_us: float
    """A view of a position whose earlier log lines a view has already rendered, as every view a player
    or the server asks after a move is (the lines are memoized with the state: `core.views`)."""
    first_view_us: float
    """The first view of a position, which renders its whole log so far: what opening a saved or replayed
    game costs once."""
    legal_actions_us: float
    machine: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def machine() -> dict[str, Any]:
    """The machine the numbers were measured on."""
    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpus": os.cpu_count(),
    }


def _playout(state: State, rng: random.Random, seen: list[State] | None = None) -> int:
    """Play `state` to the end with random choices (chance sampled); the number of actions applied."""
    count = 0
    while not state.is_terminal():
        if count > state.game.max_moves:
            raise RuntimeError(f"{state.game.id}: a random game ran past {state.game.max_moves} actions")
        if seen is not None:
            seen.append(state.clone())
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        count += 1
    return count


def sample_states(game: Game, options: Mapping[str, str] | Options, rng: random.Random) -> list[State]:
    """Up to `SAMPLE_STATES` non-terminal positions spread evenly over a few random games."""
    seen: list[State] = []
    for _ in range(3):
        _playout(game.new_initial_state(options), rng, seen)
    step = max(1, len(seen) // SAMPLE_STATES)
    return seen[::step][:SAMPLE_STATES]


def mean_us(call: Callable[[State], object], states: list[State], seconds: float) -> float:
    """The mean time of `call` over `states`, in µs, repeating whole passes for about `seconds`."""
    if not states:
        raise ValueError("no positions to time")
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    while calls == 0 or elapsed < seconds:
        for state in states:
            call(state)
        calls += len(states)
        elapsed = time.perf_counter() - start
    return elapsed / calls * 1e6


def run_bench(
    game: Game, seconds: float = 5.0, options: Mapping[str, str] | Options | None = None, seed: int = 0
) -> BenchReport:
    """Half of `seconds` on random playouts, the rest split between `clone`, `view(0)` and
    `legal_actions` on sampled mid-game positions. At least one whole game is always played. The views are
    timed after one pass of first views (`first_view_us`), so that `view_us` is what a view costs after a
    move, not a share of each position's whole history rendered once."""
    normalized = game.parse_options(options)
    rng = random.Random(seed)
    budget = max(seconds, 0.0)
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < budget / 2:
        actions += _playout(game.new_initial_state(normalized), rng)
        games += 1
        elapsed = time.perf_counter() - start
    states = sample_states(game, normalized, rng)
    share = budget / 6
    first_view_us = mean_us(lambda s: s.view(0), states, 0.0)  # one pass: each position's first view
    return BenchReport(
        game=game.id,
        options=normalized.as_strings(),
        seconds=budget,
        games=games,
        actions=actions,
        actions_per_s=actions / elapsed,
        games_per_s=games / elapsed,
        clone_us=mean_us(lambda state: state.clone(), states, share),
        view_us=mean_us(lambda s: s.view(0), states, share),
        first_view_us=first_view_us,
        legal_actions_us=mean_us(lambda s: s.legal_actions(), states, share),
        machine=machine(),
    )
