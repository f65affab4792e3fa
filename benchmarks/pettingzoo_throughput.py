"""PettingZoo step throughput of every Ludoteca game and mode beside PettingZoo's own tictactoe_v3 and
chess_v6, measured in one run by PettingZoo's `performance_benchmark` loop (random legal actions, `last()`
observing before every `step`).

    .venv/bin/pip install -e '.[rl-bench]'     # the rl extra plus chess and pygame for PettingZoo's envs
    .venv/bin/python benchmarks/pettingzoo_throughput.py [--repeat 3] [--seconds S] [--defaults] [--record]

Prints a Markdown table: the median over the runs of turns/s (one `step`, with `last()` observing,
each) and cycles/s, the range of turns/s, and the ratio of the median to tictactoe_v3's (measured first
and last, the mean of the two medians: issue 26 asks every game and mode for at least 1). Without
`--seconds` each run is PettingZoo's `performance_benchmark` itself (5 s, wall clock); with it, the same
loop for S seconds of CPU time (what a shared machine skews least). `--defaults`: each game's default
options only. `--record`: the figures are also written to `benchmarks/results/pettingzoo.json` (`record.py`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

try:
    from pettingzoo.classic import chess_v6, tictactoe_v3
except ImportError as missing:  # chess and pygame come with the benchmark extra, not with `make test`'s
    sys.exit(f"{missing}: first `.venv/bin/pip install -e '.[rl-bench]'` (`make bench` does it)")
from pettingzoo.test import performance_benchmark

from ludoteca.adapters.pettingzoo import env

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record
from all import MODES, mode_name

ABOUT = (
    "PettingZoo's `performance_benchmark` loop: turns/s (median) and the ratio to `tictactoe_v3`'s in the "
    "same run"
)


def measure(make: Callable[[], Any], seconds: float | None) -> tuple[float, float]:
    """One run: turns/s and cycles/s, read from what `performance_benchmark` prints, or (`seconds`) its
    loop timed by CPU time."""
    if seconds is None:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            performance_benchmark(make())
        text = out.getvalue()
        turns = float(re.search(r"([\d.]+) turns per second", text).group(1))  # type: ignore[union-attr]
        cycles = float(re.search(r"([\d.]+) cycles per second", text).group(1))  # type: ignore[union-attr]
        return turns, cycles
    environment = make()
    environment.reset()
    turn = cycle = 0
    start = time.process_time()
    while time.process_time() - start < seconds:  # performance_benchmark's loop, by CPU time
        cycle += 1
        for agent in environment.agent_iter(environment.num_agents):
            obs, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                action = None
            elif isinstance(obs, dict) and "action_mask" in obs:
                action = random.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                action = environment.action_space(agent).sample()
            environment.step(action)
            turn += 1
            if all(environment.terminations.values()) or all(environment.truncations.values()):
                environment.reset()
    elapsed = time.process_time() - start
    return turn / elapsed, cycle / elapsed


def runs(make: Callable[[], Any], repeat: int, seconds: float | None) -> list[tuple[float, float]]:
    random.seed(0)  # performance_benchmark draws actions from the global generator
    return [measure(make, seconds) for _ in range(repeat)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per environment (the median is shown)")
    parser.add_argument("--seconds", type=float, help="CPU seconds a run (default: performance_benchmark)")
    parser.add_argument("--defaults", action="store_true", help="each game's default options only")
    parser.add_argument("--record", action="store_true", help="also write benchmarks/results/pettingzoo.json")
    args = parser.parse_args()
    stamp = record.stamp(record.this_command())
    modes = [(g, o) for g, o in MODES if not (args.defaults and o)]
    envs: dict[str, Callable[[], Any]] = {
        f"ludoteca {mode_name(g, o)}": (lambda g=g, o=o: env(g, **o)) for g, o in modes
    }
    envs["PettingZoo chess_v6"] = chess_v6.env
    first = runs(tictactoe_v3.env, args.repeat, args.seconds)
    results = {name: runs(make, args.repeat, args.seconds) for name, make in envs.items()}
    last = runs(tictactoe_v3.env, args.repeat, args.seconds)
    reference = (statistics.median(t for t, _ in first) + statistics.median(t for t, _ in last)) / 2
    results["PettingZoo tictactoe_v3"] = first + last
    print("| environment | turns/s (median) | turns/s (range) | cycles/s (median) | ÷ tictactoe_v3 |")
    print("|---|---|---|---|---|")
    figures = []
    for name, found in results.items():
        turns = [t for t, _ in found]
        cycles = statistics.median(c for _, c in found)
        span = f"{min(turns):,.0f}–{max(turns):,.0f}"
        ratio = statistics.median(turns) / reference
        print(
            f"| {name} | {statistics.median(turns):,.0f} | {span} | {cycles:,.0f} | {ratio:.2f} |", flush=True
        )
        game = name.split()[1] if name.startswith("ludoteca ") else "pettingzoo"
        turns_s = round(statistics.median(turns))
        figures.append({"key": name, "game": game, "turns_per_s": turns_s, "ratio": round(ratio, 2), **stamp})
    if args.record:
        record.write("pettingzoo", ABOUT, figures)


if __name__ == "__main__":
    main()
