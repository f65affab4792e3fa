"""OpenSpiel's own Python `ISMCTSBot` on Ludoteca games through the OpenSpiel adapter: simulations per
second of CPU time (`time.process_time`, so that a shared machine skews it less), per game.

    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_ismcts.py [--games mar-y-acero,patria-libre]
        [--evaluator game|rollout] [--positions 6] [--simulations 100] [--record]

A seeded random game gives `--positions` decisions with a choice, spread over its first 200 actions; at
each, the bot runs one search of `--simulations` simulations with the adapter's resampler
(`adapter.resampler`). The evaluator is the game's own `State.evaluate()` (`adapter.Evaluator`, the search
stops at the tree's edge: the cost measured is the search's own, not a rollout's) or OpenSpiel's
`RandomRolloutEvaluator` (one random game played to its end per simulation). Prints a Markdown table:
simulations/s, and the length of the information-state string OpenSpiel keys its tree by at the last
position. `--record`: the figures are also written to `benchmarks/results/openspiel.json` (`record.py`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludoteca.adapters import openspiel as adapter

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record

GAMES = ("mar-y-acero", "patria-libre", "guerra-a-muerte", "pax-porfiriana")
"""The games with hidden information: OpenSpiel's ISMCTS refuses a perfect-information game (Maquis)."""


def positions(game: pyspiel.Game, count: int, seed: int) -> list[pyspiel.State]:
    """`count` decisions (with a choice to make) of one seeded random game, evenly spread over its first
    200 actions."""
    rng = np.random.RandomState(seed)
    state, decisions = game.new_initial_state(), []
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if len(state.legal_actions()) > 1:
            decisions.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    step = max(1, len(decisions) // count)
    return decisions[step - 1 :: step][:count]


def measure(game_id: str, evaluator_kind: str, count: int, simulations: int) -> tuple[float, int, int]:
    """Simulations per CPU second over the searches at `count` positions, the searches made, and the
    length of the information-state string at the last of them."""
    game = adapter.load(game_id)
    if evaluator_kind == "game":
        evaluator: mcts.Evaluator = adapter.Evaluator()
    else:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=np.random.RandomState(0))
    bot.set_resampler(adapter.resampler(0))
    found = positions(game, count, seed=1)
    spent = 0.0
    for state in found:
        start = time.process_time()
        bot.step(state)
        spent += time.process_time() - start
    key = len(found[-1].information_state_string()) if found else 0
    return len(found) * simulations / spent if spent else 0.0, len(found), key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--evaluator", choices=("game", "rollout"), default="game")
    parser.add_argument("--positions", type=int, default=6, help="searches per game")
    parser.add_argument("--simulations", type=int, default=100, help="simulations per search")
    parser.add_argument("--record", action="store_true", help="also write benchmarks/results/openspiel.json")
    args = parser.parse_args()
    stamp = record.stamp(record.this_command())
    print(f"| game | simulations/s (CPU, {args.evaluator} evaluator) | searches | info-state string length |")
    print("|---|---|---|---|")
    figures = []
    for game_id in args.games.split(","):
        rate, searches, key = measure(game_id, args.evaluator, args.positions, args.simulations)
        print(f"| {game_id} | {rate:,.0f} | {searches} | {key:,} |", flush=True)
        figures.append(
            {
                "key": game_id if args.evaluator == "game" else f"{game_id} (rollouts)",
                "game": game_id,
                "simulations_per_s": round(rate),
                **stamp,
            }
        )
    if args.record:
        about = "OpenSpiel's `ISMCTSBot` through the adapter: simulations per CPU second"
        record.write("openspiel", about, figures)


if __name__ == "__main__":
    main()
