"""What no rule may break in a Pax Porfiriana position (§PREPARACIÓN, the components): every card in one
place at most, each player's 15 cubes, no gold below zero, the public cards held where the position says.
The fuzzer and the tests check them after every action (`State.invariants`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludoteca.games.pax_porfiriana.actions import ROLES
from ludoteca.games.pax_porfiriana.board import CUBES, PUBLIC_CARDS

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState


def broken_invariants(state: PaxState) -> list[str]:
    """Every card is in one place at most; no player uses more than 15 cubes or has negative gold; the
    market holds at most 12 cards."""
    d = state.d
    where: list[str] = [c for row in d["market"] for c in row if c]
    for p in range(state.n):
        where += d["hands"][p] + d["pile"][p] + [e["id"] for e in d["play"][p]] + d["hac"][p]["army"]
        where += [e["troop"]["id"] for e in d["play"][p] if e["troop"]]
    where += d["discard"] + list(d["diaz"])
    problems = [f"card {c} is in {n} places" for c, n in Counter(where).items() if n > 1]
    for p in range(state.n):
        if not 0 <= state.cubes_free(p) <= CUBES:
            problems.append(f"{ROLES[p]} has {state.cubes_free(p)} cubes in reserve")
        if d["gold"][p] < 0:
            problems.append(f"{ROLES[p]} has {d['gold'][p]} gold")
    owned = sum(1 for p in range(state.n) for e in d["play"][p] if e["id"] in PUBLIC_CARDS)
    if owned != sum(1 for v in d["public"].values() if v is not None and v >= 0):
        problems.append("public cards")
    return problems
