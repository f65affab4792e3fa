"""The evaluation search uses where it stops short (`MaquisState.evaluate`), and the agents built on it."""

from __future__ import annotations

import random

from ludoteca.ai.agents import make_agent
from ludoteca.ai.selfplay import play_out
from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.tests.positions import new, play


def test_evaluate_is_on_the_scale_of_the_returns() -> None:
    rng = random.Random(4)
    state = new()
    seen = []
    while not state.is_terminal():
        (value,) = state.evaluate()
        assert -1.0 < value < 1.0
        seen.append((state.score(), value))
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    assert state.evaluate() == state.returns() == [-1.0]
    assert sorted(seen) == sorted(seen, key=lambda pair: pair[1])  # the same order as the score


def test_a_lost_worker_lowers_the_evaluation() -> None:
    state = new()
    before = state.evaluate()[0]
    play(state, "place grocer")
    twin = state.clone()
    twin.d["home"] -= 1
    twin.d["gone"] += 1
    assert twin.evaluate()[0] < state.evaluate()[0] and before > -1.0


def test_the_agents_play_whole_games() -> None:
    options = GAME.normalize_options({"missions": "level1"})
    for spec in ("cautious", "ismcts:iters=20:depth=4"):
        game = play_out(GAME, options, [spec], seed=2)
        assert game["returns"] in ([1.0], [-1.0]) and game["decisions"][0] > 0
    agent = make_agent("ismcts:iters=30", GAME, 0, 1)
    state = new()
    chosen = agent.step(state)
    assert chosen in state.legal_actions()
