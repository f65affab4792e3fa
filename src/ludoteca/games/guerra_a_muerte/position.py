"""The exact JSON form of a Guerra a Muerte position (`state.d`), as TypedDicts."""

from __future__ import annotations

from typing import Literal, TypedDict

from ludoteca.core.state import CorePosition

Side = Literal["patriot", "royalist"]
Phase = Literal[
    "setup", "events", "uprisings", "reorganization", "patriot_operations", "royalist_operations", "end"
]
POOL = "pool"
"""A counter in its side's recruit pool (Caja de Reclutas, §2.3)."""
DUE = "due"
"""A counter on the turn track, arriving on its `turn` (§2.3, §4.8, §4.10)."""
DEAD = "dead"
"""A counter out of the game (eliminated leaders, the São Paulo Legion withdrawn, §8.1, §10.6)."""
OUT = "out"
"""A counter a short scenario leaves out."""
OFF_MAP = (POOL, DUE, DEAD, OUT)
"""The places off the map."""


class UnitState(TypedDict):
    """One counter: where it is (an area, a box, `pool`, `due`, `dead`, `out`), its steps, whether it is
    inside the area's city (§6.4), in guerrilla mode (§10.1), has operated this phase (§5.2), its arrival
    turn while `due`, and for a ship in port (`city` true) the port city it lies in (§7.4, §7.10)."""

    at: str
    steps: int
    city: bool
    guerrilla: bool
    done: bool
    turn: int
    port: str


class MoveFields(TypedDict, total=False):
    """Some fields of a counter's record but its place, as `GamState.move` writes them with it."""

    steps: int
    city: bool
    guerrilla: bool
    done: bool
    turn: int
    port: str


class UnitFields(MoveFields, total=False):
    """Some fields of a counter's record, as `GamState.set_unit` writes them."""

    at: str


class LeaderState(TypedDict):
    at: str
    done: bool
    turn: int


class Position(CorePosition):
    """`state.d`: the core's keys (`CorePosition`: options, stack, wait, over, moves, reveals), then the
    game's. `GamState` is a `State[Position]`: its rules read `d` as this type."""

    turn: int
    phase: Phase
    units: dict[str, UnitState]
    leaders: dict[str, LeaderState]
    rp: dict[str, float]
    """RP by pool: `royalist` and the five Patriot nations (§4.2)."""
    liberals: int
    """The turn the Liberals took power in Spain (§10.2), 0 while they have not."""
    iguala: int
    """The turn the Plan de Iguala was proclaimed (§14.1, the variant `iguala`), 0 while it has not."""
    repression: list[str]
    """Areas with a Royalist repression marker (§10.4)."""
    slaves: dict[str, list[str]]
    """By side, the areas where it recruited Indian/slave masses (§4.9.1)."""
    halved: list[str]
    """Areas that give half their RP at the next R&R (§4.9.1)."""
    raided: dict[str, int]
    """RP lost by an area at the next R&R to raids (§7.8)."""
    slave_turn: dict[str, int]
    """The last turn each side recruited Indian/slave masses (once a turn, §4.9)."""
    blockades: dict[str, str]
    """Fortress city → the side whose force blockades it this turn (§6.6), cleared at the end of turn."""
    sieged: dict[str, str]
    """Area → the side whose garrison inside its city was attacked by siege this turn (§6.4): it rolls for
    attrition at the end of the turn (reconstructed `attrition_extra.besieged_rows`), then it is cleared."""
    revealed: list[str]
    """The other side's counters the pending decision names (a subversion, a ship's target, a hunted
    guerrilla): the rules show them to the deciding side, so resampling keeps them as they are."""
    spl: bool
    """Whether the São Paulo Legion may operate: an El Plata unit has entered the Banda Oriental (§10.6)."""
