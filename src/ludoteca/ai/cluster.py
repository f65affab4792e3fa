"""The arena on Ray (`ludoteca selfplay … --ray` or ``--ray-address ADDRESS``): the games run as Ray
tasks, on a new local Ray runtime or on the cluster at ADDRESS, with the same seeds, seatings and results
as ``--jobs``.

A game depends on its seed and seating alone (`selfplay`), so cutting the games into tasks changes
nothing but where they run. The tasks send their records back with their results and the command writes
them where asked, so a cluster's machines need no shared disk; each needs Ludoteca installed with the
`cluster` extra (the same version, with the same data). Ray is never needed to play: it is imported only
when asked for, and its absence is a clear error that names the extra.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ludoteca.ai.selfplay import play_out
from ludoteca.core.data import use_data
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import get_game
from ludoteca.core.options import Options

R = TypeVar("R")

TASKS_PER_CPU = 4
"""Tasks per CPU of the cluster: enough to keep every core busy to the end, few enough that each task
carries several games."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BadOptionError(
            "--ray needs Ray, which comes with the 'cluster' extra: pip install 'ludoteca[cluster]'",
            "error.ray_missing",
        ) from None
    return ray


@contextmanager
def ray_runtime(address: str | None) -> Iterator[int]:
    """Connect to the Ray cluster at `address`, or with None start a local runtime (or join the one
    that Ray's own ``RAY_ADDRESS`` names); yields the number of CPUs the cluster offers, and disconnects
    (stopping a local runtime) at the end."""
    ray = _ray()
    ray.init(
        address=address,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
    )
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        ray.shutdown()


def ray_map(work: Callable[..., R], chunks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, R]]:
    """Run ``work(*chunk)`` for every chunk as a Ray task (inside `ray_runtime`); yields (index, result)
    as the tasks finish."""
    ray = _ray()
    remote = ray.remote(work)
    index = {remote.remote(*chunk): i for i, chunk in enumerate(chunks)}
    pending = list(index)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield index[ref], ray.get(ref)


def arena_task(
    game_id: str, options: Options, games: Sequence[tuple[int, Sequence[str]]], keep: bool, data: Path | None
) -> list[dict[str, Any]]:
    """One Ray task of the arena: `play_out` for each (seed, seating), with the data folder the command
    was given (`--data`), each result carrying its game's record under ``"record"`` when `keep`."""
    if data is not None:
        use_data(data, game_id)
    game = get_game(game_id)
    return [play_out(game, options, specs, seed, keep_record=keep) for seed, specs in games]
