"""The arena: agents playing whole games against each other, and the summary of many such games (DESIGN
§8–§10).

Seats pinned to a spec keep it; the agents under test rotate over the other seats, so that over any
multiple of their number of games each agent sits at each free seat equally often: game ``i`` gives the
``j``-th free seat agent ``(i + j) mod k``. With one seat and two agents (Maquis, ``ismcts,random``) the
two simply alternate, and their win rates come out side by side. Roles out of play under the options
(`Game.roles_in_play`: a two-player Patria Libre, the side a solo opponent plays) are never free seats, so
the agents rotate over the seats in play; a seat that never decides is left out of the figures.

Game `seed` samples chance with ``random.Random(seed)`` — the convention of `Match` — and seats its
agents with the same seed, so a game depends on its seed and its seating alone, wherever and in whatever
order it runs.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core.game import CHANCE, Game, get_game
from ludoteca.core.match import Match
from ludoteca.core.options import Options
from ludoteca.core.record import save_record

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def seatings(
    roles: int,
    agents: Sequence[str],
    pinned: Mapping[int, str],
    count: int,
    in_play: Sequence[int] | None = None,
) -> list[list[str]]:
    """The spec at each seat for games ``0 .. count-1``: pinned seats fixed, the agents rotated over the
    free seats — the seats `in_play` (every seat by default) that are not pinned. A seat out of play
    gets ``random``, which it never uses."""
    seats = range(roles) if in_play is None else in_play
    free = [r for r in seats if r not in pinned]
    games = []
    for i in range(count):
        specs = [pinned.get(r, "random") for r in range(roles)]
        for j, seat in enumerate(free):
            specs[seat] = agents[(i + j) % len(agents)]
        games.append(specs)
    return games


def play_out(
    game: Game,
    options: Options,
    specs: Sequence[str],
    seed: int,
    records: Path | None = None,
    keep_record: bool = False,
) -> dict[str, Any]:
    """Play one game with one agent spec per role: its length (all actions, chance included), returns,
    outcome, and each seat's decisions, thinking time and search iterations (of agents that count them in
    an `iterations` attribute, as `ismcts` does). With `records`, the game's record is written
    there as ``GAME-SEED.json``, with the seating under ``"agents"``; with `keep_record`, the record comes
    back under ``"record"`` (for an arena whose games run on other machines, `cluster.py`)."""
    state = game.new_initial_state(options)
    rng = random.Random(seed)
    agents = [make_agent(spec, game, role, seed) for role, spec in enumerate(specs)]
    decisions, seconds, iterations = [0] * len(specs), [0.0] * len(specs), [0] * len(specs)
    actions = []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            start = time.perf_counter()
            action = agents[player].step(state)
            seconds[player] += time.perf_counter() - start
            decisions[player] += 1
            iterations[player] += getattr(agents[player], "iterations", 0)
        state.apply_action(action)
        actions.append(action)
    record = None
    if records is not None or keep_record:
        record = record_of(game, options, seed, actions, specs)
        if records is not None:
            save_record(record, records / record_name(game.id, seed))
    over = state.result("en") or {}
    return {
        "seed": seed,
        "specs": list(specs),
        "length": len(actions),
        "returns": state.returns(),
        "outcome": over.get("outcome"),
        "decisions": decisions,
        "seconds": seconds,
        "iterations": iterations,
        **({"record": record} if keep_record else {}),
    }


def record_name(game_id: str, seed: int) -> str:
    """The file an arena game's record is written to, in the folder given with ``--records``."""
    return f"{game_id}-{seed}.json"


def record_of(
    game: Game, options: Options, seed: int, actions: Sequence[int], specs: Sequence[str]
) -> dict[str, Any]:
    """The record of a finished game (replayed through a `Match`), with the agent at each seat."""
    match = Match(game, options, seed)
    for action in actions:
        match.apply(action)
    return {**match.record(), "agents": dict(zip(game.roles, specs, strict=True))}


def play_games(
    game_id: str, options: Options, games: Sequence[tuple[int, Sequence[str]]], records: Path | None
) -> list[dict[str, Any]]:
    """`play_out` for each (seed, seating); the unit of work sent to a worker process."""
    game = get_game(game_id)
    return [play_out(game, options, specs, seed, records) for seed, specs in games]


def wilson(wins: int, n: int) -> list[float]:
    """The 95% Wilson score interval of a win rate, [low, high]."""
    if n == 0:
        return [0.0, 1.0]
    p, z2 = wins / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def rate(wins: int, n: int) -> dict[str, Any]:
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0, "ci95": wilson(wins, n)}


def summarize(
    game: Game,
    options: Options,
    agents: Sequence[str],
    pinned: Mapping[str, str],
    seed: int,
    results: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """Per-role and per-agent wins (a return above 0 is a win) with 95% Wilson intervals, each agent's
    results at each role, its time per decision and search speed; outcomes with counts; mean and longest
    length. A seat counts only in the games where it made a decision (roles not in play under the options
    never do); an agent at two seats of one game counts as two games."""
    count = len(results)
    roles = game.roles
    by_role = {
        role: rate(sum(r["returns"][i] > 0 for r in played), len(played))
        for i, role in enumerate(roles)
        if (played := [r for r in results if r["decisions"][i]])
    }
    by_agent: dict[str, Any] = {}
    for spec in dict.fromkeys([*agents, *pinned.values()]):
        seats = [
            (r, i) for r in results for i in range(len(roles)) if r["specs"][i] == spec and r["decisions"][i]
        ]
        decisions = sum(r["decisions"][i] for r, i in seats)
        thinking = sum(r["seconds"][i] for r, i in seats)
        iterations = sum(r["iterations"][i] for r, i in seats)
        by_agent[spec] = {
            **rate(sum(r["returns"][i] > 0 for r, i in seats), len(seats)),
            "roles": {
                role: rate(
                    sum(r["returns"][i] > 0 for r, j in seats if j == i), sum(j == i for _, j in seats)
                )
                for i, role in enumerate(roles)
                if any(j == i for _, j in seats)
            },
            "decisions": decisions,
            "seconds_per_decision": round(thinking / decisions, 5) if decisions else 0.0,
            "iterations": iterations,
            "iterations_per_s": round(iterations / thinking) if iterations and thinking else 0,
        }
    lengths = [r["length"] for r in results]
    return {
        "game": game.id,
        "options": options.as_strings(),
        "agents": list(agents),
        "seats": dict(pinned),
        "games": count,
        "seed": seed,
        "wins": {role: v["wins"] for role, v in by_role.items()},
        "win_rates": {role: v["win_rate"] for role, v in by_role.items()},
        "roles": by_role,
        "by_agent": by_agent,
        "outcomes": dict(sorted(Counter(str(r["outcome"]) for r in results).items())),
        "length": {"mean": round(sum(lengths) / count, 2) if count else 0.0, "max": max(lengths, default=0)},
    }
