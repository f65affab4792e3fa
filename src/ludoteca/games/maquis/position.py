"""The exact JSON form of a Maquis position (`MaquisState.d`), typed: what each key holds."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from ludoteca.core.procedure import Frame

Phase = Literal["setup", "placement", "action", "maintenance"]
"""The phase of the day (§Cómo se juega), or the set-up before the first day."""
PHASES: tuple[Phase, ...] = ("setup", "placement", "action", "maintenance")

Pawn = Literal["w", "m", "s"]
"""A pawn on a location: a Resistance worker, a Milice or a Soldier patrol."""


class MissionInPlay(TypedDict):
    """A mission card dealt to an exit (§Preparar 8; the cards: missions.py)."""

    id: str
    slot: str
    """The exit above the card, `mission_1` or `mission_2`."""
    boxes: int
    """Success boxes filled."""
    done: bool
    marks: list[str]
    """Locations marked (Officer's Mansion graffiti, Double Agent visits)."""
    last: int
    """The day (turn) the last box was filled, -1 before: one box a day on some cards."""
    keeper: bool
    """Whether a worker stays on the card (the Infiltration mole, the Coded Messages cryptographer)."""
    lady: str | None
    """Double Agent: where the Dark Lady waits, once revealed."""


class Pending(TypedDict):
    """What the worker being activated has gained, lost with it if it is arrested (§Ser arrestado)."""

    gain: dict[str, int]
    recruit: int
    drop: str | None
    """The Field an airdrop of this activation landed on."""


Position = TypedDict(
    "Position",
    {
        # the core's keys (core.state)
        "options": dict[str, str],
        "stack": list[Frame],
        "wait": dict[str, Any] | None,
        "over": dict[str, Any] | None,
        "moves": int,
        "reveals": int,
        # the game's
        "phase": Phase,
        "day": int,  # box of the day track: 0 = Start … 15 = End (README §4.8)
        "turn": int,  # days played
        "pass": int,  # very easy's second pass along the track
        "morale": int,
        "soldiers": int,  # the Soldier marker: Milice shot
        "res": dict[str, int],  # resources held
        "fields": dict[str, dict[str, int]],  # airdropped tokens on each Field
        "board": dict[str, Pawn],  # location → pawn
        "home": int,  # workers in a safe house
        "cafe": int,  # workers waiting at the Café to be recruited
        "gone": int,  # workers lost
        "tiles": dict[str, str],  # spare room → tile built
        "deck": list[int],  # patrol cards (the order is never stored: every draw is a chance node)
        "discard": list[int],
        "peek": int | None,  # the top patrol card, seen by the Infiltration mole
        "missions": list[MissionInPlay],
        "bridges": list[str],  # bridges destroyed
        "blow": int,  # bridges to blow tonight
        "shot": bool,  # a Milice shot today
        "ready": list[str],  # workers not yet activated
        "pending": Pending,
    },
)


def no_pending() -> Pending:
    """An activation that has gained nothing yet."""
    return {"gain": {}, "recruit": 0, "drop": None}
