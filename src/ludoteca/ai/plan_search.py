"""The search over plans (issue 56, `core.plans`): where a game has a planner, the `ismcts` agent weighs
the plans of a decision instead of its actions.

At each of its role's decisions the agent asks `PlanSearch.step`:

- if it holds a plan whose next action (`Planner.next_action`) is legal here, that action is played with
  no search at all: a purchase of 22 units is one search, then 22 plays;
- otherwise it draws a determinization (``state.resample_from_infostate``: the position as the role knows
  it, never the true one) and builds the candidates there (`Planner.plans`). None: the agent searches
  the actions as it always did. One: it is adopted. Several: they are weighed within the level's budget
  (its iterations and its seconds, or less where the most sampled plan can no longer be overtaken), UCB1
  over the plans (Auer, Cesa-Bianchi & Fischer 2002; values rescaled with the level's `norm`), each
  sampled `FIRST_ROUNDS` times in turn, in the game's order, first; a sample draws a fresh
  determinization, plays the plan through on it (chance sampled; the other roles' decisions by their
  planner's first plan, or, where it plans nothing for them, random actions, at most the level's rollout
  `depth` of them in a sample; at most `cap` actions in all) and scores where it stops by `returns()` if
  the game ended, else `evaluate()`: the play-through takes the place of the rollout. It stops where the
  plan is done, where the game ends, and at another role's decision its planner plans nothing for once
  the `depth` random actions are spent: a game that scores its leaves with no rollout (Guerra a Muerte,
  depth 0) reads the position the plan led to, not the noise of random moves after it, and a planner
  that wants the other side's replies sampled plans them. The most sampled plan is adopted (ties to the
  better value) and its first action played.

The decisions of one stretch of the game (`Planner.phase`: Guerra a Muerte's phases) share the level's
`phase_seconds` (`Stretch`): each search thinks at most the level's `seconds` and no more than its part of
the time the stretch has left, counted from every decision of the stretch, the held plans' included.

A plan that cannot go on (its next action None, or not legal here: a die, an interception) is dropped and
the decision planned again from where it stands. Every input of the planner is a determinization, so a
plan cannot read what its role may not know (`tests/test_plan_search.py`'s leak test).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ludoteca.core.game import CHANCE
from ludoteca.core.plans import Plan, Planner
from ludoteca.core.state import State

if TYPE_CHECKING:
    from ludoteca.ai.ismcts import Budget

Clock = Callable[[], float]


@dataclass
class Weighed:
    """A candidate plan and its samples: how many, and the sum of the role's values they ended on."""

    plan: Plan
    visits: int = 0
    total: float = 0.0

    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


FIRST_ROUNDS = 3
"""How many times each plan is sampled in turn before UCB1 chooses: a value read from one sample (one
unlucky die, one unlucky redraw) would otherwise send the rescaled search (`norm`) away from a good plan
for good."""


def cap(plan: Plan) -> int:
    """How many actions a sample plays at most (every role's, chance's outcomes included): the plan's own
    with room for what comes between them."""
    return 4 * plan.size + 40


LEAST_SECONDS = 0.02
"""The least time a decision is given when its stretch's time is spent: the plan search then samples its
candidates once or so and adopts the most promising, the game's favourite first."""


@dataclass
class Stretch:
    """The time spent so far in one stretch of a role's decisions (`Planner.phase`)."""

    key: Hashable = None
    spent: float = 0.0

    def allowance(self, key: Hashable, searches: int, budget: Budget) -> Budget:
        """`budget` with its seconds cut to this decision's part of what the stretch `key` has left, shared
        with the `searches` that may still come after it (`Budget.phase_seconds`; a new key starts a new
        stretch)."""
        if key != self.key:
            self.key, self.spent = key, 0.0
        if not budget.phase_seconds:
            return budget
        part = max((budget.phase_seconds - self.spent) / (max(searches, 1) + 1), LEAST_SECONDS)
        return replace(budget, seconds=min(budget.seconds, part) if budget.seconds else part)


