"""Who plays the indigenous side (§5): the options that say whether the Nitayno does, and the places where
§5 changes the flow. Decisions themselves go through the core's `State.decide`; in solo mode
`MyaState.bot_for` hands the indigenous ones to the Nitayno's procedures."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


def solo(state: MyaState) -> bool:
    """§5: the Nitayno plays the indigenous side."""
    return state.options.mode == "solo"


def solo_level(state: MyaState) -> int:
    """The §5.4 difficulty level in solo mode; 0 in the two-player game."""
    return state.options.level if solo(state) else 0


def solo_hook(state: MyaState, name: str, then: str, **ctx: Any) -> None:
    """Where §5 changes the flow: run ``nitayno.<name>`` in solo mode if registered, then go on at `then`."""
    proc = f"nitayno.{name}"
    if solo(state) and proc in PROCS.by_name:
        state.call(proc, then=then, **ctx)
    else:
        state.goto(then)
