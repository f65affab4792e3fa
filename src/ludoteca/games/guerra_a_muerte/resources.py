"""§4 Resource points: the Reorganization and Reinforcements phase — Spain's RP (§4.5), each area's RP
(§4.0–§4.3), reinforcements (§4.8, §4.10) with the convoy roll, and recruitment (§4.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD, main_port
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, militia_of
from ludoteca.games.guerra_a_muerte.frames import NavalBattle, naval_battle
from ludoteca.games.guerra_a_muerte.position import DEAD, DUE, POOL
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
ROLE = {"patriot": 0, "royalist": 1}
RP_LISTS = {
    "el_plata": "rp_el_plata",
    "gran_colombia": "rp_gran_colombia",
    "mexico": "rp_mexico",
    "peru": "rp_peru",
    "chile": "rp_chile",
}
REBUILD = {
    "el_plata": "rebuild_el_plata",
    "gran_colombia": "rebuild_gran_colombia",
    "mexico": "rebuild_mexico",
    "chile": "rebuild_chile",
    "peru": "rebuild_peru",
}


# ---------------------------------------------------------------------------------- the phase
PROCS.sequence(
    "reorganization_steps",
    "3.1",
    "spain_rp",
    "income",
    "promotion",
    "reinforcements",
    "recruitment",
    "slave_recruitment",
    "guerrilla_mode",
)
reorganization = PROCS.proc("reorganization", rule="3.1")


@reorganization.step()
def _reorganization(state: GamState, frame: Frame, action: A) -> None:
    """§3.1.3: RP are gathered, militia promoted, reinforcements arrive, units are bought."""
    state.d["phase"] = "reorganization"
    state.call("reorganization_steps", then="done")


@reorganization.step("done")
def _reorganization_done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()


# ------------------------------------------------------------------------------------ Spain §4.5
spain = PROCS.proc("spain_rp", rule="4.5")


def areas_held(state: GamState, side: str) -> int:
    return sum(side in state.holders(x) for x in BOARD.areas)


def spain_modifier(state: GamState) -> int:
    """§4.5.1: the turn's modifier, and −1 after the Liberal event while the Patriot holds more areas."""
    m = BOARD.spain_modifier(state.turn)
    if state.d["liberals"] and areas_held(state, "patriot") > areas_held(state, "royalist"):
        m += BOARD.integer("spain_rp", "more_patriot_areas_after_liberals")
    return m


def spain_rp(roll: int, modifier: int, liberals: bool) -> int:
    """§4.5, §10.2.1.2: Spain's RP for a roll, halved (rounded down) once the Liberals rule."""
    got = int(BOARD.spain_rp(roll + modifier))
    return got // 2 if liberals else got


@spain.step()
def _spain(state: GamState, frame: Frame, action: A) -> None:
    state.chance(D6, then="rolled")


@spain.step("rolled")
def _spain_rolled(state: GamState, frame: Frame, action: int) -> None:
    got = spain_rp(face(action), spain_modifier(state), bool(state.d["liberals"]))
    state.d["rp"]["royalist"] += got
    state.log("log.spain_rp", roll=face(action), n=got)
    state.ret()


# ------------------------------------------------------------------------------ income §4.0–§4.3
def patriot_nation_for(state: GamState, area: str) -> str:
    """§4.2: the Patriot pool an area pays: a nationality present whose list holds it (Lima, Cuzco and
    Arequipa: any present); the one with most steps, ties to Peru in Peruvian areas, else El Plata
    (ambiguity 17). "" if none."""
    steps: dict[str, int] = {}
    for u in state.land_at(area, "patriot"):
        nat = COUNTERS[u].nationality
        steps[nat] = steps.get(nat, 0) + int(state.d["units"][u]["steps"])
    for lid in state.leaders_at(area, "patriot"):
        steps.setdefault(BOARD.leaders[lid].nationality, 0)
    shared = area in BOARD.lists["rp_shared"]
    ok = [n for n in steps if shared or area in BOARD.lists[RP_LISTS[n]]]
    if not ok:
        return ""
    first = "peru" if area in BOARD.lists["rp_peru"] else "el_plata"
    return max(ok, key=lambda n: (steps[n], n == first, n))


