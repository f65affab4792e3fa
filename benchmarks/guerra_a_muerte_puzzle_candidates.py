"""Candidate positions for Guerra a Muerte's puzzle suite (issue 56): seeded games of every scenario
(historical set-up, open intelligence, the operations planner's favourite plan at each operations decision
and random moves elsewhere), and every decision where a rule of the rulebook makes a move plainly right or
plainly wrong, printed as JSON lines (the actions from the start, the answers and moves to avoid the rule
gives, and the facts to check).

Positions already decided are left out (the count at a victory level or beyond it, `victory.level` ±1):
every move wins, or loses, the same there, and the search's evaluation is flat on the count. A candidate
is not a puzzle: each one that goes into ``games/guerra_a_muerte/puzzles.toml`` was read
against the rulebook and given its reason there. The patterns, each a section of the rulebook:

- ``retake``: the last turn's operations, the force with OPs left beside an empty area worth RP that its
  side does not hold, its own area staying held by others: the count is taken at the end of the last turn
  (§11.0, §12.x.4) and presence is control (§1.1.1), so the move gains an area and stopping gives it away.
  Not into a hostile area nor across the Andes (attrition, §5.3), not out of an area with enemy units in
  the field (interception, §3.4).
- ``lima-cartagena``: the only force in Lima or Santa Fe (Cartagena), an enemy army next to it at least as
  strong: any march out leaves the area to it (§1.1.1; the fortress defends with +8, §6.2).
- ``relieve``: the side's garrison in a fortress the enemy blockades (it surrenders at the end of the turn
  on 1–4, §6.6), a force next to it with the OPs to march and attack (3) and no weaker than the blockaders,
  whose march gives nothing away on the victory levels (the area it leaves not handed to the enemy).
- ``intercept-weaker`` / ``avoid-double``: an interception (§3.4) of a force of half the interceptors'
  strength or less (intercept), or of double it or more (allow); an attack by double the defenders'
  strength, which evading costs nothing to try (§6.1 step 2-3); an attack the force would make on double
  its strength (§6.1, the CRT from 1:2 down).
- ``blockade``: a force that may blockade an enemy fortress (§6.6) and would otherwise stop, where the
  blockade would hold (no unit of the besieged side outside the city, none of its ships off the port).
- ``clear-shared``: the last turn, enemy field units in the force's area, a third of its strength or less:
  beating them makes the area whole (§11.0: a shared area counts ½).
- ``garrison``: the Royalist's last turn, a force whose regulars leaving New Spain (or Cuba and Puerto
  Rico) would take the §10.5 garrison under its minimum: two areas lost (§10.5, §12.x.4).
- ``purchase``: the Royalist's first decision of a Reorganization (§3.1.3; one pool, §4.2, so that the
  front he buys for is a choice), with `MIN_RP` RP or more: one front where the enemy outnumbers him and
  an area of his that counts for victory (§11, §12.x.4) faces an enemy stack next door of twice his steps
  in it or more, every other front where he stands outnumbering the enemy with no such area: recruits
  stand where he holds (§4.6), so ``plan:recruit <that front>`` is the answer.

    PYTHONPATH=src python benchmarks/guerra_a_muerte_puzzle_candidates.py --games 4 --seed 0 > c.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.game import CHANCE, get_game
from ludoteca.core.plans import Plan
from ludoteca.games.guerra_a_muerte.actions import target, verb
from ludoteca.games.guerra_a_muerte.blockades import blockade_holds
from ludoteca.games.guerra_a_muerte.board import BOARD, city_of
from ludoteca.games.guerra_a_muerte.operations import ANDES, ENEMY
from ludoteca.games.guerra_a_muerte.plans_common import FRONTS, balance, steps_by_area
from ludoteca.games.guerra_a_muerte.plans_operations import OPERATIONS, SIDE
from ludoteca.games.guerra_a_muerte.plans_purchase import PURCHASE, deciding
from ludoteca.games.guerra_a_muerte.plans_routes import field_strength, field_units, garrison, power
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.victory import REGULAR_ROYALIST, level, regular_steps, rules_for

SCENARIOS = ("1810-1814", "1815-1818", "1820-1824", "campaign")
OPTIONS = {"setup": "historical", "intelligence": "open"}
KEY = {"lima", "santa_fe"}
MIN_RP = 6
"""The RP a ``purchase`` candidate needs: enough for a few regular steps (§4.4)."""


def last_turn(state: GamState) -> bool:
    return state.turn >= int(BOARD.scenarios[state.options.scenario]["last_turn"])


def counts(state: GamState, side: str, area: str) -> bool:
    """Whether `area` counts for `side` at the end (§11.0: worth RP; §11.1: the Royalist's continental)."""
    a = BOARD.areas[area]
    royalist_rule = "royalist_min_areas" in rules_for(state.options.scenario)
    return a.rp > 0 and (side == "patriot" or a.continental or not royalist_rule)


def patterns(state: GamState) -> Iterator[tuple[str, list[int], list[int]]]:
    wait = state.d["wait"]
    legal = list(wait["actions"])
    side = SIDE[wait["role"]]
    enemy = ENEMY[side]
    frame = state.running_frame() or {}
    prompt = wait["prompt"]
    by = {state.action_to_string(a): a for a in legal}
    if prompt == "prompt.intercept":
        mine, theirs = power(state, frame["units"]), power(state, frame["movers"])
        if mine >= 2 * theirs > 0:
            yield "intercept-weaker", [by["intercept"]], [by["allow"]]
        elif theirs >= 2 * mine:
            yield "avoid-double", [by["allow"]], [by["intercept"]]
        return
    if prompt == "prompt.evade":
        mine, theirs = power(state, frame["dunits"]), power(state, frame["units"])
        if theirs >= 2 * mine:
            yield "avoid-double", [by["evade"]], [by["fight"]]
        return
    if prompt != "prompt.operate" or frame.get("p") != "activation":
        return
    area, units = frame["area"], frame["units"]
    if area not in BOARD.areas:
        return
    left = frame["ops"] - frame["used"]
    records = state.d["units"]
    ours = power(state, [u for u in units if not records[u]["city"]])
    others = [u for u in state.land_at(area, side) if u not in units] + [
        x for x in state.leaders_at(area, side) if x not in frame["leaders"]
    ]
    foes_here = field_strength(state, area, enemy)
    moves = [a for a in legal if verb(a) == "move"]
    if "attack" in by and foes_here >= 2 * max(ours, 0.5):
        yield "avoid-double", [a for a in legal if a != by["attack"]], [by["attack"]]
    if "attack" in by and last_turn(state) and 0 < 3 * foes_here <= ours and counts(state, side, area):
        yield "clear-shared", [by["attack"]], [by["stop"]]
    if "blockade" in by and "stop" in by and holds(state, area, side):
        yield "blockade", [by["blockade"]], [by["stop"]]
    if last_turn(state) and others and not foes_here and "stop" in by:
        retake = [
            a
            for a in moves
            if target(a) in BOARD.areas
            and counts(state, side, target(a))
            and not state.units_at(target(a))
            and not state.leaders_at(target(a))
            and not BOARD.areas[target(a)].hostile
            and frozenset((area, target(a))) not in ANDES
        ]
        if retake:
            yield "retake", retake, [by["stop"]]
    if area in KEY and not others and not foes_here and moves:
        threat = max(field_strength(state, x, enemy) for x in BOARD.adjacent[area])
        if threat >= max(ours, 0.5) and state.holders(area) == frozenset({side}):
            out = [*moves, *(a for a in legal if verb(a) == "embark")]
            yield "lima-cartagena", [a for a in legal if a not in out], out
    for city, besieger in state.d["blockades"].items():
        there = BOARD.cities[city].area
        if besieger == enemy and garrison(state, there, side) and there in BOARD.adjacent.get(area, ()):
            move = by.get(f"move {there}")
            fit = left >= 3 and ours >= field_strength(state, there, enemy)
            if move and fit and "stop" in by and not worse(state, side, units, frame["leaders"], there):
                yield "relieve", [move], [by["stop"]]
    if side == "royalist" and last_turn(state) and moves:
        rules = rules_for(state.options.scenario)
        for name, key in (("new_spain", "garrison_new_spain"), ("caribbean_garrison", "garrison_caribbean")):
            areas = BOARD.lists[name]
            if area not in areas:
                continue
            leaving = sum(int(records[u]["steps"]) for u in units if u in REGULAR_ROYALIST)
            have = regular_steps(state, areas)
            if leaving and have - leaving < int(rules[key]) <= have:
                out = [a for a in moves if target(a) not in areas]
                if out:
                    yield "garrison", [a for a in legal if a not in out], out


def falling(state: GamState, side: str, front: str) -> list[str]:
    """The areas of `front` that `side` holds alone and that count for it (§11, §12.x.4), next to an enemy
    stack of twice its steps there or more."""
    steps = steps_by_area(state)
    enemy = ENEMY[side]
    out = []
    for area in FRONTS[front]:
        if state.holders(area) != frozenset({side}) or not counts(state, side, area):
            continue
        own = steps.get(area, {}).get(side, 0)
        near = max((steps.get(x, {}).get(enemy, 0) for x in BOARD.adjacent[area]), default=0)
        if near >= 2 * max(own, 1):
            out.append(area)
    return out


def purchase(state: GamState, role: int) -> str | None:
    """The front the ``purchase`` pattern (see the module's docstring) buys for, or None."""
    side = SIDE[role]
    if side != "royalist" or state.d["rp"]["royalist"] < MIN_RP:
        return None
    steps = steps_by_area(state)
    standing = [f for f in FRONTS if any(steps.get(x, {}).get(side, 0) for x in FRONTS[f])]
    losing = [f for f in standing if balance(steps, f, side) < 0 and falling(state, side, f)]
    safe = [f for f in standing if balance(steps, f, side) > 0 and not falling(state, side, f)]
    if len(losing) != 1 or len(safe) != len(standing) - 1 or not safe:
        return None
    names = {p.name for p in PURCHASE.plans(state, role)}
    return losing[0] if f"recruit {losing[0]}" in names else None


def worse(state: GamState, side: str, units: list[str], leaders: list[str], to: str) -> bool:
    """Whether the force marching to `to` lowers its side's standing on the victory levels at once (the
    area it leaves given up, to enemy guerrillas perhaps: §1.1.1, §10.1)."""
    twin = state.clone()
    for u in units:
        twin.move(u, to, city=False)
    for x in leaders:
        twin.d["leaders"][x]["at"] = to
    before, after = level(state), level(twin)
    return after < before if side == "patriot" else after > before


def holds(state: GamState, area: str, side: str) -> bool:
    """Whether a blockade of the area's fortress would hold at the end of the turn as things stand (§6.6:
    no unit of the besieged side outside the city, none of its ships in the port's sea)."""
    city = city_of(area)
    return city is not None and blockade_holds(state, city.id, side)


def facts(state: GamState) -> dict[str, Any]:
    """What a reader checks the candidate by: the turn and phase, the decision, the deciding side's counters
    and the enemy's they face (in an interception or an evasion: the interceptors and the movers, the
    defenders and the attackers; at an operation: the force and the enemy in the field there), their
    strengths (§6.1 factors), the strongest enemy field force next door, the OPs left and the blockades
    under way (§6.6)."""
    frame = state.running_frame() or {}
    prompt = state.d["wait"]["prompt"]
    mine, theirs = {
        "prompt.intercept": ("units", "movers"),
        "prompt.evade": ("dunits", "units"),
    }.get(prompt, ("units", ""))
    side = SIDE[state.d["wait"]["role"]]
    area = frame.get("area", "")
    ours = list(frame.get(mine, []))
    on_map = area in BOARD.areas
    foes = list(frame[theirs]) if theirs else (field_units(state, area, ENEMY[side]) if on_map else [])
    near = (
        max((field_strength(state, x, ENEMY[side]) for x in BOARD.adjacent[area]), default=0) if on_map else 0
    )
    return {
        "turn": state.turn,
        "phase": state.d["phase"],
        "prompt": prompt,
        "area": area,
        "ours": ours,
        "theirs": foes,
        "strength": [power(state, ours), power(state, foes)],
        "next_door": near,
        "ops_left": frame["ops"] - frame["used"] if "ops" in frame and "used" in frame else None,
        "blockades": state.d["blockades"],
    }


def play(scenario: str, seed: int) -> Iterator[dict[str, Any]]:
    state = get_game("guerra-a-muerte").new_initial_state({"scenario": scenario, **OPTIONS})
    assert isinstance(state, GamState)
    rng = random.Random(seed)
    actions: list[str] = []
    held: dict[int, Plan | None] = {0: None, 1: None}
    bought: set[tuple[int, int]] = set()
    while not state.is_terminal():
        role = state.current_player()
        if role == CHANCE:
            action = state.sample_chance(rng)
        else:
            decided = abs(level(state)) >= 1
            if deciding(state, role) and (state.turn, role) not in bought:
                bought.add((state.turn, role))
                front = None if decided else purchase(state, role)
                if front is not None:
                    yield {
                        "pattern": "purchase",
                        "scenario": scenario,
                        "seed": seed,
                        "role": role,
                        "actions": list(actions),
                        "answers": [f"plan:recruit {front}"],
                        "avoid": [],
                        "facts": {
                            "turn": state.turn,
                            "prompt": state.d["wait"]["prompt"],
                            "rp": state.d["rp"]["royalist"],
                            "falling": falling(state, SIDE[role], front),
                            "balance": {
                                f: balance(steps_by_area(state), f, SIDE[role])
                                for f in FRONTS
                                if balance(steps_by_area(state), f, SIDE[role])
                            },
                            "plans": [p.name for p in PURCHASE.plans(state, role)],
                        },
                    }
            for name, answers, avoid in [] if decided else patterns(state):
                yield {
                    "pattern": name,
                    "scenario": scenario,
                    "seed": seed,
                    "role": role,
                    "actions": list(actions),
                    "answers": sorted(state.action_to_string(a) for a in answers),
                    "avoid": sorted(state.action_to_string(a) for a in avoid),
                    "facts": facts(state),
                }
            action = choose(state, role, held, rng)
        actions.append(state.action_to_string(action))
        state.apply_action(action)


def choose(state: GamState, role: int, held: dict[int, Plan | None], rng: random.Random) -> int:
    """The held operations plan's next action, else the favourite plan's, else a random legal action."""
    legal = state.legal_actions()
    plan = held[role]
    action = OPERATIONS.next_action(state, role, plan) if plan is not None else None
    if action is None:
        plans = list(OPERATIONS.plans(state, role))
        held[role] = plans[0] if plans else None
        action = OPERATIONS.next_action(state, role, plans[0]) if plans else None
    return action if action is not None and action in legal else rng.choice(legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per scenario")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    args = parser.parse_args()
    for scenario in args.scenarios.split(","):
        for seed in range(args.seed, args.seed + args.games):
            for candidate in play(scenario, seed):
                print(json.dumps(candidate, ensure_ascii=False))


if __name__ == "__main__":
    main()
