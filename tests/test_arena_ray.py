"""The arena on Ray (issue 28): `ludoteca selfplay … --ray` plays the same games as ``--jobs`` on a local
Ray runtime, and writes the same records; without Ray the option says which extra brings it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from arena_cli import maquis_arena, runner, summary
from ludoteca.cli import app

pytest.importorskip("ray", reason="Ray comes with the 'cluster' extra (make test installs it)")

ARENA = maquis_arena(10, 40)


def arena(*extra: str) -> dict[str, Any]:
    return summary(ARENA, *extra)


@pytest.mark.slow  # a Ray runtime and twenty games
def test_the_arena_on_a_local_ray_runtime_plays_the_games_of_jobs(tmp_path: Path) -> None:
    """The same seeds and seatings give the same summary and byte-identical records, wherever they ran
    (the Ray tasks send their records back to be written here)."""
    on_ray = arena("--ray", "--records", str(tmp_path / "ray"))
    in_processes = arena("--jobs", "2", "--records", str(tmp_path / "jobs"))
    assert on_ray == in_processes
    assert on_ray["games"] == 10
    written = sorted(p.name for p in (tmp_path / "ray").iterdir())
    assert written == [f"maquis-{seed}.json" for seed in sorted(range(40, 50), key=str)]
    for name in written:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "jobs" / name).read_bytes()


def test_without_ray_the_option_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if it were not installed
    result = runner.invoke(app, [*ARENA[:-1], "--ray", "--lang", "en"])
    assert result.exit_code == 2
    assert "pip install 'ludoteca[cluster]'" in result.output and "Traceback" not in result.output
