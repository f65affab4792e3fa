"""A clone shares the counter records with its original until one of them writes (`GamState.set_unit`
copies a shared record first): no write may reach the other state, whichever of the two moves on."""

from __future__ import annotations

import marshal
import random
from typing import Any, NoReturn

import pytest

from ludoteca.core.game import get_game
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = get_game("guerra-a-muerte")


def random_step(state: GamState, rng: random.Random) -> None:
    """A random legal action, or a chance outcome drawn by its weights."""
    if state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def new_state(scenario: str) -> GamState:
    state = GAME.new_initial_state({"scenario": scenario})
    assert isinstance(state, GamState)
    return state


@pytest.mark.parametrize(
    ("scenario", "seed", "steps"), [("1815-1818", 1, 2000), ("1815-1818", 2, 2000), ("campaign", 3, 600)]
)
def test_a_step_of_either_twin_leaves_the_other_as_it_was(scenario: str, seed: int, steps: int) -> None:
    """At every step of a random game: the twin plays a random step and the original is unchanged (its
    `d` and its digest), then the original plays one and a clone taken before it is unchanged."""
    rng = random.Random(seed)
    state = new_state(scenario)
    for _ in range(steps):
        if state.is_terminal():
            break
        saved, digest = marshal.loads(marshal.dumps(dict(state.d))), state.digest()
        twin, snapshot = state.clone(), state.clone()
        random_step(twin, rng)
        assert state.d == saved and state.digest() == digest
        random_step(state, rng)
        assert snapshot.d == saved and snapshot.digest() == digest
        assert not state.invariants() and not twin.invariants()
    assert state.is_terminal() or scenario == "campaign"


class ReadOnlyRecord(dict[str, Any]):
    """A counter record that refuses every write: the test puts one in place of each shared record."""

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a shared counter record was written without GamState.set_unit")

    __setitem__ = __delitem__ = __ior__ = _refuse
    update = pop = popitem = setdefault = clear = _refuse


@pytest.mark.parametrize(("scenario", "seed"), [("1815-1818", 4), ("1820-1824", 5), ("1810-1814", 6)])
def test_no_rule_writes_a_shared_record(scenario: str, seed: int) -> None:
    """A random game in which, before every step, the position is cloned and each of the clone's
    (shared) records made read-only: any rule that writes a record but through `set_unit` raises."""
    rng = random.Random(seed)
    state = new_state(scenario)
    written = 0
    while not state.is_terminal():
        state = state.clone()
        units = state.d["units"]
        for uid, record in units.items():
            units[uid] = ReadOnlyRecord(record)  # type: ignore[assignment]  # a record, read-only
        random_step(state, rng)
        written += sum(type(record) is dict for record in units.values())
    assert written > 100  # the rules did write, each time to a copy


def test_set_unit_refuses_an_unknown_field() -> None:
    """A misspelt field would add a key to the position (and change its digest): refused with its name."""
    state = new_state("1815-1818")
    uid = next(iter(state.d["units"]))
    with pytest.raises(KeyError, match="steeps"):
        state.set_unit(uid, steeps=1)  # type: ignore[call-arg]  # the misspelling tested
    with pytest.raises(KeyError, match="steeps"):
        state.move(uid, "pool", steeps=1)  # type: ignore[call-arg]  # the misspelling tested
