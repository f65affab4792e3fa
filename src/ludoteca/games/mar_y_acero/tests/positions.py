"""Building Mar y Acero positions for tests: an empty map, pieces placed by hand, a procedure run from a
chosen step, and actions played by their notation."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import get_game
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.pieces import update_control
from ludoteca.games.mar_y_acero.state import MyaState

GAME = get_game("mar-y-acero")


def empty_position(options: dict[str, str] | None = None, **d: Any) -> MyaState:
    """A game at turn 2 with an empty map (every counter in its bag), destiny card 30 in force, both hands
    dealt, and the Gracia Divina/Yaya marker used this impulse; `d` overrides any key of the state."""
    st = GAME.new_initial_state(options or {})
    assert isinstance(st, MyaState)
    data = st.d
    data["map"] = [{"es": [], "ind": []} for _ in AREAS]
    data["bags"] = {bag: {k: BOARD.kinds[k].count for k in kinds} for bag, kinds in BOARD.bag_kinds.items()}
    data["ships"] = []
    data["colon"] = "off"
    data["turn"] = 2
    data["destiny"] = 30
    data["flags"] = {"naval": False, "conflict": False, "land_only": False, "shipworm": False}
    data["hands"] = {"es": [9, 11, 13, 14, 16], "ind": [1, 2, 5, 6, 7]}
    data["grace"] = {"face": "es", "box": "used", "turn_used": True}  # no offers unless a test wants them
    data.update(d)
    st.logs.clear()
    return st


def put(st: MyaState, area: int, fac: str, *kinds: str, reduced: bool = False) -> None:
    """Pieces from their bags (leaders from the box) onto `area`."""
    for kind in kinds:
        bag = BOARD.kinds[kind].bag
        if bag:
            st.d["bags"][bag][kind] -= 1
        st.d["map"][area - 1][fac].append([kind, int(reduced), 0])
        if kind == "colon":
            st.d["colon"] = "map"
    update_control(st)


def run(st: MyaState, procedure: str, **locals_: Any) -> None:
    """Run `procedure` until its first decision; when it is done the game goes on to its next turn."""
    st.d["wait"] = None
    st.d["stack"] = [{"p": "turns", "s": "start"}]
    st.call(procedure, then="start", **locals_)
    st._run()


def play(st: MyaState, *notations: str) -> None:
    for text in notations:
        st.apply_action(st.game.actions.parse(text))


def legal(st: MyaState) -> list[str]:
    return [st.game.actions.names[a] for a in st.legal_actions()]


def area(st: MyaState, n: int, fac: str) -> list[str]:
    """The piece keys of `fac` in area `n`, sorted."""
    return sorted(p[0] + (".r" if p[1] else "") for p in st.d["map"][n - 1][fac])
