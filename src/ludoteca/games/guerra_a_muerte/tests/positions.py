"""What the game's tests read of a position they have just brought to a decision or to its end: the
position is typed (`position.Position`), and its pending decision and outcome are None elsewhere."""

from __future__ import annotations

from typing import Any

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.state import GamState


def waiting(state: GamState) -> dict[str, Any]:
    """The pending decision (the test has just asked for one)."""
    wait = state.d["wait"]
    assert wait is not None, "no decision is pending"
    return wait


def ending(state: GamState) -> str:
    """The rulebook outcome of a game the test has just ended."""
    over = state.d["over"]
    assert over is not None, "the game is not over"
    return str(over["outcome"])


def running(state: GamState) -> Frame:
    """The running procedure's frame (the test has just brought the game to a step of it)."""
    frame = state.running_frame()
    assert frame is not None, "no procedure is running"
    return frame
