"""Guerra a Muerte's deployment plans (issue 56, `plans.py`): a side's whole set-up as one plan.

The set-up (`deployment.py`) asks a side where each counter of a requirement goes: the campaign's set-up
codes (§2.1, §2.2) and, under `setup=choose`, a short scenario's placements "in any area of …"
(§12.2.2–§12.3.3; the areas a side must hold at the start are kept for it by the rules). Before plans the
search met each counter alone (a Royalist set-up of 52 placements took 35 s). Now the side chooses, at its
first placement, one way to set up every requirement, and each counter follows from it:

- ``deploy concentrate``: each counter where the side already has the most steps among its requirement's
  areas (one army per requirement);
- ``deploy spread``: where it has the fewest, the areas worth RP first (many areas held: the victory count
  of §11 and §12.x.4 reads areas);
- ``deploy forward``: where the enemy presses most (his steps there and half those next to it), to strike
  or to stop him;
- ``deploy hold``: the richest area the side does not hold yet, then the least held;
- ``deploy mixed``: forward on a requirement whose areas the enemy presses, spread on the others.

A leader always goes where the side has the most steps among his areas (§3.3: a force activates with its
leader's rating). The Royalist sets up first (§2.0), so the pressure he reads is the Patriot's fixed
placements; the Patriot reads the whole Royalist set-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import ACTIONS
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.plans_common import SIDES, pressure, steps_by_area

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

STYLES = ("concentrate", "spread", "forward", "hold", "mixed")
"""The set-ups weighed, the game's favourite first (see the module's docstring)."""
DOING = "plan.doing_deploy"
"""What every seat reads while a side plays its set-up plan: "desplegando, 7 de 52" (`Plan.activity`)."""
PROMPTS = frozenset({"prompt.deploy", "prompt.deploy_in"})
"""The set-up's decisions (§2, §12: a set-up code's area, a scenario requirement's area)."""


def deciding(state: State[Any], role: int) -> bool:
    """Whether `role` is asked where a counter of its set-up goes."""
    wait = state.d["wait"]
    return (
        state.d.get("phase") == "setup"
        and wait is not None
        and wait["role"] == role
        and wait["prompt"] in PROMPTS
    )


def placing(state: State[Any]) -> list[Any]:
    """The set-up item asked about now: [kind, id, side, code or requirement, ...] (`deployment.choices`)."""
    item: list[Any] = state.d["stack"][-1]["todo"][0]
    return item


class Deploy:
    """The deployment part of the planner (`plans.PARTS`): see the module's docstring."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        if not deciding(state, role):
            return ()
        side = SIDES[role]
        size = sum(1 for item in state.d["stack"][-1]["todo"] if item[2] == side)
        return [
            Plan(f"deploy {style}", f"plan.deploy_{style}", {}, size, ("deploy", style), DOING)
            for style in STYLES
        ]

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        if not deciding(state, role):
            return None
        gam: GamState = state  # type: ignore[assignment]
        legal = state.legal_actions(role)
        if not legal:
            return None
        side, style = SIDES[role], plan.data[1]
        steps = steps_by_area(gam)
        areas = [ACTIONS.target(a) for a in legal]
        if style == "mixed":
            style = "forward" if any(pressure(steps, x, side) > 0 for x in areas) else "spread"
        if placing(state)[0] == "leader":
            style = "concentrate"

        def worth(a: int) -> tuple[float, ...]:
            area = ACTIONS.target(a)
            own = steps.get(area, {}).get(side, 0)
            pressed = pressure(steps, area, side)
            rp = BOARD.areas[area].rp if area in BOARD.areas else 0
            if style == "concentrate":
                return (own, pressed, rp)
            if style == "spread":
                return (-own, rp, pressed)
            if style == "forward":
                return (pressed, own, rp)
            return (rp if own == 0 else 0, -own, pressed)  # hold

        return max(legal, key=lambda a: (worth(a), -a))


DEPLOY = Deploy()
