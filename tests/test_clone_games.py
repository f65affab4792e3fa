"""A clone of every game, in every mode `ludoteca bench` measures, is independent of its original and
plays exactly as it does (DESIGN §2: `clone` is cheap, and a search trusts it to be the same game).

The clone copies the position as JSON does (`core.state.copy_data`) and shares parts of it: the values of
`State.shared_keys`, which no rule changes in place, and Guerra a Muerte's counter records until either
state writes one. At every step of a random game, a clone plays on with its shared values made read-only
(a rule that changes one in place raises), each role's determinization is drawn, and the original's
saved form, digest and view stay as they were; the original plays on and a clone taken before stays as it
was; and a clone given the original's actions reaches the original's position (a copy that lost a link
the rules rely on would play differently).
"""

from __future__ import annotations

import json
import random
from typing import Any, NoReturn

import pytest

from ludoteca.core.game import get_game
from ludoteca.core.state import State

MODES = [
    ("maquis", {}),
    ("mar-y-acero", {}),
    ("mar-y-acero", {"mode": "solo"}),
    ("patria-libre", {"players": "2"}),
    ("patria-libre", {"players": "3"}),
    ("patria-libre", {"players": "4"}),
    ("patria-libre", {"solo": "insurgentes"}),
    ("patria-libre", {"solo": "realistas"}),
    ("pax-porfiriana", {"players": "2"}),
    ("pax-porfiriana", {"players": "4"}),
    ("pax-porfiriana", {"players": "6"}),
    ("pax-porfiriana", {"solo": "diaz"}),
    ("guerra-a-muerte", {"scenario": "1815-1818"}),
    ("guerra-a-muerte", {"scenario": "1810-1814"}),
    ("guerra-a-muerte", {"scenario": "1820-1824"}),
    ("guerra-a-muerte", {"scenario": "campaign"}),
]
STEPS = 150
"""Positions checked per mode (with a look-ahead of `AHEAD` actions from each): some seconds a mode."""
AHEAD = 4


def _refuse(*args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError("a value a clone shares with its original (State.shared_keys) was changed in place")


class ReadOnlyList(list[Any]):
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


class ReadOnlyDict(dict[str, Any]):
    __setitem__ = __delitem__ = __ior__ = _refuse
    update = pop = popitem = setdefault = clear = _refuse


def read_only(value: Any) -> Any:
    if isinstance(value, list):
        return ReadOnlyList(read_only(item) for item in value)
    if isinstance(value, dict):
        return ReadOnlyDict({key: read_only(item) for key, item in value.items()})
    return value


def freeze_shared(state: State) -> None:
    """Make the values `state` shares with its original read-only (the same values, equal as before)."""
    for key in type(state).shared_keys:
        if key in state.d:
            state.d[key] = read_only(state.d[key])


def random_action(state: State, rng: random.Random) -> int:
    return state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())


def saved(state: State) -> tuple[str, str, str]:
    """What must not change: the saved form (position and log), the digest and the first role's view."""
    view = json.dumps(state.view(0), sort_keys=True)
    return json.dumps(state.to_json(), sort_keys=True), state.digest(), view


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        pytest.param(
            g,
            o,
            id=f"{g}-{'-'.join(o.values())}",
            # some 150 actions of Guerra a Muerte take several times a mode of the others (15-21 s measured)
            marks=[pytest.mark.slow] if g == "guerra-a-muerte" else [],
        )
        for g, o in MODES
    ],
)
def test_a_clone_is_independent_and_plays_as_its_original(game_id: str, options: dict[str, str]) -> None:
    rng = random.Random(26)
    state = get_game(game_id).new_initial_state(options)
    for _ in range(STEPS):
        if state.is_terminal():
            state = get_game(game_id).new_initial_state(options)
        before = saved(state)
        twin, earlier = state.clone(), state.clone()
        assert twin == state and twin.logs == state.logs
        freeze_shared(twin)
        actions = []
        for _ in range(AHEAD):  # the twin plays on: the original is as it was
            if twin.is_terminal():
                break
            actions.append(random_action(twin, rng))
            twin.apply_action(actions[-1])
        assert saved(state) == before
        freeze_shared(state)  # and the determinizations drawn from the original (read-only too) leave it
        for role in range(len(state.game.roles)):
            state.resample_from_infostate(role, rng)
        assert saved(state) == before
        for action in actions:  # the original plays the same actions: the same position, the same log
            state.apply_action(action)
        assert state == twin and state.logs == twin.logs and state.digest() == twin.digest()
        assert saved(earlier) == before  # and the clone taken before it is as it was
        if not state.is_terminal():
            state.apply_action(random_action(state, rng))
