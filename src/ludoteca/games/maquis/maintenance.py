"""§3. Fase de mantenimiento: the patrols leave the board, the missions' end-of-day effects, and the day
marker moves on (Morale lost on an orange space; the end of the track ends the game: §Fin del juego)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.maquis import missions
from ludoteca.games.maquis.procs import PROCS, Action, Frame

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

maintenance = PROCS.proc("maintenance", rule="maintenance")


@maintenance.step()
def _maintenance(state: MaquisState, frame: Frame, action: Action) -> None:
    """§3.1: every patrol leaves the board; then the missions' end-of-day effects."""
    position = state.d
    position["phase"] = "maintenance"
    position["board"] = {loc: pawn for loc, pawn in position["board"].items() if pawn == "w"}
    state.log("log.patrols_removed")
    if position["blow"]:
        state.call("bridges", then="coded")
    else:
        state.goto("coded")


@maintenance.step("coded")
def _coded(state: MaquisState, frame: Frame, action: Action) -> None:
    missions.end_of_day(state)
    if not state.is_terminal():
        state.goto("advance")


@maintenance.step("advance")
def _advance(state: MaquisState, frame: Frame, action: Action) -> None:
    """§3.2: the day marker moves on; an orange space (a triangle in hard modes) costs a morale. Reaching
    End (box 12 in tricky and harder modes) ends the game unless very easy grants a second pass."""
    position = state.d
    position["day"] += 1
    position["turn"] += 1
    state.log("log.day", day=position["day"])
    if position["day"] in state.morale_days():
        state.change_morale(-1, "log.morale_day")
        if state.is_terminal():
            return
    if position["day"] >= state.last_day():
        missions.at_end(state)
        if state.is_terminal():
            return
        if position["pass"] < state.difficulty.passes:
            position["pass"] += 1
            position["day"] = 0
            state.log("log.second_pass", rule="difficulty.very-easy")
        else:
            state.end_game("outcome.out_of_time", [-1.0])
            return
    state.ret()
