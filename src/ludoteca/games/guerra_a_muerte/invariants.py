"""The invariants of a Guerra a Muerte position, checked after every action by the fuzzer and the tests
(`State.invariants`, named in `GamState.hooks`): what the rulebook and the state's own indexes require of
every position, whatever the rules did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.position import OFF_MAP

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState


def broken_invariants(state: GamState) -> list[str]:
    """Steps within each counter's, counters in known places, no RP pool below zero, the index of counters
    by place and the control kept by area (§1.1.1) true to their records."""
    out = []
    for u, s in state.d["units"].items():
        if not 1 <= s["steps"] <= COUNTERS[u].steps:
            out.append(f"{u} has {s['steps']} steps")
        if (
            s["at"] not in OFF_MAP
            and s["at"] not in BOARD.areas
            and s["at"] not in BOARD.seas
            and s["at"] not in BOARD.boxes
        ):
            out.append(f"{u} is at unknown place {s['at']}")
        if s["guerrilla"] and not COUNTERS[u].militia:
            out.append(f"{u} is a regular in guerrilla mode")
    out += [f"RP pool {p} is {v}" for p, v in state.d["rp"].items() if v < -1e-9]
    kept = {place: here for place, here in state.by_place().items() if here}
    fresh = state.index_units()
    if kept != fresh:
        out.append("the index of counters by place differs from the counters' records")
    stale = state.stale_control(fresh)
    out += [f"control kept for {area} differs from its counters' and leaders'" for area in stale]
    return out
