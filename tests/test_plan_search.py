"""The search over plans (`ai.plan_search`, issue 56): where a game has a planner, the `ismcts` agent
weighs plans, plays the chosen one's actions without searching, plans again when a plan stops, reads only
determinizations, and ``plans=0`` is the search over actions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.ai.agents import make_agent
from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.ai.plan_search import LEAST_SECONDS, Stretch
from ludoteca.core.errors import BadOptionError
from ludoteca.core.plans import Plan
from plangames import BLUE, BUYER, GOODS, KEEPER, RED, Shop, ShopPlanner, ShopState, X
from toygame import RaceGame

BUDGET = Budget(iters=200, seconds=0.0, depth=0)


def buyer(planner: ShopPlanner, seed: int = 3, budget: Budget = BUDGET) -> IsmctsAgent:
    return IsmctsAgent(BUYER, seed, budget, planner=planner)


def purchases(agent: IsmctsAgent, state: ShopState) -> list[int]:
    """The buyer's three purchases by `agent`, each checked legal."""
    bought = []
    while state.current_player() == BUYER:
        action = agent.step(state)
        assert action in state.legal_actions()
        bought.append(action)
        state.apply_action(action)
    return bought


def test_the_search_overrules_the_favourite_and_then_plays_the_plan_without_searching() -> None:
    agent, state = buyer(ShopPlanner()), Shop(ShopPlanner()).dealt(1)
    assert agent.step(state) == RED
    first = agent.explain()
    assert first["plan"]["name"] == "all red" and first["done"] == 1 and 10 <= first["iterations"] <= 200
    weighed = {w["name"]: w for w in first["plans"]}
    assert set(weighed) == {"all blue", "all red"}
    assert weighed["all red"]["value"] > weighed["all blue"]["value"]
    lead = weighed["all red"]["visits"] - weighed["all blue"]["visits"]
    assert lead > 0 and (first["iterations"] == 200 or lead > 200 - first["iterations"])  # settled early
    assert first["plans"][0]["name"] == "all red"  # most sampled first
    state.apply_action(RED)
    assert agent.step(state) == RED
    second = agent.explain()
    assert second["iterations"] == 0 and second["done"] == 2 and not second["searched"]
    assert agent.doing() == {
        "name": "all red",
        "message": "plan.buy",
        "params": {"colour": "red"},
        "size": GOODS,
        "activity": "",
        "done": 2,
    }


def test_it_cannot_peek_at_the_hidden_card_through_a_plan() -> None:
    """With the card 3, blue is best for who sees it; the buyer cannot, and buys red."""
    for seed in range(3):
        assert purchases(buyer(ShopPlanner(), seed), Shop().dealt(3)) == [RED] * GOODS


def test_the_no_peek_test_would_catch_plans_weighed_on_the_true_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ShopState, "resample_from_infostate", lambda self, role, rng: self.clone())
    assert purchases(buyer(ShopPlanner()), Shop().dealt(3)) == [BLUE] * GOODS


def test_the_planner_is_only_ever_given_determinizations() -> None:
    """Every state the planner reads is a copy drawn from what the buyer knows: never the true state, and
    with cards other than the true one (the leak test of the plans' inputs)."""
    planner = ShopPlanner()
    true = Shop().dealt(1)
    purchases(buyer(planner), true)
    assert planner.seen and all(seen is not true for seen in planner.seen)
    assert {seen.d["card"] for seen in planner.seen} == {1, 2, 3}


def test_a_lone_plan_is_adopted_without_search() -> None:
    class Lone(ShopPlanner):
        def plans(self, state, role):  # type: ignore[no-untyped-def]
            return tuple(super().plans(state, role))[1:]

    agent = buyer(Lone())
    assert purchases(agent, Shop().dealt(2)) == [RED] * GOODS
    assert agent.explain()["searched"] is False


def test_it_plans_again_when_a_plan_is_done() -> None:
    """Short plans stop after one purchase: every purchase is a new plan search."""
    planner = ShopPlanner(short=True)
    agent = buyer(planner)
    state = Shop().dealt(1)
    searched = []
    while state.current_player() == BUYER:
        action = agent.step(state)
        searched.append(agent.explain()["searched"])
        state.apply_action(action)
    assert state.d["goods"] == [RED] * GOODS and searched == [True] * GOODS


