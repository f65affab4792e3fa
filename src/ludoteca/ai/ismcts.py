"""Information-set Monte Carlo tree search (DESIGN §8): the `ismcts` agent.

The search sees only what its role knows. Every iteration starts from a fresh determinization,
``state.resample_from_infostate(role, rng)`` (drawn through ``state.resampler(role)``, which may work out
once what every draw from the position starts from) — a full state consistent with the role's
information — and never reads the true state beyond that. One tree is shared by all determinizations
(single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): an edge is a (mover, action) pair, and
because an action is not legal in every determinization, selection weighs an edge by how often it was
*available* (ISUCT).

Each edge keeps the returns of the player who chose it, so every node is searched from the perspective
of the player to move there, for any number of players (1 to 6). Chance nodes are sampled with the
probabilities of `chance_outcomes()` (`state.sample_chance`, as every driver draws) and kept in the tree
as edges of their own or, open-loop (`open_chance`), played through without a node, so that the decisions
after a die are shared by all its faces and an iteration is not stopped by every new face. After leaving
the tree, a rollout plays uniformly random legal actions for at most `depth` actions and is scored by
`state.evaluate()` (each role's prospects on the scale of `returns()`), or by `returns()` if the game
ended. With `norm`, selection rescales each player's values to the least and greatest mean value that
player has in this search's tree (as MuZero does), so that an evaluation close to ±1, where the moves
differ by hundredths, still tells them apart.

The search stops when it has run `iters` iterations or `seconds` of time, whichever comes first; a
decision with a single legal action is played without searching. When the role decides again right after
its own move, with nothing else in between (a move made piece by piece, a choice in several steps), the
tree below that move is kept as the new root: it was grown from determinizations of exactly what the role
knows now, so its statistics still hold, and the new search adds its iterations to them.

Where the game has a planner (`Game.planner`, `core.plans`) and plans are on (``plans=1``, the default),
the agent weighs the plans of a decision instead of its actions and plays the chosen plan's actions one
decision at a time (`ai.plan_search`); it searches the actions as above only where the game plans
nothing. ``plans=0`` is the search over actions everywhere.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from ludoteca.ai.plan_search import PlanSearch, describe
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import CHANCE, Game
from ludoteca.core.plans import Planner
from ludoteca.core.state import State

Clock = Callable[[], float]


@dataclass(frozen=True)
class Budget:
    """How much one decision may think: at most `iters` iterations and `seconds` of time (``0`` means no
    limit of that kind), rollouts of at most `depth` actions, exploration constant `c`, values normalized or
    not (`norm`)."""

    iters: int
    seconds: float
    depth: int
    c: float = 0.7
    norm: bool = False
    """Rescale each player's values to the least and greatest mean value seen in this search's tree before
    adding the exploration term (as MuZero does), so that moves whose values differ by little, in a
    position near a sure win or loss, are still told apart."""
    open_chance: bool = False
    """Open-loop chance: a chance outcome is drawn and played but makes no node of its own, so the tree
    branches on decisions only and an iteration goes on through the dice to the next decision."""
    prior: int = 0
    """How many visits more the first value of a new decision edge counts for. With no rollout (`depth`
    0) that value is the evaluation of the position the move leads to, taken before any chance that
    follows it, so it weighs every outcome of that chance at once; the later visits each sample one
    outcome. Counting it `prior` times more keeps a few unlucky samples from burying a good move."""
    best_follow: bool = False
    """Value a move followed by another decision of the same player by the mean value of that decision's
    best move (and, until every move there was tried, no less than the move's own first value), instead
    of the mean of the iterations' returns: a move is worth what its best follow-up is worth, not the
    average of every follow-up tried. Else a move that opens an optional choice (Maquis: a Weapon in hand
    offers a shot after every activation) counts each bad option once, as the tree tries every move, and
    looks worse than a move that offers none. Never across a draw: with `open_chance` the decision after a
    die is shared by all its faces, and its best move may be one only a lucky face offers (read across it,
    Maquis at `hard` with both won 10 of 100 tuning games, against 43 without the open loop)."""
    phase_seconds: float = 0.0
    """With plans (`ai.plan_search`), the time one phase of the game's decisions (`Planner.phase`) may take
    in all (0: no such limit): each decision of the phase thinks at most `seconds`, and no more than its
    part of what the phase has left (`plan_search.Stretch`)."""


LEVELS: dict[str, Budget] = {
    "easy": Budget(iters=30, seconds=1.0, depth=2, phase_seconds=1.5),
    "normal": Budget(iters=120, seconds=3.0, depth=4, phase_seconds=4.0),
    "hard": Budget(iters=600, seconds=10.0, depth=8, phase_seconds=15.0),
}
"""The strength presets, ``ismcts:level=easy|normal|hard``: an iteration budget (times the game's
`SearchHints.scale`, or the game's own figure for the level), capped in time so that `normal` never thinks
more than 3 s a decision however slow the game, nor, where the game plans (`phase_seconds`), 4 s a phase
of its turn (issue 56: no AI phase over 5 s on the 2-core machine). The budgets are small on purpose: a
whole game of Maquis at `normal` takes some ten seconds, so that the arena can measure strength over
hundreds of games (BENCHMARKS.md has the speeds and the figures)."""


class Edge:
    """A tree node seen from its parent: the move that leads to it and its statistics. `total` sums the
    returns of the player who chose the move; `avail` counts the visits of the parent in which the move
    was legal."""

    __slots__ = ("avail", "children", "first", "full", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, int], Edge] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.first = 0.0
        """The return of the iteration that added the edge (`Budget.best_follow`)."""
        self.full = False
        """Whether every legal move of the decision below has been tried (`Budget.best_follow`)."""

    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class IsmctsAgent:
    """Chooses `role`'s action by ISMCTS; `explain()` describes the last decision."""

    def __init__(
        self,
        role: int,
        seed: int,
        budget: Budget,
        clock: Clock = time.perf_counter,
        planner: Planner | None = None,
    ) -> None:
        self.role = role
        self.budget = budget
        self.rng = random.Random(seed)
        self.clock = clock
        self.root = Edge()
        self.legal: list[int] = []
        self.iterations = 0
        self.seconds = 0.0
        self.carried = 0
        self.chosen: int | None = None
        self.game: Game | None = None
        self.kept: tuple[str, Edge] | None = None
        self.bounds: dict[int, list[float]] = {}  # each player's least and greatest mean value (`norm`)
        self.positions: dict[Edge, State] = {}  # each node's position, when all determinizations are one
        self.plans = None if planner is None else PlanSearch(planner, role, self.rng, clock)
        """The plan this role holds and the search over plans, where the game has a planner."""
        self.planned = False
        """Whether the last decision was a plan's (`plans`), not the search over actions'."""

    def step(self, state: State[Any]) -> int:
        legal = state.legal_actions(self.role)
        if not legal:
            raise ValueError(f"{state.game.id}: it is not {state.game.roles[self.role]}'s turn to decide")
        self.game, self.legal = state.game, legal
        self.planned = False
        plans = self.plans
        if plans is None:
            return self.decide(state, legal, self.budget)
        began = self.clock()
        try:
            return self.decide(state, legal, plans.allowance(state, self.budget))
        finally:
            plans.stretch.spent += self.clock() - began

    def decide(self, state: State[Any], legal: list[int], budget: Budget) -> int:
        """The action chosen within `budget`: the held or searched plan's where the game plans this
        decision, else the search over the actions'."""
        plans = self.plans
        if plans is not None and (len(legal) > 1 or plans.plan is not None):
            action = plans.step(state, legal, budget)
            if action is not None:
                self.planned, self.chosen, self.kept, self.root = True, action, None, Edge()
                self.iterations, self.seconds, self.carried = plans.iterations, plans.seconds, 0
                return action
        self.root = self.carried_over(state)
        self.iterations, self.seconds = 0, 0.0
        self.carried = sum(edge.visits for edge in self.root_edges().values())
        if len(legal) > 1:
            self.search(state, budget)
        self.chosen = chosen = self.best() if len(legal) > 1 else legal[0]
        self.keep(state, chosen)
        return chosen

    def carried_over(self, state: State) -> Edge:
        """The tree below this role's last move if `state` is what that move led to, seen by this role
        (the same information, so the same information set); otherwise a new root."""
        kept, self.kept = self.kept, None
        if kept is not None and kept[0] == state.information_state_string(self.role):
            return kept[1]
        return Edge()

    def keep(self, state: State, chosen: int) -> None:
        """Remember the subtree of the move chosen, with what this role will know after it, if the role
        decides again at once (only its own move in between: nothing it does not know)."""
        subtree = self.root.children.get((self.role, chosen))
        if subtree is None or not subtree.children:
            return
        after = state.child(chosen)
        if after.current_player() == self.role:
            self.kept = (after.information_state_string(self.role), subtree)

    def search(self, state: State, budget: Budget) -> None:
        """Run iterations from determinizations of `state` until the budget is spent. A resampler that
        draws nothing from the generator gives the same position every time (Patria Libre's and Pax
        Porfiriana's copy: everything in them is public or never stored): the iterations then start from
        that one position and go on from the positions kept along the tree (`positions`)."""
        clock = self.clock
        start = clock()
        self.bounds = {}
        draw = state.resampler(self.role)
        before = self.rng.getstate()
        world = draw(self.rng)
        same = self.rng.getstate() == before and not budget.open_chance
        self.positions = {self.root: world} if same else {}
        while True:
            self.iterate(None if same else world)
            self.iterations += 1
            self.seconds = clock() - start
            if budget.iters and self.iterations >= budget.iters:
                break
            if budget.seconds and self.seconds >= budget.seconds:
                break
            if not same:
                world = draw(self.rng)
        self.positions = {}

    def iterate(self, world: State | None) -> None:
        """One iteration on one determinization (which it consumes): select, expand, roll out, back up.
        With no determinization, every one is the same position (`search`): the descent reads the
        positions kept at the nodes it passes (`positions`, which it never changes) and plays only the
        moves to nodes that have none: a node met again keeps the position it leads to, a new one plays
        on into its rollout. An iteration so plays about one move of the tree where it played them all."""
        rng, c = self.rng, self.budget.c
        node, path = self.root, []
        here = self.positions[node] if world is None else world  # the position at `node`
        own = world is not None  # whether `here` is this iteration's to change (else a kept position)
        expanded = False
        drawn = False  # whether an open-loop draw came since the last node: no best follow-up across it
        while not expanded and not here.is_terminal():
            mover = here.current_player()
            if mover == CHANCE:
                action = here.sample_chance(rng)
                if self.budget.open_chance:
                    here.apply_action(action)
                    drawn = True
                    continue
                child = node.children.get((CHANCE, action))
                if child is None:
                    child = node.children[(CHANCE, action)] = Edge()
                    expanded = True
            else:
                bounds = self.bounds.get(mover) if self.budget.norm else None
                action, child, expanded = select(node, mover, here.legal_actions(), c, rng, bounds)
            if own:
                here.apply_action(action)
            elif child in self.positions:
                here = self.positions[child]
            else:
                here = here.clone()
                here.apply_action(action)
                if expanded:  # a new node: its rollout goes on from here
                    own = True
                else:  # a node met again: its position is kept from now on
                    self.positions[child] = here
            path.append((child, mover, drawn))
            node, drawn = child, False
        rewards = rollout(here if own else here.clone(), self.budget.depth, rng)
        norm = self.budget.norm
        if expanded and path and path[-1][1] != CHANCE:
            edge, mover, _ = path[-1]  # counted `prior` times more below, with the one visit of every edge
            edge.first = rewards[mover]
            edge.visits += self.budget.prior
            edge.total += self.budget.prior * rewards[mover]
        follow = self.budget.best_follow
        for index in range(len(path) - 1, -1, -1):  # leaf first: a decision's moves before the move to it
            edge, mover, _ = path[index]
            edge.visits += 1
            if mover != CHANCE:
                if follow and index + 1 < len(path) and path[index + 1][1:] == (mover, False):
                    best = best_value(edge, mover)
                    edge.total = edge.visits * (best if edge.full else max(best, edge.first))
                else:
                    edge.total += rewards[mover]
                if norm:
                    widen(self.bounds, mover, edge.total / edge.visits)

    def best(self) -> int:
        """The most visited root move (the robust choice); ties go to the better value."""
        edges = self.root_edges()
        return max(self.legal, key=lambda a: (edges[a].visits, edges[a].value()) if a in edges else (0, 0.0))

    def root_edges(self) -> dict[int, Edge]:
        return {a: e for (mover, a), e in self.root.children.items() if mover == self.role}

    def explain(self) -> dict[str, Any]:
        """The last decision, JSON-ready: the move chosen, and every legal move weighed with its visit count
        and estimated value (the mean return of this role), most visited first. The visits are this
        search's `iterations` plus those `carried` over from the role's previous decision."""
        if self.game is None or self.chosen is None:
            return {}
        names = self.game.actions.names
        edges = self.root_edges()
        empty = Edge()
        order = sorted(
            self.legal, key=lambda a: (-edges.get(a, empty).visits, -edges.get(a, empty).value(), a)
        )
        weighed = [
            {
                "action": a,
                "notation": names[a],
                "visits": edges[a].visits if a in edges else 0,
                "value": round(edges[a].value(), 4) if a in edges else None,
            }
            for a in order
        ]
        if self.planned and self.plans is not None:
            return self.explain_plan()
        return {
            "role": self.game.roles[self.role],
            "action": self.chosen,
            "notation": names[self.chosen],
            "iterations": self.iterations,
            "carried": self.carried,
            "seconds": round(self.seconds, 3),
            "budget": asdict(self.budget),
            "alternatives": weighed,
        }

    def explain_plan(self) -> dict[str, Any]:
        """The last decision when a plan made it: the action, the plan held (`plan`, with how many of its
        actions are played, `done`), and the plans weighed when it was chosen (`plans`: name, message,
        params, visits, value), most sampled first. Its one alternative is the action played, valued as
        its plan."""
        assert self.game is not None and self.chosen is not None and self.plans is not None
        explained = self.plans.explain()
        held = next(w for w in explained["plans"] if w["name"] == explained["plan"]["name"])
        return {
            "role": self.game.roles[self.role],
            "action": self.chosen,
            "notation": self.game.actions.names[self.chosen],
            "iterations": self.iterations,
            "carried": 0,
            "seconds": round(self.seconds, 3),
            "budget": asdict(self.budget),
            "alternatives": [
                {
                    "action": self.chosen,
                    "notation": self.game.actions.names[self.chosen],
                    "visits": held["visits"],
                    "value": held["value"],
                }
            ],
            **explained,
        }

    def doing(self) -> dict[str, Any] | None:
        """What this role is doing, for progress while it thinks: the plan it holds, how many of its
        actions are played (`done`) of how many it expects (`size`); None where it holds none."""
        plans = self.plans
        if plans is None or plans.plan is None:
            return None
        return {**describe(plans.plan), "done": plans.done}


def select(
    node: Edge, mover: int, legal: list[int], c: float, rng: random.Random, bounds: list[float] | None = None
) -> tuple[int, Edge, bool]:
    """The move to follow at a decision of `mover`: an untried legal one if any (expanding the tree),
    otherwise the ISUCT choice, its values rescaled by `bounds` (the least and greatest mean value of
    `mover` in the tree) if given. Every legal move's availability is counted. Returns (action, edge,
    whether it is new)."""
    children = node.children
    untried = [a for a in legal if (mover, a) not in children]
    for a in legal:
        if (mover, a) in children:
            children[(mover, a)].avail += 1
    node.full = len(untried) <= 1
    if untried:
        action = rng.choice(untried)
        child = children[(mover, action)] = Edge()
        return action, child, True
    low, scale = 0.0, 1.0
    if bounds is not None and bounds[1] > bounds[0]:
        low, scale = bounds[0], 1.0 / (bounds[1] - bounds[0])
    best, best_score = legal[0], -math.inf
    for a in legal:
        edge = children[(mover, a)]
        mean = (edge.total / edge.visits - low) * scale
        score = mean + c * math.sqrt(math.log(edge.avail) / edge.visits)
        if score > best_score:
            best, best_score = a, score
    return best, children[(mover, best)], False


def best_value(edge: Edge, mover: int) -> float:
    """The greatest mean value among the tried moves of `mover`'s decision below `edge` (`best_follow`)."""
    return max(
        child.total / child.visits
        for (who, _), child in edge.children.items()
        if who == mover and child.visits
    )


def widen(bounds: dict[int, list[float]], mover: int, mean: float) -> None:
    """Stretch `mover`'s least and greatest mean value to take in `mean`."""
    seen = bounds.setdefault(mover, [mean, mean])
    if mean < seen[0]:
        seen[0] = mean
    elif mean > seen[1]:
        seen[1] = mean


def rollout(state: State, depth: int, rng: random.Random) -> list[float]:
    """Random legal play for at most `depth` actions (chance included); then each role's returns, or the
    game's evaluation if it has not ended."""
    for _ in range(depth):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns() if state.is_terminal() else state.evaluate()


def level_budget(level: str, game: Game | None = None) -> Budget:
    """A level's budget on `game`, with the game's `SearchHints`: its iterations times the hints' `scale`
    (or the hints' own `iters` for that level), their `depth` if they set one, normalized values explored
    with their `norm` if they set one, and open-loop chance if they ask for it."""
    budget = LEVELS[level]
    if game is None:
        return budget
    hints = game.search
    depth = budget.depth if hints.depth is None else hints.depth
    iters = hints.iters.get(level, budget.iters * hints.scale)
    budget = replace(budget, iters=iters, depth=depth)
    if hints.norm is not None:
        budget = replace(budget, norm=True, c=hints.norm)
    if hints.open_chance:
        budget = replace(budget, open_chance=True)
    if hints.prior:
        budget = replace(budget, prior=hints.prior)
    if hints.best_follow:
        budget = replace(budget, best_follow=True)
    return budget


def hint_agent(game: Game, role: int, match_seed: int, move: int) -> IsmctsAgent:
    """The search behind a hint (terminal and web): the normal level, with the game's plans where it has
    them (a hint then names the plan, `ai.hint.plan_sentence`), seeded by the match and the move, so the
    same position always gets the same hint."""
    return IsmctsAgent(role, match_seed + move, level_budget("normal", game), planner=game.planner)


PARAMETERS = (
    *("level", "iters", "time", "depth", "c", "norm", "chance", "prior", "follow", "plans", "phase", "seed"),
)


def parse_budget(params: Mapping[str, str], game: Game | None = None) -> Budget:
    """The budget a spec's parameters ask for. `level` (default normal) sets every field, its iterations
    scaled to `game` (`level_budget`); `depth`, `c`, `norm`, `chance`, `prior`, `follow` and `phase`
    override it; `iters` and `time`, if either is given, replace the level's whole budget (the one given
    is the only limit, unless both are, and no phase limit unless `phase` is given)."""
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise BadOptionError(
            f"agent 'ismcts': unknown parameter {', '.join(unknown)}; parameters are: {', '.join(PARAMETERS)}"
        )
    level = params.get("level", "normal")
    if level not in LEVELS:
        raise BadOptionError(f"agent 'ismcts': level={level!r} is not allowed; use level={'|'.join(LEVELS)}")
    budget = level_budget(level, game)
    if "iters" in params or "time" in params:
        budget = replace(budget, iters=0, seconds=0.0, phase_seconds=0.0)
    fields: dict[str, Any] = {}
    for key, field, kind, low in (
        ("iters", "iters", int, 1),
        ("time", "seconds", float, 0.001),
        ("depth", "depth", int, 0),
        ("c", "c", float, 0.0),
        ("prior", "prior", int, 0),
        ("phase", "phase_seconds", float, 0.0),
    ):
        if key in params:
            fields[field] = number(key, params[key], kind, low)
    if "norm" in params:
        if params["norm"] not in ("0", "1"):
            raise BadOptionError(f"agent 'ismcts': norm must be 0 or 1, not {params['norm']!r}")
        fields["norm"] = params["norm"] == "1"
    if "chance" in params:
        if params["chance"] not in ("tree", "open"):
            raise BadOptionError(f"agent 'ismcts': chance must be tree or open, not {params['chance']!r}")
        fields["open_chance"] = params["chance"] == "open"
    if params.get("plans", "1") not in ("0", "1"):
        raise BadOptionError(f"agent 'ismcts': plans must be 0 or 1, not {params['plans']!r}")
    if "follow" in params:
        if params["follow"] not in ("mean", "best"):
            raise BadOptionError(f"agent 'ismcts': follow must be mean or best, not {params['follow']!r}")
        fields["best_follow"] = params["follow"] == "best"
    return replace(budget, **fields)


def number(key: str, text: str, kind: type[int] | type[float], low: float) -> Any:
    """A spec parameter as a number no smaller than `low`, or a clear error."""
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or value < low or (isinstance(value, float) and not math.isfinite(value)):
        what = "a whole number" if kind is int else "a number"
        raise BadOptionError(f"agent 'ismcts': {key} must be {what} of at least {low}, not {text!r}")
    return value


def ismcts(game: Game, role: int, seed: int, params: Mapping[str, str]) -> IsmctsAgent:
    """The ``ismcts[:level=easy|normal|hard][:iters=N][:time=S][:depth=D][:c=C][:norm=0|1]
    [:chance=tree|open][:prior=K][:follow=mean|best][:plans=0|1][:phase=S][:seed=N]`` agent spec; `seed`
    fixes the agent's generator whatever the game's seed; `plans` (default 1) weighs the game's plans where
    it has a planner, ``plans=0`` searches its actions everywhere (the search before plans); `phase` the
    seconds one phase of a planned game may think in all (`Budget.phase_seconds`, 0: no limit)."""
    budget = parse_budget(params, game)
    if "seed" in params:
        seed = number("seed", params["seed"], int, 0)
    planner = game.planner if params.get("plans", "1") == "1" else None
    return IsmctsAgent(role, seed, budget, planner=planner)
