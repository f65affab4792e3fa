"""Plans: a role's decisions as a commander makes them, for the search only (issue 56).

A game whose turns are hundreds of small decisions (one OP, one unit bought, one counter placed) may give
the search AI a *planner*: at a decision of one role, a few candidate `Plan`s built from the situation
("take Quito with Bolívar's army", "recruit for the Peruvian front"), and, for the plan chosen, its next
legal action at each of the role's decisions until the plan is done. The game's actions stay what they
are: people, records, adapters and the fuzzer never see a plan. The search (`ai.ismcts`, with plans on)
weighs the plans instead of the actions, plays the chosen plan's actions one decision at a time, and
plans again when the plan is done or can no longer go on (a die, an interception).

The one interface, `Planner` (`Game.planner`):

- ``plans(state, role)``: the candidates at `role`'s decision in `state`, the game's own favourite first;
  an empty list where the game plans nothing at this decision (the search then weighs the actions
  themselves). `state` is always a position as `role` knows it (a determinization drawn by
  `resample_from_infostate`), never the true one: a planner that read a hidden counter would read a
  guess, so plans cannot leak.
- ``next_action(state, role, plan)``: the plan's next action at `role`'s decision in `state`, one of
  ``state.legal_actions(role)``; None when the plan is done or cannot go on from here (the search then
  plans again from where it stands).
- ``phase(state, role)``: which stretch of the game `role`'s decision belongs to (a key: Guerra a Muerte's
  turn and phase) and how many plan searches that stretch may still hold, at least 1 (the forces not yet
  activated). The searches of one stretch share its time (`ai.ismcts.Budget.phase_seconds`: no AI phase
  longer than a few seconds), each its part of what is left; it reads only what `role` may know (it is
  given a determinization too).

A plan is a value (frozen, hashable): its `name` is stable and readable (a puzzle may name it as its
answer), its `message` and `params` say it in the game's catalog (a hint shows it in the page's
language), and `size` is how many of the role's actions it expects to take, for progress ("reclutando, 7
de 22", its `activity`: what every seat may read while the AI thinks); `data` carries what the game needs
to expand it (targets, routes, purchases) as plain values.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ludoteca.core.state import State


@dataclass(frozen=True)
class Plan:
    """One candidate of a role's decision as a commander makes it."""

    name: str
    """Stable and readable, unique among the candidates of one decision: ``take quito bolivar``."""
    message: str
    """The catalog key that says it (the game's catalog), e.g. ``plan.take``."""
    params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    """The message's parameters: plain values (names of areas, leaders, counts)."""
    size: int = 1
    """How many of the role's actions the plan expects to take (progress: the k-th of `size`)."""
    data: tuple[Any, ...] = ()
    """What the game needs to expand the plan, as hashable plain values."""
    activity: str = ""
    """The catalog key (the game's catalog) that says what the role is doing while it plays the plan, with
    the parameters ``n`` (the action being decided) and ``of`` (`size`): "reclutando, {n} de {of}". Every
    seat reads it while the AI thinks (`ai.progress`), so it names only what all may know (never a
    target or a front); empty: no such line."""


class Planner(Protocol):
    """A game's plans for the search (`Game.planner`); see the module's docstring."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        """The candidate plans at `role`'s decision, the game's favourite first; empty where none."""
        ...

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        """`plan`'s next action for `role` in `state` (a legal one), or None: done, or it cannot go on."""
        ...

    def phase(self, state: State[Any], role: int) -> tuple[Hashable, int]:
        """The stretch of the game `role`'s decision belongs to and how many plan searches it may still
        hold (at least 1)."""
        ...
