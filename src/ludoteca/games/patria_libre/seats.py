"""Who decides for a seat (§Modo solitario): every decision the personality deck would automate goes
through `seat_decides`, which asks the role, or for the solo seat hands the decision to the personality
procedure ("persona", personality.py), which answers with `answer`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


def seat_decides(
    state: PatriaState, r: str, kind: str, actions: Sequence[int], then: str, prompt: str, **params: Any
) -> None:
    """Role `r` chooses one of `actions` (a decision of kind `kind`); the choice goes to step `then`."""
    if state.d["solo"] == r and "persona" in state.procedures.by_name:
        state.call(
            "persona", then=then, r=r, kind=kind, actions=sorted(set(actions)), prompt=prompt, params=params
        )
        return
    state.ask(state.idx(r), actions, then=then, prompt=prompt, **params)


def answer(state: PatriaState, action: int) -> None:
    """End the personality procedure and give `action` to the step that waits for it."""
    state.d["stack"].pop()
    frame = state.d["stack"][-1]
    state.procedures[frame["p"]].steps[frame["s"]](state, frame, action)