def denied_by_guerrillas(state: GamState, area: str, side: str) -> bool:
    """§10.1: "El jugador enemigo no podrá 'recolectar' RPs de esa área si no hay unidades regulares en
    esa área": where the other side has a unit in guerrilla mode, `side` collects nothing from the area
    unless it has a regular land unit there (its militia and leaders do not count). Its share of a partly
    held area is lost, not handed to the guerrilla's side (§4.0: "El RP sobrante se pierde")."""
    other = "royalist" if side == "patriot" else "patriot"
    records = state.d["units"]
    if not any(records[u]["guerrilla"] for u in state.land_at(area, other)):
        return False
    return not any(not COUNTERS[u].militia for u in state.land_at(area, side))


def area_income(state: GamState, area: str) -> dict[str, int]:
    """§4.0–§4.3, §9.5, §10.1, §10.6: what an area pays each pool this turn."""
    holders = state.holders(area)
    if "rebel" in holders or not holders:
        return {}
    rp = BOARD.areas[area].rp
    if area in state.d["halved"]:
        rp //= 2
    rp = max(0, rp - int(state.d["raided"].get(area, 0)))
    share = rp if len(holders) == 1 else rp // 2
    collect = {side for side in holders if not denied_by_guerrillas(state, area, side)}
    out = {}
    if "royalist" in collect:
        out["royalist"] = share
    if "patriot" in collect:
        nat = patriot_nation_for(state, area)
        if nat:
            out[nat] = share
    return out


income = PROCS.proc("income", rule="4.0")


@income.step()
def _income(state: GamState, frame: Frame, action: A) -> None:
    got: dict[str, int] = {}
    for area in BOARD.areas:
        for pool, n in area_income(state, area).items():
            got[pool] = got.get(pool, 0) + n
    for pool, n in sorted(got.items()):
        state.d["rp"][pool] += n
        state.log("log.income", pool=f"@pool.{pool}", n=n)
    state.d["halved"] = []
    state.d["raided"] = {}
    state.ret()


# -------------------------------------------------------------------------- reinforcements §4.8/§4.10
def royalist_ports(state: GamState) -> list[str]:
    """Areas with a port the Royalist may land at (§4.8): his units hold the area, no Patriot in the city."""
    out = set()
    for c in BOARD.cities.values():
        if c.port and state.holders(c.area) == {"royalist"}:
            out.add(c.area)
    return sorted(out)


def ships_off(state: GamState, area: str, side: str) -> list[str]:
    """The ships of `side` in the sea area of the port where the convoy lands (its main port, §4.8)."""
    port = main_port(area)
    sea = BOARD.cities[port].sea if port else ""
    return sorted(u for u in state.units_at(sea, side) if COUNTERS[u].naval) if sea else []


def region_areas(region: str, side: str) -> list[str]:
    if region in BOARD.lists:
        return list(BOARD.lists[region])
    if (side, region) in BOARD.setup_codes:
        return sorted(
            {BOARD.cities[p].area if p in BOARD.cities else p for p in BOARD.code_areas(side, region)}
        )
    return [region] if region in BOARD.areas else []


def patriot_entry(state: GamState, uid: str) -> list[str]:
    """§4.10: where a Patriot reinforcement may enter; [] sends it to the recruit pool."""
    c = COUNTERS[uid]
    if c.nationality == "mexico":
        if uid == "mx_mina":
            return [
                x
                for x in BOARD.lists["rp_mexico"]
                if any(s.startswith("caribe") for s in BOARD.areas[x].seas)
            ]
        if state.d["leaders"]["morelos"]["at"] == DEAD:
            return [x for x in BOARD.lists["rebuild_mexico"] if not state.land_at(x, "royalist")]
        morelos = state.d["leaders"]["morelos"]["at"]
        full = [
            x
            for x in BOARD.lists["rp_mexico"]
            if state.holders(x) == {"patriot"}
            and any(COUNTERS[u].nationality == "mexico" for u in state.land_at(x, "patriot"))
        ]
        return sorted(set(full) | ({morelos} if morelos in BOARD.areas else set()))
    if c.new_granada:
        return [] if state.holders("santa_fe") == {"royalist"} else ["santa_fe"]
    if c.naval and state.turn == BOARD.integer("patriot_navy", "turn"):
        return [
            x
            for x in BOARD.lists.get(REBUILD.get(c.nationality, ""), ())
            if any(p.port and p.area == x for p in BOARD.cities.values())
            and any(COUNTERS[u].nationality == c.nationality for u in state.land_at(x, "patriot"))
        ]
    return []


