"""Guerra a Muerte's uprising plans (issue 56, `plans.py`): a side's uprisings phase (§9) as one plan.

In phase 2 each side announces up to two areas the enemy controls (§9.0), rolls a die for each with the
§9.4 modifiers, and on 5 or more raises a militia there, of infantry or cavalry as it chooses (§9.3). An
announcement costs nothing, so every plan announces as many as the rules allow; they differ in which:

- ``uprise odds``: the best modifier first (§9.4: −1 against enemy regulars, +2 in an area that favours
  the side, +1 after repression or beside Boves), then the richest;
- ``uprise rich``: the area worth most RP first (§4.0: what the enemy loses and the side may gain), then
  the best modifier;
- ``uprise front``: the area with most of the side's steps next to it first (a militia its armies can
  reach and join), then the best modifier.

The militia raised is the stronger counter offered (§9.3). Before plans the search met each announcement
alone, 3 s each; the phase is now one plan search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import ACTIONS, ID
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.plans_common import SIDES, steps_by_area
from ludoteca.games.guerra_a_muerte.uprisings import modifier

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

STYLES = ("odds", "rich", "front")
"""The plans weighed, the game's favourite first (see the module's docstring)."""
PROMPTS = frozenset({"prompt.uprise", "prompt.uprising_militia"})
"""The phase's decisions: an area announced (§9.0), the militia raised (§9.3)."""
DOING = "plan.doing_uprisings"
"""What every seat reads while a side plays its uprising plan (`Plan.activity`)."""
DONE = ID["done"]


def deciding(state: State[Any], role: int) -> str | None:
    """The uprisings' decision `role` is asked now (its prompt), or None."""
    wait = state.d["wait"]
    if state.d.get("phase") != "uprisings" or wait is None or wait["role"] != role:
        return None
    prompt: str = wait["prompt"]
    return prompt if prompt in PROMPTS else None


class Uprisings:
    """The uprisings part of the planner (`plans.PARTS`): see the module's docstring."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        if deciding(state, role) != "prompt.uprise":
            return ()
        return [
            Plan(f"uprise {style}", f"plan.uprise_{style}", {}, 4, ("uprisings", style), DOING)
            for style in STYLES
        ]

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        prompt = deciding(state, role)
        if prompt is None:
            return None
        legal = state.legal_actions(role)
        if prompt == "prompt.uprising_militia":
            return max(legal, key=lambda a: (COUNTERS[ACTIONS.target(a)].factor, -a))
        gam: GamState = state  # type: ignore[assignment]
        side, style = SIDES[role], plan.data[1]
        areas = [a for a in legal if a != DONE]
        if not areas:
            return DONE if DONE in legal else None
        steps = steps_by_area(gam) if style == "front" else {}

        def worth(a: int) -> tuple[float, ...]:
            area = ACTIONS.target(a)
            odds = modifier(gam, side, area)
            rp = BOARD.areas[area].rp
            if style == "rich":
                return (rp, odds)
            if style == "front":
                near = sum(steps.get(x, {}).get(side, 0) for x in BOARD.adjacent.get(area, ()))
                return (near, odds, rp)
            return (odds, rp)

        return max(areas, key=lambda a: (worth(a), -a))


UPRISINGS = Uprisings()
