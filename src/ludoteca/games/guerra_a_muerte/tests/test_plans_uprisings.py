"""Guerra a Muerte's uprising plans (`plans_uprisings.py`, issue 56): each announces as many areas as §9.0
allows, chosen by its own measure, with legal actions, and the search weighs them once a phase."""

from __future__ import annotations

import random

import pytest

from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.core.plans import Plan
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.plans_uprisings import STYLES, UPRISINGS, deciding
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.uprisings import modifier

GAME = GuerraAMuerte()


def uprisings(role: int, seed: int = 1) -> GamState:
    """`role`'s first announcement of the first uprisings phase of a random 1815-1818 game."""
    state = GAME.new_initial_state({"scenario": "1815-1818"})
    rng = random.Random(seed)
    while deciding(state, role) != "prompt.uprise":
        assert not state.is_terminal()
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return state


def announced(state: GamState, role: int, plan: Plan) -> list[str]:
    """The areas `plan` announces for `role` (its own decisions only), each checked legal."""
    out = []
    while deciding(state, role) == "prompt.uprise":
        action = UPRISINGS.next_action(state, role, plan)
        assert action is not None and action in state.legal_actions()
        if GAME.actions.verb(action) == "uprise":
            out.append(GAME.actions.target(action))
        state.apply_action(action)
    return out


@pytest.mark.parametrize("role", [0, 1])
def test_each_plan_announces_two_areas_by_its_measure(role: int) -> None:
    state = uprisings(role)
    plans = PLANNER.plans(state, role)
    assert [p.name for p in plans] == [f"uprise {s}" for s in STYLES]
    side = ("patriot", "royalist")[role]
    offered = [GAME.actions.target(a) for a in state.legal_actions() if GAME.actions.verb(a) == "uprise"]
    chosen = {p.data[1]: announced(state.clone(), role, p) for p in plans}
    assert all(len(areas) == min(2, len(offered)) for areas in chosen.values())
    best_odds = max(modifier(state, side, x) for x in offered)
    assert modifier(state, side, chosen["odds"][0]) == best_odds
    assert BOARD.areas[chosen["rich"][0]].rp == max(BOARD.areas[x].rp for x in offered)


def test_the_agent_announces_with_one_plan_search() -> None:
    state = uprisings(0)
    agent = IsmctsAgent(0, 4, Budget(iters=9, seconds=0.0, depth=0), planner=PLANNER)
    searched = []
    while deciding(state, 0) == "prompt.uprise":
        action = agent.step(state)
        assert action in state.legal_actions()
        searched.append(agent.explain()["searched"])
        state.apply_action(action)
    assert searched[0] and not any(searched[1:])
    assert UPRISINGS.plans(state, 0) == ()  # the announcements are over
