"""Random play of whole games of every scenario, every invariant checked after every action (DESIGN §10).
The full fuzzer (clones, replays, views, leaks) runs on every scenario in `tests/test_fuzz_games.py`."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.game import get_game
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = get_game("guerra-a-muerte")


@pytest.mark.parametrize("scenario", ["campaign", "1810-1814", "1815-1818", "1820-1824"])
@pytest.mark.parametrize("intelligence", ["limited", "open"])
def test_random_playouts_reach_the_end(scenario: str, intelligence: str) -> None:
    """Every scenario and both intelligence settings play to the end with random choices and dice: no
    dead end, every invariant kept after every action, and the final position survives a JSON round trip
    (the full fuzzer, slower, checks clones, replays and views too: `tests/test_fuzz_games.py`)."""
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.new_initial_state({"scenario": scenario, "intelligence": intelligence})
        moves = 0
        while not state.is_terminal():
            assert state.legal_actions(), f"dead end at move {moves}"
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
            moves += 1
            assert moves < GAME.max_moves
            assert not state.invariants(), state.invariants()
        assert state.result() is not None
        assert GamState.from_json(state.to_json()).digest() == state.digest()
