"""What a combat shows (§5.1.3): the counters and leaders that fight are revealed to both sides while it
runs. README, "What a combat shows"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.actions import place_ref

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

COMBATS = frozenset(("battle", "siege", "naval_battle", "counter_guerrilla"))
"""The procedures that resolve a combat: while one runs, the forces it shows are in sight (`view`)."""


def show_forces(state: GamState, place: str, forces: list[tuple[str, list[str], list[str]]]) -> None:
    """§5.1.3: a force's contents "sólo serán revelados al enemigo para resolver combate, intercepción, o
    retirada antes del combate". At the start of a combat (a field battle — an interception's too — before
    the defender's try to avoid it, a siege attack, a naval battle, a counter-guerrilla) each side's
    `(side, units, leaders)` that fights is shown to both: a public log line names its counters and
    leaders, and they join `d["revealed"]` (the view shows them while the combat runs, `view.board_view`;
    the search's redraw keeps them as they are) until `end_combat`."""
    shown: list[str] = []
    for side, units, leaders in forces:
        if not units and not leaders:
            continue
        shown += [*units, *leaders]
        if state.hidden(side):
            names = [*(f"@leader.{x}" for x in leaders), *(f"@unit.{u}" for u in units)]
            state.log("log.revealed", side=f"@side.{side}", place=place_ref(place), units=names)
    state.d["revealed"] = sorted({*state.d["revealed"], *shown})


def end_combat(state: GamState, *value: object) -> None:
    """The combat is over: what it showed goes back into the force boxes (§5.1.3); return `value`."""
    state.d["revealed"] = []
    state.ret(*value)
