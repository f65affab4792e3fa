"""The exact JSON form of a Maquis position (`MaquisState.d`), typed: what each key holds."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ludoteca.core.state import CorePosition

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


_PassKey = TypedDict("_PassKey", {"pass": int})
"""The key that Python reserves as a word: very easy's second pass along the track."""


class Position(CorePosition, _PassKey):
    """`MaquisState.d`: the core's keys (`CorePosition`), then the game's."""

    phase: Phase
    day: int
    """Box of the day track: 0 = Start … 15 = End (README §4.8)."""
    turn: int
    """Days played."""
    morale: int
    soldiers: int
    """The Soldier marker: Milice shot."""
    res: dict[str, int]
    """Resources held."""
    fields: dict[str, dict[str, int]]
    """Airdropped tokens on each Field."""
    board: dict[str, Pawn]
    """Location → pawn."""
    home: int
    """Workers in a safe house."""
    cafe: int
    """Workers waiting at the Café to be recruited."""
    gone: int
    """Workers lost."""
    tiles: dict[str, str]
    """Spare room → tile built."""
    deck: list[int]
    """Patrol cards (the order is never stored: every draw is a chance node)."""
    discard: list[int]
    peek: int | None
    """The top patrol card, seen by the Infiltration mole."""
    missions: list[MissionInPlay]
    bridges: list[str]
    """Bridges destroyed."""
    blow: int
    """Bridges to blow tonight."""
    shot: bool
    """A Milice shot today."""
    ready: list[str]
    """Workers not yet activated."""
    pending: Pending


# ------------------------------------------------------------------------------- the procedures' frames
class Drawing(TypedDict):
    """The locals of a procedure that draws a patrol card (`draw` hands it back)."""

    ret: NotRequired[int]


class Placement(TypedDict):
    """§1. Fase de colocación, once the patrols are counted."""

    patrols: NotRequired[int]
    placed: NotRequired[int]
    first_soldier: NotRequired[int]
    """The first patrol placed as a Soldier rather than a Milice (the Soldier marker)."""
    workers: NotRequired[int]
    """Workers still to place."""
    worker_turn: NotRequired[bool]
    ret: NotRequired[int]


class Patrol(TypedDict):
    """One patrol placed (§Colocar patrulla): the pawn, then the card drawn for it."""

    pawn: Pawn
    ret: NotRequired[int]


class Activation(TypedDict):
    """One worker activated (§Activar trabajadores) at `loc`."""

    loc: str
    star: NotRequired[bool]
    """Whether the worker keeps the action's reward if arrested on its way home (facts A7)."""
    mole: NotRequired[bool]
    """Infiltration: a mole was released and goes home the same way."""


class LocationEffect(TypedDict):
    """A location action's effect (`core.effects`): its context (`loc`), its data and its index."""

    loc: str
    kind: str
    effect: int
    package: NotRequired[str]
    """Airdrop: the package chosen."""


def no_pending() -> Pending:
    """An activation that has gained nothing yet."""
    return {"gain": {}, "recruit": 0, "drop": None}
