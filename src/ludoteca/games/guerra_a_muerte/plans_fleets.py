"""Guerra a Muerte's fleet plans (issue 56, `plans.py`): the naval war (§7) as objectives beside the armies'.

At the choice of a force (§3.3) the operations part (`plans_operations.Operations`) merges these candidates
into its own, so that the search weighs a fleet's plan beside the armies':

- ``engage``: sail to an enemy squadron at sea, or in a port with no battery for it (§7.10), and attack it
  (§7.5), only at even odds or better (never against double strength); worth the ships it may sink, and
  more where that squadron breaks a blockade of the side's (§6.6);
- ``unblock``: sail into the sea area of a friendly port that the enemy blockades: ships of the besieged
  side there break the blockade (§6.6), which would otherwise starve the fortress on 1–4;
- ``raid``: sail off an enemy-held coastal area worth RP and raid it (§7.8: 4+ costs it 1 RP, −1 with
  enemy ships in its port);
- ``port``: a fleet at sea or in a box puts into the nearest friendly port (§7.4), first where enemy ships
  near it are the stronger (weaker ones, which would not attack it, §7.5, count for nothing);
- ``landing`` (§7.6, §7.7): a land force in a port, with enough friendly ships there or in its sea area,
  embarks, sails and lands in a coastal area that is undefended (a ``take``) or weakly held (an attack on
  landing, never against double strength), worth what `plans_operations` gives a march (`area_value`,
  `share`), less what it leaves exposed (`rearguard`, §5.2).

A fleet's strength is its steps' factors (§7.5.1: a d10 a step, a hit at or under the factor; Cochrane −1
on the Patriot's dice, §8.3) and a fortified port's battery for the ships in it (§7.10). The OPs a plan
needs are the sailing's (`naval.sail_options`: 4 sea areas an OP, §7.1–§7.3) and its operation's; the RP
spent on the roll the fewest that give them two times in three (§3.3).

The fleet's own small decisions are plans of their own, answered without weighing raw actions: a ship
beyond reach of a friendly port at the end of the turn (§7.4) goes to the nearest sea area within reach,
one escaping a taken port (§7.9) to the nearest friendly port, an attacked squadron evades (§7.5) where
the attacker is the stronger, and every ship fires at the enemy ship nearest to sinking (§7.5.1). A plan
reads only the position it is given (a determinization, `core.plans`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import ID, place_ref, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.naval import (
    BOX_SEAS,
    NAVAL,
    PATRIOT_BOXES,
    Fleet,
    capacity,
    cochrane_at,
    distances,
    friendly_port,
    friendly_ports,
    raid_loss,
    sail_options,
    ships_at,
    transport_ships,
)
from ludoteca.games.guerra_a_muerte.operations import ENEMY, pools
from ludoteca.games.guerra_a_muerte.plans_operations import (
    BLOCKADE_FALLS,
    RETREAT_RATIO,
    area_value,
    choose_spend,
    decision_key,
    garrison_cost,
    rearguard,
    side_of,
)
from ludoteca.games.guerra_a_muerte.plans_routes import FINAL_COST, Memo, field_strength, power, win_chance
from ludoteca.games.guerra_a_muerte.sequence import fleet_at
from ludoteca.games.guerra_a_muerte.victory import share

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

ATTACK = int(BOARD.op_cost["naval_attack"])
RAID = int(BOARD.op_cost["raid"])
CROSSING = int(BOARD.op_cost["embark"]) + int(BOARD.op_cost["disembark"])
"""§7.6: boarding and landing cost an OP each; the ships sail any number of sea areas."""
SHIP_WORTH = 0.05
"""What a factor of an enemy ship sunk is worth beside an area (`area_value` ~1): a frigate 0.3."""
RAID_WORTH = 0.2
"""What an RP raided off the enemy is worth (an area's income counts 0.15 an RP in `area_value`)."""


class FleetOrders(NamedTuple):
    """What a fleet plan carries (`Plan.data[1]`): the objective and how to reach it."""

    kind: str
    origin: str
    """Where the fleet is activated: a port's area, a sea area or a box (§7.1)."""
    goal: str
    """The sea, area or port the plan names."""
    sea: str
    """The sea area it sails to (the origin where it is one already)."""
    final: str
    """The action there: "engage", "engage <area>", "raid <area>", "dock <area>" or "" (stay, stop)."""
    spend: int
    ships: tuple[str, ...]
    strength: float


class Landing(NamedTuple):
    """What an amphibious plan carries: the force, where it embarks, the sea it sails to and where it lands
    (§7.6), with the operation on landing ("attack" or "")."""

    kind: str
    origin: str
    goal: str
    sea: str
    final: str
    spend: int
    force: tuple[str, ...]
    leave: tuple[str, ...]
    strength: float


def naval_power(state: GamState, ships: Sequence[str], battery: bool = False) -> float:
    """The factors of `ships` at their steps (§7.5.1), Cochrane's −1 on the Patriot's dice as a factor more
    a step (§8.3), a fortified port's two dice of 7 where it fires for them (§7.10)."""
    records = state.d["units"]
    total = 0.0
    for u in ships:
        steps = int(records[u]["steps"])
        bonus = COUNTERS[u].side == "patriot" and cochrane_at(state, records[u]["at"])
        total += steps * (COUNTERS[u].factor + (1 if bonus else 0))
    port = NAVAL["fortified_port"]
    return total + (int(port["steps"]) * int(port["factor"]) if battery else 0.0)


def sea_costs(
    state: GamState, side: str, origin: str, ships: list[str], leaders: list[str]
) -> dict[str, int]:
    """The OPs the fleet needs to reach each sea area (`naval.sail_options`; 0 where it is)."""
    frame = Fleet(side=side, place=origin, units=ships, leaders=leaders)
    out = {
        target(a): cost for a, cost in sail_options(state, frame, 1 << 10).items() if target(a) in BOARD.seas
    }
    if origin in BOARD.seas:
        out[origin] = 0
    return out


def fleet_candidates(
    state: GamState, side: str, origin: str, ships: list[str], leaders: list[str], left: int | None
) -> list[tuple[float, FleetOrders]]:
    """The scored objectives of the fleet of `ships` in `origin`, with `left` OPs (None: not rolled yet)."""
    if not ships:
        return []
    enemy = ENEMY[side]
    ours = naval_power(state, ships)
    costs = sea_costs(state, side, origin, ships, leaders)
    rp = int(sum(state.d["rp"][p] for p in pools(state, ships))) if left is None else 0
    blockades: dict[str, str] = state.d["blockades"]
    objectives: list[tuple[str, str, str, str, float, int]] = []  # kind, goal, sea, final, gain, OPs
    for sea, cost in costs.items():
        afloat = ships_at(state, sea, enemy)
        theirs = naval_power(state, afloat)
        if afloat and ours >= theirs:  # §7.5: even odds or better, never against double strength
            gain = SHIP_WORTH * theirs
            for c in BOARD.cities.values():  # the squadron that breaks the side's blockade (§6.6)
                if c.port and c.sea == sea and blockades.get(c.id) == side:
                    gain += area_value(state, side, c.area) * BLOCKADE_FALLS
            objectives.append(("engage", sea, sea, "engage", gain * win_chance(ours, theirs), cost + ATTACK))
        for c in BOARD.cities.values():
            if not c.port or c.sea != sea:
                continue
            docked = ships_at(state, c.area, enemy, c.id)
            walls = c.fortress and friendly_port(state, enemy, c.id)
            if docked and not walls and ours >= naval_power(state, docked):  # §7.10: no battery for them
                gain = SHIP_WORTH * naval_power(state, docked) * win_chance(ours, naval_power(state, docked))
                objectives.append(("engage", c.area, sea, f"engage {c.area}", gain, cost + ATTACK))
            inside = [u for u in state.land_at(c.area, side) if state.d["units"][u]["city"]]
            if blockades.get(c.id) == enemy and inside and not ships_at(state, sea, side):
                gain = 2.0 * area_value(state, side, c.area) * BLOCKADE_FALLS * win_chance(ours, theirs)
                objectives.append(("unblock", c.area, sea, "", gain, cost))
        if theirs < ours:  # a raid off enemy ships at least as strong invites their attack
            for x, area in BOARD.areas.items():
                if sea in area.seas and area.rp > 0 and enemy in state.holders(x):
                    cochrane = side == "patriot" and cochrane_at(state, sea, origin)
                    hit = sum(
                        raid_loss(r, bool(ships_at(state, x, enemy)), cochrane) > 0 for r in range(1, 7)
                    )
                    objectives.append(("raid", x, sea, f"raid {x}", RAID_WORTH * hit / 6, cost + RAID))
    objectives += haven(state, side, origin, ships, costs, ours)
    out: list[tuple[float, FleetOrders]] = []
    for kind, goal, sea, final, gain, need in objectives:
        if gain <= 0:
            continue
        if left is None:
            spend, chance = choose_spend(state, [], leaders, need, rp)
        else:
            spend, chance = 0, 1.0 if need <= left else 0.0
        if chance <= 0:
            continue
        score = gain * chance - 0.02 * need - 0.03 * spend
        orders = FleetOrders(kind, origin, goal, sea, final, spend, tuple(sorted(ships)), ours)
        out.append((score, orders))
    return out


def haven(
    state: GamState, side: str, origin: str, ships: list[str], costs: dict[str, int], ours: float
) -> list[tuple[str, str, str, str, float, int]]:
    """The ``port`` objective of a fleet at sea or in a box (§7.4): the nearest friendly port, worth more
    the stronger the enemy ships within an OP of its sea (they may attack it there, §7.5) and where a
    fortified port fires for it (§7.10). Enemy ships weaker than the fleet are no threat: combat at sea is
    never obliged (§7.5), and a squadron attacks only at even odds or better (`engage`), so the fleet
    that meets a weaker one has a battle to seek, not a reason to hide."""
    if origin in BOARD.areas:
        return []
    reachable = [
        (costs[c.sea], c.id)
        for c in map(BOARD.cities.__getitem__, friendly_ports(state, side))
        if c.sea in costs
    ]
    if not reachable:
        return []
    cost, port = min(reachable)
    city = BOARD.cities[port]
    here = origin if origin in BOARD.seas else city.sea
    near = [s for s, n in distances(here).items() if n <= 4]
    threat = naval_power(state, [u for s in near for u in ships_at(state, s, ENEMY[side])])
    if threat < ours:
        threat = 0.0
    gain = 0.02 + (0.05 if city.fortress else 0.0) + SHIP_WORTH * ours * (1 - win_chance(ours, threat))
    return [("port", city.area, city.sea, f"dock {city.area}", gain, cost)]


def landing_candidates(
    state: GamState,
    side: str,
    origin: str,
    units: list[str],
    leaders: list[str],
    left: int | None,
    memo: Memo | None = None,
    aboard: str = "",
) -> list[tuple[float, Landing]]:
    """The scored landings of the land force of `units` and `leaders` in `origin` (§7.6, §7.7): a port
    there (or a haven box), friendly ships enough for the steps and leaders that sail, `left` OPs (None:
    not rolled yet) for boarding and landing and the operation on landing. With `aboard`, the force has
    sailed to that sea area already (`prompt.land`): the areas on it, the crossing paid."""
    leave: tuple[str, ...] = ()
    if aboard:
        exposed, marching, starts = 0.0, units, {aboard}
    else:
        has_port = origin in PATRIOT_BOXES or any(c.port and c.area == origin for c in BOARD.cities.values())
        ships = transport_ships(state, side, origin) if has_port and units else []
        if not ships:
            return []
        leave, exposed = rearguard(state, side, origin, units, leaders, memo=memo)
        marching = [u for u in units if u not in leave]
        steps, carried = capacity(ships)
        if steps < state.strength_steps(marching) or carried < len(leaders):
            return []
        starts = {sea for u in ships for sea in harbour_of(state, u)}
        if origin in BOX_SEAS and origin != "spain":
            starts |= set(BOX_SEAS[origin])
        if not starts:
            return []
    enemy = ENEMY[side]
    ours = power(state, marching)
    garrisons = 0.0 if aboard else garrison_cost(state, side, origin, marching)
    rp = int(sum(state.d["rp"][p] for p in pools(state, units))) if left is None else 0
    partial = state.options.partial
    out: list[tuple[float, Landing]] = []
    for goal, area in BOARD.areas.items():
        if goal == origin or not area.seas or area.rp <= 0 or (aboard and aboard not in area.seas):
            continue
        holders = state.holders(goal)
        held = share(holders, side, partial)
        entered = share(holders | {side}, side, partial) - held
        cleared = share((holders - {enemy}) | {side}, side, partial) - held
        foes = field_strength(state, goal, enemy, memo)
        worth = area_value(state, side, goal)
        if foes <= 0:
            kind, final, gain = "landing", "", entered * worth
        elif foes < RETREAT_RATIO * ours:
            chance = win_chance(ours, foes)
            kind, final, gain = "landing", "attack", cleared * worth * chance + 0.05 * foes * chance
        else:
            continue
        if gain <= 0:
            continue
        sea = min(area.seas, key=lambda s: (min(BOARD.sea_distance(a, s) for a in starts), s))
        need = (0 if aboard else CROSSING) + FINAL_COST[final]
        if left is None:
            spend, chance = choose_spend(state, units, leaders, need, rp)
        else:
            spend, chance = 0, 1.0 if need <= left else 0.0
        if chance <= 0:
            continue
        score = gain * chance - exposed - garrisons - 0.1 - 0.03 * spend
        force = (*sorted(units), *sorted(leaders))
        out.append((score, Landing(kind, origin, goal, sea, final, spend, force, leave, ours)))
    return out


def harbour_of(state: GamState, uid: str) -> list[str]:
    """The sea areas a transport sails from (`naval._transport`): its own, or its port's."""
    s = state.d["units"][uid]
    if s["at"] in BOARD.seas:
        return [s["at"]]
    port = s["port"]
    return [BOARD.cities[port].sea] if port else list(BOX_SEAS.get(s["at"], ()))


def activation_candidates(
    state: GamState, side: str, nations: list[str], legal: list[int], memo: Memo
) -> list[tuple[float, Any]]:
    """The fleets' and the landings' objectives at the choice of a force (§3.3, §7.1), for
    `plans_operations` to merge with the armies'."""
    from ludoteca.games.guerra_a_muerte.operations import eligible

    out: list[tuple[float, Any]] = []
    for a in legal:
        if verb(a) == "fleet":
            ships, leaders = fleet_at(state, side, nations, target(a))
            out += fleet_candidates(state, side, target(a), ships, leaders, None)
        elif verb(a) == "activate":
            units, leaders = eligible(state, side, nations, target(a))
            out += landing_candidates(state, side, target(a), units, leaders, None, memo)
    return out


def plan_of(orders: FleetOrders | Landing) -> Plan:
    name = f"{orders.kind} {orders.goal} from {orders.origin}"
    params: dict[str, Any] = {"goal": place_ref(orders.goal), "origin": place_ref(orders.origin)}
    return Plan(name, f"ops.{orders.kind}", params, 4, ("fleets", orders))


def reply(kind: str, key: tuple[Any, ...]) -> Plan:
    """A small decision's plan (``refuge``, ``escape``, ``evade``, ``fight``, ``fire`` or ``stop``): one
    answer at the decision `key`, and done."""
    return Plan(kind, f"ops.{kind}", {}, 1, ("fleets", kind, key))


def ranked(scored: list[tuple[float, Any]], key: tuple[Any, ...], keep: int = 4) -> list[Plan]:
    """The best `keep` fleet objectives by score, then ``stop``."""
    scored = sorted(scored, key=lambda x: (-x[0], x[1].kind, x[1].goal))
    return [*(plan_of(o) for s, o in scored[:keep] if s > 0), reply("stop", key)]


class Fleets:
    """The fleets' part of the game's planner (`plans.PARTS`): the decisions inside a fleet's activation
    (§7.1), a transport (§7.6), a naval battle (§7.5) and the ships' end of turn (§7.4, §7.9), and the
    expansion of every fleet or landing plan."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        wait = state.d["wait"]
        if wait is None or wait.get("role") != role or "prompt" not in wait:
            return ()
        gam: GamState = state  # type: ignore[assignment]  # the planner of Guerra a Muerte's states
        prompt: str = wait["prompt"]
        frame = gam.running_frame() or {}
        key = decision_key(gam)
        side = side_of(role)
        if prompt in ("prompt.spend", "prompt.naval") and frame.get("p") == "fleet":
            left = int(frame["ops"] - frame["used"]) if prompt == "prompt.naval" else None
            units = [u for u in frame["units"] if state.d["units"][u]["at"] == frame["place"]]
            return ranked(fleet_candidates(gam, side, frame["place"], units, frame["leaders"], left), key)
        if prompt in ("prompt.transport", "prompt.land") and frame.get("p") == "transport":
            caller = gam.frames()[-2]  # the activation that embarked, its crossing paid (§7.6)
            left = int(caller["ops"] - caller["used"])
            units, leaders = frame["units"], frame["leaders"]
            if prompt == "prompt.land":
                scored = landing_candidates(
                    gam, side, frame["area"], units, leaders, left, aboard=frame["sea"]
                )
            else:
                scored = landing_candidates(gam, side, frame["area"], units, leaders, left + CROSSING)
            return [plan_of(o) for _, o in sorted(scored, key=lambda x: (-x[0], x[1].goal))[:4]]
        if prompt == "prompt.return":
            return [reply("refuge", key)]
        if prompt == "prompt.escape":
            return [reply("escape", key)]
        if prompt == "prompt.naval_evade":
            mine, theirs = naval_power(gam, frame["dunits"]), naval_power(gam, frame["units"])
            return [reply("evade" if theirs > mine else "fight", key)]
        if prompt == "prompt.fire":
            return [reply("fire", key)]
        return ()

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        wait = state.d["wait"]
        if wait is None or wait.get("role") != role or "prompt" not in wait or not plan.data:
            return None
        gam: GamState = state  # type: ignore[assignment]
        legal: list[int] = wait["actions"]
        prompt: str = wait["prompt"]
        frame = gam.running_frame() or {}
        orders = plan.data[1]
        if prompt == "prompt.fire":  # whoever holds a plan through a battle fires as the reply does
            return weakest_target(gam, legal)
        if isinstance(orders, str):
            return answer(gam, orders, prompt, legal) if plan.data[2:] == (decision_key(gam),) else None
        if isinstance(orders, Landing):
            return land(gam, frame, orders, prompt, legal)
        return sail(gam, frame, orders, prompt, legal)


def pick(legal: list[int], notation: str) -> int | None:
    action = ID.get(notation)
    return action if action is not None and action in legal else None


def spend(legal: list[int], most: int) -> int | None:
    spends = [a for a in legal if int(target(a)) <= most]
    return max(spends) if spends else None


def sail(
    state: GamState, frame: dict[str, Any], orders: FleetOrders, prompt: str, legal: list[int]
) -> int | None:
    """The fleet plan's action (§7.1): activate the fleet, spend, sail to its sea area, the operation
    there (engage, raid, dock; to break a blockade it stays and stops), then dock where a friendly port
    lies in that sea area, else stop; None when it cannot go on."""
    records = state.d["units"]
    if prompt == "prompt.activate":
        fresh = all(records[u]["at"] == orders.origin and not records[u]["done"] for u in orders.ships)
        return pick(legal, f"fleet {orders.origin}") if fresh else None
    if frame.get("p") != "fleet" or not set(orders.ships) & set(frame["units"]):
        return None
    if prompt == "prompt.spend":
        return spend(legal, orders.spend)
    if prompt != "prompt.naval":
        return None
    place = frame["place"]
    afloat = [u for u in orders.ships if records[u]["at"] == place]
    if naval_power(state, afloat) < 0.5 * orders.strength:
        return None
    if place != orders.sea:
        return pick(legal, f"sail {orders.sea}")
    if orders.final and pick(legal, orders.final) is not None:
        if orders.final.startswith("engage"):
            where = orders.goal if orders.goal in BOARD.areas else place
            enemy = ships_at(state, where, ENEMY[frame["side"]])
            ours = naval_power(state, afloat)
            if enemy and naval_power(state, enemy) < RETREAT_RATIO * ours:
                return pick(legal, orders.final)
        elif not orders.final.startswith("raid") or orders.goal not in frame["raided"]:
            return pick(legal, orders.final)
    if orders.kind == "unblock":
        return pick(legal, "stop")
    docks = [a for a in legal if verb(a) == "dock"]
    return min(docks) if docks else pick(legal, "stop")


def land(
    state: GamState, frame: dict[str, Any], orders: Landing, prompt: str, legal: list[int]
) -> int | None:
    """The landing plan's action (§7.6): activate the force, spend, leave the rearguard, embark, sail to
    the sea area, land, and attack there where the plan says; None when done or it cannot go on."""
    if prompt == "prompt.activate":
        records = {**state.d["units"], **state.d["leaders"]}
        fresh = all(records[x]["at"] == orders.origin and not records[x]["done"] for x in orders.force)
        return pick(legal, f"activate {orders.origin}") if fresh else None
    if frame.get("p") not in ("activation", "transport"):
        return None
    if not set(orders.force) & {*frame["units"], *frame["leaders"]}:
        return None
    if prompt == "prompt.spend":
        return spend(legal, orders.spend)
    if prompt == "prompt.transport":
        return pick(legal, f"sail {orders.sea}")
    if prompt == "prompt.land":
        return pick(legal, f"land {orders.goal}")
    if prompt != "prompt.operate":
        return None
    area = frame["area"]
    if area == orders.origin and not frame.get("moved"):
        marching = [u for u in frame["units"] if u not in orders.leave]
        steps, carried = capacity(transport_ships(state, frame["side"], area))
        if steps < state.strength_steps(marching) or carried < len(frame["leaders"]):
            return None  # the ships are gone (§7.7)
        for u in orders.leave:
            if u in frame["units"] and pick(legal, f"leave {u}") is not None:
                return ID[f"leave {u}"]
        return pick(legal, "embark")
    if area == orders.goal and orders.final == "attack":
        foes = field_strength(state, area, ENEMY[frame["side"]])
        ours = power(state, [u for u in frame["units"] if not state.d["units"][u]["city"]])
        return pick(legal, "attack") if 0 < foes < RETREAT_RATIO * ours else None
    return None


def answer(state: GamState, kind: str, prompt: str, legal: list[int]) -> int | None:
    """A small decision's answer: ``stop`` (a fleet stops, spending nothing on its roll), ``refuge`` (§7.4:
    the sea area within reach nearest the ship), ``escape`` (§7.9: the nearest friendly port, else its
    box), ``evade`` or ``fight`` (§7.5)."""
    frame = state.running_frame() or {}
    if kind == "stop":
        return min(legal) if prompt == "prompt.spend" else pick(legal, "stop")
    if kind in ("evade", "fight"):
        return pick(legal, kind) if prompt == "prompt.naval_evade" else None
    if kind == "refuge" and prompt == "prompt.return":
        at = state.d["units"][frame["ship"]]["at"]
        return nearest(at if at in BOARD.seas else "", legal)
    if kind == "escape" and prompt == "prompt.escape":
        port = state.d["units"][frame["ship"]]["port"]
        return nearest(BOARD.cities[port].sea if port else "", legal)
    return None


def nearest(sea: str, legal: list[int]) -> int | None:
    """Of `sail <sea|box>` and `dock <area>` actions, the one nearest `sea` (a port's own sea area), a box
    last."""

    def far(action: int) -> tuple[int, int]:
        where = target(action)
        if verb(action) == "dock":
            where = next(c.sea for c in BOARD.cities.values() if c.port and c.area == where)
        if where not in BOARD.seas or not sea:
            return (1 << 20, action)
        return (BOARD.sea_distance(sea, where), action)

    return min(legal, key=far) if legal else None


def weakest_target(state: GamState, legal: list[int]) -> int | None:
    """§7.5.1: fire at the enemy ship with the fewest steps (nearest to sinking), the strongest first."""
    shots = [a for a in legal if verb(a) == "fire"]
    records = state.d["units"]
    return min(
        shots, key=lambda a: (int(records[target(a)]["steps"]), -COUNTERS[target(a)].factor, a), default=None
    )


FLEETS = Fleets()