class Reinforcements(TypedDict):
    wave: NotRequired[list[str]]
    """The Spanish arrivals, landing together (§4.8)."""
    port: NotRequired[str]
    unit: NotRequired[str]
    leader: NotRequired[str]
    ret: NotRequired[str]
    """The side that won the naval battle fought for the convoy (§4.8)."""


reinforcements = PROCS.proc("reinforcements", rule="4.8", frame=Reinforcements)


def _due(state: GamState) -> list[str]:
    return sorted(u for u, s in state.d["units"].items() if s["at"] == DUE and s["turn"] <= state.turn)


@reinforcements.step()
def _reinforcements(state: GamState, frame: Reinforcements, action: A) -> None:
    """§4.8: the Spanish arrivals land together at a Royalist port of the Royalist's choice."""
    spanish = [u for u in _due(state) if COUNTERS[u].nationality == "spanish"]
    frame["wave"] = spanish
    ports = royalist_ports(state)
    if not spanish:
        state.goto("others")
        return
    if not ports:
        for u in spanish:
            state.set_unit(u, turn=state.turn + 1)
        state.goto("others")
        return
    state.decide(
        ROLE["royalist"],
        "port",
        [ID[f"place {x}"] for x in ports],
        then="port",
        prompt="prompt.port",
        n=len(spanish),
    )


@reinforcements.step("port")
def _reinforcements_port(state: GamState, frame: Reinforcements, action: int) -> None:
    frame["port"] = target(action)
    patriots = ships_off(state, frame["port"], "patriot")
    royalists = ships_off(state, frame["port"], "royalist")
    if patriots and royalists:
        state.call(
            naval_battle,
            NavalBattle(
                attacker="royalist",
                sea=BOARD.cities[main_port(frame["port"])].sea,
                units=royalists,
                dunits=patriots,
                port="",
                evade=False,
            ),
            then="fought",
        )
        return
    if patriots:
        state.chance(D6, then="convoy")
        return
    _land(state, frame, "land")


@reinforcements.step("fought")
def _reinforcements_fought(state: GamState, frame: Reinforcements, action: A) -> None:
    """§4.8 (ambiguity 11): Patriot and Spanish ships off the port fight first; if the Patriot wins (his
    ships are still there) he rolls for the convoy, otherwise it lands."""
    if frame.pop("ret") == "patriot":
        state.chance(D6, then="convoy")
        return
    _land(state, frame, "land")


@reinforcements.step("convoy")
def _reinforcements_convoy(state: GamState, frame: Reinforcements, action: int) -> None:
    """§4.8: Patriot ships off the port: 1–2 the convoy turns back, 3–4 it lands, 5–6 it is sunk."""
    _land(state, frame, str(BOARD.convoy(face(action))))


def _land(state: GamState, frame: Reinforcements, how: str) -> None:
    for u in frame["wave"]:
        if how == "land":
            state.place_unit(u, frame["port"])
        elif how == "return":
            state.set_unit(u, turn=state.turn + 1)
        else:
            state.move(u, DEAD)
    state.log(f"log.convoy_{how}", n=len(frame["wave"]), area=place_ref(frame["port"]))
    if (
        how == "land"
        and state.d["leaders"]["morillo"]["at"] == DUE
        and state.d["leaders"]["morillo"]["turn"] <= state.turn
    ):
        state.d["leaders"]["morillo"]["at"] = frame["port"]
    state.goto("others")


