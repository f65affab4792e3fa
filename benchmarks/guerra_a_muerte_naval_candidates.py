"""Candidate positions for the ``naval`` theme of Guerra a Muerte's puzzle suite (issue 56): seeded games
(historical set-up, open intelligence) in which the operations decisions, and the fleets' own, are played
by the planner's favourite plan (`plans_operations`, with the fleets' plans merged in, and `plans_fleets`
inside a fleet's activation), random moves elsewhere; every decision where a naval rule makes a move
plainly right is printed as a JSON line (the actions from the start, the answers, the moves to avoid).
Positions already decided (`victory.level` ±1) are left out. The patterns:

- ``naval-engage``: a fleet with OPs for an attack shares its sea area with an enemy squadron of half its
  strength or less (§7.5, §7.5.1: a d10 a step, a hit at or under the factor): engage, not stop;
- ``naval-unblock``: at the choice of a force, a friendly fortress the enemy blockades (it surrenders on
  1–4 at the end of the turn unless ships of the besieged side stand in its sea area, §6.6) and a fleet
  that can sail there (§7.1): the ``unblock`` plans, not pass.

A candidate is not a puzzle: the two engage puzzles in ``games/guerra_a_muerte/puzzles.toml`` were read
against the rulebook and given their reasons there. The unblock candidates are not plainly right as the
first move: the fleet may sail later in the same phase, after another force (the searched Royalist does,
at seed 4 of 1820-1824, turn XI), so the suite has none.

    PYTHONPATH=src python benchmarks/guerra_a_muerte_naval_candidates.py --scenarios 1815-1818 --games 6
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.game import CHANCE, get_game
from ludoteca.core.plans import Plan
from ludoteca.games.guerra_a_muerte.operations import ENEMY
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.plans_fleets import naval_power, ships_at
from ludoteca.games.guerra_a_muerte.plans_operations import SIDE
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.victory import level

OPTIONS = {"setup": "historical", "intelligence": "open"}


def patterns(state: GamState) -> Iterator[tuple[str, list[str], list[str]]]:
    wait = state.d["wait"]
    side = SIDE[wait["role"]]
    frame = state.running_frame() or {}
    legal = {state.action_to_string(a) for a in wait["actions"]}
    if wait["prompt"] == "prompt.naval" and "engage" in legal:
        place = frame["place"]
        ours = naval_power(state, [u for u in frame["units"] if state.d["units"][u]["at"] == place])
        theirs = naval_power(state, ships_at(state, place, ENEMY[side]))
        if 0 < 2 * theirs <= ours:
            yield "naval-engage", ["engage"], ["stop"]
    if wait["prompt"] == "prompt.activate":
        unblock = [p.name for p in PLANNER.plans(state, wait["role"]) if p.name.startswith("unblock")]
        if unblock:
            yield "naval-unblock", [f"plan:{name}" for name in unblock], ["pass"]


def choose(state: GamState, role: int, held: dict[int, Plan | None], rng: random.Random) -> int:
    """The held plan's next action, else the favourite operations or fleet plan's, else a random one."""
    legal = state.legal_actions()
    plan = held[role]
    action = PLANNER.next_action(state, role, plan) if plan is not None else None
    if action is None or action not in legal:
        plans = [p for p in PLANNER.plans(state, role) if p.data[0] in ("operations", "fleets")]
        held[role] = plans[0] if plans else None
        action = PLANNER.next_action(state, role, plans[0]) if plans else None
    chosen: int = action if action is not None and action in legal else rng.choice(legal)
    return chosen


def play(scenario: str, seed: int) -> Iterator[dict[str, Any]]:
    state = get_game("guerra-a-muerte").new_initial_state({"scenario": scenario, **OPTIONS})
    assert isinstance(state, GamState)
    rng = random.Random(seed)
    actions: list[str] = []
    held: dict[int, Plan | None] = {0: None, 1: None}
    while not state.is_terminal():
        role = state.current_player()
        if role == CHANCE:
            action = state.sample_chance(rng)
        else:
            for name, answers, avoid in [] if abs(level(state)) >= 1 else patterns(state):
                yield {
                    "pattern": name,
                    "scenario": scenario,
                    "seed": seed,
                    "role": role,
                    "turn": state.turn,
                    "actions": list(actions),
                    "answers": answers,
                    "avoid": avoid,
                }
            action = choose(state, role, held, rng)
        actions.append(state.action_to_string(action))
        state.apply_action(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per scenario")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenarios", default="1815-1818,1820-1824")
    args = parser.parse_args()
    for scenario in args.scenarios.split(","):
        for seed in range(args.seed, args.seed + args.games):
            for candidate in play(scenario, seed):
                print(json.dumps(candidate, ensure_ascii=False))


if __name__ == "__main__":
    main()