def test_a_plan_whose_next_action_is_illegal_falls_back_to_the_search_over_actions() -> None:
    agent = buyer(ShopPlanner(broken=True))
    assert purchases(agent, Shop().dealt(1)) == [RED] * GOODS
    explained = agent.explain()
    assert "plan" not in explained and explained["iterations"] == 200  # the actions were searched
    assert agent.doing() is None


def test_a_plan_stopped_part_way_is_replanned() -> None:
    """The buyer holds "all blue" by force; when its next action stops being legal (here: the planner
    answers None after the first purchase), the buyer plans again and searches."""

    class Stops(ShopPlanner):
        def plans(self, state, role):  # type: ignore[no-untyped-def]
            found = tuple(super().plans(state, role))
            return found[:1] if not state.d["goods"] else found

        def next_action(self, state, role, plan):  # type: ignore[no-untyped-def]
            if plan.name == "all blue" and state.d["goods"]:
                return None
            return super().next_action(state, role, plan)

    agent = buyer(Stops())
    assert purchases(agent, Shop().dealt(1)) == [BLUE, RED, RED]


def test_the_other_role_plays_its_planners_plan_or_at_random() -> None:
    """The keeper, who has no plans, still gets legal moves from an agent with plans on."""
    planner = ShopPlanner()
    state = Shop(planner).dealt(2)
    for action in (RED, RED, RED):
        state.apply_action(action)
    keeper = IsmctsAgent(KEEPER, 1, BUDGET, planner=planner)
    assert keeper.step(state) in state.legal_actions() and keeper.doing() is None


def test_a_sample_plays_the_other_roles_plan_and_stops_at_its_unplanned_decisions() -> None:
    """Samples of the buyer's plans reach the keeper's decision: with no plan for it and no rollout
    (depth 0) they stop there; with the keeper's own plan it is played, so the sample ends the game."""

    class Keeper(ShopPlanner):
        def plans(self, state, role):  # type: ignore[no-untyped-def]
            if role == KEEPER:
                self.asked.append(state)
                return (Plan("say x", "plan.say", size=1, data=("x", 0)),)
            return super().plans(state, role)

        def next_action(self, state, role, plan):  # type: ignore[no-untyped-def]
            if plan.name == "say x":
                self.said += 1
                return X
            return super().next_action(state, role, plan)

    quiet, keeper = ShopPlanner(), Keeper()
    keeper.said, keeper.asked = 0, []  # type: ignore[attr-defined]
    buyer(quiet).step(Shop().dealt(1))
    buyer(keeper).step(Shop().dealt(1))
    asked = [s for s in quiet.seen if not s.is_terminal() and s.current_player() == KEEPER]
    samples = buyer(ShopPlanner())
    samples.step(Shop().dealt(1))
    assert len({id(s) for s in asked}) == samples.explain()["iterations"]  # each stopped at the keeper
    assert keeper.said == len(keeper.asked) > 0  # type: ignore[attr-defined]
    assert all(s.is_terminal() for s in keeper.asked)  # type: ignore[attr-defined]


def test_plans_0_is_the_search_over_actions() -> None:
    game = Shop(ShopPlanner())
    planned = make_agent("ismcts:level=normal", game, 0, 9)
    plain = make_agent("ismcts:level=normal:plans=0:seed=4", game, 0, 9)
    assert isinstance(planned, IsmctsAgent) and isinstance(plain, IsmctsAgent)
    assert planned.plans is not None and plain.plans is None
    before = IsmctsAgent(BUYER, 4, plain.budget)  # the agent as it was before plans
    state = game.dealt(1)
    assert plain.step(state.clone()) == before.step(state.clone())
    explained, expected = plain.explain(), before.explain()
    assert explained.pop("seconds") >= 0 and expected.pop("seconds") >= 0
    assert explained == expected and "plans" not in explained


def test_a_game_without_a_planner_is_searched_as_before(toy: RaceGame) -> None:
    agent = make_agent("ismcts:iters=50", toy, 0, 1)
    assert isinstance(agent, IsmctsAgent) and agent.plans is None


def test_the_plans_parameter_is_checked() -> None:
    with pytest.raises(BadOptionError, match="plans must be 0 or 1, not '2'"):
        make_agent("ismcts:plans=2", Shop(ShopPlanner()), 0, 1)


