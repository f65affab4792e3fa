"""Guerra a Muerte's deploy plans (issue 56, `plans.py`): not written yet, so the search weighs these
decisions' actions themselves (`plans` gives none)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.plans import Plan
from ludoteca.core.state import State


class _Unplanned:
    """Plans nothing yet: every decision is left to the search over actions."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        return ()

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        return None


DEPLOY = _Unplanned()
