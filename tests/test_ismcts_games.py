"""`ismcts` on every real game and mode (the fuzzer's `MODES`): it plays legal moves, and its choice is the
same on the true state and on a resample of it from the chooser's information — it cannot peek."""

from __future__ import annotations

import random

import pytest

from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.core.game import get_game
from test_fuzz_games import GAM_MODES, MODES

SMALL = Budget(iters=25, seconds=0.0, depth=3)
HIDDEN = {("mar-y-acero", "two-player")}
"""Modes whose deciders do not know everything (the other side's hand of event cards), so that a resample
differs from the truth and the test has teeth."""


@pytest.mark.parametrize(("game_id", "options"), MODES, ids=[f"{g}-{'-'.join(o.values())}" for g, o in MODES])
def test_ismcts_chooses_the_same_on_the_truth_and_on_a_resample(
    game_id: str, options: dict[str, str]
) -> None:
    game = get_game(game_id)
    state, rng = game.new_initial_state(options), random.Random(3)
    checked = differed = decisions = 0
    while not state.is_terminal() and checked < 4:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        role, legal = state.current_player(), state.legal_actions()
        decisions += 1
        if len(legal) > 1 and decisions % 5 == 0:
            resampled = state.resample_from_infostate(role, random.Random(checked))
            differed += resampled != state
            on_truth = IsmctsAgent(role, 11, SMALL).step(state)
            assert on_truth in legal
            assert IsmctsAgent(role, 11, SMALL).step(resampled) == on_truth, (game_id, state.move_number())
            checked += 1
        state.apply_action(rng.choice(legal))
    assert checked > 0
    if (game_id, options.get("mode")) in HIDDEN:
        assert differed > 0


@pytest.mark.parametrize(
    "options",
    [o for o in GAM_MODES if o["scenario"] in ("campaign", "1815-1818")],
    ids=lambda o: "-".join(o.values()),
)
def test_ismcts_plays_guerra_a_muerte_without_peeking(options: dict[str, str]) -> None:
    """The same on Guerra a Muerte (its modes are `GAM_MODES`, a campaign and a short scenario): under
    limited intelligence a resample redraws the other side's counters among its markers (§5.1.3)."""
    test_ismcts_chooses_the_same_on_the_truth_and_on_a_resample("guerra-a-muerte", options)
