"""§4.1 Preparación: one indigenous unit per area, Colón and three soldiers on the ships, the hands dealt
(solo: the Nitayno keeps its deck, §5.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.actions import act, arg
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.dice import face, roll
from ludoteca.games.mar_y_acero.pieces import (
    ROLE,
    place,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

from ludoteca.games.mar_y_acero.pieces import draw_unit, take_from_bag

HAND = 5


# ---------------------------------------------------------------------------------------- §4.1 setup
setup = PROCS.proc("setup", rule="4.1")


@setup.step()
def _setup(st: St, f: Frame, a: A) -> None:
    f["area"] = 1
    st.goto("area")


@setup.step("area")
def _setup_area(st: St, f: Frame, a: A) -> None:
    """Step 3: one Taíno or Caribe in each area by its colour; a split square rolls a die (odd Caribe)."""
    if f["area"] > 15:
        f["n"] = 0
        st.goto("ships")
        return
    colour = BOARD.areas[f["area"]].colour
    if colour == "split":
        roll(st, "split")
        return
    f["bag"] = colour
    st.goto("draw")


@setup.step("split")
def _setup_split(st: St, f: Frame, a: A) -> None:
    f["bag"] = "caribe" if face(a) % 2 else "taino"
    st.goto("draw")


@setup.step("draw")
def _setup_draw(st: St, f: Frame, a: A) -> None:
    draw_unit(st, f["bag"], "drawn")


@setup.step("drawn")
def _setup_drawn(st: St, f: Frame, a: A) -> None:
    place(st, f["area"], "ind", take_from_bag(st, a))
    f["area"] += 1
    st.goto("area")


@setup.step("ships")
def _setup_ships(st: St, f: Frame, a: A) -> None:
    """Step 4: Colón and three soldiers drawn at random wait by the ships."""
    if f["n"] == 3:
        update_control(st)
        st.log("log.setup")
        f["fac"] = "es"
        st.goto("deal")
        return
    draw_unit(st, "soldier", "soldier")


@setup.step("soldier")
def _setup_soldier(st: St, f: Frame, a: A) -> None:
    st.d["ships"].append(take_from_bag(st, a))
    f["n"] += 1
    st.goto("ships")


@setup.step("deal")
def _setup_deal(st: St, f: Frame, a: A) -> None:
    """Step 11: each side draws five of its eight event cards (solo: the Nitayno keeps its deck, §5.2)."""
    d = st.d
    fac = f["fac"]
    if fac is None or (fac == "ind" and solo(st)):
        st.ret()
        return
    if len(d["hands"][fac]) == HAND:
        f["fac"] = "ind" if fac == "es" else None
        st.goto("deal")
        return
    pool = [c for c, e in BOARD.events.items() if e.faction == fac and c not in d["hands"][fac]]
    st.chance({act(f"deal {c}"): 1 for c in pool}, then="dealt")


@setup.step("dealt")
def _setup_dealt(st: St, f: Frame, a: A) -> None:
    assert a is not None
    card = int(arg(a))
    st.d["hands"][f["fac"]].append(card)
    st.d["hands"][f["fac"]].sort()
    st.log("log.dealt", visible_to=[ROLE[f["fac"]]], card=f"@card.{card}")
    st.goto("deal")