def test_the_plan_search_stops_once_the_leader_cannot_be_overtaken() -> None:
    """With red worth more on every card but the 3, the search settles before its 200 samples: the most
    sampled plan then leads the next by more than the samples left, so the same plan is adopted."""
    agent = buyer(ShopPlanner())
    agent.step(Shop().dealt(1))
    explained = agent.explain()
    visits = sorted((p["visits"] for p in explained["plans"]), reverse=True)
    assert (
        explained["iterations"] < BUDGET.iters
        and visits[0] - visits[1] > BUDGET.iters - explained["iterations"]
    )
    assert sum(visits) == explained["iterations"] and explained["plan"]["name"] == "all red"


def test_normalized_values_send_the_samples_to_the_better_plan() -> None:
    """With the level's `norm`, UCB1 reads the plans' means rescaled to their range (red 0.1 a good better
    than blue, on a scale where both are small): the better plan gets a greater share of fewer samples,
    after `FIRST_ROUNDS` rounds in turn (one unlucky first sample does not bury it)."""
    shares = []
    for norm in (False, True):
        agent = buyer(ShopPlanner(), budget=replace(BUDGET, c=0.5, norm=norm))
        agent.step(Shop().dealt(2))
        explained = agent.explain()
        red = next(p["visits"] for p in explained["plans"] if p["name"] == "all red")
        shares.append((red / explained["iterations"], explained["iterations"]))
    assert shares[1][0] > shares[0][0] and shares[1][1] < shares[0][1]


def test_a_time_budget_bounds_the_plan_search() -> None:
    ticks = iter(range(1000))
    agent = IsmctsAgent(
        BUYER, 1, Budget(iters=0, seconds=1.0, depth=0), lambda: next(ticks) / 4, ShopPlanner()
    )
    agent.step(Shop().dealt(1))
    assert agent.explain()["iterations"] == 4


def test_it_is_reproducible_with_its_seed() -> None:
    runs = [purchases(buyer(ShopPlanner(short=True), 7), Shop().dealt(2)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_the_searches_of_one_phase_share_its_time() -> None:
    """With `phase_seconds`, the buyer's three searches (one a purchase each, `short`) share 1.5 s: the
    first, with three to come (itself included), gets a quarter of it, and all three together stay within
    it, where each would otherwise think its whole second."""

    def spent(phase: float) -> list[float]:
        ticks = iter(range(100_000))
        budget = Budget(iters=0, seconds=1.0, depth=0, phase_seconds=phase)
        agent = IsmctsAgent(BUYER, 1, budget, lambda: next(ticks) / 100, ShopPlanner(short=True))
        state, seconds = Shop().dealt(1), []
        while state.current_player() == BUYER:
            action = agent.step(state)
            seconds.append(agent.explain()["seconds"])
            state.apply_action(action)
        return seconds

    free, shared = spent(0.0), spent(1.5)
    assert len(free) == len(shared) == GOODS
    assert shared[0] <= 1.5 / 4 + 0.01 < free[0]
    assert sum(shared) <= 1.5 < sum(free)


def test_a_new_phase_starts_with_its_whole_time() -> None:
    stretch, budget = Stretch(), Budget(iters=0, seconds=3.0, depth=0, phase_seconds=4.0)
    assert stretch.allowance(("turn 1", "operations"), 3, budget).seconds == 1.0
    stretch.spent = 4.2  # spent: the least
    assert stretch.allowance(("turn 1", "operations"), 1, budget).seconds == LEAST_SECONDS
    assert stretch.allowance(("turn 2", "operations"), 1, budget).seconds == 2.0 and stretch.spent == 0.0
    assert stretch.allowance("any", 1, replace(budget, phase_seconds=0.0)).seconds == 3.0


def test_the_phase_parameter_sets_the_phase_time() -> None:
    game = Shop(ShopPlanner())
    assert make_agent("ismcts", game, 0, 1).budget.phase_seconds == 4.0  # the normal level's
    assert make_agent("ismcts:phase=2.5", game, 0, 1).budget.phase_seconds == 2.5
    assert make_agent("ismcts:iters=50", game, 0, 1).budget.phase_seconds == 0.0
    with pytest.raises(BadOptionError, match=r"phase must be a number of at least 0\.0, not 'x'"):
        make_agent("ismcts:phase=x", game, 0, 1)
