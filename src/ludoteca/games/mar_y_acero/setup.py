"""§4.1 Preparación: one indigenous unit per area, Colón and three soldiers on the ships, the hands dealt
(solo: the Nitayno keeps its deck, §5.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import act, arg
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.dice import face, roll
from ludoteca.games.mar_y_acero.pieces import (
    ROLE,
    place,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

from ludoteca.games.mar_y_acero.pieces import draw_unit, take_from_bag

HAND = 5


# ---------------------------------------------------------------------------------------- §4.1 setup
class Setup(TypedDict):
    """The set-up's locals (§4.1): the area whose counter is drawn (step 3) and its bag, the soldiers
    drawn for the ships (step 4), the faction dealt event cards (step 11; None once both are)."""

    area: NotRequired[int]
    bag: NotRequired[str]
    n: NotRequired[int]
    fac: NotRequired[str | None]


setup = PROCS.proc("setup", rule="4.1", frame=Setup)


@setup.step()
def _setup(state: MyaState, frame: Setup, action: None) -> None:
    frame["area"] = 1
    state.goto("area")


@setup.step("area")
def _setup_area(state: MyaState, frame: Setup, action: None) -> None:
    """Step 3: one Taíno or Caribe in each area by its colour; a split square rolls a die (odd Caribe)."""
    if frame["area"] > 15:
        frame["n"] = 0
        state.goto("ships")
        return
    colour = BOARD.areas[frame["area"]].colour
    if colour == "split":
        roll(state, "split")
        return
    frame["bag"] = colour
    state.goto("draw")


@setup.step("split")
def _setup_split(state: MyaState, frame: Setup, action: int) -> None:
    frame["bag"] = "caribe" if face(action) % 2 else "taino"
    state.goto("draw")


@setup.step("draw")
def _setup_draw(state: MyaState, frame: Setup, action: None) -> None:
    draw_unit(state, frame["bag"], "drawn")


@setup.step("drawn")
def _setup_drawn(state: MyaState, frame: Setup, action: int) -> None:
    place(state, frame["area"], "ind", take_from_bag(state, action))
    frame["area"] += 1
    state.goto("area")


@setup.step("ships")
def _setup_ships(state: MyaState, frame: Setup, action: None) -> None:
    """Step 4: Colón and three soldiers drawn at random wait by the ships."""
    if frame["n"] == 3:
        update_control(state)
        state.log("log.setup")
        frame["fac"] = "es"
        state.goto("deal")
        return
    draw_unit(state, "soldier", "soldier")


@setup.step("soldier")
def _setup_soldier(state: MyaState, frame: Setup, action: int) -> None:
    state.d["ships"].append(take_from_bag(state, action))
    frame["n"] += 1
    state.goto("ships")


@setup.step("deal")
def _setup_deal(state: MyaState, frame: Setup, action: None) -> None:
    """Step 11: each side draws five of its eight event cards (solo: the Nitayno keeps its deck, §5.2)."""
    position = state.d
    fac = frame["fac"]
    if fac is None or (fac == "ind" and solo(state)):
        state.ret()
        return
    if len(position["hands"][fac]) == HAND:
        frame["fac"] = "ind" if fac == "es" else None
        state.goto("deal")
        return
    pool = [
        c for c, event in BOARD.events.items() if event.faction == fac and c not in position["hands"][fac]
    ]
    state.chance({act(f"deal {c}"): 1 for c in pool}, then="dealt")


@setup.step("dealt")
def _setup_dealt(state: MyaState, frame: Setup, action: int) -> None:
    card, fac = int(arg(action)), frame["fac"]
    assert fac is not None, "a card is dealt to the faction being dealt (`_setup_deal`)"
    state.d["hands"][fac].append(card)
    state.d["hands"][fac].sort()
    state.log("log.dealt", visible_to=[ROLE[fac]], card=f"@card.{card}")
    state.goto("deal")
