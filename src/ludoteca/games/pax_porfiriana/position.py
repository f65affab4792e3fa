"""The exact JSON form of a Pax Porfiriana position, `state.d` (DESIGN §3): plain data, no objects.

Players are seat indices 0..n−1 in clockwise order (role ``jugador-<i+1>``). Nothing here is hidden from a
player except the other players' `hands`: the deck order is never stored (each card is drawn by a chance
node from the cards not yet seen, weighted by what its pile may still hold), so the Topples' places in
their piles are not stored either.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ludoteca.core.state import CorePosition

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


class Position(CorePosition):
    """`PaxState.d`: the core's keys (`CorePosition`), then the game's."""

    first: int
    """The first player's seat."""
    turn: int
    """The seat whose turn it is."""
    left: int
    """Actions left in the turn (§I)."""
    buys: int
    """Cards bought this turn (§COMPRAR CARTA: the second costs two actions)."""
    banned: list[str]
    """Factions that may not be played this turn (§ENFRENTAMIENTOS)."""
    extra: list[str]
    """The `extra_action` kinds used this turn."""
    gold: list[int]
    hands: list[list[str]]
    play: list[list[InPlay]]
    hac: list[HacendadoState]
    pile: list[list[str]]
    jail: list[bool]
    public: dict[str, int | None]
    """Each public card's owner; None while it may be bought, −1 once discarded in a Topple."""
    market: list[list[str | None]]
    """Two rows of six columns, the free column first; None: an empty place."""
    spec: dict[str, int]
    """The Speculation cubes: market card → the cube's owner."""
    piles: list[list[int]]
    """The deck's piles, top first: [market cards left, its Topple left (0 or 1)]."""
    seen: list[str]
    """The market cards drawn so far (`PaxState.shared_keys`: replaced, never changed in place)."""
    topples_out: list[str]
    """The Topples drawn so far."""
    topples_done: int
    """Topples bought, taken or discarded (the fourth ends the game)."""
    discard: list[str]
    regime: str
    depression: bool
    run: list[str | int]
    """The last headline icon discarded from the free column and how many in a row: [icon, count]."""
    diaz: dict[str, int]
    """The solitaire: the cards in Díaz's row → their side (Part L)."""
    mod: int
    """The change to Díaz's strength during this Topple (`topple_strength`)."""
    moved: bool
    """A card left the market during this turn (a buy, Díaz's take, a discard from the free column)."""
    still: int
    """Turns in a row, just ended, in which no card left the market (the stalled market, market.py)."""


# ---------------------------------------------------------------------------------------- frames
class NoLocals(TypedDict):
    """The frame of a procedure that keeps no locals (the game, the final count)."""


class Seat(TypedDict):
    """The seat a procedure acts for: a player's turn and its phases (`PROCS.sequence` hands them its
    locals), a player's bill in a depression."""

    pl: int


class CardAction(TypedDict):
    """An action of the menu (§I, called as ``do.<verb>``) or a rule about one card: the player and the card
    (a card, a Hacendado, a troop; ``""`` for one that names none)."""

    pl: int
    card: str
