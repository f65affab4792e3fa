"""Random play of whole games with every invariant of the core fuzzer (DESIGN §10), the game registered
only inside the test (it is not registered for the other games' tests while its rules are unfinished)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ludoteca.core import game as core_game
from ludoteca.core.fuzz import run_fuzz
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = GuerraAMuerte()


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[GuerraAMuerte]:
    monkeypatch.setitem(core_game._REGISTRY, GAME.id, GAME)
    yield GAME


@pytest.mark.parametrize("intelligence", ["limited", "open"])
def test_fuzz_1815_1818(registered: GuerraAMuerte, intelligence: str) -> None:
    report = run_fuzz(registered, 1, seed=3, options={"scenario": "1815-1818", "intelligence": intelligence})
    assert not report.failures, report.failures[0]["traceback"]
    assert report.games == 1 and report.actions > 100


@pytest.mark.parametrize("scenario", ["campaign", "1810-1814", "1815-1818", "1820-1824"])
@pytest.mark.parametrize("intelligence", ["limited", "open"])
def test_random_playouts_reach_the_end(registered: GuerraAMuerte, scenario: str, intelligence: str) -> None:
    """Every scenario and both intelligence settings play to the end with random choices and dice: no
    dead end, every invariant kept after every action, and the final position survives a JSON round trip
    (the full fuzzer above checks clones, replays and views on one scenario; it is slower)."""
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
