"""Guerra a Muerte's purchase plans (`plans_purchase.py`, issue 56): at a side's first decision of the
Reorganization a few plans, each expanding into legal actions through the whole of the side's part of
the phase; a front's plan puts its recruits on that front, ``garrison`` buys the cheapest counters,
``reserve`` keeps RP; the search weighs them once and plays the rest without searching."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.actions import ACTIONS, ID
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.plans_common import FRONT_OF, pressure, steps_by_area
from ludoteca.games.guerra_a_muerte.plans_purchase import PURCHASE, RESERVE, deciding, guerrilla
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = GuerraAMuerte()
ROYALIST = 1


def reorganization(role: int, seed: int = 1, scenario: str = "1815-1818") -> GamState:
    """The first decision of `role` in the first Reorganization of a random game."""
    state = GAME.new_initial_state({"scenario": scenario})
    rng = random.Random(seed)
    while deciding(state, role) is None:
        assert not state.is_terminal()
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


def follow(state: GamState, role: int, plan: Plan) -> list[str]:
    """`plan` played for `role` until it stops (the other side's decisions at random); its actions."""
    rng = random.Random(0)
    played = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.current_player() != role:
            if deciding(state, 1 - role) is None and deciding(state, role) is None:
                break
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        action = PURCHASE.next_action(state, role, plan)
        if action is None:
            break
        assert action in state.legal_actions(), GAME.actions.names[action]
        played.append(GAME.actions.names[action])
        state.apply_action(action)
    return played


def plan_named(state: GamState, role: int, name: str) -> Plan:
    return next(p for p in PLANNER.plans(state, role) if p.name == name)


@pytest.mark.parametrize("role", [0, 1])
def test_every_plan_plays_legal_actions_to_the_end_of_the_sides_reorganization(role: int) -> None:
    state = reorganization(role)
    plans = PLANNER.plans(state, role)
    names = [p.name for p in plans]
    fronts = [n for n in names if n.startswith("recruit ")]
    assert names[: len(fronts)] == fronts and 1 <= len(fronts) <= 3
    assert names[len(fronts) : len(fronts) + 2] == ["garrison", "reserve"]
    assert names[len(fronts) + 2 :] in ([], ["fleet"]) and len(set(names)) == len(names)
    assert all(p.data[0] == "purchase" and p.size > 0 for p in plans)
    for plan in plans:
        after = state.clone()
        played = follow(after, role, plan)
        assert played, plan.name
        assert after.d["phase"] != "reorganization" or deciding(after, role) is None


def placed_recruits(played: list[str]) -> list[tuple[str, str]]:
    """(recruit, area) for each recruit placed by a decision of the plan (one with a single place is
    placed by the rules)."""
    out = []
    for bought, then in itertools.pairwise(played):
        if bought.startswith("recruit ") and then.split()[0] in ("place", "enter"):
            out.append((bought.split()[1], then.split()[1]))
    return out


def wanted(state: GamState, side: str, area: str) -> bool:
    """Whether the enemy presses `area` beyond the side's steps there (`plans_common.pressure`)."""
    steps = steps_by_area(state)
    return pressure(steps, area, side) > steps.get(area, {}).get(side, 0)


def test_a_fronts_plan_fills_its_front_where_pressed_then_the_areas_pressed_elsewhere() -> None:
    """A front's recruits go where the enemy presses that front beyond the side's steps; once none of
    its areas is so pressed they go where he presses another front so, not onto a front already held
    (a Royalist able to buy the whole pool used to pile every recruit on two areas of Chile)."""
    state = reorganization(ROYALIST)
    state.d["rp"]["royalist"] = 200.0  # the whole pool: where each recruit goes is the plan's choice
    fronts = [p for p in PLANNER.plans(state, ROYALIST) if p.name.startswith("recruit ")]
    for plan in fronts:
        after, rng, placed, elsewhere = state.clone(), random.Random(0), 0, 0
        while after.d["phase"] == "reorganization" and deciding(after, ROYALIST) != "prompt.levy":
            if after.is_chance_node() or after.current_player() != ROYALIST:
                legal = after.legal_actions()
                after.apply_action(after.sample_chance(rng) if after.is_chance_node() else rng.choice(legal))
                continue
            action = PURCHASE.next_action(after, ROYALIST, plan)
            assert action is not None and action in after.legal_actions()
            if deciding(after, ROYALIST) == "prompt.place":
                offered = [ACTIONS.target(a) for a in after.legal_actions() if a != ID["done"]]
                chosen = ACTIONS.target(action)
                pressed = [x for x in offered if x in FRONT_OF and wanted(after, "royalist", x)]
                on_front = [x for x in pressed if FRONT_OF[x] == plan.data[2]]
                if on_front:
                    assert chosen in on_front, (plan.name, chosen, on_front)
                elif pressed:
                    assert chosen in pressed, (plan.name, chosen, pressed)
                    elsewhere += FRONT_OF[chosen] != plan.data[2]
                placed += 1
            after.apply_action(action)
        assert placed >= 3, plan.name
        assert elsewhere, plan.name  # the front was held before the pool was spent
    garrison = placed_recruits(follow(state.clone(), ROYALIST, plan_named(state, ROYALIST, "garrison")))
    assert len({FRONT_OF[area] for _, area in garrison}) >= 3  # spread over the map


def test_garrison_buys_the_cheapest_and_reserve_keeps_rp() -> None:
    state = reorganization(ROYALIST)
    state.d["rp"]["royalist"] = 9.0  # less than the pool would take
    garrison = state.clone()
    bought = [
        n.split()[1]
        for n in follow(garrison, ROYALIST, plan_named(state, ROYALIST, "garrison"))
        if n.startswith("recruit ")
    ]
    assert bought and COUNTERS[bought[0]].militia
    reserve = state.clone()
    follow(reserve, ROYALIST, plan_named(state, ROYALIST, "reserve"))
    assert RESERVE <= reserve.d["rp"]["royalist"] < RESERVE + 1
    assert garrison.d["rp"]["royalist"] < 1


def test_no_guerrilla_that_would_give_the_area_to_enemy_regulars() -> None:
    """§10.1: a guerrilla does not control an area where enemy regulars stand. A Royalist militia alone
    in Pasto (pro-Royalist) with a Patriot regular beside it shares the area; turned guerrilla it would
    hand it to the Patriot, so the plans turn it only once no enemy regular stands there."""
    state = reorganization(ROYALIST)
    militia, regular = "mil_american_i5", "gc_lc"
    assert COUNTERS[militia].side == "royalist" and COUNTERS[militia].militia
    assert COUNTERS[regular].side == "patriot" and not COUNTERS[regular].militia
    for u in state.by_place().get("pasto", ()):
        state.move(u, "pool")
    state.move(militia, "pasto", steps=1, city=False, guerrilla=False)
    state.move(regular, "pasto", steps=2, city=False, guerrilla=False)
    offer = [ID[f"guerrilla {militia}"], ID["done"]]
    assert state.control()["pasto"] == {"patriot", "royalist"}
    assert guerrilla(state, "royalist", offer) is None
    turned = state.clone()
    turned.set_unit(militia, guerrilla=True)
    assert turned.control()["pasto"] == {"patriot"}  # what the change would have cost
    state.move(regular, "pool")
    assert guerrilla(state, "royalist", offer) == offer[0]


def test_no_purchase_plan_outside_the_reorganization() -> None:
    state = GAME.new_initial_state({"scenario": "1815-1818"})
    role = state.current_player()
    assert PURCHASE.plans(state, role) == ()
    assert (
        PURCHASE.next_action(
            state, role, Plan("garrison", "plan.garrison", data=("purchase", "garrison", ""))
        )
        is None
    )


def test_the_agent_searches_the_plans_once_and_plays_the_phase_without_searching() -> None:
    state = reorganization(ROYALIST)
    agent = IsmctsAgent(ROYALIST, 3, Budget(iters=12, seconds=0.0, depth=0), planner=PLANNER)
    searches, played = 0, 0
    rng = random.Random(2)
    while not state.is_terminal() and state.d["phase"] == "reorganization":
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.current_player() != ROYALIST:
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        action = agent.step(state)
        assert action in state.legal_actions()
        explained = agent.explain()
        searches += bool(explained.get("searched"))
        played += "plan" in explained
        state.apply_action(action)
    assert searches == 1 and played >= 5
    assert {p["name"] for p in agent.explain()["plans"]} >= {"garrison", "reserve"}


PATRIOTS = [u for u, c in COUNTERS.items() if c.side == "patriot"]


def where(state: State[Any]) -> list[str]:
    """Where each Patriot counter stands."""
    return [state.d["units"][u]["at"] for u in PATRIOTS]


class Spy:
    """The game's planner, recording what it is given: the state, its move number and where the
    Patriot's counters stand at the time of the call."""

    def __init__(self) -> None:
        self.seen: list[tuple[State[Any], int, list[str]]] = []

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        self.seen.append((state, state.move_number(), where(state)))
        return PLANNER.plans(state, role)

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        self.seen.append((state, state.move_number(), where(state)))
        return PLANNER.next_action(state, role, plan)

    def phase(self, state: State[Any], role: int) -> tuple[Hashable, int]:
        self.seen.append((state, state.move_number(), where(state)))
        return PLANNER.phase(state, role)


def test_the_plans_read_only_what_the_side_may_know(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under limited intelligence (§5.1.3) the planner (its plans, their actions, the phase) and the
    evaluation that scores the samples are given redrawn positions, never the true one: at the decision
    itself, the enemy's hidden counters stand elsewhere in them (the leak test of the plans' and the
    evaluation's inputs; with the true state, or a copy of it, they would stand where they are)."""
    true = reorganization(ROYALIST)
    assert true.options.intelligence == "limited"
    spy, scored = Spy(), []
    evaluate = GamState.evaluate

    def watched(state: GamState) -> list[float]:
        scored.append(state)
        return evaluate(state)

    monkeypatch.setattr(GamState, "evaluate", watched)
    budget = Budget(iters=6, seconds=0.0, depth=0, phase_seconds=4.0)
    agent = IsmctsAgent(ROYALIST, 5, budget, planner=spy)
    agent.step(true)
    assert spy.seen and all(seen is not true for seen, _, _ in spy.seen)
    here = [placed for _, move, placed in spy.seen if move == true.move_number()]
    assert len(here) >= 7 and all(placed != where(true) for placed in here)  # the phase's call too
    assert len(scored) == 6 and all(state is not true and where(state) != where(true) for state in scored)


@pytest.mark.parametrize("role", [0, 1])
def test_the_plan_chosen_is_the_same_on_the_truth_and_on_a_redraw(role: int) -> None:
    """What the side knows decides its plan: the agent weighs the same plans the same way whether it is
    given the true position or one redrawn from the side's information."""
    true = reorganization(role, seed=2)
    redrawn = true.resample_from_infostate(role, random.Random(9))
    assert where(redrawn) != where(true) or role == 0
    chosen = []
    for given in (true, redrawn):
        agent = IsmctsAgent(role, 11, Budget(iters=10, seconds=0.0, depth=0), planner=PLANNER)
        chosen.append((agent.step(given), agent.explain()["plans"]))
    assert chosen[0] == chosen[1]
