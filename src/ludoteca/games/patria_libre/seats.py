"""Who decides for a seat (§Modo solitario): every decision the personality deck would automate goes
through `seat_decides`, which asks the role, or for the solo seat hands the decision to the personality
procedure ("persona", personality.py), which answers with `answer`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


def seat_decides(
    st: PatriaState, r: str, kind: str, actions: Sequence[int], then: str, prompt: str, **params: Any
) -> None:
    """Role `r` chooses one of `actions` (a decision of kind `kind`); the choice goes to step `then`."""
    if st.d["solo"] == r and "persona" in st.procedures.by_name:
        st.call(
            "persona", then=then, r=r, kind=kind, actions=sorted(set(actions)), prompt=prompt, params=params
        )
        return
    st.ask(st.idx(r), actions, then=then, prompt=prompt, **params)


def answer(st: PatriaState, action: int) -> None:
    """End the personality procedure and give `action` to the step that waits for it."""
    st.d["stack"].pop()
    frame = st.d["stack"][-1]
    st.procedures[frame["p"]].steps[frame["s"]](st, frame, action)
