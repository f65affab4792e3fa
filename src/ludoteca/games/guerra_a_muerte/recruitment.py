"""§4.6–§4.9 The recruit pool in the Reorganization phase: militia promoted to complete reduced regulars
(§4.7), counters bought from the recruit pool (§4.6, and into the Patriot havens, §10.3), and the Indian
and slave masses raised once a turn (§4.9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD, city_in
from ludoteca.games.guerra_a_muerte.cities import city_free
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, militia_of
from ludoteca.games.guerra_a_muerte.picks import Picking, done_picking, next_pick
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.resources import REBUILD, patriot_nation_for
from ludoteca.games.guerra_a_muerte.special import haven_places
from ludoteca.games.guerra_a_muerte.uprisings import patriot_nation

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

D6 = {die(n): 1 for n in range(1, 7)}
ROLE = {"patriot": 0, "royalist": 1}


# ------------------------------------------------------------------------------ promotion §4.7
class Promotion(Picking):
    rolls: NotRequired[list[int]]
    """The dice for who promotes first, the Patriot's then the Royalist's."""


promotion = PROCS.proc("promotion", rule="4.7", frame=Promotion)


def promotions(state: GamState, side: str) -> list[str]:
    """§4.7: the reduced two-step regulars of `side` with a militia of the same arm in their area that
    may complete them: Royalist militia complete Spanish or American regulars (not the São Paulo Legion,
    §10.6), Patriot militia only regulars of their own nationality."""
    out = []
    for u, s in state.d["units"].items():
        c = COUNTERS[u]
        if (
            c.side != side
            or c.militia
            or c.naval
            or c.steps != 2
            or s["steps"] != 1
            or s["at"] not in BOARD.areas
        ):
            continue
        if c.nationality == "portuguese" or c.arm not in ("infantry", "cavalry"):
            continue
        if feeder(state, u):
            out.append(u)
    return sorted(out)


def feeder(state: GamState, uid: str) -> str:
    """The militia that would complete `uid` (one in the field first, then a guerrilla)."""
    c = COUNTERS[uid]
    nat = "american" if c.side == "royalist" else c.nationality
    there = [
        u
        for u in state.land_at(state.d["units"][uid]["at"], c.side)
        if COUNTERS[u].militia and COUNTERS[u].nationality == nat and COUNTERS[u].arm == c.arm
    ]
    there.sort(key=lambda u: (state.d["units"][u]["guerrilla"], u))
    return there[0] if there else ""


@promotion.step()
def _promotion(state: GamState, frame: Promotion, action: None) -> None:
    """Who promotes first is rolled (higher first, ties again) when both sides can promote."""
    sides = [s for s in ("patriot", "royalist") if promotions(state, s)]
    if len(sides) < 2:
        frame["sides"] = sides
        state.goto("next")
        return
    frame["rolls"] = []
    state.chance(D6, then="order")


@promotion.step("order")
def _promotion_order(state: GamState, frame: Promotion, action: int) -> None:
    frame["rolls"].append(face(action))
    if len(frame["rolls"]) < 2:
        state.chance(D6, then="order")
        return
    patriot, royalist = frame["rolls"]
    if patriot == royalist:
        frame["rolls"] = []
        state.chance(D6, then="order")
        return
    frame["sides"] = ["patriot", "royalist"] if patriot > royalist else ["royalist", "patriot"]
    state.goto("next")


def promote_options(state: GamState, frame: Picking) -> list[int]:
    """The promotions the side first in `frame["sides"]` is asked for, with "done"; [] where it has none
    (then it is not asked)."""
    options = [ID[f"promote {u}"] for u in promotions(state, frame["sides"][0])]
    return [*options, ID["done"]] if options else []


@promotion.step("next")
def _promotion_next(state: GamState, frame: Promotion, action: None) -> None:
    pick = next_pick(state, frame, promote_options)
    if pick is None:
        state.ret()
        return
    side, options = pick
    state.decide(
        ROLE[side],
        "promote",
        options,
        then="chosen",
        prompt="prompt.promote",
        private=state.hidden(side),  # the choice names a counter of a hidden force (§5.1.3)
    )


@promotion.step("chosen")
def _promotion_chosen(state: GamState, frame: Promotion, action: int) -> None:
    """The militia leaves the map and the regular is turned to its two-step side."""
    if done_picking(frame, action):
        state.goto("next")
        return
    uid = target(action)
    militia = feeder(state, uid)
    state.eliminate(militia)
    state.set_unit(uid, steps=2)
    state.log_for(COUNTERS[uid].side, "log.promoted", side=f"@side.{COUNTERS[uid].side}", unit=f"@unit.{uid}")
    state.goto("next")


# ----------------------------------------------------------------------------- recruitment §4.6
class Recruiting(Picking):
    unit: NotRequired[str]
    """The recruit being placed."""


def placements(
    state: GamState,
    uid: str,
    control: dict[str, frozenset[str]] | None = None,
    present: frozenset[tuple[str, str]] | None = None,
) -> list[str]:
    """§4.6: where a recruit may be placed: an area its side (its nationality, for the Patriot) holds,
    in the nation's rebuild list; New Granada units only in Santa Fe; ships only where there is a port;
    and a Patriot haven with a leader of its nationality (§10.3). `control` (`state.control()`) and
    `present` (`patriot_presence`), where the caller has them already."""
    c = COUNTERS[uid]
    if c.side == "royalist":
        held_by = state.control() if control is None else control
        areas = [x for x, held in held_by.items() if "royalist" in held]
    else:
        listed = BOARD.lists.get(REBUILD.get(c.nationality, ""), ())
        present = patriot_presence(state) if present is None else present
        areas = [x for x in listed if (x, c.nationality) in present]
        if c.new_granada:
            areas = [x for x in areas if x == "santa_fe"]
    if c.naval:
        areas = [x for x in areas if x in PORT_AREAS]
    return sorted(areas) + haven_places(state, uid)


LAND_OF = {u: (c.side, c.nationality) for u, c in COUNTERS.items() if not c.naval}
"""Each land counter's side and nationality: a Patriot recruit is placed where a land unit of its
nationality stands (§4.6)."""
REBUILD_AREAS = tuple(sorted({x for name in REBUILD.values() for x in BOARD.lists.get(name, ())}))
"""The areas of every Patriot nation's rebuild list (§4.6)."""
PORT_AREAS = frozenset(p.area for p in BOARD.cities.values() if p.port)
"""The areas with a port, where a ship may be placed (§4.6)."""


