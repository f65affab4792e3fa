"""The short information-state string is the long one in short: for every game, at positions of a random
game, two states give a role the same `information_state_string` exactly when they give it the same
`information_state_json`, whether the state is the one played, a clone gone on from it, a JSON round trip
(which holds no memo: its string is computed afresh) or a determinization by `resample_from_infostate`."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from adapters_support import GAME_IDS
from ludoteca.core.game import get_game
from ludoteca.core.state import State
from toygame import RaceGame

STEPS = 160
"""Actions of each random game; every fourth position is checked, for every role."""


class Pairs:
    """Every (long, short) pair seen: each long string has one short string, and each short one long."""

    def __init__(self) -> None:
        self.short_of: dict[str, str] = {}
        self.long_of: dict[str, str] = {}

    def record(self, state: State, role: int) -> str:
        long, short = state.information_state_json(role), state.information_state_string(role)
        assert len(short) == 32
        assert self.short_of.setdefault(long, short) == short, "equal long strings, different short ones"
        assert self.long_of.setdefault(short, long) == long, "different long strings, equal short ones"
        return short


def random_action(state: State, rng: random.Random) -> int:
    if state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes(), strict=True)
        return rng.choices(actions, odds)[0]
    return rng.choice(state.legal_actions())


def restored(state: State) -> State:
    return State.from_json(json.loads(json.dumps(state.to_json())))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_equal_long_information_states_and_only_those_give_equal_short_ones(game_id: str) -> None:
    game = get_game(game_id)
    state, rng, pairs = game.new_initial_state(), random.Random(11), Pairs()
    roles = range(len(game.roles))
    for step in range(STEPS):
        if state.is_terminal():
            break
        if step % 4 == 0:
            for role in roles:
                short = pairs.record(state, role)
                assert pairs.record(state.clone(), role) == short
                assert pairs.record(restored(state), role) == short
                if not state.is_chance_node():
                    sample = state.resample_from_infostate(role, random.Random(step))
                    assert pairs.record(sample, role) == short, "a determinization changed what it knows"
                    fresh = restored(sample)  # no memo: a shared running log digest must agree
                    for other in roles:
                        assert pairs.record(sample, other) == pairs.record(fresh, other)
            twin = state.clone()  # shares the running log digests, then goes its own way
            twin.apply_action(random_action(twin, random.Random(step)))
            for role in roles:
                assert pairs.record(twin, role) == pairs.record(restored(twin), role)
        state.apply_action(random_action(state, rng))
    assert len(pairs.long_of) >= 5


def test_a_log_cut_back_or_replaced_is_read_again(toy: RaceGame) -> None:
    """The running log digest goes on only from lines it has read: a log cut back (and written again),
    or replaced by another list, gives the string of a state that never had a memo."""
    state = toy.new_initial_state()
    rng = random.Random(3)
    while len(state.logs) < 3:
        state.apply_action(random_action(state, rng))
    before = state.information_state_string(0)
    assert state.information_state_string(0) == before == restored(state).information_state_string(0)
    del state.logs[-1]
    state.log("log.pass", name="someone else")  # an undo, then another line where the last one was
    assert state.information_state_string(0) != before
    assert state.information_state_string(0) == restored(state).information_state_string(0)
    del state.logs[-1]
    assert state.information_state_string(0) == restored(state).information_state_string(0)
    state.logs = state.logs[1:]
    assert state.information_state_string(0) == restored(state).information_state_string(0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_that_was_asked_still_pickles(game_id: str) -> None:
    """A worker process gets its state by pickle: the memos (a running hash cannot be pickled) stay
    behind, and the copy gives the same string."""
    state, rng = get_game(game_id).new_initial_state(), random.Random(5)
    for _ in range(30):
        state.apply_action(random_action(state, rng))
    short = state.information_state_string(0)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.logs == state.logs
    assert copy.information_state_string(0) == short == copy.information_state_string(0)
