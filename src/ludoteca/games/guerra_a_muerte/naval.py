"""§7 Naval operations: a fleet is activated like a land force (§7.1) and spends its OPs on moves of up to
4 sea areas an OP (the off-map links count 8, §7.2; the Spain box 3 or 4 OPs, §7.3), on naval attacks (§7.5,
with evasion; the fortified port fires, §7.10), on raids (§7.8) or on putting into a friendly port. Land
forces cross the sea in ships (§7.6, §7.7). At the end of the turn ships return within reach of a friendly
port (§7.4); ships in a port the enemy takes roll for their fate (§7.9). Cochrane's help (§8.3) is applied
where each of these rolls is made, always in the Patriot's favour (ambiguity 27).

A ship lies in an area's port (`at` the area, `city` true, `port` the city), at sea (`at` a sea area) or in
a box (Spain, Haití, the United States). A port is one sea area away from its own sea area."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.frames import NavalBattle, Transport, naval_battle, transport
from ludoteca.games.guerra_a_muerte.operations import (
    ENEMY,
    ROLE,
    Activation,
    Force,
    activation_ops,
    offer_rp,
    spend_rp,
)
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
D10 = {die(n): 1 for n in range(1, 11)}
NAVAL = BOARD.tables["naval_class"]
COCHRANE = BOARD.tables["cochrane"]
AREAS_PER_OP = int(BOARD.op_cost["naval_areas_per_op"])
SPAIN_LINKS = {link.to: link.op for link in BOARD.box_links if link.box == "spain"}
BOX_SEAS = {
    box: [link.to for link in BOARD.box_links if link.box == box and link.to in BOARD.seas]
    for box in BOARD.boxes
}
PATRIOT_BOXES = ("haiti", "united_states")
ESCAPE_BOXES = {"spanish": ["spain"], "mexico": ["united_states"], "gran_colombia": ["haiti"]}
"""§7.9: where a ship escaping a taken port may go besides a friendly port within 5 sea areas."""


def ships_at(state: GamState, place: str, side: str, port: str | None = None) -> list[str]:
    """The ships of `side` at `place` (a sea, a box, or an area's ports — only `port`'s if given)."""
    return [
        u
        for u in state.units_at(place, side)
        if COUNTERS[u].naval and (port is None or state.d["units"][u]["port"] == port)
    ]


def naval_leaders(state: GamState, place: str, side: str) -> list[str]:
    return [lid for lid in state.leaders_at(place, side) if BOARD.leaders[lid].naval]


def cochrane_at(state: GamState, *places: str) -> bool:
    return state.d["leaders"]["cochrane"]["at"] in places


def harbour_seas(state: GamState, uid: str) -> list[str]:
    """The sea areas a ship reaches on leaving its port or box (none from the Spain box: §7.3 prices it)."""
    s = state.d["units"][uid]
    if s["at"] in BOARD.seas:
        return [s["at"]]
    if s["at"] in BOARD.boxes:
        return list(BOX_SEAS[s["at"]]) if s["at"] != "spain" else []
    port = s["port"]
    return [BOARD.cities[port].sea] if port else []


def distances(start: str) -> dict[str, int]:
    """Sea areas moved from `start` to every sea area (§7.1, the off-map links as 8, §7.2)."""
    return {sea: BOARD.sea_distance(start, sea) for sea in BOARD.seas}


def friendly_port(state: GamState, side: str, city_id: str) -> bool:
    """§7.4: a port of an area `side` controls, with no enemy units inside the city."""
    city = BOARD.cities[city_id]
    if not city.port or not state.controls(side, city.area):
        return False
    return not [u for u in state.land_at(city.area, ENEMY[side]) if state.d["units"][u]["city"]]


def friendly_ports(state: GamState, side: str) -> list[str]:
    return sorted(c for c in BOARD.cities if friendly_port(state, side, c))


def within_of_ports(state: GamState, side: str, reach: int) -> set[str]:
    """Sea areas at `reach` sea areas or fewer from a friendly port (the port's own sea is 1 away)."""
    out: set[str] = set()
    for city in friendly_ports(state, side):
        for sea, n in distances(BOARD.cities[city].sea).items():
            if n + 1 <= reach:
                out.add(sea)
    return out


def capacity(ships: list[str]) -> tuple[int, int]:
    """§7.7: the land steps and the leaders `ships` carry."""
    steps = sum(int(NAVAL[COUNTERS[u].arm]["carries_steps"]) for u in ships)
    return steps, sum(int(NAVAL[COUNTERS[u].arm]["carries_leaders"]) for u in ships)


# ------------------------------------------------------------------------- the fleet's activation §7.1
class Fleet(Force):
    """A naval force activated in `place` (a port's area, a sea area or a box, §7.1)."""

    place: str
    used: NotRequired[int]
    """The OPs spent so far (§7.1)."""
    raided: NotRequired[list[str]]
    """The areas it raided this activation (§7.8)."""
    costs: NotRequired[dict[str, int]]
    """The OPs each sailing offered costs (`sail_options`)."""


fleet = PROCS.proc("fleet", rule="7.1", frame=Fleet)


@fleet.step()
def _fleet(state: GamState, frame: Fleet, action: A) -> None:
    """A naval force is activated as a land force is (§3.3): RP may be spent on its roll."""
    side = frame["side"]
    state.log("log.fleet", side=f"@side.{side}", place=place_ref(frame["place"]))
    frame.update({"used": 0, "rp": 0, "raided": []})
    offer_rp(state, frame)


@fleet.step("spend")
def _fleet_spend(state: GamState, frame: Fleet, action: A) -> None:
    spend_rp(state, frame, action)


@fleet.step("rolled")
def _fleet_rolled(state: GamState, frame: Fleet, action: int) -> None:
    frame["ops"] = activation_ops(
        face(action),
        frame["rp"],
        False,
        state.best_leader(frame["leaders"]),
        state.options.leader_ops == "die",
    )
    state.log("log.ops", roll=face(action), ops=frame["ops"], rp=frame["rp"])
    for u in frame["units"]:
        state.set_unit(u, done=True)
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["done"] = True
    state.goto("operate")


def sail_options(state: GamState, frame: Fleet, left: int) -> dict[int, int]:
    """Each place the fleet may sail to, with its OP cost (§7.1–§7.3)."""
    side, place = frame["side"], frame["place"]
    out: dict[int, int] = {}
    if place == "spain":
        return {ID[f"sail {sea}"]: int(op) for sea, op in SPAIN_LINKS.items() if op <= left}
    starts = {s: 1 for s in harbour_seas(state, frame["units"][0])} if place not in BOARD.seas else {place: 0}
    for start, extra in starts.items():
        for sea, n in distances(start).items():
            cost = max(1, math.ceil((n + extra) / AREAS_PER_OP))
            if sea != place and cost <= left:
                out[ID[f"sail {sea}"]] = min(cost, out.get(ID[f"sail {sea}"], cost))
    if place in BOARD.seas:
        if side == "royalist" and place in SPAIN_LINKS and SPAIN_LINKS[place] <= left:
            out[ID["sail spain"]] = int(SPAIN_LINKS[place])
        if side == "patriot":
            for box in PATRIOT_BOXES:
                if place in BOX_SEAS[box] and left >= 1:
                    out[ID[f"sail {box}"]] = 1
    return out


@fleet.step("operate")
def _fleet_operate(state: GamState, frame: Fleet, action: A) -> None:
    side, place = frame["side"], frame["place"]
    frame["units"] = [u for u in frame["units"] if state.d["units"][u]["at"] == place]
    if not frame["units"]:
        state.ret()
        return
    left = frame["ops"] - frame["used"]
    frame["costs"] = {str(a): c for a, c in sail_options(state, frame, left).items()}
    options = [ID["stop"], *[int(a) for a in frame["costs"]]]
    if place in BOARD.seas:
        options += [
            ID[f"dock {BOARD.cities[c].area}"]
            for c in friendly_ports(state, side)
            if BOARD.cities[c].sea == place
        ]
        if left >= int(BOARD.op_cost["naval_attack"]):
            if ships_at(state, place, ENEMY[side]):
                options.append(ID["engage"])
            options += [
                ID[f"engage {c.area}"]
                for c in BOARD.cities.values()
                if c.sea == place and ships_at(state, c.area, ENEMY[side], c.id)
            ]
        if left >= int(BOARD.op_cost["raid"]):
            options += [
                ID[f"raid {x}"]
                for x, area in BOARD.areas.items()
                if place in area.seas and ENEMY[side] in state.holders(x) and x not in frame["raided"]
            ]
    state.decide(
        ROLE[side],
        "naval",
        sorted(set(options)),
        then="operation",
        prompt="prompt.naval",
        place=place_ref(place),
        ops=left,
    )


def move_fleet(state: GamState, frame: Fleet, to: str, port: str = "") -> None:
    """The fleet and its naval leaders go to `to` (a sea or a box, or the area of `port`)."""
    for u in frame["units"]:
        if port:
            state.place_unit(u, port)
        else:
            state.move(u, to, city=False, port="")
        state.set_unit(u, done=True)
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["at"] = BOARD.cities[port].area if port else to
    frame["place"] = BOARD.cities[port].area if port else to


@fleet.step("operation")
def _fleet_operation(state: GamState, frame: Fleet, action: int) -> None:
    v, what = verb(action), target(action)
    side = frame["side"]
    if v == "stop":
        state.ret()
    elif v == "sail":
        frame["used"] += frame["costs"][str(action)]
        move_fleet(state, frame, what)
        state.log("log.sailed", side=f"@side.{side}", place=place_ref(what))
        state.goto("operate")
    elif v == "dock":
        city = next(
            c
            for c in friendly_ports(state, side)
            if BOARD.cities[c].area == what and BOARD.cities[c].sea == frame["place"]
        )
        move_fleet(state, frame, what, city)
        state.log("log.docked", side=f"@side.{side}", area=place_ref(what))
        state.ret()
    elif v == "engage":
        frame["used"] += int(BOARD.op_cost["naval_attack"])
        sea = frame["place"]
        port = next((c.id for c in BOARD.cities.values() if what and c.sea == sea and c.area == what), "")
        enemy = ships_at(state, what, ENEMY[side], port) if what else ships_at(state, sea, ENEMY[side])
        state.call(
            naval_battle,
            NavalBattle(attacker=side, sea=sea, units=frame["units"], dunits=enemy, port=port),
            then="operate",
        )
    else:  # raid
        frame["used"] += int(BOARD.op_cost["raid"])
        frame["raided"].append(what)
        state.call(raid, Raid(side=side, area=what, sea=frame["place"]), then="operate")


# ------------------------------------------------------------------------------------- raids §7.8
class Raid(TypedDict):
    side: str
    area: str
    sea: str
    """The fleet's sea area, off the raided area (§7.8)."""


raid = PROCS.proc("raid", rule="7.8", frame=Raid)


def raid_loss(roll: int, enemy_ships: bool, cochrane: bool) -> int:
    """§7.8: RP the raided area loses: 4+ loses 1; −1 with enemy ships there, Cochrane +1 (§8.3 (d))."""
    mod = (BOARD.integer("raid", "enemy_ships") if enemy_ships else 0) + (
        int(COCHRANE["raid"]) if cochrane else 0
    )
    return int(BOARD.raid(roll + mod))


@raid.step()
def _raid(state: GamState, frame: Raid, action: A) -> None:
    state.chance(D6, then="rolled")


@raid.step("rolled")
def _raid_rolled(state: GamState, frame: Raid, action: int) -> None:
    area = frame["area"]
    enemy = bool(ships_at(state, area, ENEMY[frame["side"]]))
    lost = raid_loss(face(action), enemy, frame["side"] == "patriot" and cochrane_at(state, frame["sea"]))
    if lost:
        state.d["raided"][area] = state.d["raided"].get(area, 0) + lost
    state.log("log.raid", area=place_ref(area), roll=face(action), n=lost)
    state.ret()


# ----------------------------------------------------------------------------- transport §7.6–§7.7
def transport_ships(state: GamState, side: str, area: str) -> list[str]:
    """Ships of `side` that have not operated, in a port of `area` (or in the box) or at sea next to it."""
    if area in BOARD.boxes:
        return [u for u in ships_at(state, area, side) if not state.d["units"][u]["done"]]
    out = [u for u in ships_at(state, area, side) if not state.d["units"][u]["done"]]
    for city in BOARD.cities.values():
        if city.area == area and city.port:
            out += [u for u in ships_at(state, city.sea, side) if not state.d["units"][u]["done"]]
    return out


def can_embark(state: GamState, frame: Activation) -> bool:
    """§7.6–§7.7: a land force that has not moved, where it has a port (or a haven box), with enough
    ships for its steps and leaders, and 2 OPs to board and to land."""
    area = frame["area"]
    has_port = area in PATRIOT_BOXES or any(c.port and c.area == area for c in BOARD.cities.values())
    if frame["moved"] or not has_port or frame["ops"] - frame["used"] < 2 or not frame["units"]:
        return False
    steps, leaders = capacity(transport_ships(state, frame["side"], area))
    return steps >= state.strength_steps(frame["units"]) and leaders >= len(frame["leaders"])


@transport.step()
def _transport(state: GamState, frame: Transport, action: A) -> None:
    """The force boards (1 OP); the ships are activated and sail any number of sea areas (§7.6)."""
    area = frame["area"]
    ships = transport_ships(state, frame["side"], area)
    frame["ships"] = ships
    starts = {sea for u in ships for sea in harbour_seas(state, u)}
    if area in BOX_SEAS and area != "spain":
        starts |= set(BOX_SEAS[area])
    reach = sorted({sea for s in starts for sea, n in distances(s).items() if n < 1 << 20})
    state.decide(
        ROLE[frame["side"]],
        "transport",
        [ID[f"sail {sea}"] for sea in reach],
        then="sailed",
        prompt="prompt.transport",
    )


@transport.step("sailed")
def _transport_sailed(state: GamState, frame: Transport, action: int) -> None:
    sea = target(action)
    frame["sea"] = sea
    for u in frame["ships"]:
        state.move(u, sea, city=False, port="", done=True)
    coasts = [x for x, area in BOARD.areas.items() if sea in area.seas]
    state.decide(
        ROLE[frame["side"]],
        "land",
        [ID[f"land {x}"] for x in coasts],
        then="landed",
        prompt="prompt.land",
        place=f"@sea.{sea}",
    )


@transport.step("landed")
def _transport_landed(state: GamState, frame: Transport, action: int) -> None:
    """The force lands (1 OP) and may go on operating (§7.6)."""
    to = target(action)
    for u in frame["units"]:
        state.move(u, to, city=False, guerrilla=False)
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["at"] = to
    state.log("log.landed", side=f"@side.{frame['side']}", area=place_ref(to), sea=f"@sea.{frame['sea']}")
    state.ret(to)


# --------------------------------------------------------------------------- ports taken §7.9
class Stranded(TypedDict):
    ship: NotRequired[str]
    """The ship whose fate is being decided (§7.4, §7.9)."""


ports_taken = PROCS.proc("ports_taken", rule="7.9", frame=Stranded)


def port_lost(state: GamState, uid: str) -> bool:
    """A ship in a port whose area its side has left to enemy land units."""
    s = state.d["units"][uid]
    if not (s["city"] and s["port"] and COUNTERS[uid].naval):
        return False
    side = COUNTERS[uid].side
    return not state.land_at(s["at"], side) and bool(state.land_at(s["at"], ENEMY[side]))


def capture_roll(roll: int, patriot_ship: bool, cochrane: bool) -> str:
    """§7.9: 1 escapes, 2–5 destroyed, 6 captured; Cochrane's +1 helps the Patriot (§8.3 (e))."""
    mod = int(COCHRANE["port_capture"]) * (-1 if patriot_ship else 1) if cochrane else 0
    return str(BOARD.port_capture(roll + mod))


@ports_taken.step()
def _ports_taken(state: GamState, frame: Stranded, action: A) -> None:
    lost = sorted(u for u in state.d["units"] if COUNTERS[u].naval and port_lost(state, u))
    if not lost:
        state.ret()
        return
    frame["ship"] = lost[0]
    state.chance(D6, then="rolled")


def escapes(state: GamState, uid: str) -> list[int]:
    """§7.9: a friendly port within 5 sea areas, or the ship's box."""
    c = COUNTERS[uid]
    sea = BOARD.cities[state.d["units"][uid]["port"]].sea
    reach = BOARD.integer("port_capture", "escape_range")
    near = distances(sea)
    ports = [p for p in friendly_ports(state, c.side) if near[BOARD.cities[p].sea] + 1 <= reach]
    boxes = ESCAPE_BOXES.get(c.nationality, [])
    if c.nationality == "spanish" and friendly_port(state, "royalist", "san_juan"):
        ports.append("san_juan")
    return sorted({ID[f"dock {BOARD.cities[p].area}"] for p in ports} | {ID[f"sail {b}"] for b in boxes})


@ports_taken.step("rolled")
def _ports_taken_rolled(state: GamState, frame: Stranded, action: int) -> None:
    uid = frame["ship"]
    s = state.d["units"][uid]
    side = COUNTERS[uid].side
    cochrane = cochrane_at(state, s["at"], BOARD.cities[s["port"]].sea)
    fate = capture_roll(face(action), side == "patriot", cochrane)
    state.log(f"log.port_{fate}", unit=f"@unit.{uid}", roll=face(action))
    if fate == "escape" and escapes(state, uid):
        state.decide(ROLE[side], "escape", escapes(state, uid), then="escaped", prompt="prompt.escape")
        return
    if fate == "captured":
        _capture(state, uid)
    state.eliminate(uid)
    state.goto("start")


def _capture(state: GamState, uid: str) -> None:
    """§7.9: the taker puts a ship of the same type in the port, of the nationality of its land units
    there where its pool has one, else of any of its nationalities (only some nations have ships)."""
    s = state.d["units"][uid]
    side = ENEMY[COUNTERS[uid].side]
    nats = [COUNTERS[u].nationality for u in state.land_at(s["at"], side)]
    pool = [
        u
        for u, c in COUNTERS.items()
        if c.arm == COUNTERS[uid].arm and c.side == side and state.d["units"][u]["at"] == POOL
    ]
    pool.sort(key=lambda u: (-nats.count(COUNTERS[u].nationality), u))
    if pool:
        state.place_unit(pool[0], s["port"])
        state.set_unit(pool[0], done=True)


@ports_taken.step("escaped")
def _ports_taken_escaped(state: GamState, frame: Stranded, action: int) -> None:
    uid = frame["ship"]
    if verb(action) == "dock":
        city = next(
            c for c in friendly_ports(state, COUNTERS[uid].side) if BOARD.cities[c].area == target(action)
        )
        state.place_unit(uid, city)
    else:
        state.place_unit(uid, target(action))
    state.goto("start")


# ---------------------------------------------------------------------------- return to port §7.4
return_to_port = PROCS.proc("return_to_port", rule="7.4", frame=Stranded)


def stranded(state: GamState, side: str) -> list[str]:
    """Ships of `side` at sea more than 4 sea areas from any friendly port."""
    near = within_of_ports(state, side, AREAS_PER_OP)
    return sorted(
        u
        for u, s in state.d["units"].items()
        if COUNTERS[u].naval and COUNTERS[u].side == side and s["at"] in BOARD.seas and s["at"] not in near
    )


def refuges(state: GamState, side: str) -> list[int]:
    """§7.4: the sea areas within 4 of a friendly port, or the Spain box (Royalist), Haití and the
    United States (Patriot)."""
    seas = sorted(within_of_ports(state, side, AREAS_PER_OP))
    boxes = ["spain"] if side == "royalist" else list(PATRIOT_BOXES)
    return [ID[f"sail {s}"] for s in [*seas, *boxes]]


@return_to_port.step()
def _return_to_port(state: GamState, frame: Stranded, action: A) -> None:
    """Every ship at sea beyond reach of a friendly port goes back within reach, at no OP cost."""
    for side in ("patriot", "royalist"):
        lost = stranded(state, side)
        if lost:
            frame["ship"] = lost[0]
            state.decide(
                ROLE[side],
                "return",
                refuges(state, side),
                then="returned",
                prompt="prompt.return",
                private=state.hidden(side),
                what=f"@unit.{lost[0]}",
            )
            return
    state.ret()


@return_to_port.step("returned")
def _return_to_port_returned(state: GamState, frame: Stranded, action: int) -> None:
    uid = frame["ship"]
    was = state.d["units"][uid]["at"]
    state.move(uid, target(action), city=False, port="")
    for lid in naval_leaders(state, was, COUNTERS[uid].side):
        if not ships_at(state, was, COUNTERS[uid].side):
            state.d["leaders"][lid]["at"] = target(action)
    state.goto("start")
