"""The result files of `make bench` and `make arenas`: one JSON file per run kind under `benchmarks/results/`,
each figure with the command that measured it, its date, the machine and the commit.

A file is `{"kind": ..., "about": ..., "figures": [...]}`; a figure is a dict with a `key` (the mode, the
environment or the arena it measures), its numbers, and `command`, `date`, `machine`, `commit` (figures
entered by hand may add a `note` on how the command was run and `see`, the experiment note). A run
replaces the figures it measured (by key) and keeps the others, so that `--only GAME` updates one game's
rows; `benchmarks/summary.py` renders BENCHMARKS.md's tables from these files.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def path_of(kind: str, folder: Path = RESULTS) -> Path:
    return folder / f"{kind}.json"


def read(kind: str, folder: Path = RESULTS) -> dict[str, Any]:
    """A result file, or an empty one of that kind when none was written yet."""
    found = path_of(kind, folder)
    if not found.exists():
        return {"kind": kind, "about": "", "figures": []}
    data: dict[str, Any] = json.loads(found.read_text(encoding="utf-8"))
    return data


def stamp(command: str) -> dict[str, str]:
    """What every figure of this run carries: its command, the date (UTC, to the minute), the machine and
    the commit measured."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    load = f", load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    machine = (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"CPython {platform.python_version()}{load}"
    )
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return {"command": command, "date": date, "machine": machine, "commit": commit}


def this_command() -> str:
    """The command line that is running, as a reader would type it again."""
    script = "/".join(Path(sys.argv[0]).resolve().as_posix().split("/")[-2:])
    return " ".join(["python", script, *sys.argv[1:]])


def write(kind: str, about: str, figures: list[dict[str, Any]], folder: Path = RESULTS) -> Path:
    """Merges `figures` into the file of `kind`: a figure replaces the one with its key, in its place; new
    keys go at the end."""
    data = read(kind, folder)
    data["about"] = about
    kept: list[dict[str, Any]] = data["figures"]
    places = {figure["key"]: i for i, figure in enumerate(kept)}
    for figure in figures:
        if figure["key"] in places:
            kept[places[figure["key"]]] = figure
        else:
            places[figure["key"]] = len(kept)
            kept.append(figure)
    folder.mkdir(parents=True, exist_ok=True)
    target = path_of(kind, folder)
    target.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return target
