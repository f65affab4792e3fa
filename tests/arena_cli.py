"""What the arena's command-line tests share: a small Maquis arena (`cautious` against `random`) run through
`ludoteca selfplay … --json`, its summary without the measured time per decision."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from ludoteca.cli import app

runner = CliRunner(env={"COLUMNS": "200"})


def maquis_arena(games: int, seed: int) -> list[str]:
    """The command line of a Maquis arena of `games` from `seed`, JSON out (`--json` last)."""
    count = ["--games", str(games), "--seed", str(seed)]
    return ["selfplay", "maquis", "--agents", "cautious,random", *count, "--json"]


def summary(command: list[str], *extra: str) -> dict[str, Any]:
    """The JSON summary of `command` with `extra` options; the command must succeed."""
    result = runner.invoke(app, [*command, *extra])
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)
    for entry in found["by_agent"].values():
        entry.pop("seconds_per_decision")  # measured, not reproduced
    return found
