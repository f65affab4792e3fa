"""Guerra a Muerte's deployment plans (`plans_deploy.py`, issue 56): each plan sets up the side's whole
share of the set-up with legal placements, in the short scenarios (`setup=choose`, §12) and the campaign
(§2); spread holds more areas than concentrate; a leader goes where his side's steps are most."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.core.match import Match
from ludoteca.core.plans import Plan
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.plans_common import SIDES, steps_by_area
from ludoteca.games.guerra_a_muerte.plans_deploy import DEPLOY, STYLES, deciding, placing
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.terminal import Session

GAME = GuerraAMuerte()
ROYALIST = 1


def set_up(state: GamState, role: int, plan: Plan) -> dict[str, int]:
    """`role`'s set-up by `plan` (the other side's at random); the areas where it placed, and how many
    counters each; every placement checked legal, leaders where the side's steps were most."""
    rng = random.Random(0)
    placed: dict[str, int] = {}
    while state.d["phase"] == "setup" and not state.is_terminal():
        if state.is_chance_node() or state.current_player() != role:
            legal = state.legal_actions()
            state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
            continue
        assert deciding(state, role)
        leader = placing(state)[0] == "leader"
        steps = steps_by_area(state)
        action = DEPLOY.next_action(state, role, plan)
        assert action is not None and action in state.legal_actions()
        area = GAME.actions.target(action)
        if leader:
            most = max(
                steps.get(GAME.actions.target(a), {}).get(SIDES[role], 0) for a in state.legal_actions()
            )
            assert steps.get(area, {}).get(SIDES[role], 0) == most
        placed[area] = placed.get(area, 0) + 1
        state.apply_action(action)
    return placed


@pytest.mark.parametrize("scenario", ["1815-1818", "campaign"])
def test_every_set_up_is_legal_to_the_end_and_spread_holds_more_areas(scenario: str) -> None:
    start = GAME.new_initial_state({"scenario": scenario})
    assert deciding(start, ROYALIST)  # the Royalist sets up first (§2.0)
    plans = PLANNER.plans(start, ROYALIST)
    assert [p.name for p in plans] == [f"deploy {s}" for s in STYLES]
    assert all(p.data[0] == "deploy" and p.size > 0 for p in plans)
    areas = {p.data[1]: set_up(start.clone(), ROYALIST, p) for p in plans}
    assert all(areas.values())
    assert len(areas["spread"]) > len(areas["concentrate"])
    assert max(areas["concentrate"].values()) > max(areas["spread"].values())
    rich = sum(BOARD.areas[a].rp for a in areas["hold"])
    assert rich >= sum(BOARD.areas[a].rp for a in areas["concentrate"])


def test_no_deploy_plan_outside_the_set_up() -> None:
    state = GAME.new_initial_state({"scenario": "1815-1818"})
    assert DEPLOY.plans(state, 0) == ()  # the Royalist's turn to set up
    rng = random.Random(3)
    while state.d["phase"] == "setup":
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    plan = Plan("deploy spread", "plan.deploy_spread", data=("deploy", "spread"))
    assert DEPLOY.plans(state, 0) == DEPLOY.plans(state, 1) == ()
    assert DEPLOY.next_action(state, state.current_player(), plan) is None


def test_the_agent_sets_up_with_one_plan_search() -> None:
    state = GAME.new_initial_state({"scenario": "1815-1818"})
    agent = IsmctsAgent(ROYALIST, 1, Budget(iters=10, seconds=0.0, depth=0), planner=PLANNER)
    searches = decisions = 0
    while deciding(state, ROYALIST):
        action = agent.step(state)
        assert action in state.legal_actions()
        searches += bool(agent.explain()["searched"])
        decisions += 1
        state.apply_action(action)
    assert searches == 1 and decisions > 20
    assert agent.doing() is not None and agent.doing()["done"] == decisions  # type: ignore[index]


def test_the_terminal_says_what_the_ai_is_doing(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the agent decides, the terminal's status line names its plan's activity and progress."""
    shown: list[str] = []

    @contextlib.contextmanager
    def status(text: str) -> Iterator[None]:
        shown.append(text)
        yield

    agent = IsmctsAgent(ROYALIST, 1, Budget(iters=5, seconds=0.0, depth=0), planner=PLANNER)
    for lang in ("es", "en"):
        console = Console(file=io.StringIO())
        monkeypatch.setattr(console, "status", status)
        session = Session(
            Match(GAME, {"scenario": "1815-1818"}, seed=1), {0}, {ROYALIST: agent}, lang, console
        )
        session.agent_move(ROYALIST)
        session.agent_move(ROYALIST)
        agent.plans.plan = None  # type: ignore[union-attr]  # the next language starts afresh
    assert shown[0] == "Realistas piensa…" and shown[2] == "Royalists is thinking…"
    assert re.fullmatch(r"Realistas: desplegando, 2 de \d+…", shown[1]), shown[1]
    assert re.fullmatch(r"Royalists: setting up, 2 of \d+…", shown[3]), shown[3]
