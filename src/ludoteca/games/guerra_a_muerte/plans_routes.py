"""What the operations plans (`plans_operations.py`) read of the map and the forces: the shortest legal
routes of a force (§5: one OP a bordering area; leaving an area where enemy units stand in the field invites
interception, §3.4), the operation points an activation may bring (§3.3), and the strength of the forces on
either side (§6.1, §6.2). Pure reading of a position: plans are made on a determinization (`core.plans`)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.board import BOARD, city_of
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.operations import ANDES, ENEMY, activation_ops, militia_heavy

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

MOVE = int(BOARD.op_cost["move"])
FINAL_COST = {
    "": 0,
    "attack": int(BOARD.op_cost["field_attack"]),
    "siege": int(BOARD.op_cost["siege_attack"]),
    "blockade": int(BOARD.op_cost["blockade_min"]),
    "enter": int(BOARD.op_cost["enter_city"]),
}
"""What the operation that ends a plan costs (the Operations Cost chart, §3.3)."""
FORTRESS_DEFENCE = int(BOARD.tables["siege"]["fortress"])
CITY_DEFENCE = int(BOARD.tables["siege"]["city"])
ARTILLERY = int(BOARD.tables["siege"]["artillery_multiplier"])
"""§6.2: a garrison defends with its factors +8 in a fortress, +2 in a city (the Puerto Cabello example)."""


def first_steps(origin: str) -> tuple[str, ...]:
    """Where a force may move from `origin` (§5): the bordering areas; from a box, the areas it opens on
    (§10.3)."""
    if origin in BOARD.boxes:
        return tuple(link.to for link in BOARD.box_links if link.box == origin and link.to in BOARD.areas)
    return tuple(BOARD.adjacent.get(origin, ()))


def routes(
    state: GamState, side: str, origin: str, limit: int, memo: Memo | None = None
) -> dict[str, tuple[str, ...]]:
    """The shortest route (the areas entered, in order) to every area within `limit` moves of `origin`.
    A route goes on only through areas where no enemy unit stands in the field: leaving one invites an
    interception (§3.4), so a plan ends its march there (to fight or to take it)."""
    enemy = ENEMY[side]
    found: dict[str, tuple[str, ...]] = {origin: ()}
    todo = deque([origin])
    while todo:
        here = todo.popleft()
        path = found[here]
        if len(path) >= limit or (path and field_strength(state, here, enemy, memo)):
            continue
        for nxt in first_steps(here) if here == origin else BOARD.adjacent.get(here, ()):
            if nxt not in found and nxt in BOARD.areas:
                found[nxt] = (*path, nxt)
                todo.append(nxt)
    del found[origin]
    return found


def rough(origin: str, route: tuple[str, ...]) -> bool:
    """Whether the route enters a hostile area or crosses the Andes: the force rolls for attrition (§5.3)."""
    legs = zip((origin, *route), route, strict=False)
    return any(BOARD.areas[x].hostile for x in route) or any(frozenset(leg) in ANDES for leg in legs)


def ops_chance(state: GamState, units: list[str], leaders: list[str], spend: int, need: int) -> float:
    """The chance that an activation of the force, `spend` RP on its roll, brings `need` OPs or more (§3.3:
    the die, +2 a RP, −3 for a militia force without a leader, the leader's Operations factor)."""
    heavy = militia_heavy(units, leaders)
    leader = state.best_leader(leaders)
    on_die = state.options.leader_ops == "die"
    hits = sum(activation_ops(roll, spend, heavy, leader, on_die) >= need for roll in range(1, 7))
    return hits / 6


def power(state: GamState, units: list[str] | tuple[str, ...]) -> float:
    """The combat factors of the counters (§6.1: each at its steps, a two-step unit reduced at one)."""
    records = state.d["units"]
    return float(sum(COUNTERS[u].strength(int(records[u]["steps"])) for u in units if not COUNTERS[u].naval))


def field_units(state: GamState, area: str, side: str) -> list[str]:
    """`side`'s land counters in `area` that fight in the field: outside the city, not guerrillas (§6.7)."""
    records = state.d["units"]
    return [u for u in state.land_at(area, side) if not records[u]["city"] and not records[u]["guerrilla"]]


Memo = dict[tuple[str, str], float]
"""Field strengths already read off one position (`field_strength`), by area and side: a planner's call
reads the same areas again and again."""


def field_strength(state: GamState, area: str, side: str, memo: Memo | None = None) -> float:
    """`side`'s field factors in `area` (`field_units`), remembered in `memo` if one is given (it must be
    for this position only)."""
    if memo is None:
        return power(state, field_units(state, area, side))
    found = memo.get((area, side))
    if found is None:
        found = memo[(area, side)] = power(state, field_units(state, area, side))
    return found


def garrison(state: GamState, area: str, side: str) -> list[str]:
    """`side`'s land counters inside `area`'s city (§6.2)."""
    return [u for u in state.land_at(area, side) if state.d["units"][u]["city"]]


def siege_defence(state: GamState, area: str, side: str) -> float:
    """What `side`'s garrison in `area`'s city defends a siege with: its factors, +8 in a fortress, +2 in a
    city (§6.2)."""
    inside = garrison(state, area, side)
    if not inside:
        return 0.0
    city = city_of(area)
    bonus = FORTRESS_DEFENCE if city is not None and city.fortress else CITY_DEFENCE
    return power(state, inside) + bonus


def siege_attack(state: GamState, units: list[str] | tuple[str, ...]) -> float:
    """The factors a force attacks a city with: artillery doubled (§6.2)."""
    return power(state, units) + (ARTILLERY - 1) * power(
        state, [u for u in units if COUNTERS[u].arm == "artillery"]
    )


def near_enemy(state: GamState, area: str, side: str, memo: Memo | None = None) -> float:
    """The enemy's field factors in `area` and the areas bordering it: what may strike it next (§5, §6.1)."""
    enemy = ENEMY[side]
    return field_strength(state, area, enemy, memo) + sum(
        field_strength(state, x, enemy, memo) for x in BOARD.adjacent.get(area, ())
    )


def win_chance(attack: float, defence: float) -> float:
    """A field battle's rough chance, off the balance of factors: ½ at even odds, ⅘ at two to one (the
    CRT's columns run 1:3 to 5:1, its eliminations from 3:1, §6.1); 1 against nobody."""
    if defence <= 0:
        return 1.0
    if attack <= 0:
        return 0.0
    return attack * attack / (attack * attack + defence * defence)