@reinforcements.step("others")
def _reinforcements_others(state: GamState, frame: Reinforcements, action: A) -> None:
    """§4.10: Mexican, New Granada, Mina and the Patriot navy enter the map; other counters the pool."""
    for u in _due(state):
        c = COUNTERS[u]
        if c.nationality == "spanish":
            continue
        places = patriot_entry(state, u) if c.side == "patriot" else []
        if not places:
            state.move(u, POOL)
            continue
        frame["unit"] = u
        if len(places) == 1:
            _enter(state, u, places[0])
            continue
        state.decide(
            ROLE["patriot"],
            "enter",
            [ID[f"place {x}"] for x in places],
            then="entered",
            prompt="prompt.enter",
            private=state.hidden("patriot"),
            what=f"@unit.{u}",
        )
        return
    state.goto("leaders")


def _enter(state: GamState, uid: str, area: str) -> None:
    state.place_unit(uid, area)
    state.log_for(COUNTERS[uid].side, "log.enters", what=f"@unit.{uid}", area=place_ref(area))


@reinforcements.step("entered")
def _reinforcements_entered(state: GamState, frame: Reinforcements, action: int) -> None:
    _enter(state, frame["unit"], target(action))
    state.goto("others")


@reinforcements.step("leaders")
def _reinforcements_leaders(state: GamState, frame: Reinforcements, action: A) -> None:
    """Leaders enter in their region (where their side stands, if it stands anywhere there)."""
    for lid, s in sorted(state.d["leaders"].items()):
        if s["at"] != DUE or s["turn"] > state.turn:
            continue
        ldr = BOARD.leaders[lid]
        areas = region_areas(ldr.region, ldr.side) or (
            royalist_ports(state) if ldr.side == "royalist" else []
        )
        held = [x for x in areas if state.controls(ldr.side, x)]
        choices = held or areas
        if not choices:
            s["turn"] = state.turn + 1
            continue
        frame["leader"] = lid
        state.decide(
            ROLE[ldr.side],
            "enter",
            [ID[f"place {x}"] for x in choices],
            then="leader_in",
            prompt="prompt.enter",
            private=state.hidden(ldr.side),
            what=f"@leader.{lid}",
        )
        return
    state.ret()


@reinforcements.step("leader_in")
def _reinforcements_leader_in(state: GamState, frame: Reinforcements, action: int) -> None:
    """§8.3: the turn Cochrane enters, a Patriot ship of the pool enters free with him where he has a
    port (a ship of the line first, which is never worse for the Patriot than a frigate)."""
    area = target(action)
    lid = frame["leader"]
    state.d["leaders"][lid]["at"] = area
    state.log_for(BOARD.leaders[lid].side, "log.enters", what=f"@leader.{lid}", area=place_ref(area))
    if frame["leader"] == "cochrane" and main_port(area):
        ships = sorted(
            (
                u
                for u, c in COUNTERS.items()
                if c.side == "patriot" and c.naval and state.d["units"][u]["at"] == POOL
            ),
            key=lambda u: (COUNTERS[u].arm != "ship_of_the_line", COUNTERS[u].nationality != "chile", u),
        )
        if ships:
            state.place_unit(ships[0], area)
            state.log_for("patriot", "log.enters", what=f"@unit.{ships[0]}", area=place_ref(area))
    state.goto("leaders")


# ------------------------------------------------------------------------ Mexican lost cause §4.10
lost_cause = PROCS.proc("lost_cause", rule="4.10")


@lost_cause.step()
def _lost_cause(state: GamState, frame: Frame, action: A) -> None:
    """§4.10: with Morelos dead or taken, every Mexican regular still due is replaced, one for one by arm
    (ambiguity 18), by a Mexican militia counter due on the same turn; with no militia left it is lost."""
    replaced = lost = 0
    for uid in sorted(u for u, s in state.d["units"].items() if s["at"] == DUE):
        c = COUNTERS[uid]
        if c.nationality != "mexico" or c.militia or c.naval:
            continue
        arm = "cavalry" if c.arm == "cavalry" else "infantry"
        militia = next((u for u in militia_of("mexico", arm) if state.d["units"][u]["at"] == POOL), "")
        if militia:
            state.move(militia, DUE, turn=state.d["units"][uid]["turn"])
            replaced += 1
        else:
            lost += 1
        state.move(uid, DEAD)
    state.log("log.lost_cause", n=replaced, lost=lost)
    state.ret()
