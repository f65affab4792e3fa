"""§11 Cómo ganar (and §10.5, §12.x.4): areas counted at the end of the last turn, the Royalist garrison
minimums, the victory levels; and `evaluate`, the search AI's reading of a position by the same count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

RETURNS = {"patriot": [1.0, -1.0], "royalist": [-1.0, 1.0], "draw": [0.0, 0.0]}


def counted(area: str) -> bool:
    """§11.0: areas worth 0 RP (Pampas, Chaco) never count."""
    return BOARD.areas[area].rp > 0


def patriot_areas(state: GamState) -> list[str]:
    """§11.0: areas the Patriot controls, fully or partly; areas held by the El Plata rebels count."""
    return [x for x in BOARD.areas if counted(x) and state.holders(x) & {"patriot", "rebel"}]


def royalist_areas(state: GamState) -> list[str]:
    """§11.1: continental areas the Royalist controls, fully or partly (Cuba, Santo Domingo and Puerto Rico
    not counted)."""
    return [
        x for x in BOARD.areas if counted(x) and BOARD.areas[x].continental and "royalist" in state.holders(x)
    ]


def regular_steps(state: GamState, areas: tuple[str, ...] | list[str]) -> int:
    """Regular Royalist infantry and cavalry steps in `areas` (§10.5)."""
    return sum(
        int(s["steps"])
        for u, s in state.d["units"].items()
        if s["at"] in areas
        and COUNTERS[u].side == "royalist"
        and not COUNTERS[u].militia
        and COUNTERS[u].arm in ("infantry", "cavalry")
    )


def garrison_short(state: GamState, rules: dict[str, object]) -> bool:
    """§10.5, §12.1.4, §12.2.4: the Royalist lacks the regular steps required in New Spain (with
    Guatemala) or in Cuba and Puerto Rico."""
    new_spain = regular_steps(state, BOARD.lists["new_spain"])
    caribbean = regular_steps(state, BOARD.lists["caribbean_garrison"])
    return new_spain < int(str(rules["garrison_new_spain"])) or caribbean < int(
        str(rules["garrison_caribbean"])
    )


def outcome(state: GamState) -> tuple[str, dict[str, int]]:
    """The winner ("patriot", "royalist" or "draw") and the counts behind it.

    Campaign and 1820–1824 (§11.1, ambiguity 24): the Royalist wins with 15 continental areas; he draws
    with 5 continental areas worth 14 RP or more; otherwise the Patriot wins. A Royalist short of the
    §10.5 garrison counts 2 areas fewer (the Patriot "controls 2 areas more"). The short scenarios count
    the Patriot's areas against §12.x.4's thresholds, 2 more if the garrison is short."""
    sid = state.options.scenario
    rules = BOARD.victory[sid]
    if rules.get("same_as"):
        rules = BOARD.victory[str(rules["same_as"])]
    penalty = int(rules["garrison_penalty"]) if garrison_short(state, rules) else 0
    if "royalist_min_areas" in rules:
        held = royalist_areas(state)
        n = len(held) - penalty
        rp = sum(BOARD.areas[x].rp for x in held)
        counts = {"areas": n, "rp": rp, "penalty": penalty}
        if n >= int(rules["royalist_min_areas"]):
            return "royalist", counts
        if n >= int(rules["draw_min_areas"]) and rp >= int(rules["draw_min_rp"]):
            return "draw", counts
        return "patriot", counts
    n = len(patriot_areas(state)) + penalty
    counts = {"areas": n, "rp": 0, "penalty": penalty}
    if n >= int(rules["patriot_win"]):
        return "patriot", counts
    low, _ = rules["draw"]
    return ("draw" if n >= int(low) else "royalist"), counts


victory = PROCS.proc("victory", rule="11.1")


@victory.step()
def _victory(state: GamState, frame: Frame, action: int | None) -> None:
    winner, counts = outcome(state)
    state.end_game(f"outcome.{winner}", RETURNS[winner], **counts)


def evaluate(state: GamState) -> list[float]:
    """The balance of areas held, on the scale of `returns()`."""
    pat = len(patriot_areas(state))
    roy = len([x for x in BOARD.areas if counted(x) and "royalist" in state.holders(x)])
    v = (pat - roy) / max(1, pat + roy)
    return [v, -v]
