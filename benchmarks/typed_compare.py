"""One tree's engine and search speed in CPU time, to compare two trees (issue 57: typing costs nothing):

    PYTHONPATH=OLD/src python benchmarks/typed_compare.py           # a tree from before the plans
    PYTHONPATH=src python benchmarks/typed_compare.py :plans=0      # this one, searching over actions

Run the two alternately, a few rounds, each in a fresh process. Prints JSON: per game, random-playout
actions per CPU second (`run_bench` with its clock read as `process_time`), clone and view µs, and
`ismcts:level=normal` iterations per CPU second over 4 decisions of a seeded random game (the spec's
suffix given to Guerra a Muerte, the game with plans).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import ludoteca.core.bench as bench
from ludoteca.ai.agents import make_agent
from ludoteca.core.game import get_game

MODES = [
    ("maquis", {}),
    ("mar-y-acero", {}),
    ("patria-libre", {}),
    ("pax-porfiriana", {}),
    ("guerra-a-muerte", {"scenario": "1810-1814"}),
]


def search_rate(game_id: str, options: dict[str, str], spec: str, decisions: int = 4) -> float:
    """`spec`'s iterations per CPU second over `decisions` decisions of a seeded random game."""
    game = get_game(game_id)
    rng = random.Random(0)
    iterations, seconds, timed = 0, 0.0, 0
    state = game.new_initial_state(options)
    while not state.is_terminal() and timed < decisions:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.2:
            agent = make_agent(spec, game, state.current_player(), timed)
            start = time.process_time()
            agent.step(state.clone())
            seconds += time.process_time() - start
            iterations += getattr(agent, "iterations", 0)
            timed += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return iterations / seconds if seconds else 0.0


def main() -> None:
    suffix = sys.argv[1] if len(sys.argv) > 1 else ""
    bench.time.perf_counter = time.process_time  # type: ignore[attr-defined]  # CPU time, not wall clock
    out: dict[str, dict[str, Any]] = {}
    for game_id, options in MODES:
        report = bench.run_bench(get_game(game_id), 3.0, options)
        spec = "ismcts:level=normal" + (suffix if game_id == "guerra-a-muerte" else "")
        out[game_id] = {
            "actions_per_s": round(report.actions_per_s),
            "clone_us": round(report.clone_us, 1),
            "view_us": round(report.view_us, 1),
            "search_iters_per_s": round(search_rate(game_id, options, spec), 1),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
