"""`make bench`: every speed figure issue 26 asks for, in one run, as Markdown tables and as result files.

    .venv/bin/pip install -e '.[rl-bench]'     # make bench does it
    .venv/bin/python benchmarks/all.py [--seconds 3] [--only GAME] [--repeat N] [--no-record]

1. `ludoteca bench` (random actions/s, clone, view and legal actions) for every game and mode;
2. our search, `ismcts:level=normal`: iterations per second of CPU time on a few decisions of a random game
   of every game and mode;
3. PettingZoo's `performance_benchmark` loop, turns/s of every game and mode beside `tictactoe_v3` and
   `chess_v6` by CPU time (`pettingzoo_throughput.py`), with each one's ratio to `tictactoe_v3`;
4. OpenSpiel's `ISMCTSBot` through the adapter (`openspiel_ismcts.py`);
5. the vector environment's env-steps/s for N = 1, 8 and 64 beside one Gymnasium `GameEnv` and
   `SyncVectorEnv`, and where its time goes (`vector_throughput.py`).

CPU time is used throughout, so that a shared machine skews the figures less; PettingZoo's figures are best
read as ratios to `tictactoe_v3`, measured in the same run.

Each table's figures are also written to `benchmarks/results/` (`engine.json`, `search.json`,
`vector.json`, `pettingzoo.json`, `openspiel.json`; `record.py`), each with this command, the date, the
machine and the commit; `benchmarks/summary.py` (run by `make bench`) renders BENCHMARKS.md's tables from
them. `--no-record` prints only.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.bench import run_bench
from ludoteca.core.game import get_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record

MODES: list[tuple[str, dict[str, str]]] = [
    ("maquis", {}),
    ("mar-y-acero", {}),
    ("mar-y-acero", {"mode": "solo"}),
    ("patria-libre", {}),
    ("patria-libre", {"players": "3"}),
    ("patria-libre", {"players": "4"}),
    ("patria-libre", {"solo": "insurgentes"}),
    ("patria-libre", {"solo": "realistas"}),
    ("guerra-a-muerte", {"scenario": "campaign"}),
    ("guerra-a-muerte", {"scenario": "1810-1814"}),
    ("guerra-a-muerte", {"scenario": "1815-1818", "setup": "historical"}),
    ("guerra-a-muerte", {"scenario": "1820-1824", "setup": "historical"}),
    ("guerra-a-muerte", {"scenario": "1815-1818", "intelligence": "open", "setup": "historical"}),
    ("pax-porfiriana", {}),
    ("pax-porfiriana", {"players": "4"}),
    ("pax-porfiriana", {"players": "6"}),
    ("pax-porfiriana", {"solo": "diaz"}),
]
"""Every game, and each mode that changes what a turn costs (players, solo opponents, scenarios). Guerra a
Muerte's short scenarios start from the data's placement (`setup=historical`): with the players' own set-up,
the default, their first 66–87 decisions are placements, which `search_rate` (a decision in five, from the
start) would time alone, and the figures would no longer compare with the earlier ones."""

HERE = Path(__file__).resolve().parent


def mode_name(game_id: str, options: dict[str, str]) -> str:
    return " ".join([game_id, *(f"{k}={v}" for k, v in options.items())])


def engine_table(seconds: float, modes: list[tuple[str, dict[str, str]]]) -> list[dict[str, Any]]:
    """Prints `ludoteca bench`'s figures of every mode by CPU time, and returns them as result figures."""
    print("| game and mode | actions/s | clone µs | view µs | first view µs | legal_actions µs |")
    print("|---|---|---|---|---|---|")
    figures = []
    real_clock = time.perf_counter
    time.perf_counter = time.process_time  # run_bench times itself: CPU time here
    try:
        for game_id, options in modes:
            report = run_bench(get_game(game_id), seconds, options)
            print(
                f"| {mode_name(game_id, options)} | {report.actions_per_s:,.0f} | {report.clone_us:.1f} "
                f"| {report.view_us:.1f} | {report.first_view_us:.1f} | {report.legal_actions_us:.1f} |",
                flush=True,
            )
            figures.append(
                {
                    **mode_figure(game_id, options),
                    "actions_per_s": round(report.actions_per_s),
                    "clone_us": round(report.clone_us, 1),
                    "view_us": round(report.view_us, 1),
                    "first_view_us": round(report.first_view_us, 1),
                    "legal_actions_us": round(report.legal_actions_us, 2),
                }
            )
    finally:
        time.perf_counter = real_clock
    return figures


