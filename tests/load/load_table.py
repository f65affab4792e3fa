"""Issue 28's load table: `load_run.py` at 1, 2 and 4 workers on PostgreSQL with 100, 500 and 1,000
WebSocket clients, and SQLite's one process with 100 as the reference, each unpaced and paced, one run after
another (each its own server and, on PostgreSQL, its own throwaway cluster). Prints the Markdown table that
BENCHMARKS.md keeps; with `--jsonl FILE`, appends each run's report to FILE as it ends.

    .venv/bin/python tests/load/load_table.py [--seconds 20] [--thinks 0,2] [--workers 1,2,4]
        [--clients 100,500,1000] [--jsonl FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RUN = Path(__file__).resolve().parent / "load_run.py"


def numbers(text: str, kind: type = int) -> list[Any]:
    return [kind(item) for item in text.split(",") if item]


def one_run(seconds: float, think: float, clients: int, workers: int | None) -> dict[str, Any]:
    """One `load_run.py --json` (workers None: SQLite, one process), with the machine's load average."""
    command = [sys.executable, str(RUN), "--json", "--seconds", str(seconds), "--games", str(clients // 2)]
    command += ["--think", str(think)]
    if workers is not None:
        command += ["--postgresql", "--workers", str(workers)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    report["load_average"] = round(os.getloadavg()[0], 1)
    report["ended"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    return report


def row(report: dict[str, Any]) -> str:
    trip = report["round_trip_ms"]
    paced = f"{report['think_seconds']:g} s" if report["think_seconds"] else "none"
    offered = f"{report['offered_per_second']:,.0f}" if report["offered_per_second"] else "—"
    cells = [
        "SQLite" if report["database"] == "sqlite" else "PostgreSQL",
        str(report["workers"]),
        f"{report['clients']:,}",
        paced,
        offered,
        f"{report['actions_per_second']:,.0f}",
        f"{trip['p50']:,.0f}",
        f"{trip['p99']:,.0f}",
        str(report["refused"]),
        f"{report['server_cpu_ms_per_action']:.2f} / {report['database_cpu_ms_per_action']:.2f} / "
        f"{report['clients_cpu_ms_per_action']:.2f}",
        str(report["load_average"]),
    ]
    return "| " + " | ".join(cells) + " |"


HEADER = (
    "| database | workers | clients | think | offered actions/s | actions/s | p50 ms | p99 ms | refused "
    "| CPU ms per action (server / PostgreSQL / clients) | load |\n" + "|---" * 11 + "|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--thinks", default="0,2", help="mean think times, seconds (0: unpaced)")
    parser.add_argument("--workers", default="1,2,4")
    parser.add_argument("--clients", default="100,500,1000")
    parser.add_argument("--no-sqlite", action="store_true", help="leave out SQLite's reference row")
    parser.add_argument("--jsonl", type=Path, help="append each run's report to this file")
    args = parser.parse_args()
    plan: list[tuple[float, int, int | None]] = []
    for think in numbers(args.thinks, float):
        if not args.no_sqlite:
            plan.append((think, 100, None))
        plan += [(think, c, w) for w in numbers(args.workers) for c in numbers(args.clients)]
    rows = []
    for think, clients, workers in plan:
        report = one_run(args.seconds, think, clients, workers)
        if args.jsonl:
            with args.jsonl.open("a") as out:
                out.write(json.dumps(report) + "\n")
        rows.append(row(report))
        print(rows[-1], file=sys.stderr, flush=True)
    print(HEADER)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
