"""Agents playing whole games against each other, and the summary of many such games (DESIGN §8–§10).

Game `seed` samples chance with ``random.Random(seed)`` — the convention of `Match` — and seats its
agents with the same seed, so a game depends on its seed alone, wherever and in whatever order it runs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.game import CHANCE, Game, get_game


def play_out(game: Game, options: Mapping[str, str], specs: Sequence[str], seed: int) -> dict[str, Any]:
    """Play one game with one agent spec per role; its length (all actions, chance included),
    returns and outcome key."""
    state = game.new_initial_state(options)
    rng = random.Random(seed)
    agents = [make_agent(spec, game, role, seed) for role, spec in enumerate(specs)]
    length = 0
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(state.sample_chance(rng) if player == CHANCE else agents[player].step(state))
        length += 1
    over = state.result("en") or {}
    return {"seed": seed, "length": length, "returns": state.returns(), "outcome": over.get("outcome")}


def play_games(
    game_id: str, options: Mapping[str, str], specs: Sequence[str], seeds: Sequence[int]
) -> list[dict[str, Any]]:
    """`play_out` for each seed; the unit of work sent to a worker process."""
    game = get_game(game_id)
    return [play_out(game, options, specs, seed) for seed in seeds]


def summarize(
    game: Game, options: Mapping[str, str], specs: Sequence[str], seed: int, results: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """Per-role wins (a return above 0 is a win), outcomes with counts, mean and longest length."""
    count = len(results)
    wins = {role: sum(r["returns"][i] > 0 for r in results) for i, role in enumerate(game.roles)}
    lengths = [r["length"] for r in results]
    return {
        "game": game.id,
        "options": dict(options),
        "agents": dict(zip(game.roles, specs, strict=True)),
        "games": count,
        "seed": seed,
        "wins": wins,
        "win_rates": {role: round(n / count, 4) if count else 0.0 for role, n in wins.items()},
        "outcomes": dict(sorted(Counter(str(r["outcome"]) for r in results).items())),
        "length": {"mean": round(sum(lengths) / count, 2) if count else 0.0, "max": max(lengths, default=0)},
    }
