"""Guerra a Muerte's components as typed records: areas, seas and their links, cities, counters, leaders
and the charts (§1–§8), built by `board.Board` from the data files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

LAND_ARMS = ("infantry", "cavalry", "artillery")
NAVAL_ARMS = ("frigate", "ship_of_the_line")


@dataclass(frozen=True)
class Area:
    """A land area (§1.1): its RP value (§4.0), coasts, and the rulebook's lists it belongs to."""

    id: str
    name: str
    rp: int
    seas: tuple[str, ...]
    lists: frozenset[str]

    @property
    def hostile(self) -> bool:
        return "hostile" in self.lists

    @property
    def continental(self) -> bool:
        return "islands" not in self.lists

    @property
    def pro(self) -> str:
        """ "royalist", "patriot" or "" (§9.1, §9.2, §10.1; the two Patriot lists united, ambiguity 7)."""
        if "pro_royalist" in self.lists:
            return "royalist"
        if self.lists & {"pro_patriot_9_2", "pro_patriot_10_1"}:
            return "patriot"
        return ""


@dataclass(frozen=True)
class Sea:
    id: str
    name: str


@dataclass(frozen=True)
class Link:
    """A border: two land areas (andes: crossing the Andes, §5.3) or two sea areas (cost in sea areas)."""

    a: str
    b: str
    andes: bool = False
    cost: int = 1


@dataclass(frozen=True)
class BoxLink:
    box: str
    to: str
    op: int


@dataclass(frozen=True)
class City:
    """A city or fortress inside an area (§6.2: +2 or +8); a port has one sea area (§6.5, §6.6)."""

    id: str
    name: str
    area: str
    fortress: bool
    port: bool
    sea: str


@dataclass(frozen=True)
class Unit:
    """A counter. `steps` full strength, `start_steps` at the campaign set-up; `reduced` the factor of a
    two-step unit on its back; `setup` a §2 code or an area; `turn` its arrival (§4.8, §4.10)."""

    id: str
    code: str
    name: str
    side: str
    nationality: str
    arm: str
    size: str
    steps: int
    factor: int
    reduced: int
    start_steps: int
    setup: str
    turn: int
    region: str
    british: bool
    new_granada: bool
    partisans: bool

    @property
    def naval(self) -> bool:
        return self.arm in NAVAL_ARMS


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    side: str
    nationality: str
    ops: int
    tactical: int
    naval: bool
    setup: str
    turn: int
    region: str


@dataclass(frozen=True)
class DieTable:
    """A die chart: inclusive [low, high] ranges of the modified roll and their results."""

    rows: tuple[tuple[int, int, Any], ...]

    def __call__(self, roll: int) -> Any:
        for low, high, result in self.rows:
            if low <= roll <= high:
                return result
        raise KeyError(f"roll {roll} is on no row")


@dataclass(frozen=True)
class OddsTable:
    """An odds chart (CRT §6.1, Siege §6.3): columns by ratio, rows by 1d6, shifts move columns."""

    columns: tuple[str, ...]
    ratios: tuple[float, ...]
    rows: tuple[tuple[str, ...], ...]

    def column(self, attack: float, defence: float, shift: int = 0) -> int:
        ratio = attack / max(defence, 1)
        col = max((i for i, r in enumerate(self.ratios) if ratio + 1e-9 >= r), default=0)
        return min(max(col + shift, 0), len(self.columns) - 1)

    def result(self, attack: float, defence: float, roll: int, shift: int = 0) -> str:
        return self.rows[self.column(attack, defence, shift)][min(max(roll, 1), 6) - 1]


# ---- the data files' items, as `board.Board` reads them (a field may come from either file, `merge`) ----
class ListItem(TypedDict, total=False):
    id: str
    areas: list[str]
    source: str


class AreaItem(TypedDict, total=False):
    id: str
    name: str
    rp: int
    seas: list[str]
    source: str


class SeaItem(TypedDict, total=False):
    id: str
    name: str
    source: str


class LinkItem(TypedDict, total=False):
    """A land link (`andes`, §5.3) or a sea link (`cost`, §7.1) between `a` and `b`."""

    a: str
    b: str
    andes: bool
    cost: int
    source: str


class BoxLinkItem(TypedDict, total=False):
    box: str
    to: str
    op: int
    source: str


class CityItem(TypedDict, total=False):
    id: str
    name: str
    area: str
    fortress: bool
    port: bool
    sea: str
    source: str


class UnitItem(TypedDict, total=False):
    id: str
    code: str
    name: str
    side: str
    nationality: str
    arm: str
    size: str
    steps: int
    factor: int
    reduced: int
    start_steps: int
    setup: str
    turn: int
    region: str
    british: bool
    new_granada: bool
    partisans: bool
    source: str


class LeaderItem(TypedDict, total=False):
    id: str
    name: str
    side: str
    nationality: str
    ops: int
    tactical: int
    naval: bool
    setup: str
    turn: int
    region: str
    source: str


class MilitiaPoolItem(TypedDict):
    """A side's militia of one nationality (§2.3): how many counters of each arm, their factor."""

    side: str
    nationality: str
    infantry: int
    cavalry: int
    factor: int
    source: str


class ScenarioItem(TypedDict, total=False):
    """A scenario (§12): its turns, the phase it starts in, the set-up it borrows, the Liberals' state."""

    id: str
    name: str
    first_turn: int
    last_turn: int
    start_phase: str
    setup: str
    liberals_in_power: bool
    subversion_turn: int
    source: str


class PlacementItem(TypedDict, total=False):
    """Where a requirement's counters set up in a short scenario (reconstructed, §12.2.2–§12.3.3)."""

    requirement: str
    area: str
    units: list[str]
    leaders: list[str]
    militia_infantry: int
    militia_cavalry: int
    steps: dict[str, int]
    source: str


class SetupCodeItem(TypedDict, total=False):
    """A campaign set-up code (§2.1, §2.2): the areas, cities or list of areas its counters go to."""

    side: str
    code: str
    areas: list[str]
    cities: list[str]
    list: str
    guerrilla: bool
    source: str


class CodeMilitiaItem(TypedDict, total=False):
    """The generic militia a set-up code carries (reconstructed)."""

    side: str
    code: str
    nationality: str
    militia_infantry: int
    militia_cavalry: int
    source: str


class MarkerItem(TypedDict, total=False):
    """A scenario's repression or slave-levy markers (§10.4, §4.9)."""

    scenario: str
    kind: str
    side: str
    areas: list[str]
    source: str


class ScenarioLeadersItem(TypedDict, total=False):
    """The leaders a short scenario leaves out, and those entering on its first turn (reconstructed)."""

    scenario: str
    out: list[str]
    enter: list[str]
    source: str


class TotEffect(TypedDict, total=False):
    """A tactics result (`tables.reconstructed.toml`, `tot_effect`): the arm it needs, the own arm's
    factor multiplied, the enemy arm's, and a column shift (§6.1 step 4)."""

    needs: str
    arm: str
    multiplier: float
    enemy_arm: str
    enemy_multiplier: float
    shift: int