class PlanSearch:
    """The plan `role` holds and the search that chooses it (see the module's docstring)."""

    def __init__(self, planner: Planner, role: int, rng: random.Random, clock: Clock) -> None:
        self.planner = planner
        self.role = role
        self.rng = rng
        self.clock = clock
        self.plan: Plan | None = None
        self.done = 0
        """How many of the held plan's actions have been played (progress: `done` of `plan.size`)."""
        self.weighed: list[Weighed] = []
        """The candidates of the last plan search, as `explain()` reports them."""
        self.searched = False
        """Whether the last decision was a plan search (else it played the held plan's next action)."""
        self.iterations = 0
        self.seconds = 0.0
        self.stretch = Stretch()
        """The stretch of the game the role's decisions are in and the time they have taken."""

    def allowance(self, state: State[Any], budget: Budget) -> Budget:
        """The budget of the role's decision in `state`: `budget` with its seconds cut to the decision's part
        of its stretch's time (`Stretch.allowance`); the stretch is read off a determinization. With no
        phase limit, `budget` itself."""
        if not budget.phase_seconds:
            return budget
        world = state.resample_from_infostate(self.role, self.rng)
        key, searches = self.planner.phase(world, self.role)
        return self.stretch.allowance(key, searches, budget)

    def step(self, state: State[Any], legal: Sequence[int], budget: Budget) -> int | None:
        """The action of `role`'s plan at this decision, or None where no plan applies (the caller then
        searches the actions). The budget's `iters` and `seconds` bound a plan search (0: no bound of
        that kind), `c` is its exploration constant, `depth` the random actions a sample may play."""
        world = state.resample_from_infostate(self.role, self.rng)
        self.searched, self.iterations, self.seconds = False, 0, 0.0
        if self.plan is not None:
            action = self.planner.next_action(world, self.role, self.plan)
            if action is not None and action in legal:
                self.done += 1
                return action
        self.plan, self.done = None, 0
        candidates = list(self.planner.plans(world, self.role))
        self.weighed = [Weighed(plan) for plan in candidates]
        if not candidates:
            return None
        if len(candidates) > 1:
            self.searched = True
            self.weigh(state, budget)
        chosen = max(self.weighed, key=lambda w: (w.visits, w.value())).plan
        action = self.planner.next_action(world, self.role, chosen)
        if action is None or action not in legal:
            return None
        self.plan, self.done = chosen, 1
        return action

    def weigh(self, state: State[Any], budget: Budget) -> None:
        """Sample the candidates (`weighed`) until the budget is spent, `FIRST_ROUNDS` times each in turn,
        then by UCB1; or, after the first rounds, until the most sampled plan leads the next by more
        samples than the budget has left (`settled`): the plan adopted is then already known, and the
        time left is not spent."""
        iters, seconds, c = budget.iters, budget.seconds, budget.c
        start = self.clock()
        draw = state.resampler(self.role)
        weighed = self.weighed
        while True:
            n = self.iterations
            first = n < FIRST_ROUNDS * len(weighed)
            pick = weighed[n % len(weighed)] if first else ucb(weighed, c, budget.norm)
            pick.total += self.sample(draw(self.rng), pick.plan, budget.depth)
            pick.visits += 1
            self.iterations += 1
            self.seconds = self.clock() - start
            if iters and self.iterations >= iters:
                break
            if seconds and self.seconds >= seconds:
                break
            if not first and settled(weighed, self.left(iters, seconds)):
                break

    def left(self, iters: int, seconds: float) -> float:
        """How many more samples the budget allows: the iterations left, and the seconds left at the rate
        of the samples so far, whichever is fewer."""
        left = float(iters - self.iterations) if iters else math.inf
        if seconds and self.seconds > 0:
            left = min(left, (seconds - self.seconds) * self.iterations / self.seconds)
        return left

    def sample(self, world: State[Any], plan: Plan, depth: int) -> float:
        """`plan` played through on `world` (a determinization it consumes) until it stops, the game ends,
        another role's unplanned decision comes after `depth` random actions, or `cap` actions pass; the
        role's value where it stopped."""
        rng, role = self.rng, self.role
        held: dict[int, Plan] = {}
        idle: set[int] = set()
        for _ in range(cap(plan)):
            if world.is_terminal():
                return world.returns()[role]
            mover = world.current_player()
            if mover == CHANCE:
                world.apply_action(world.sample_chance(rng))
                continue
            legal = world.legal_actions()
            if mover == role:
                action = self.planner.next_action(world, role, plan)
                if action is None or action not in legal:
                    break
            else:
                found = self.other(world, mover, legal, held, idle)
                if found is None:
                    if depth <= 0:
                        break
                    depth -= 1
                    found = rng.choice(legal)
                action = found
            world.apply_action(action)
        return world.returns()[role] if world.is_terminal() else world.evaluate()[role]

    def other(
        self, world: State[Any], mover: int, legal: list[int], held: dict[int, Plan], idle: set[int]
    ) -> int | None:
        """Another role's action in a sample: its held plan's next one, else its planner's first plan's
        (held from then on); None where it has none (a role the planner gives nothing is not asked
        again in this sample: `idle`)."""
        plan = held.get(mover)
        if plan is not None:
            action = self.planner.next_action(world, mover, plan)
            if action is not None and action in legal:
                return action
        if mover not in idle:
            found = self.planner.plans(world, mover)
            if not found:
                idle.add(mover)
            else:
                held[mover] = found[0]
                action = self.planner.next_action(world, mover, found[0])
                if action is not None and action in legal:
                    return action
        return None

    def explain(self) -> dict[str, Any]:
        """The plan held and the candidates weighed (JSON-ready), or {} where no plan applies."""
        if self.plan is None:
            return {}
        return {
            "plan": describe(self.plan),
            "done": self.done,
            "searched": self.searched,
            "plans": [
                {**describe(w.plan), "visits": w.visits, "value": round(w.value(), 4) if w.visits else None}
                for w in sorted(self.weighed, key=lambda w: (-w.visits, -w.value()))
            ],
        }


def ucb(weighed: Sequence[Weighed], c: float, norm: bool) -> Weighed:
    """The plan UCB1 samples next, each tried at least once: the greatest mean value plus `c` times the
    exploration term. With `norm` (`Budget.norm`, as the search over actions does) the means are first
    rescaled to the least and greatest of them, so that plans whose values differ by hundredths (an
    evaluation near the end of its scale) are still told apart."""
    log = math.log(sum(w.visits for w in weighed))
    low, scale = 0.0, 1.0
    if norm:
        means = [w.value() for w in weighed]
        if max(means) > min(means):
            low, scale = min(means), 1.0 / (max(means) - min(means))
    return max(weighed, key=lambda w: (w.value() - low) * scale + c * math.sqrt(log / w.visits))


def settled(weighed: Sequence[Weighed], left: float) -> bool:
    """Whether no plan can be sampled as often as the most sampled one in `left` more samples (the plan
    adopted is the most sampled: nothing the rest of the budget finds can change it)."""
    visits = sorted((w.visits for w in weighed), reverse=True)
    return len(visits) > 1 and visits[0] - visits[1] > left


def describe(plan: Plan) -> dict[str, Any]:
    """A plan as a page or a record shows it: its name, and its message with the message's parameters."""
    return {
        "name": plan.name,
        "message": plan.message,
        "params": dict(plan.params),
        "size": plan.size,
        "activity": plan.activity,
    }
