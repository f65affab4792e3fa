"""§3.1 The sequence of play: the set-up, then each turn's six phases in order, and the end of the game
after the scenario's last turn (§11, §12). Events (§10.2) and the end of turn (§3.1.6) live here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import die, face
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.position import DEAD, DUE
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
PATRIOT, ROYALIST = 0, 1
"""The role indices: patriotas, realistas."""

PHASES = ("events", "uprisings", "reorganization", "patriot_operations", "royalist_operations", "end_of_turn")
PROCS.sequence("turn", "3.1", *PHASES)
PROCS.sequence("turn_from_uprisings", "12.2.1", *PHASES[1:])
PROCS.sequence("turn_from_operations", "12.1.1", *PHASES[3:])

game = PROCS.proc("game", rule="3.1")


@game.step()
def _game(state: GamState, frame: Frame, action: A) -> None:
    """§2: the campaign's set-up choices (the Royalist deploys first), then the scenario's first turn
    from the phase where it starts (§12.1.1, §12.2.1, §12.3.1)."""
    if BOARD.scenarios[state.options.scenario].get("setup", state.options.scenario) == "campaign":
        state.call("deployment", then="first")
    else:
        state.goto("first")


@game.step("first")
def _first(state: GamState, frame: Frame, action: A) -> None:
    start = BOARD.scenarios[state.options.scenario].get("start_phase", "events")
    first = {"uprisings": "turn_from_uprisings", "events": "turn"}.get(start, "turn_from_operations")
    state.log("log.turn", turn=state.turn, year=1809 + state.turn)
    state.call(first, then="next")


@game.step("next")
def _next(state: GamState, frame: Frame, action: A) -> None:
    """After each turn: the scenario's last turn ends the game (§11.0, §12.x.1); else the next turn."""
    if state.turn >= int(BOARD.scenarios[state.options.scenario]["last_turn"]):
        state.call("victory", then="next")
        return
    state.d["turn"] += 1
    state.log("log.turn", turn=state.turn, year=1809 + state.turn)
    state.call("turn", then="next")


# ------------------------------------------------------------------------------------ 1. Events
events = PROCS.proc("events", rule="10.2")


@events.step()
def _events(state: GamState, frame: Frame, action: A) -> None:
    """§3.1.1, §10.2: from turn IX, until it happens once, the Patriot rolls for the Liberals taking power
    in Spain: 5–6 on turn IX, one more face each later turn."""
    state.d["phase"] = "events"
    table = BOARD.tables["liberal_event"]
    if state.d["liberals"] or state.turn < int(table["first_turn"]):
        state.ret()
        return
    state.chance(D6, then="rolled")


def liberal_event_needs(turn: int) -> int:
    """§10.2: the lowest roll that brings the Liberals to power on `turn`."""
    table = BOARD.tables["liberal_event"]
    return int(table["succeeds_on"]) - int(table["bonus_per_turn"]) * (turn - int(table["first_turn"]))


@events.step("rolled")
def _events_rolled(state: GamState, frame: Frame, action: A) -> None:
    roll = face(action) if action is not None else 0
    if roll < liberal_event_needs(state.turn):
        state.log("log.liberals_no", roll=roll)
        state.ret()
        return
    state.d["liberals"] = state.turn
    state.log("log.liberals", roll=roll)
    cancelled = 0
    for uid, s in state.d["units"].items():  # §10.2.1.1: Spanish reinforcements from this turn on
        if s["at"] == DUE and BOARD.units.get(uid) is not None and BOARD.units[uid].nationality == "spanish":
            s["at"] = DEAD
            cancelled += 1
    if cancelled:
        state.log("log.reinforcements_cancelled", n=cancelled)
    state.call("subversion", then="done")


@events.step("done")
def _events_done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()


# --------------------------------------------------------------------------------- 6. End of turn
end = PROCS.proc("end_of_turn", rule="3.1")


@end.step()
def _end(state: GamState, frame: Frame, action: A) -> None:
    """§3.1.6: surrender of blockaded fortresses (§6.6), then ships return to port (§7.4)."""
    state.d["phase"] = "end"
    state.call("blockade", then="ships")


@end.step("ships")
def _end_ships(state: GamState, frame: Frame, action: A) -> None:
    state.call("return_to_port", then="done")


@end.step("done")
def _end_done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()
