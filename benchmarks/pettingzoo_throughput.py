"""PettingZoo step throughput of every Ludoteca game beside PettingZoo's own tictactoe_v3 and chess_v6,
measured in one run by PettingZoo's `performance_benchmark` (random legal actions, 5 s per run).

    .venv/bin/pip install -e '.[rl-bench]'     # the rl extra plus chess and pygame for PettingZoo's envs
    .venv/bin/python benchmarks/pettingzoo_throughput.py [--repeat 3]

Prints a Markdown table: the median over the runs of turns/s (one `step`, with `last()` observing,
each) and cycles/s, and the range of turns/s.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import statistics
from collections.abc import Callable
from typing import Any

from pettingzoo.classic import chess_v6, tictactoe_v3
from pettingzoo.test import performance_benchmark

from ludoteca.adapters.pettingzoo import env
from ludoteca.core.game import all_games


def measure(make: Callable[[], Any]) -> tuple[float, float]:
    """One run of `performance_benchmark`: turns/s and cycles/s, read from what it prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(make())
    text = out.getvalue()
    turns = float(re.search(r"([\d.]+) turns per second", text).group(1))  # type: ignore[union-attr]
    cycles = float(re.search(r"([\d.]+) cycles per second", text).group(1))  # type: ignore[union-attr]
    return turns, cycles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per environment (the median is shown)")
    args = parser.parse_args()
    envs: dict[str, Callable[[], Any]] = {f"ludoteca {g.id}": (lambda g=g: env(g.id)) for g in all_games()}
    envs["PettingZoo tictactoe_v3"] = tictactoe_v3.env
    envs["PettingZoo chess_v6"] = chess_v6.env
    print("| environment | turns/s (median) | turns/s (range) | cycles/s (median) |")
    print("|---|---|---|---|")
    for name, make in envs.items():
        random.seed(0)  # performance_benchmark draws actions from the global generator
        runs = [measure(make) for _ in range(args.repeat)]
        turns = [t for t, _ in runs]
        cycles = statistics.median(c for _, c in runs)
        span = f"{min(turns):,.0f}–{max(turns):,.0f}"
        print(f"| {name} | {statistics.median(turns):,.0f} | {span} | {cycles:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
