"""Each side in turn picks until it is done: the Patriot, then the Royalist (or the order a roll gave),
chooses one thing at a time — a militia's change of mode (§10.1), a promotion (§4.7), a recruit (§4.6),
Indian or slave masses (§4.9), an uprising (§9.0) — and says "done", or is not asked when it has nothing
to choose. The loop is written here once; each chapter gives its options and asks its own decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NotRequired, TypedDict, TypeVar

from ludoteca.games.guerra_a_muerte.actions import verb

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState


class Picking(TypedDict):
    """The locals of a procedure in which each side picks in turn (a procedure's frame extends it)."""

    sides: NotRequired[list[str]]
    """The sides still to pick, the one picking now first."""


P = TypeVar("P", bound=Picking)


def next_pick(
    state: GamState, frame: P, options: Callable[[GamState, P], list[int]]
) -> tuple[str, list[int]] | None:
    """The side first in `frame["sides"]` with something to pick, and its options (`options(state,
    frame)`, computed for the frame's first side: its choices and the one that ends them, [] where it has
    none): a side with none leaves the list unasked. None once every side is done."""
    sides = frame["sides"]
    while sides:
        offered = options(state, frame)
        if offered:
            return sides[0], offered
        sides.pop(0)
    return None


def done_picking(frame: Picking, action: int) -> bool:
    """Whether the side picking said "done": then it leaves `frame["sides"]`."""
    if verb(action) == "done":
        frame["sides"].pop(0)
        return True
    return False
