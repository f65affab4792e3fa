"""benchmarks/arenas.py (`make arenas`): the arenas of issues 27 and 23 as `ludoteca selfplay` commands, each
with seeds of its own, and their rows read from what `selfplay --json` prints."""

from __future__ import annotations

import importlib.util
import itertools
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "arenas.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arenas", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["arenas"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def run(*args: str) -> str:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], check=True, capture_output=True, text=True
    ).stdout


def seed_of(line: str) -> int:
    words = line.split()
    return int(words[words.index("--seed") + 1])


def test_every_arena_has_seeds_of_its_own_whatever_is_chosen() -> None:
    arenas = load().ARENAS
    rows = [line for line in run("--list").splitlines() if "selfplay" in line]
    assert len(rows) == len(arenas)
    seeds = [seed_of(line) for line in rows]
    assert all(b - a >= 1000 for a, b in itertools.pairwise(seeds))  # blocks wider than 200 games
    [hard] = [
        line
        for line in run("--list", "--only", "maquis, normal difficulty, hard").splitlines()
        if "selfplay" in line
    ]
    assert (
        seed_of(hard) == seeds[2] and "--agents ismcts:level=hard" in hard and "-o difficulty=normal" in hard
    )


@pytest.mark.slow  # a real arena game in its own process
def test_an_arena_runs_and_its_row_says_what_the_issue_asks(tmp_path: Path) -> None:
    """One real game of the cheapest arena, read back from `selfplay --json`; with `--records`, kept in the
    arena's folder, and the same command run again reads it back instead of playing it. Its figure goes to
    the result file `--results` names, with its command."""
    results = tmp_path / "results"
    chosen = (
        "--games",
        "1",
        "--only",
        "Maquis, normal difficulty, easy",
        "--records",
        str(tmp_path / "runs"),
    )
    row = run(*chosen, "--results", str(results)).splitlines()[2]
    assert row.startswith("| Maquis, normal difficulty, easy | 1 | ")
    assert "| — | — |" in row  # issue 27 sets no figure for `easy`: a rung of the ladder
    [record] = (tmp_path / "runs" / "maquis--normal-difficulty--easy").iterdir()
    stamp = record.stat().st_mtime_ns
    assert run(*chosen, "--no-record").splitlines()[2] == row and record.stat().st_mtime_ns == stamp
    [figure] = json.loads((results / "arenas.json").read_text(encoding="utf-8"))["figures"]
    assert figure["key"] == "Maquis, normal difficulty, easy" and figure["games"] == 1
    assert figure["command"].startswith("ludoteca selfplay maquis --agents ismcts:level=easy --games 1")
    assert figure["target"] is None and figure["wins"] in (0, 1)


def test_a_lopsided_scenario_is_marked() -> None:
    arenas = load()
    balance = next(a for a in arenas.ARENAS if a.balance)
    result = {"games": 100, "wins": {"patriotas": 3, "realistas": 85}, "outcomes": {"outcome.draw": 12}}
    line = arenas.row(balance, result, ["ludoteca", "selfplay"])
    assert "patriotas 3 / realistas 85 / draw 12" in line and "largest 85.0%" in line and "| no |" in line
    result = {"games": 100, "wins": {"patriotas": 30, "realistas": 50}, "outcomes": {"outcome.draw": 20}}
    assert "| yes |" in arenas.row(balance, result, ["ludoteca", "selfplay"])


def test_a_target_is_met_only_at_its_figure() -> None:
    arenas = load()
    normal = next(a for a in arenas.ARENAS if a.target == 0.30)
    agent = {"games": 200, "wins": 59, "win_rate": 0.295, "ci95": [0.23, 0.36]}
    line = arenas.row(normal, {"by_agent": {normal.scored: agent}}, ["ludoteca"])
    assert "| ≥ 30.0% | no |" in line and "59 / 200 = 29.5%" in line
    agent = {**agent, "wins": 60, "win_rate": 0.30}
    assert "| ≥ 30.0% | yes |" in arenas.row(normal, {"by_agent": {normal.scored: agent}}, ["ludoteca"])


def test_the_plans_head_to_head_is_met_only_at_70_percent_in_each_role() -> None:
    """Issue 56: the default level against the search over actions, scored by role with a draw half; met
    only where the smaller of the two roles' scores reaches 70%."""
    arenas = load()
    duel = next(a for a in arenas.ARENAS if a.by_role and "1815-1818" in a.name)
    assert duel.agents == "ismcts:level=normal,ismcts:level=normal:plans=0" and duel.target == 0.70

    def result(royalist_wins: int) -> dict[str, object]:
        roles = {
            "patriotas": {"games": 15, "wins": 10, "draws": 2, "score": 11 / 15},
            "realistas": {
                "games": 15,
                "wins": royalist_wins,
                "draws": 1,
                "score": (royalist_wins + 0.5) / 15,
            },
        }
        return {"by_agent": {duel.scored: {"games": 30, "roles": roles}}}

    line = arenas.row(duel, result(9), ["ludoteca"])
    assert "patriotas 10+2½ of 15 = 73.3%" in line and "least 63.3%" in line and "| no |" in line
    assert "| yes |" in arenas.row(duel, result(11), ["ludoteca"])
    figure = arenas.figure(duel, result(11), ["ludoteca"])
    assert figure["least"] == pytest.approx(11 / 15) and figure["roles"]["realistas"]["wins"] == 11
