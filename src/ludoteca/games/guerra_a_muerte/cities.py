"""Cities (§5.0, §5.1, §6.2, §6.3.1, §6.4, §6.7, §4.6): when a side's units may go into an area's city, and
the force's operations that take it in and out (`enter <area>`, `sortie <area>`). README, "Entering and
leaving a city"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.actions import ID
from ludoteca.games.guerra_a_muerte.board import BOARD, city_of
from ludoteca.games.guerra_a_muerte.counters import COUNTERS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.operations import Activation
    from ludoteca.games.guerra_a_muerte.state import GamState


def city_free(state: GamState, side: str, area: str) -> bool:
    """Whether `side`'s units may go into `area`'s city: it has one, no land unit of another side is
    inside (a city the enemy holds is taken by siege, §6.2), and no unit or leader of another side stands
    in the area outside it. With the enemy in its area the city is besieged: §5.0's note forbids entering
    it ("las unidades del mismo bando que las unidades en una ciudad bajo asedio no podrán entrar en dicha
    ciudad hasta que el asedio sea levantado"), §4.6's placing a recruit in it; the force clears the field
    first (a battle, §6.3.1; a hunt, §10.1). It reads only what the enemy's marker shows (§5.1.3: its
    field and garrison marks), so what a side is offered tells it nothing hidden."""
    if area not in BOARD.areas or city_of(area) is None:
        return False
    if any(BOARD.leaders[x].side != side for x in state.leaders_at(area)):
        return False
    return all(COUNTERS[u].side == side for u in state.land_at(area))


def city_options(state: GamState, frame: Activation, left: float) -> list[int]:
    """§5.0, §5.1, §6.3.1, §6.4: the force may go into its area's city (`enter <area>`) or out of it into
    the field (`sortie <area>`), each a movement operation (1 OP, reconstructed `op_cost_extra`; free as
    the advance right after a field battle that left it alone in the area, `frame["advance"]`, §6.3.1).
    It enters only a city `city_free` opens to it. Units in guerrilla mode never enter (§6.7, §10.1): the
    force leaves them behind first. The São Paulo Legion only marches between Brazil and the Banda
    Oriental (§10.6)."""
    area, side = frame["area"], frame["side"]
    if area not in BOARD.areas or city_of(area) is None or "portuguese" in frame["nations"]:
        return []
    records = state.d["units"]
    outside = [u for u in frame["units"] if not records[u]["city"]]
    inside = [u for u in frame["units"] if records[u]["city"]]
    options = []
    cost = BOARD.op_cost
    if (
        outside
        and (frame.get("advance") or left >= cost["enter_city"])
        and not any(records[u]["guerrilla"] for u in outside)
        and city_free(state, side, area)
    ):
        options.append(ID[f"enter {area}"])
    if inside and left >= cost["leave_city"]:
        options.append(ID[f"sortie {area}"])
    return options


def in_field(state: GamState, units: list[str]) -> list[str]:
    """The force's units outside the city: those that fight a field battle it declares (§6.4: a unit in
    the city "pierde movilidad"; it goes out first, `sortie`)."""
    return [u for u in units if not state.d["units"][u]["city"]]