def patriot_presence(state: GamState) -> frozenset[tuple[str, str]]:
    """(area, nationality) for each Patriot land counter standing in a rebuild list's area: where a
    Patriot recruit of that nationality may be placed (§4.6), worked out once for all the recruits."""
    where = state.by_place()
    return frozenset(
        (x, kind[1])
        for x in REBUILD_AREAS
        for u in where.get(x, ())
        if (kind := LAND_OF.get(u)) and kind[0] == "patriot"
    )


def funds(state: GamState, uid: str) -> float:
    return float(sum(state.d["rp"][p] for p in state.rp_for(COUNTERS[uid].nationality)))


def recruitable(state: GamState, side: str) -> list[str]:
    """The pool's counters `side` can afford and place; one militia counter per nationality and arm.
    What a counter can spend is asked once per nationality, and whether it has a place once per kind of
    counter (`placements` reads of a counter only its side, nationality, arm, whether it is a ship and a
    New Granada unit): the search meets this list at every recruitment (issue 26)."""
    out, seen = [], set()
    control = state.control() if side == "royalist" else None  # the same for every Royalist recruit
    present = patriot_presence(state) if side == "patriot" else None
    budget: dict[str, float] = {}
    placeable: dict[tuple[str, str, bool, bool], bool] = {}
    for u in state.by_place().get(POOL, ()):
        c = COUNTERS[u]
        if c.side != side or c.nationality == "portuguese":
            continue
        if c.militia:
            if (c.nationality, c.arm) in seen:
                continue
            seen.add((c.nationality, c.arm))
        have = budget.get(c.nationality)
        if have is None:
            have = budget[c.nationality] = funds(state, u)
        if have + 1e-9 < c.cost():
            continue
        kind = (c.nationality, c.arm, c.naval, c.new_granada)
        if kind not in placeable:
            placeable[kind] = bool(placements(state, u, control, present))
        if placeable[kind]:
            out.append(u)
    return out


def recruit_options(state: GamState, frame: Recruiting) -> list[int]:
    """The recruits the side first in `frame["sides"]` is asked for, with "done"; [] where it can afford
    and place none (then it is not asked)."""
    options = [ID[f"recruit {u}"] for u in recruitable(state, frame["sides"][0])]
    return [*options, ID["done"]] if options else []


def place_options(state: GamState, frame: Recruiting) -> list[int]:
    """Where the recruit `frame["unit"]` may be placed, asked only where there is a choice: [] where
    there is one place (it goes there) or none. §4.6: "colocadas en un área o ciudad en un área bajo
    control total o parcial": a land recruit may also go into the city of such an area (`enter <area>`),
    except one under siege ("no puede recrearse unidades en ciudades que estén bajo asedio") or held by
    the enemy (`cities.city_free`)."""
    uid = frame["unit"]
    areas = placements(state, uid)
    side = COUNTERS[uid].side
    cities = [] if COUNTERS[uid].naval else [x for x in areas if city_free(state, side, x)]
    options = [*(ID[f"place {x}"] for x in areas), *(ID[f"enter {x}"] for x in cities)]
    return options if len(options) > 1 else []


recruitment = PROCS.proc("recruitment", rule="4.6", frame=Recruiting)


