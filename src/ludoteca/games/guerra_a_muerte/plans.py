"""Guerra a Muerte's plans for the search AI (issue 56, `core.plans`): decisions as a general makes them.

The planner is made of parts, one per kind of decision, each planning as a `core.plans.Planner` does:

- `plans_deploy.DEPLOY`: the set-ups of §2 and §12 (where each requirement's counters go);
- `plans_uprisings.UPRISINGS`: the uprisings announced (§9);
- `plans_purchase.PURCHASE`: reorganization and reinforcement (§4: what to recruit, promote and buy, for
  which front, from which pool);
- `plans_operations.OPERATIONS`: operations (§3.2–§3.3, §5, §6: per force an objective — take, hold,
  relieve, besiege, blockade, intercept, raid, retreat to a haven — from which the route and the OPs follow),
  with the fleets' and the landings' objectives of `plans_fleets.FLEETS` (§7) merged in;
- `plans_fleets.FLEETS`: the decisions inside a fleet's activation, a transport and a naval battle, the
  ships' end of turn (§7), and the expansion of the fleet and landing plans.

`GamPlanner.plans` asks the parts in turn and gives the first that plans this decision; a plan's
`data[0]` names the part that made it, which expands it (`next_action`). A turn's phase is the stretch
whose searches share the level's phase time (`GamPlanner.phase`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import verb
from ludoteca.games.guerra_a_muerte.plans_deploy import DEPLOY
from ludoteca.games.guerra_a_muerte.plans_fleets import FLEETS
from ludoteca.games.guerra_a_muerte.plans_operations import OPERATIONS
from ludoteca.games.guerra_a_muerte.plans_purchase import PURCHASE
from ludoteca.games.guerra_a_muerte.plans_uprisings import UPRISINGS


class Part(Protocol):
    """The plans of one kind of decision: a `core.plans.Planner` but for its phases (the game's)."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]: ...

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None: ...


PARTS: dict[str, Part] = {
    "deploy": DEPLOY,
    "uprisings": UPRISINGS,
    "purchase": PURCHASE,
    "operations": OPERATIONS,
    "fleets": FLEETS,
}
"""The parts by the name a plan's `data[0]` carries."""


class GamPlanner:
    """The game's planner (`GuerraAMuerte.planner`): the parts', one decision at a time."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        for part in PARTS.values():
            found = part.plans(state, role)
            if found:
                return found
        return ()

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        part = PARTS.get(plan.data[0]) if plan.data else None
        return None if part is None else part.next_action(state, role, plan)

    def phase(self, state: State[Any], role: int) -> tuple[Hashable, int]:
        """The turn's phase (§3.0: set-up, uprisings, reorganization, each side's operations, …); at the
        choice of a force (§3.2) as many searches may still come as the forces the side may activate."""
        wait = state.d["wait"]
        searches = 1
        if wait is not None and wait.get("prompt") == "prompt.activate":
            searches = sum(1 for a in wait["actions"] if verb(a) in ("activate", "fleet"))
        return (state.d["turn"], state.d["phase"]), searches


PLANNER = GamPlanner()
