"""Steps per second of the vector environment (`ludoteca.adapters.vector`) for N = 1, 8 and 64 beside one
Gymnasium `GameEnv` and Gymnasium's own `SyncVectorEnv` of 64 of them, in one run, and where the time of
N = 64 goes (issue 26).

    .venv/bin/python benchmarks/vector_throughput.py [--seconds 1] [--only GAME] [--record]

A step is one decision of the learning role (the first role in play), the fixed `random` agents' moves
and chance that follow included, with a uniformly random legal action drawn from the masks (the same
NumPy draw for every environment). Env-steps per second of CPU time: N × vector steps per second. Each
game's default options; a few seconds a game. `--record`: the steps/s are also written to
`benchmarks/results/vector.json` (`record.py`).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from ludoteca.adapters.gymnasium import GameEnv
from ludoteca.adapters.vector import VectorGameEnv
from ludoteca.core.game import all_games

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record

SIZES = (1, 8, 64)


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    keys = rng.random(masks.shape)
    keys[masks == 0] = -1.0
    return keys.argmax(axis=1)


def single_rate(game_id: str, seconds: float) -> float:
    """Steps per CPU second of one `GameEnv`, reset when its episode ends."""
    env, rng = GameEnv(game_id), np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, _, info = env.step(random_legal(info["action_mask"][None], rng)[0])
        steps += 1
        if terminated:
            _, info = env.reset()
    return steps / (time.process_time() - start)


def vector_rate(make: Callable[[], Any], num_envs: int, seconds: float) -> float:
    """Env-steps per CPU second of a vector environment (same-step autoreset: masks always usable)."""
    envs, rng = make(), np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        *_, info = envs.step(random_legal(info["action_mask"], rng))
        steps += num_envs
    return steps / (time.process_time() - start)


def rates(game_id: str, seconds: float) -> dict[str, float]:
    same = AutoresetMode.SAME_STEP
    found = {"GameEnv": single_rate(game_id, seconds)}
    found["SyncVectorEnv 64"] = vector_rate(
        lambda: SyncVectorEnv([lambda: GameEnv(game_id) for _ in range(64)], autoreset_mode=same), 64, seconds
    )
    for size in SIZES:
        make = lambda size=size: VectorGameEnv(game_id, num_envs=size, autoreset_mode=same)  # noqa: E731
        found[f"N={size}"] = vector_rate(make, size, seconds)
    return found


def where_time_goes(game_id: str, seconds: float) -> dict[str, float]:
    """Shares of the CPU time of N = 64 under cProfile (which inflates call-heavy code: a rough split):
    the game's observation encoder (with its conversion to float32: `ObservationWriter`), its moves (the
    learner's action, then the fixed agents and chance until the learner decides again), new games
    (autoreset), the action draw, and the rest: the vector environment's own work (checks, buffers,
    masks, loop)."""
    profile = cProfile.Profile()
    profile.enable()
    vector_rate(lambda: VectorGameEnv(game_id, num_envs=64, autoreset_mode="SameStep"), 64, seconds)
    profile.disable()
    stats: dict[tuple[str, int, str], tuple[Any, ...]] = pstats.Stats(profile).stats  # type: ignore[attr-defined]

    def cumulative(name: str, inside: str = "", caller: str = "") -> float:
        """Seconds in `name` (defined in a path containing `inside`), all of them or those called from
        function `caller` of adapters/vector.py."""
        seconds = 0.0
        for (path, _, func), row in stats.items():
            if func != name or inside not in path:
                continue
            if not caller:
                seconds += row[3]
                continue
            seconds += sum(
                timing[3]
                for (where, _, by), timing in row[4].items()
                if by == caller and "vector.py" in where
            )
        return float(seconds)

    total = cumulative("vector_rate")
    shares = {
        "observation encoder": cumulative("write", "adapters/common.py")
        + cumulative("__call__", "adapters/common.py"),
        "moves": cumulative("apply_action", "core/state.py", caller="step") + cumulative("play_others"),
        "new games": cumulative("new_initial_state") + cumulative("seat_agents"),
        "action draw": cumulative("random_legal"),
    }
    shares["vector env's own"] = total - sum(shares.values())
    return {name: value / total for name, value in shares.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a measurement")
    parser.add_argument("--only", help="one game id")
    parser.add_argument("--record", action="store_true", help="also write benchmarks/results/vector.json")
    args = parser.parse_args()
    stamp = record.stamp(record.this_command())
    games = [game.id for game in all_games() if args.only in (None, game.id)]
    print("| game | `GameEnv` steps/s | `SyncVectorEnv` N=64 | N=1 | N=8 | N=64 | N=64 ÷ `GameEnv` |")
    print("|---|---|---|---|---|---|---|")
    figures = []
    for game_id in games:
        found = rates(game_id, args.seconds)
        cells = " | ".join(f"{value:,.0f}" for value in found.values())
        print(f"| {game_id} | {cells} | {found['N=64'] / found['GameEnv']:.2f}× |", flush=True)
        steps = {name: round(value) for name, value in found.items()}
        figures.append({"key": game_id, "game": game_id, "steps_per_s": steps, **stamp})
    if args.record:
        about = (
            "env-steps per CPU second: one Gymnasium `GameEnv`, `SyncVectorEnv` of 64, `VectorGameEnv` "
            "N = 1, 8, 64"
        )
        record.write("vector", about, figures)
    print("\nWhere the CPU time of N = 64 goes (cProfile, cumulative shares):\n")
    print("| game | observation encoder | moves | new games | action draw | vector env's own |")
    print("|---|---|---|---|---|---|")
    for game_id in games:
        shares = where_time_goes(game_id, args.seconds)
        print(f"| {game_id} | " + " | ".join(f"{share:.0%}" for share in shares.values()) + " |", flush=True)


if __name__ == "__main__":
    main()
