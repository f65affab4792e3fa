"""§6.4, §6.6 at the end of the turn: the fortresses blockaded this turn roll for their surrender (§6.6),
and the garrisons attacked by siege roll for attrition (§6.4, reconstructed `attrition_extra`). The
sequence of play calls them from the end of the turn (`sequence.end`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.guerra_a_muerte.actions import die, face
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.frames import Attrition, attrition
from ludoteca.games.guerra_a_muerte.operations import ENEMY
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}


# ------------------------------------------------------------------------------------ blockade §6.6
class Blockades(TypedDict):
    todo: NotRequired[list[list[str]]]
    """The fortresses blockaded this turn still to roll, ``[city, side]`` (§6.6)."""


blockade = PROCS.proc("blockade", rule="6.6", frame=Blockades)


def blockade_holds(state: GamState, city_id: str, side: str) -> bool:
    """§6.6 at the end of the turn: (1) the blockading force is still outside the fortress, (2) no ships
    of the besieged side in the port's sea area, (3) none of its units in the area outside the city —
    and there is still a garrison to starve."""
    city = BOARD.cities[city_id]
    enemy = ENEMY[side]
    outside = [u for u in state.land_at(city.area, side) if not state.d["units"][u]["city"]]
    garrison = [u for u in state.land_at(city.area, enemy) if state.d["units"][u]["city"]]
    relief = [u for u in state.land_at(city.area, enemy) if not state.d["units"][u]["city"]]
    ships = [u for u in state.units_at(city.sea, enemy) if COUNTERS[u].naval] if city.port else []
    return bool(outside and garrison and not relief and not ships)


def starved(roll: int, patriot_with_cochrane: bool) -> bool:
    """§6.6: 1–4 the fortress surrenders; Cochrane −1 for a Patriot blockade (§8.3 (a))."""
    mod = BOARD.integer("cochrane", "blockade") if patriot_with_cochrane else 0
    return roll + mod <= int(BOARD.tables["blockade"]["surrenders"][1])


@blockade.step()
def _blockade(state: GamState, frame: Blockades, action: A) -> None:
    frame.setdefault("todo", [[city, side] for city, side in sorted(state.d["blockades"].items())])
    while frame["todo"]:
        city_id, side = frame["todo"][0]
        if blockade_holds(state, city_id, side):
            state.chance(D6, then="rolled")
            return
        frame["todo"].pop(0)
    state.d["blockades"] = {}
    state.ret()


class Sieged(TypedDict):
    todo: NotRequired[list[list[str]]]
    """The garrisons attacked by siege this turn still to roll, ``[area, side]`` (§6.4)."""


siege_attrition = PROCS.proc("siege_attrition", rule="6.4", frame=Sieged)


@siege_attrition.step()
def _siege_attrition(state: GamState, frame: Sieged, action: A) -> None:
    """§6.4: units in a city "sufren los resultados de la tabla de asedio y también los resultados de la
    tabla de desgaste". Reconstructed (`attrition_extra.besieged_rows`): at the end of a turn each garrison
    attacked by siege that turn rolls for attrition on milder rows, a fortress's with −1 (`attrition`,
    whose RP may save steps as in any attrition)."""
    frame.setdefault("todo", [[area, side] for area, side in sorted(state.d["sieged"].items())])
    while frame["todo"]:
        area, side = frame["todo"].pop(0)
        garrison = [u for u in state.land_at(area, side) if state.d["units"][u]["city"]]
        if garrison:
            state.call(
                attrition, Attrition(side=side, area=area, units=garrison, besieged=True), then="start"
            )
            return
    state.d["sieged"] = {}
    state.ret()


@blockade.step("rolled")
def _blockade_rolled(state: GamState, frame: Blockades, action: int) -> None:
    """The surrendered garrison goes to its recruit pool (§6.6 example)."""
    city_id, side = frame["todo"].pop(0)
    city = BOARD.cities[city_id]
    cochrane = side == "patriot" and state.d["leaders"]["cochrane"]["at"] in (city.sea, city.area)
    if starved(face(action), cochrane):
        for u in [u for u in state.land_at(city.area, ENEMY[side]) if state.d["units"][u]["city"]]:
            state.eliminate(u)
        state.log("log.blockade_surrender", city=f"@city.{city_id}", roll=face(action))
    else:
        state.log("log.blockade_holds", city=f"@city.{city_id}", roll=face(action))
    state.goto("start")
