"""How good an unfinished Patria Libre position is for each side, for the search (issue 27; README §The
search): the VP margin, plus what the board will still score.

Most VP come from the S/PV cards (§Puntuación con cartas de S/PV): stars controlled, 2 VP a province of
the card's region, the stars of each region dominated. Before scoring, every troop must be supplied with a
coin or a positive popularity level, or it is abandoned (§Activación de carta de S/PV). A search that
counts only the VP already won spreads its troops and loses half of them, and its score, at the next
card. So each side's margin adds:

- the next S/PV card's score as the board stands, after the supply it can pay for (`projection`): the
  troops it cannot pay for are dropped where they score least, and each one is a loss of its own;
- the stars and regions it would score at each later S/PV card (the region printed on those varies);
- each enemy flag province held (§Condiciones de victoria 2: three end the game), the second one more;
- a leader token alone where an adversary stands or can strike (§Capturas: captured, 2 VP and its card).

Everything read is public (§Configuración: «Todos los elementos de los jugadores son públicos»), and the
S/PV cards' places in the market and the supply line are face up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.patria_libre import military
from ludoteca.games.patria_libre.board import BOARD, ROLES
from ludoteca.games.patria_libre.popularity import positive
from ludoteca.games.patria_libre.scoring import ENEMY, NOWHERE, flags_held, points, sellable

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


@dataclass(frozen=True)
class Weights:
    """The terms' weights, in VP (the arena trials that chose them: issue 27,
    docs/experiments/patria-libre-search.md)."""

    next_spv: float = 0.8
    """The next S/PV card's projected score."""
    later_spv: float = 0.25
    """Each later S/PV card's projected stars and domination."""
    troop: float = 0.3
    """Each troop the next supply keeps (force for what follows)."""
    abandoned: float = 0.5
    """Each troop the next supply cannot pay for, besides the score it takes with it."""
    flags: tuple[float, float, float] = (0.0, 1.0, 3.0)
    """One's enemy flag provinces held: none, one, two (three end the game)."""
    leader: float = 1.5
    """A leader token without its troop where an adversary stands or is next door."""
    scale: float = 10.0
    """The margin that counts as a clear win: the 10-VP lead that ends the game."""


WEIGHTS = Weights()


def next_spv(state: PatriaState) -> tuple[str, int]:
    """The next S/PV card to be scored and how many cards leave the market before it (1: it is the
    leftmost); ("", 0) if none is left."""
    market = state.d["market"]
    for i, card in enumerate(market):
        if BOARD.cards[card]["type"] == "spv":
            return card, i + 1
    ahead = len(market)
    for item in state.d["line"]:
        if item[0] == "spv":
            return str(item[1]), ahead + 1
        ahead += int(item[2])
    return "", 0


@dataclass
class Projection:
    """What a player would score if the next S/PV card were activated now."""

    score: float = 0.0
    """The card's score: stars, its region's provinces, regions dominated."""
    later: float = 0.0
    """The score without the region's provinces: what any later card gives for the same board."""
    kept: int = 0
    abandoned: int = 0


def projection(state: PatriaState, r: str, region: str) -> Projection:
    """§Activación de carta de S/PV for `r` as the board stands: its troops beyond its coins, positive
    levels and sellable cards are abandoned where they score least; then §Puntuación."""
    d = state.d
    mine = [p for p, here in d["troops"].items() if r in here]
    capacity = d["coins"][r] + positive(state, r) + len(sellable(state, r))
    short = max(0, len(mine) - capacity)
    held = {p for p in mine if state.controller(p) == r}
    if short:
        in_region = BOARD.region_sets.get(region, NOWHERE)

        def worth(p: str) -> float:
            if p not in held:
                return 0.0
            return 0.5 + BOARD.stars.get(p, 0) + (2 if p in in_region else 0)

        held -= set(sorted(mine, key=worth)[:short])
    return Projection(
        score=points(held, region),
        later=points(held, ""),
        kept=len(mine) - short,
        abandoned=short,
    )


def exposed(state: PatriaState, r: str) -> bool:
    """§Capturas: `r`'s leader token stands without its troop, where an adversary is present or next
    door (an attack there, or an artillery's from next door, captures it)."""
    d = state.d
    where = d["leaders"].get(r)
    if where is None or r in d["troops"][where]:
        return False
    rivals = state.opponents(r)
    return any(state.present(o, p) for o in rivals for p in (where, *BOARD.adjacent[where]))


def side_value(state: PatriaState, r: str, region: str, left: int, weights: Weights) -> float:
    """`r`'s prospects beyond its side's VP, in VP."""
    seen = projection(state, r, region)
    value = weights.next_spv * seen.score if left else 0.0
    value += weights.later_spv * max(0, left - 1) * seen.later
    value += weights.troop * seen.kept - weights.abandoned * seen.abandoned
    value += weights.flags[min(2, flags_held(state, r))]
    if exposed(state, r):
        value -= weights.leader
    return value


def evaluate(state: PatriaState, weights: Weights | None = None) -> list[float]:
    """Each seat's prospects on the returns' scale: tanh of twice its side's margin over the other's
    (VP, plus `side_value` for each of the side's seats), measured against the 10-VP lead; the military
    faction's own (military.prospects)."""
    weights = weights or WEIGHTS
    card, _ = next_spv(state)
    region = str(BOARD.cards[card].get("region", "")) if card else ""
    left = len(BOARD.spv) - len(state.d["spv_done"])
    worth = {"insurgent": float(state.d["vp"]["insurgent"]), "royalist": float(state.d["vp"]["royalist"])}
    with state.still():
        for r in state.d["seats"]:
            side = state.side(r)
            if side in worth:
                worth[side] += side_value(state, r, region, left, weights)
    values = [0.0] * len(ROLES)
    for r in state.d["seats"]:
        side = state.side(r)
        other = ENEMY.get(side)
        if other is None:
            values[ROLES.index(r)] = military.prospects(state)
            continue
        values[ROLES.index(r)] = math.tanh(2 * (worth[side] - worth[other]) / weights.scale)
    return values
