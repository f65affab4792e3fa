"""`State.hooks` (`core.hooks`): the module functions a game's state answers with, named once."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from ludoteca.core.hooks import StateHooks
from ludoteca.core.observation import Observation
from ludoteca.core.state import State
from toygame import RaceGame, RaceState


def _board(state: HookedState, role: int | None, lang: str) -> dict[str, Any]:
    return {"totals": list(state.d["totals"]), "asked_by": role, "lang": lang}


def _observe(state: HookedState, role: int, out: Observation) -> None:
    out.add("mine", state.d["totals"][role] / 10)


def _invariants(state: HookedState) -> list[str]:
    return [f"total {t} below zero" for t in state.d["totals"] if t < 0]


def _evaluate(state: HookedState) -> list[float]:
    red, blue = state.d["totals"]
    return [(red - blue) / 10, (blue - red) / 10]


class HookedState(RaceState):
    """Race, its view, observation, invariants and evaluation given as hooks rather than methods."""

    __slots__ = ()
    hooks = StateHooks(board_view=_board, observe=_observe, invariants=_invariants, evaluate=_evaluate)

    board_view = State.board_view  # RaceState's own methods set aside: the hooks answer
    observation_tensor = State.observation_tensor


class HookedGame(RaceGame):
    id = "race-hooked"
    state_class: ClassVar[type[RaceState]] = HookedState


def test_the_state_calls_its_hooks_with_itself() -> None:
    state = HookedGame().new_initial_state()
    state.d["totals"] = [4, 1]
    assert state.board_view(1, "en") == {"totals": [4, 1], "asked_by": 1, "lang": "en"}
    assert state.observation_tensor(0) == [0.4]
    assert state.observation_names(0) == ["mine"]
    assert state.invariants() == []
    state.d["totals"] = [-1, 1]
    assert state.invariants() == ["total -1 below zero"]
    state.d["totals"] = [4, 1]
    assert state.evaluate() == pytest.approx([0.3, -0.3])


def test_a_finished_game_is_worth_its_returns_whatever_the_evaluation_hook_says() -> None:
    state = HookedGame().new_initial_state()
    state.end_game("result.win", [1, -1], winner="red")
    assert state.evaluate() == [1.0, -1.0]


def test_without_hooks_the_defaults_hold_and_a_missing_view_names_the_game() -> None:
    state = RaceGame().new_initial_state()
    assert state.invariants() == []
    assert state.evaluate() == [0.0, 0.0]
    with pytest.raises(NotImplementedError, match="race: no observe"):
        State.observe(state, 0, Observation())
    with pytest.raises(NotImplementedError, match="race: no board_view"):
        State.board_view(state, 0, "en")