def mode_figure(game_id: str, options: dict[str, str]) -> dict[str, Any]:
    """The key, game and options of a mode's figure in a result file."""
    return {"key": mode_name(game_id, options), "game": game_id, "options": options}


def search_rate(
    game_id: str,
    options: dict[str, str],
    decisions: int = 6,
    seed: int = 0,
    repeat: int = 1,
    spec: str = "ismcts:level=normal",
) -> tuple[float, int]:
    """`spec`'s (by default `ismcts:level=normal`) iterations per CPU second over `decisions` decisions
    with a choice, about one in five of those met in seeded random games (a new game when one ends, five
    at most); and how many decisions were timed. Each decision's search is run `repeat` times (the same
    search: same seed, same iterations) and its least CPU time kept, the run least disturbed on a shared
    machine."""
    game = get_game(game_id)
    rng = random.Random(seed)
    iterations, seconds, timed = 0, 0.0, 0
    for _ in range(5):
        state = game.new_initial_state(options)
        while not state.is_terminal() and timed < decisions:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                spent = []
                for _ in range(repeat):
                    agent = make_agent(spec, game, state.current_player(), seed + timed)
                    start = time.process_time()
                    agent.step(state.clone())
                    spent.append(time.process_time() - start)
                seconds += min(spent)
                iterations += getattr(agent, "iterations", 0)
                timed += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return (iterations / seconds if seconds else 0.0), timed


def search_table(modes: list[tuple[str, dict[str, str]]], repeat: int = 1) -> list[dict[str, Any]]:
    """Prints the search's iterations per second of every mode, and returns them as result figures."""
    print("| game and mode | `ismcts:level=normal` iterations/s (CPU) | decisions timed |")
    print("|---|---|---|")
    figures = []
    for game_id, options in modes:
        rate, timed = search_rate(game_id, options, repeat=repeat)
        print(f"| {mode_name(game_id, options)} | {rate:,.0f} | {timed} |", flush=True)
        figures.append({**mode_figure(game_id, options), "iterations_per_s": round(rate), "decisions": timed})
    return figures


ENGINE_ABOUT = (
    "`ludoteca bench` by CPU time: random actions/s (chance included), clone, view after a move, first view "
    "of a position and legal_actions in µs, on mid-game positions of random games"
)
SEARCH_ABOUT = "`ismcts:level=normal` iterations per CPU second on a few decisions of seeded random games"


def script(name: str, *args: str) -> None:
    """Another benchmark of this folder, in its own process (it prints its own table and, given
    `--record`, writes its own result file)."""
    subprocess.run([sys.executable, str(HERE / name), *args], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="`ludoteca bench` budget a mode")
    parser.add_argument("--only", help="one game id (the PettingZoo and OpenSpiel tables are left out)")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of each timed search; the least CPU time is kept"
    )
    parser.add_argument("--no-record", action="store_true", help="print only: write no result file")
    args = parser.parse_args()
    modes = [m for m in MODES if args.only in (None, m[0])]
    stamp = record.stamp(record.this_command())
    recording = [] if args.no_record else ["--record"]
    print("### `ludoteca bench`, every game and mode (CPU time)\n")
    engine = engine_table(args.seconds, modes)
    if not args.no_record:
        record.write("engine", ENGINE_ABOUT, [{**figure, **stamp} for figure in engine])
    print("\n### Search iterations per second\n")
    search = search_table(modes, args.repeat)
    if not args.no_record:
        record.write("search", SEARCH_ABOUT, [{**figure, **stamp} for figure in search])
    print("\n### Vector environment steps per second (CPU time)\n", flush=True)
    only = ["--only", args.only] if args.only else []
    script("vector_throughput.py", "--seconds", "1", *only, *recording)
    if args.only:
        return
    print("\n### PettingZoo turns per second (CPU time; compare the ratios)\n", flush=True)
    script("pettingzoo_throughput.py", "--repeat", "1", "--seconds", "2", *recording)
    print("\n### OpenSpiel's ISMCTSBot through the adapter (CPU time)\n", flush=True)
    script("openspiel_ismcts.py", *recording)


if __name__ == "__main__":
    main()
