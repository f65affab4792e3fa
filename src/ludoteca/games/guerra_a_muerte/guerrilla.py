"""§10.1 Guerrillas: militia change to and from guerrilla mode in the Reorganization phase, and the
counter-guerrilla operation that hunts one of them (the halving of the enemy's factors in a friendly area is
part of the battle, `combat.halved`; control by guerrillas is `GamState.holders`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.frames import Hunt, Losses, hunt, losses
from ludoteca.games.guerra_a_muerte.operations import ENEMY, ROLE
from ludoteca.games.guerra_a_muerte.picks import Picking, done_picking, next_pick
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.reveal import end_combat, show_forces

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}


# ------------------------------------------------------------------------------ change of mode
class Modes(Picking):
    changed: NotRequired[list[str]]
    """The militia that changed mode this phase (each once)."""


mode = PROCS.proc("guerrilla_mode", rule="10.1", frame=Modes)


def switchable(state: GamState, side: str, changed: list[str]) -> list[str]:
    """Militia of `side` on the map, outside the cities (guerrillas never enter one, §6.7), not yet
    changed this phase."""
    return sorted(
        u
        for u, s in state.d["units"].items()
        if COUNTERS[u].militia
        and COUNTERS[u].side == side
        and s["at"] in BOARD.areas
        and not s["city"]
        and u not in changed
    )


def guerrilla_options(state: GamState, frame: Modes) -> list[int]:
    """The options of the change of mode now asked (the frame's first side): a militia that may change,
    and "done"; [] where none may (the rules do not ask). The rule and the resample (`redraw.OPTIONS_OF`)
    read them here."""
    side = frame["sides"][0]
    options = [ID[f"guerrilla {u}"] for u in switchable(state, side, frame["changed"])]
    return [*options, ID["done"]] if options else []


@mode.step()
def _mode(state: GamState, frame: Modes, action: None) -> None:
    """The Patriot, then the Royalist, turns militia into guerrillas or back, one counter at a time,
    each counter once."""
    frame.setdefault("sides", ["patriot", "royalist"])
    frame.setdefault("changed", [])
    pick = next_pick(state, frame, guerrilla_options)
    if pick is None:
        state.ret()
        return
    side, options = pick
    state.decide(
        ROLE[side],
        "guerrilla",
        options,
        then="chosen",
        prompt="prompt.guerrilla",
        private=state.hidden(side),  # the choice names a counter of a hidden force (§5.1.3)
    )


@mode.step("chosen")
def _mode_chosen(state: GamState, frame: Modes, action: int) -> None:
    if done_picking(frame, action):
        state.goto("start")
        return
    uid = target(action)
    state.set_unit(uid, guerrilla=not state.d["units"][uid]["guerrilla"])
    unit = state.d["units"][uid]
    frame["changed"].append(uid)
    side = COUNTERS[uid].side
    state.log(
        "log.guerrilla_on" if unit["guerrilla"] else "log.guerrilla_off",
        side=f"@side.{side}",
        area=place_ref(unit["at"]),
    )
    state.goto("start")


# ---------------------------------------------------------------------------- counter-guerrilla


def counter_guerrilla_result(roll: int, partisans: bool, all_militia: bool) -> str:
    """The Counter-Guerrilla Table: +1 with a Partidarios unit in the hunting force, −1 if every guerrilla
    in the area is militia; A1 the hunter loses a step, "-" the guerrilla slips away, G it is destroyed."""
    mod = (BOARD.integer("counter_guerrilla", "partisans") if partisans else 0) + (
        BOARD.integer("counter_guerrilla", "all_militia") if all_militia else 0
    )
    return str(BOARD.counter_guerrilla(roll + mod))


@hunt.step()
def _hunt(state: GamState, frame: Hunt, action: A) -> None:
    """The attacker names the guerrilla and spends the OPs (§10.1); one die on the table. The hunting
    force and the guerrilla are shown to both (a combat, §5.1.3)."""
    state.reveal()
    side = frame["side"]
    show_forces(state, frame["area"], [(side, frame["units"], []), (ENEMY[side], [frame["target"]], [])])
    state.chance(D6, then="rolled")


@hunt.step("rolled")
def _hunt_rolled(state: GamState, frame: Hunt, action: int) -> None:
    side, area, uid = frame["side"], frame["area"], frame["target"]
    if state.d["units"][uid]["at"] != area:
        end_combat(state)
        return
    guerrillas = [u for u in state.land_at(area, ENEMY[side]) if state.d["units"][u]["guerrilla"]]
    partisans = any(COUNTERS[u].partisans for u in frame["units"])
    result = counter_guerrilla_result(face(action), partisans, all(COUNTERS[u].militia for u in guerrillas))
    state.log("log.counter_guerrilla", area=place_ref(area), roll=face(action), result=result)
    if result == "G":
        state.eliminate(uid)
    elif result.startswith("A"):
        state.call(losses, Losses(side=side, units=frame["units"], n=int(result[1:])), then="done")
        return
    end_combat(state)


@hunt.step("done")
def _hunt_done(state: GamState, frame: Hunt, action: A) -> None:
    end_combat(state)
