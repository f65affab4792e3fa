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
from ludoteca.core.errors import RecordError
from ludoteca.core.game import CHANCE, Game, get_game
from ludoteca.core.match import Match
from ludoteca.core.options import Options
from ludoteca.core.record import load_record, replay_record, save_record

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
    there as ``GAME-SEED.json``, with the seating under ``"agents"`` and these figures under ``"arena"``
    (so that an arena stopped part-way can go on from its records, `recorded`); with `keep_record`, the
    record comes back under ``"record"`` (for an arena whose games run on other machines, `cluster.py`)."""
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
    over = state.result("en") or {}
    result = {
        "seed": seed,
        "specs": list(specs),
        "length": len(actions),
        "returns": state.returns(),
        "outcome": over.get("outcome"),
        "decisions": decisions,
        "seconds": seconds,
        "iterations": iterations,
    }
    if records is None and not keep_record:
        return result
    record = {**record_of(game, options, seed, actions, specs), "arena": figures(result)}
    if records is not None:
        save_record(record, records / record_name(game.id, seed))
    return {**result, "record": record} if keep_record else result


FIGURES = ("length", "returns", "outcome", "decisions", "iterations")
"""What an arena game's record keeps of its result, beside the record itself (`recorded`): not the
thinking time, which a record made again from the same seed would not repeat (records are reproducible)."""


def figures(result: Mapping[str, Any]) -> dict[str, Any]:
    return {key: result[key] for key in FIGURES}


def recorded(
    game: Game, options: Options, seed: int, specs: Sequence[str], folder: Path
) -> dict[str, Any] | None:
    """The result of the arena game `seed`, seated `specs`, read back from its record in `folder`, or
    None if there is none: for an arena that goes on where an earlier run of the same command stopped
    (``ludoteca selfplay --records DIR --resume``). The record must be of this game, options, seed and
    seating, keep the figures (`figures`), and replay to the returns it states with these rules; else a
    `RecordError` says which and what to do."""
    path = folder / record_name(game.id, seed)
    if not path.exists():
        return None
    record = load_record(path)
    seating = dict(zip(game.roles, specs, strict=True))
    for key, value in (
        ("game", game.id),
        ("options", options.as_strings()),
        ("seed", seed),
        ("agents", seating),
    ):
        if record.get(key) != value:
            raise RecordError(
                f"{path} is not this arena's game {seed}: its {key} is {record.get(key)!r}, not {value!r} "
                "(resume an arena with the command that started it, or use another folder)",
                "error.arena_other_game",
                path=str(path),
                seed=seed,
                field=key,
                found=repr(record.get(key)),
                wanted=repr(value),
            )
    kept = record.get("arena")
    if not isinstance(kept, dict) or set(kept) != set(FIGURES):
        raise RecordError(
            f"{path} keeps no arena figures (made before --resume): use another folder",
            "error.arena_no_figures",
            path=str(path),
        )
    if replay_record(record, verify=True).state.returns() != kept["returns"]:
        raise RecordError(
            f"{path} replays to other returns than it states: use another folder",
            "error.arena_other_returns",
            path=str(path),
        )
    return {"seed": seed, "specs": list(specs), **kept, "seconds": None}  # timed in the run that played it


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


def rate(wins: int, n: int, draws: int = 0) -> dict[str, Any]:
    """Wins of `n` games with their rate and its interval; with the `draws`, the score (a draw half)."""
    return {
        "games": n,
        "wins": wins,
        "win_rate": round(wins / n, 4) if n else 0.0,
        "ci95": wilson(wins, n),
        "draws": draws,
        "score": round((wins + draws / 2) / n, 4) if n else 0.0,
    }


def drawn(result: dict[str, Any], seat: int) -> bool:
    """Whether `seat` drew: its return is 0 and no seat's is above it (a game no one won)."""
    returns = result["returns"]
    return bool(returns[seat] == 0 and max(returns) == 0)


def summarize(
    game: Game,
    options: Options,
    agents: Sequence[str],
    pinned: Mapping[str, str],
    seed: int,
    results: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """Per-role and per-agent wins (a return above 0 is a win) with 95% Wilson intervals, draws and the
    score (a draw counts half: issue 56's head-to-head), each agent's
    results at each role, its time per decision and search speed; outcomes with counts; mean and longest
    length. A seat counts only in the games where it made a decision (roles not in play under the options
    never do); an agent at two seats of one game counts as two games. The time per decision and the
    search speed come from the games this run played (a game read back from its record has no time)."""
    count = len(results)
    roles = game.roles
    by_role = {
        role: rate(sum(r["returns"][i] > 0 for r in played), len(played), sum(drawn(r, i) for r in played))
        for i, role in enumerate(roles)
        if (played := [r for r in results if r["decisions"][i]])
    }
    by_agent: dict[str, Any] = {}
    for spec in dict.fromkeys([*agents, *pinned.values()]):
        seats = [
            (r, i) for r in results for i in range(len(roles)) if r["specs"][i] == spec and r["decisions"][i]
        ]
        decisions = sum(r["decisions"][i] for r, i in seats)
        iterations = sum(r["iterations"][i] for r, i in seats)
        timed = [(r, i) for r, i in seats if r["seconds"] is not None]  # not the games read back (resumed)
        thinking = sum(r["seconds"][i] for r, i in timed)
        timed_decisions = sum(r["decisions"][i] for r, i in timed)
        timed_iterations = sum(r["iterations"][i] for r, i in timed)
        by_agent[spec] = {
            **rate(
                sum(r["returns"][i] > 0 for r, i in seats), len(seats), sum(drawn(r, i) for r, i in seats)
            ),
            "roles": {
                role: rate(
                    sum(r["returns"][i] > 0 for r, j in seats if j == i),
                    sum(j == i for _, j in seats),
                    sum(drawn(r, i) for r, j in seats if j == i),
                )
                for i, role in enumerate(roles)
                if any(j == i for _, j in seats)
            },
            "decisions": decisions,
            "seconds_per_decision": round(thinking / timed_decisions, 5) if timed_decisions else 0.0,
            "iterations": iterations,
            "iterations_per_s": round(timed_iterations / thinking) if timed_iterations and thinking else 0,
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
