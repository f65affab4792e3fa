"""§14.1 Plan de Iguala, a variant rule (option `iguala`, off by default). Our rulebook text has no §14; a
public setup aid (facts file, source [3]) gives only that the variant exists and that, from the turn after
the Liberals take power in Spain (§10.2), the Patriot rolls for the Mexican Plan de Iguala. The roll's odds
and the effects are reconstructed (README, "The Plan de Iguala"): the odds grow as the Liberal event's do,
and when the plan succeeds the American Royalist land units in New Spain and Guatemala go over to the
Mexican Patriots, as Iturbide's army did in 1821, like a subversion (§10.2.2) of them all at once; the
Spanish units stay Royalist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import face
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.special import D6, go_over, pool_like

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
NEW_SPAIN = BOARD.lists["new_spain"]
"""The areas whose American Royalists go over: New Spain with the Captaincy of Guatemala (§10.5's list)."""

iguala = PROCS.proc("iguala", rule="14.1")


def may_roll(state: GamState) -> bool:
    """With the variant on: from the turn after the Liberal event, until the plan succeeds once."""
    liberals = int(state.d["liberals"])
    return state.options.iguala == "on" and not state.d["iguala"] and 0 < liberals < state.turn


def iguala_needs(turns_after_liberals: int) -> int:
    """The lowest roll that proclaims the plan `turns_after_liberals` turns after the Liberal event (1 the
    turn after): 5–6 that turn, one face more each later turn (reconstructed, as §10.2's odds grow)."""
    return BOARD.integer("iguala", "succeeds_on") - BOARD.integer("iguala", "bonus_per_turn") * (
        turns_after_liberals - 1
    )


def defectors(state: GamState) -> list[tuple[str, str]]:
    """The American Royalist land units in New Spain and Guatemala, each with its area."""
    return [
        (uid, area)
        for area in NEW_SPAIN
        for uid in state.land_at(area, "royalist")
        if COUNTERS[uid].nationality == "american"
    ]


def mexican_counterpart(state: GamState, uid: str) -> str:
    """The Mexican counter of the Patriot recruit pool that stands for the unit gone over (`pool_like`):
    the same steps if one has them, then the closest combat factor; "" if none (§10.2.2's "lo más
    parecidos posible")."""
    c = COUNTERS[uid]
    pool = [u for u in pool_like(state, uid) if COUNTERS[u].nationality == "mexico"]
    ranked = sorted(pool, key=lambda u: (COUNTERS[u].steps != c.steps, abs(COUNTERS[u].factor - c.factor), u))
    return ranked[0] if ranked else ""


@iguala.step()
def _iguala(state: GamState, frame: Frame, action: A) -> None:
    state.chance(D6, then="rolled")


@iguala.step("rolled")
def _iguala_rolled(state: GamState, frame: Frame, action: int) -> None:
    """Success: each American Royalist land unit in New Spain and Guatemala leaves the map and its Mexican
    counterpart, as reduced as it was and where it stood, joins the Patriot."""
    roll = face(action)
    if roll < iguala_needs(state.turn - int(state.d["liberals"])):
        state.log("log.iguala_no", roll=roll)
        state.ret()
        return
    state.d["iguala"] = state.turn
    gone = defectors(state)
    state.log("log.iguala", roll=roll, n=len(gone))
    for uid, area in gone:
        new = mexican_counterpart(state, uid)
        go_over(state, uid, new, area, city=bool(state.d["units"][uid]["city"]))
        state.log_for("royalist", "log.iguala_lost", unit=f"@unit.{uid}", area=f"@area.{area}")
        if new:
            state.log_for("patriot", "log.iguala_joined", unit=f"@unit.{new}", area=f"@area.{area}")
    state.ret()
