"""`ismcts` on every real game and mode (each game's `FuzzPlan` modes): it plays legal moves, and its choice
is the same on the true state and on a resample of it from the chooser's information — it cannot peek."""

from __future__ import annotations

import random

import pytest

from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.core.game import all_games, get_game

GAM_MODES = [dict(o) for o in get_game("guerra-a-muerte").fuzz.modes]
MODES = [(g.id, dict(o)) for g in all_games() if g.id != "guerra-a-muerte" for o in g.fuzz.modes]
"""Every game's fuzz modes; Guerra a Muerte's in its own test below, two of its scenarios."""
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


class Unsteady(random.Random):
    """A generator whose state never reads the same twice, so that the search takes every resample for a
    new draw and plays the whole path of every iteration (the search's own draws are unchanged)."""

    def getstate(self) -> tuple[object, ...]:
        return (super().getstate(), object())


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("patria-libre", {"solo": "realistas"}), ("pax-porfiriana", {"players": "4"}), ("maquis", {})],
    ids=lambda v: v if isinstance(v, str) else "-".join(v.values()),
)
def test_positions_kept_along_the_tree_search_exactly_as_playing_every_path(
    game_id: str, options: dict[str, str]
) -> None:
    """Where a resample draws nothing (a copy of the position), the search keeps the position at each node
    instead of playing the path to it at every iteration: every visit, value and choice is the same."""
    game = get_game(game_id)
    state, rng = game.new_initial_state(options), random.Random(5)
    compared = 0
    while not state.is_terminal() and compared < 3:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            role = state.current_player()
            kept, played = IsmctsAgent(role, 7, SMALL), IsmctsAgent(role, 7, SMALL)
            played.rng = Unsteady(7)
            assert kept.step(state.clone()) == played.step(state.clone())
            assert kept.explain()["alternatives"] == played.explain()["alternatives"]
            compared += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert compared == 3
