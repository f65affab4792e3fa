"""The exact JSON form of a Pax Porfiriana position, `state.d` (DESIGN §3): plain data, no objects.

Players are seat indices 0..n−1 in clockwise order (role ``jugador-<i+1>``). Nothing here is hidden from a
player except the other players' `hands`: the deck order is never stored (each card is drawn by a chance
node from the cards not yet seen, weighted by what its pile may still hold), so the Topples' places in
their piles are not stored either.
"""

from __future__ import annotations

from typing import Literal, TypedDict

Icon = Literal["bull", "bear"]


class Troop(TypedDict):
    """A troop card deployed on an enterprise; `extort`: its owner's Extortion cube sits on it."""

    id: str
    owner: int
    extort: bool


class InPlay(TypedDict):
    """An enterprise, partner or public card in a player's row (§CARTA DE EMPRESA O SOCIO).

    `income`: the owner's Income cubes on it; `conn`: the seat whose Connection cube upgrades it, or None;
    `pcube`: a Prestige cube on its Loyalty point (Pax only); `unrest`: unrest disks; `troop`: the troop
    deployed on it; `side`: a newspaper's orientation (0 or 1) or a public card's face (0 front, 1 back)."""

    id: str
    income: int
    conn: int | None
    pcube: bool
    unrest: int
    troop: Troop | None
    side: int


class HacendadoState(TypedDict):
    """A player's Hacendado: `side` −1 Loyalist, 0 or 1 the partner orientation; `dead`: assassinated
    (it can never flip again); `army`: its private army's troop cards; `income`: Income cubes on it."""

    id: str
    side: int
    dead: bool
    army: list[str]
    income: int


class Position(TypedDict):
    """`state.d`, besides the core's keys (options, stack, wait, over, moves, reveals)."""

    first: int
    turn: int
    left: int
    buys: int
    banned: list[str]
    extra: list[str]
    gold: list[int]
    hands: list[list[str]]
    play: list[list[InPlay]]
    hac: list[HacendadoState]
    pile: list[list[str]]
    jail: list[bool]
    public: dict[str, int | None]
    """Each public card's owner; None while it may be bought, −1 once discarded in a Topple."""
    market: list[list[str | None]]
    spec: dict[str, int]
    piles: list[list[int]]
    seen: list[str]
    topples_out: list[str]
    topples_done: int
    discard: list[str]
    regime: str
    depression: bool
    run: list[str | int]
    diaz: dict[str, int]
    mod: int
    moved: bool
    """A card left the market during this turn (a buy, Díaz's take, a discard from the free column)."""
    still: int
    """Turns in a row, just ended, in which no card left the market (the stalled market, market.py)."""