@recruitment.step()
def _recruitment(state: GamState, frame: Recruiting, action: None) -> None:
    frame.setdefault("sides", ["patriot", "royalist"])
    pick = next_pick(state, frame, recruit_options)
    if pick is None:
        state.ret()
        return
    side, options = pick
    state.decide(
        ROLE[side],
        "recruit",
        options,
        then="chosen",
        prompt="prompt.recruit",
        rp=state.d["rp"]["royalist"] if side == "royalist" else "",
    )


@recruitment.step("chosen")
def _recruitment_chosen(state: GamState, frame: Recruiting, action: int) -> None:
    if done_picking(frame, action):
        state.goto("start")
        return
    uid = target(action)
    c = COUNTERS[uid]
    left = c.cost()
    for p in state.rp_for(c.nationality):
        take = min(left, state.d["rp"][p])
        state.d["rp"][p] -= take
        left -= take
    frame["unit"] = uid
    options = place_options(state, frame)
    areas = placements(state, uid)
    if not options and len(areas) == 1:
        _recruited(state, frame, areas[0])
        return
    state.decide(
        ROLE[c.side],
        "place",
        options,
        then="placed",
        prompt="prompt.place",
        private=state.hidden(c.side),
        what=f"@unit.{uid}",
    )


@recruitment.step("placed")
def _recruitment_placed(state: GamState, frame: Recruiting, action: int) -> None:
    _recruited(state, frame, target(action), city=verb(action) == "enter")


def _recruited(state: GamState, frame: Recruiting, area: str, city: bool = False) -> None:
    """The recruit placed in `area`, or with `city` inside its city (§4.6)."""
    uid = frame["unit"]
    c = COUNTERS[uid]
    state.set_unit(uid, steps=c.steps)
    where = city_in(area).id if city else area
    state.place_unit(uid, where)
    state.log("log.recruited", side=f"@side.{c.side}", what=f"@unit.{uid}")
    state.log_for(
        c.side, "log.placed", what=f"@unit.{uid}", area=f"@city.{where}" if city else place_ref(area)
    )
    state.goto("start")


# ------------------------------------------------------------------ Indian and slave masses §4.9
slaves = PROCS.proc("slave_recruitment", rule="4.9", frame=Picking)


def levy_areas(state: GamState, side: str) -> list[str]:
    """§4.9: the listed areas where `side` has a land unit or a leader, once a turn."""
    if state.d["slave_turn"][side] >= state.turn:
        return []
    return [
        x
        for x in BOARD.lists["slave_recruitment"]
        if state.land_at(x, side) or any(not BOARD.leaders[lid].naval for lid in state.leaders_at(x, side))
    ]


def levy_nation(state: GamState, side: str, area: str) -> str:
    """The militia the masses give: American for the Royalist; for the Patriot the nationality whose RP
    the area pays (§4.2), else the first Patriot list naming it."""
    if side == "royalist":
        return "american"
    return patriot_nation_for(state, area) or patriot_nation(area)


def levy_options(state: GamState, frame: Picking) -> list[int]:
    """The areas the side first in `frame["sides"]` may raise masses in, with "done"; [] where none."""
    areas = levy_areas(state, frame["sides"][0])
    return [*(ID[f"levy {x}"] for x in areas), ID["done"]] if areas else []


@slaves.step()
def _slaves(state: GamState, frame: Picking, action: None) -> None:
    frame.setdefault("sides", ["patriot", "royalist"])
    pick = next_pick(state, frame, levy_options)
    if pick is None:
        state.ret()
        return
    side, options = pick
    state.decide(ROLE[side], "levy", options, then="chosen", prompt="prompt.levy")


@slaves.step("chosen")
def _slaves_chosen(state: GamState, frame: Picking, action: int) -> None:
    """§4.9.1: three free infantry militia in the area; the side may not raise an uprising there again
    (until the Liberal event, for the Patriot); the area pays half its RP at the next Reorganization."""
    side = frame["sides"].pop(0)
    if verb(action) == "done":
        state.goto("start")
        return
    area = target(action)
    nat = levy_nation(state, side, area)
    placed = 0
    for _ in range(BOARD.integer("slave_recruitment", "free_militia_infantry")):
        uid = next((u for u in militia_of(nat, "infantry") if state.d["units"][u]["at"] == POOL), "")
        if uid:
            state.place_unit(uid, area)
            state.set_unit(uid, steps=1)
            placed += 1
    state.d["slave_turn"][side] = state.turn
    slaves = state.d["slaves"]  # a new value, never a change in place: clones share it (`shared_keys`)
    if area not in slaves[side]:
        state.d["slaves"] = {**slaves, side: [*slaves[side], area]}
    if area not in state.d["halved"]:
        state.d["halved"].append(area)
    state.log("log.levy", side=f"@side.{side}", area=place_ref(area), n=placed)
    state.goto("start")
