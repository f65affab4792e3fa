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
    state = GAME.new_initial_state(options or {})
    assert isinstance(state, MyaState)
    data = state.d
    data["map"] = [{"es": [], "ind": []} for _ in AREAS]
    data["bags"] = {bag: {k: BOARD.kinds[k].count for k in kinds} for bag, kinds in BOARD.bag_kinds.items()}
    data["ships"] = []
    data["colon"] = "off"  # type: ignore[typeddict-item]  # no Colón at all: not a value play reaches
    data["turn"] = 2
    data["destiny"] = 30
    data["flags"] = {"naval": False, "conflict": False, "land_only": False, "shipworm": False}
    data["hands"] = {"es": [9, 11, 13, 14, 16], "ind": [1, 2, 5, 6, 7]}
    data["grace"] = {"face": "es", "box": "used", "turn_used": True}  # no offers unless a test wants them
    data.update(d)  # type: ignore[typeddict-item]  # a test's keys, checked by the rules it runs
    state.logs = []  # a new list: the state may share its log with the set-up it was cloned from
    return state


def put(state: MyaState, area: int, fac: str, *kinds: str, reduced: bool = False) -> None:
    """Pieces from their bags (leaders from the box) onto `area`."""
    for kind in kinds:
        bag = BOARD.kinds[kind].bag
        if bag:
            state.d["bags"][bag][kind] -= 1
        state.d["map"][area - 1][fac].append([kind, int(reduced), 0])
        if kind == "colon":
            state.d["colon"] = "map"
    update_control(state)


def run(state: MyaState, procedure: str, **locals_: Any) -> None:
    """Run `procedure` until its first decision; when it is done the game goes on to its next turn."""
    state.d["wait"] = None
    state.d["stack"] = [{"p": "turns", "s": "start"}]
    state.call(procedure, then="start", **locals_)
    state._run()


def waiting(state: MyaState) -> dict[str, Any]:
    """The pending decision or chance node (the test has just asked for one)."""
    wait = state.d["wait"]
    assert wait is not None, "nothing is pending"
    return wait


def over(state: MyaState) -> dict[str, Any]:
    """The outcome of a game the test has just ended."""
    ended = state.d["over"]
    assert ended is not None, "the game is not over"
    return ended


def play(state: MyaState, *notations: str) -> None:
    for text in notations:
        state.apply_action(state.game.actions.parse(text))


def legal(state: MyaState) -> list[str]:
    return [state.game.actions.names[action] for action in state.legal_actions()]


def area(state: MyaState, n: int, fac: str) -> list[str]:
    """The piece keys of `fac` in area `n`, sorted."""
    return sorted(p[0] + (".r" if p[1] else "") for p in state.d["map"][n - 1][fac])
