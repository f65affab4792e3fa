"""What Guerra a Muerte's plans read of the board (issue 56, `plans.py`): the fronts, and each area's
steps by side and how hard the enemy presses it. The search AI's reading, not a rule."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

SIDES = ("patriot", "royalist")
"""A role's side: the Patriot is role 0, the Royalist role 1."""
_LAYOUT = tomllib.loads((Path(__file__).parent / "data" / "layout.reconstructed.toml").read_text("utf-8"))
FRONT_OF: dict[str, str] = {item["id"]: item["region"] for item in _LAYOUT["area"]}
"""Each area's front: the region of the map it is drawn in (the layout's `region`, named in the catalog's
`region.*`: New Spain, the Antilles, Venezuela, New Granada and Quito, Peru and Upper Peru, Chile, the
Río de la Plata)."""
FRONTS: dict[str, tuple[str, ...]] = {
    front: tuple(area for area, of in FRONT_OF.items() if of == front)
    for front in _LAYOUT["regions"]["order"]
}
COUNTS = frozenset(area for area, a in BOARD.areas.items() if a.rp > 0)
"""The areas worth RP, those the victory count reads (§11, §12.x.4)."""


def steps_by_area(state: GamState) -> dict[str, dict[str, int]]:
    """Each area's land steps by side (the city's with the field's), from the index of counters."""
    units = state.d["units"]
    out: dict[str, dict[str, int]] = {}
    for place, here in state.by_place().items():
        if place not in FRONT_OF:
            continue
        cell = {"patriot": 0, "royalist": 0}
        for u in here:
            c = COUNTERS[u]
            if not c.naval and c.side in cell:
                cell[c.side] += units[u]["steps"]
        out[place] = cell
    return out


def pressure(steps: dict[str, dict[str, int]], area: str, side: str) -> float:
    """How hard the enemy presses `area`: his steps in it, and half those next to it (a move away, §5)."""
    enemy = SIDES[1 - SIDES.index(side)]
    near = sum(steps.get(x, {}).get(enemy, 0) for x in BOARD.adjacent.get(area, ()))
    return steps.get(area, {}).get(enemy, 0) + 0.5 * near


def balance(steps: dict[str, dict[str, int]], front: str, side: str) -> int:
    """The side's land steps on `front` less the enemy's."""
    enemy = SIDES[1 - SIDES.index(side)]
    return sum(steps.get(x, {}).get(side, 0) - steps.get(x, {}).get(enemy, 0) for x in FRONTS[front])
