"""position.py is the exact form of `state.d`: every key it names, no other, each value of its type, at every
step of random games in both modes; and the observation tensor names each of its entries."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, NotRequired, get_args, get_origin

import pytest

from ludoteca.core.game import CHANCE
from ludoteca.games.mar_y_acero.position import PHASES, Position
from ludoteca.games.mar_y_acero.tests.positions import GAME


def mismatch(value: Any, hint: Any, where: str) -> str | None:
    """Where `value` departs from the type `hint`, or None."""
    origin = get_origin(hint)
    if hint is Any:
        return None
    if origin is NotRequired:
        return mismatch(value, get_args(hint)[0], where)
    if origin is Literal:
        return None if value in get_args(hint) else f"{where}: {value!r} not in {get_args(hint)}"
    if origin in (types.UnionType, typing.Union):
        fits = [mismatch(value, option, where) is None for option in get_args(hint)]
        return None if any(fits) else f"{where}: {value!r} is none of {hint}"
    if hint is type(None):
        return None if value is None else f"{where}: {value!r} is not None"
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return f"{where}: {value!r} is not a table"
        hints = typing.get_type_hints(hint, include_extras=True)
        required = {key for key, h in hints.items() if hint.__total__ and get_origin(h) is not NotRequired}
        missing = required - set(value)
        extra = set(value) - set(hints)
        if missing or extra:
            return f"{where}: missing {sorted(missing)}, unknown {sorted(extra)}"
        for key, item in value.items():
            found = mismatch(item, hints[key], f"{where}.{key}")
            if found:
                return found
        return None
    if origin is list:
        if not isinstance(value, list):
            return f"{where}: {value!r} is not a list"
        (item,) = get_args(hint)
        return next((m for i, v in enumerate(value) if (m := mismatch(v, item, f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where}: {value!r} is not a table"
        key_type, item = get_args(hint)
        for key, v in value.items():
            found = mismatch(key, key_type, f"{where} key") or mismatch(v, item, f"{where}[{key!r}]")
            if found:
                return found
        return None
    if hint is bool:
        return None if isinstance(value, bool) else f"{where}: {value!r} is not a bool"
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else f"{where}: {value!r} is not an int"
    if hint is str:
        return None if isinstance(value, str) else f"{where}: {value!r} is not a string"
    raise AssertionError(f"{where}: no check for {hint}")


@pytest.mark.parametrize("options", [{}, {"mode": "solo", "level": "2"}], ids=["two-player", "solo"])
def test_every_position_of_random_games_has_the_declared_form(options: dict[str, str]) -> None:
    rng = random.Random(21)
    for _ in range(3):
        state = GAME.new_initial_state(options)
        while not state.is_terminal():
            assert mismatch(state.d, Position, "d") is None, mismatch(state.d, Position, "d")
            if state.current_player() == CHANCE:
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert mismatch(state.d, Position, "d") is None


def test_the_checker_can_fail() -> None:
    state = GAME.new_initial_state({})
    state.d["phase"] = "lunch"
    assert mismatch(state.d, Position, "d") == f"d.phase: 'lunch' not in {PHASES}"
    state.d["phase"] = "setup"
    state.d["map"][0]["es"].append("colon")
    assert mismatch(state.d, Position, "d") == "d.map[0]['es'][0]: 'colon' is not a list"


def test_every_observation_entry_has_a_name_of_its_own() -> None:
    state = GAME.new_initial_state({})
    for role in (0, 1):
        names = state.observation_names(role)
        assert len(names) == len(set(names)) == len(state.observation_tensor(role))
        assert names[:3] == ["turn", "vp", "royal_support"]
        assert "area7.ind[tama.r]" in names and names[-1] == "colon[dead]"
