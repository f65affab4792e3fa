"""Which actions of §I a player may take now: the menu of the action phase, one legality check per
action (the action costs are in turn.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.pax_porfiriana.actions import ID
from ludoteca.games.pax_porfiriana.board import CARDS, COMPONENTS, PUBLIC_CARDS
from ludoteca.games.pax_porfiriana.market import buyable, speculable
from ludoteca.games.pax_porfiriana.play import playable
from ludoteca.games.pax_porfiriana.position import InPlay
from ludoteca.games.pax_porfiriana.troops import redeployable

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

COSTS = COMPONENTS.costs
LAND = ("ranchito", "ranch", "plantation")


def offered(state: PaxState, p: int) -> list[int]:
    """Every action of the menu that player `p` may take now, whatever it costs in actions."""
    d = state.d
    out = [ID[f"play {c}"] for c in dict.fromkeys(d["hands"][p]) if playable(state, p, c)]
    out += [ID[f"buy {c}"] for c in buyable(state, p)]
    out += [
        ID[f"public {c}"]
        for c, owner in d["public"].items()
        if owner is None and d["gold"][p] >= PUBLIC_CARDS[c].cost
    ]
    out += [ID[f"sell {c}"] for c in dict.fromkeys(sellable(state, p))]
    out += [ID[f"redeploy {t}"] for t in redeployable(state, p)]
    if state.cubes_free(p):  # buying land and upgrading put a cube from the reserve
        out += [ID[f"land {e['id']}"] for e in d["play"][p] if land_cost(state, p, e) is not None]
        out += [
            ID[f"upgrade {e['id']}"] for _, e in state.enterprises() if upgrade_cost(state, p, e) is not None
        ]
    out += [ID[f"police {e['id']}"] for e in d["play"][p] if police_cost(state, p, e) is not None]
    if d["jail"][p] and d["gold"][p] >= int(COSTS["jail_exit"]) - state.discount(p, "jail_exit"):
        out.append(ID["bail"])
    out += [ID[f"speculate {c}"] for c in speculable(state, p)]
    return out  # in no order: the decision sorts the actions it offers


def sellable(state: PaxState, p: int) -> list[str]:
    """§VENDER CARTA «de tu mano o en juego», «si no está afectada por disturbios»: a card of the hand, an
    enterprise or partner of one's row without unrest, or one's troop in play (in the private army, or on
    an enterprise without unrest)."""
    row = [e["id"] for e in state.d["play"][p] if e["id"] in CARDS and not e["unrest"]]
    troops = [
        e["troop"]["id"]
        for _, e in state.enterprises()
        if e["troop"] is not None and e["troop"]["owner"] == p and not e["unrest"]
    ]
    return [*state.d["hands"][p], *row, *troops, *state.d["hac"][p]["army"]]


def land_cost(state: PaxState, p: int, e: InPlay) -> int | None:
    """§COMPRAR TERRENOS: an Income cube (from the reserve: the caller checks it has one) on `e`, one of
    player `p`'s ranchitos, ranches or plantations, for as much gold as it holds cubes of any kind (None:
    not possible)."""
    if e["id"] not in CARDS or CARDS[e["id"]].kind not in LAND:
        return None
    cubes = e["income"] + int(e["conn"] is not None) + int(e["pcube"])
    cubes += int(e["troop"] is not None and e["troop"]["extort"])
    price = max(0, cubes - state.discount(p, "buy_land"))
    return price if state.d["gold"][p] >= price else None


def upgrade_cost(state: PaxState, p: int, e: InPlay) -> int | None:
    """§MEJORAR CONEXIÓN: a Connection cube (from the reserve: the caller checks it has one) on `e`, any
    enterprise in play not yet upgraded, for the gold of its oval (None: not possible)."""
    oval = CARDS[e["id"]].upgrade
    if e["conn"] is not None or oval is None:
        return None
    price = max(0, oval.cost - state.discount(p, "upgrade"))
    return price if state.d["gold"][p] >= price else None


def police_cost(state: PaxState, p: int, e: InPlay) -> int | None:
    """§POLICÍA: 3 gold to remove an unrest disk from `e`, one of player `p`'s enterprises; 0 under
    martial law (a `discount`) or with one's own troop on it (ambiguity 16)."""
    if e["id"] not in CARDS or not e["unrest"]:
        return None
    if e["troop"] is not None and e["troop"]["owner"] == p:
        return 0
    price = max(0, int(COSTS["police"]) - state.discount(p, "police", CARDS[e["id"]].jurisdiction))
    return price if state.d["gold"][p] >= price else None
