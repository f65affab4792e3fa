"""§9 Uprisings: in phase 2 each side announces up to two areas held by the enemy (§9.0), rolls one die
for each with the §9.4 modifiers, and on 5 or more places a militia counter there (§9.3); the El Plata
dissensions are Royalist uprisings that raise the El Plata rebels (§9.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, militia_of
from ludoteca.games.guerra_a_muerte.operations import ENEMY, ROLE
from ludoteca.games.guerra_a_muerte.picks import Picking, done_picking, next_pick
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

D6 = {die(n): 1 for n in range(1, 7)}
NATION_LISTS = ("rp_mexico", "rp_gran_colombia", "rp_peru", "rp_el_plata", "rp_chile")
"""The order in which an area's RP lists give the nationality of a Patriot uprising (§9.3)."""


def patriot_nation(area: str) -> str:
    """§9.3: the nationality of the militia a Patriot uprising raises: the first Patriot RP list (§4.2)
    naming the area; "" where none does (the islands), where no Patriot uprising can place a counter."""
    for name in NATION_LISTS:
        if area in BOARD.lists[name]:
            return name[3:]
    return ""


def rebel_area(state: GamState, area: str) -> bool:
    """§9.5: a Royalist uprising in one of the four El Plata areas raises rebels, from turn III on."""
    return area in BOARD.lists["rebel_uprising"]


def can_rise(state: GamState, side: str, area: str) -> bool:
    """§9.0–§9.1, §9.5, §4.9.1: an area the enemy controls and `side` does not; not where the side raised
    Indian or slave masses (after the Liberal event the Patriot again, §10.2.1.3, ambiguity 19; with
    `liberal-slaves=recruiter` either side that raised them, as §4.9.1 says); the Patriot never in
    the Banda Oriental, Misiones or Paraguay; the Royalist in the four El Plata areas only from turn III;
    and a militia nationality to raise."""
    holders = state.holders(area)
    if ENEMY[side] not in holders or side in holders:
        return False
    if area in state.d["slaves"][side] and not (
        state.d["liberals"] and (side == "patriot" or state.options.liberal_slaves == "recruiter")
    ):
        return False
    if side == "patriot":
        return area not in BOARD.lists["no_patriot_uprising"] and bool(patriot_nation(area))
    return not rebel_area(state, area) or state.turn >= BOARD.integer("uprising", "rebel_first_turn")


def modifier(state: GamState, side: str, area: str) -> int:
    """§9.4 (and §9.5's +2 for the rebels, §8.2's +1 for Boves in or next to Los Llanos)."""
    enemy_regulars = any(not COUNTERS[u].militia for u in state.land_at(area, ENEMY[side]))
    m = BOARD.integer("uprising", "enemy_regulars") if enemy_regulars else 0
    if BOARD.areas[area].pro == side or (side == "royalist" and rebel_area(state, area)):
        m += BOARD.integer("uprising", "pro_area")
    if side == "patriot" and area in state.d["repression"]:
        m += BOARD.integer("uprising", "repression")
    if side == "royalist" and area in BOARD.lists["boves_uprising"]:
        boves = state.d["leaders"]["boves"]["at"]
        if boves == area or boves in BOARD.adjacent[area]:
            m += BOARD.integer("uprising", "boves")
    return m


def militia_kind(side: str, area: str) -> str:
    if side == "patriot":
        return patriot_nation(area)
    return "el_plata_rebels" if area in BOARD.lists["rebel_uprising"] else "american"


def free_militia(state: GamState, nationality: str) -> list[str]:
    """The first militia counter of each arm left in the pool (§9.3: none left, no uprising)."""
    out = []
    for arm in ("infantry", "cavalry"):
        first = next((u for u in militia_of(nationality, arm) if state.d["units"][u]["at"] == POOL), "")
        if first:
            out.append(first)
    return out


class Uprisings(Picking):
    announced: NotRequired[list[list[str]]]
    """The areas announced, ``[side, area]``, rolled for in that order."""
    area: NotRequired[str]
    """The area whose uprising succeeded, where the militia is raised."""


uprisings = PROCS.proc("uprisings", rule="9.3", frame=Uprisings)


def uprise_options(state: GamState, frame: Uprisings) -> list[int]:
    """The areas the side first in `frame["sides"]` may announce, with "done"; [] where it may announce
    none (none left, or two already, §9.0)."""
    side = frame["sides"][0]
    mine = [x for s, x in frame["announced"] if s == side]
    areas = [x for x in BOARD.areas if x not in mine and can_rise(state, side, x)]
    if areas and len(mine) < BOARD.integer("uprising", "per_side_per_turn"):
        return [*(ID[f"uprise {x}"] for x in areas), ID["done"]]
    return []


@uprisings.step()
def _uprisings(state: GamState, frame: Uprisings, action: None) -> None:
    """The Patriot, then the Royalist, announces up to two areas."""
    state.d["phase"] = "uprisings"
    frame.setdefault("sides", ["patriot", "royalist"])
    frame.setdefault("announced", [])
    pick = next_pick(state, frame, uprise_options)
    if pick is None:
        state.goto("roll")
        return
    side, options = pick
    state.decide(ROLE[side], "uprise", options, then="announced", prompt="prompt.uprise")


@uprisings.step("announced")
def _announced(state: GamState, frame: Uprisings, action: int) -> None:
    if not done_picking(frame, action):
        side = frame["sides"][0]
        frame["announced"].append([side, target(action)])
        state.log("log.uprise", side=f"@side.{side}", area=place_ref(target(action)))
    state.goto("start")


@uprisings.step("roll")
def _roll(state: GamState, frame: Uprisings, action: None) -> None:
    if not frame["announced"]:
        state.ret()
        return
    state.chance(D6, then="rolled")


def rises(roll: int, mod: int) -> bool:
    return roll + mod >= BOARD.integer("uprising", "succeeds_on")


@uprisings.step("rolled")
def _rolled(state: GamState, frame: Uprisings, action: int) -> None:
    """§9.3: 5 or more raises a militia of infantry or cavalry, as the side chooses."""
    side, area = frame["announced"].pop(0)
    mod = modifier(state, side, area)
    counters = free_militia(state, militia_kind(side, area))
    ok = rises(face(action), mod) and bool(counters)
    state.log(
        "log.uprising",
        area=place_ref(area),
        roll=face(action),
        modified=face(action) + mod,
        ok=f"@word.{'yes' if ok else 'no'}",
    )
    if not ok:
        state.goto("roll")
        return
    frame["area"] = area
    if len(counters) == 1:
        _raise(state, frame, counters[0])
        return
    state.decide(
        ROLE[side],
        "militia",
        [ID[f"recruit {u}"] for u in counters],
        then="raised",
        prompt="prompt.uprising_militia",
        area=place_ref(area),
    )


@uprisings.step("raised")
def _raised(state: GamState, frame: Uprisings, action: int) -> None:
    _raise(state, frame, target(action))


def _raise(state: GamState, frame: Uprisings, uid: str) -> None:
    state.place_unit(uid, frame["area"])
    state.set_unit(uid, steps=1)
    state.goto("roll")
