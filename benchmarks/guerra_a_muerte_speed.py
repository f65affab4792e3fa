"""Guerra a Muerte's speed figures of issue 26, by CPU time, for side-by-side runs of two trees.

    PYTHONPATH=<tree>/src .venv/bin/python benchmarks/guerra_a_muerte_speed.py obs|bench|search|pz

- `obs`: `observation_tensor` µs, "in play" (the player to move observed after every action of seeded
  random games, 3,000 observations, as an environment does) and "sampled" (300 positions taken every 37
  actions, each observed once: kept control holds only what the rules asked for);
- `bench`: `ludoteca bench`'s `run_bench` for 5 s (its clock made CPU time, as `all.py` does): actions/s,
  clone and view µs, the campaign and 1820-1824;
- `search`: `all.py`'s `search_rate`, `ismcts:level=normal` iterations per CPU second over 12 decisions;
- `pz`: `pettingzoo_throughput.py`'s loop for 3 CPU seconds, turns/s beside `tictactoe_v3` (measured
  before and after, the mean of the two).

Run it from the tree whose `src` is on the path; the scripts of this folder it borrows are found beside it.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ludoteca.core.bench import run_bench
from ludoteca.core.game import get_game
from ludoteca.core.state import State

GAME = get_game("guerra-a-muerte")


def positions(scenario: str, count: int, seed: int) -> list[State]:
    """`count` positions of seeded random games, one every 37 actions."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = GAME.new_initial_state({"scenario": scenario})
        step = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
            if step % 37 == 0:
                out.append(state.clone())
    return out


def sampled_us(scenario: str) -> float:
    """µs an observation of a sampled position, each observed once (a fresh clone a round; best of 3)."""
    states = positions(scenario, 300, 7)
    best = []
    for _ in range(3):
        fresh = [state.clone() for state in states]
        start = time.process_time()
        for state in fresh:
            state.observation_tensor(0)
        best.append((time.process_time() - start) / len(fresh) * 1e6)
    return min(best)


def in_play_us(scenario: str, steps: int = 3000, seed: int = 11) -> float:
    """µs an observation of the player to move after every action of seeded random games."""
    rng = random.Random(seed)
    spent, count = 0.0, 0
    while count < steps:
        state = GAME.new_initial_state({"scenario": scenario})
        while not state.is_terminal() and count < steps:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            start = time.process_time()
            state.observation_tensor(state.current_player())
            spent += time.process_time() - start
            count += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return spent / count * 1e6


def main() -> None:
    what = sys.argv[1]
    if what == "obs":
        for scenario in ("campaign", "1820-1824", "1815-1818"):
            print(
                f"obs {scenario} sampled {sampled_us(scenario):.1f} µs, in play {in_play_us(scenario):.1f} µs"
            )
    elif what == "bench":
        real_clock = time.perf_counter
        time.perf_counter = time.process_time  # run_bench times itself: CPU time here
        try:
            for scenario in ("campaign", "1820-1824"):
                report = run_bench(GAME, 5.0, {"scenario": scenario})
                print(
                    f"bench {scenario} {report.actions_per_s:,.0f} actions/s clone {report.clone_us:.1f} µs "
                    f"view {report.view_us:.1f} µs (first {report.first_view_us:.1f})"
                )
        finally:
            time.perf_counter = real_clock
    elif what == "search":
        from all import search_rate

        for scenario in ("campaign", "1815-1818", "1820-1824"):
            options = {"scenario": scenario, "setup": "historical"}  # the play, not the set-up (all.MODES)
            rate, timed = search_rate("guerra-a-muerte", options, decisions=12)
            print(f"search {scenario} {rate:,.0f} iterations/s ({timed} decisions)")
    elif what == "pz":
        from pettingzoo.classic import tictactoe_v3
        from pettingzoo_throughput import measure

        from ludoteca.adapters.pettingzoo import env

        random.seed(0)
        first, _ = measure(tictactoe_v3.env, 3)
        turns = {}
        for scenario in ("campaign", "1820-1824"):
            random.seed(0)
            turns[scenario], _ = measure(lambda s=scenario: env("guerra-a-muerte", scenario=s), 3)
        random.seed(0)
        last, _ = measure(tictactoe_v3.env, 3)
        reference = (first + last) / 2
        for scenario, rate in turns.items():
            print(
                f"pz {scenario} {rate:,.0f} turns/s, tictactoe_v3 {reference:,.0f} ({rate / reference:.2f})"
            )
    else:
        raise SystemExit("usage: guerra_a_muerte_speed.py obs|bench|search|pz")


if __name__ == "__main__":
    main()
