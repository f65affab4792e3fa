"""The exact JSON form of a Patria Libre position (`state.d`), typed: what each key holds and the words it
may hold. `PatriaState` is a `State[Position]`: its rules read `d` as this type."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from ludoteca.core.state import CorePosition

Side = Literal["insurgent", "royalist", "military"]
"""§Configuración de partida: the insurgent and royalist sides, and Iturbide's military faction."""
Leader = Literal["hidalgo", "morelos", "calleja", "venegas", "iturbide"]
"""The five leaders, the roles of the game."""
Column = Literal["ilustracion", "militar", "iglesia"]
"""§Tablero de popularidad: the three columns."""

Token = list[Any]
"""An order token: ``[face up (0 or 1), province or None]``."""
Placed = list[Any]
"""An order on the map: ``[role, token index, card or None]``, bottom of the province's stack first."""
LineItem = list[Any]
"""The supply line: ``["spv", card]`` or ``["pile", name, cards left, top card or None]``."""


class Position(CorePosition):
    """`state.d`: the core's keys (`CorePosition`), then the game's. A role is its leader's id (`Leader`)
    and a column its id (`Column`), held as the plain strings the rules pass around."""

    seats: list[str]
    turn: int
    side: dict[str, Side]
    troops: dict[str, dict[str, int]]
    leaders: dict[str, str | None]
    forts: dict[str, list[Any]]
    """``[1 (half) or 2 (complete), owner or None]`` by province."""
    forts_built: int
    placed: dict[str, list[Placed]]
    tokens: dict[str, list[Token]]
    area: dict[str, list[str]]
    coins: dict[str, int]
    vp: dict[str, int]
    pop: dict[str, dict[str, list[int]]]
    """``[marker, pendulum]`` by role and column."""
    market: list[str]
    line: list[LineItem]
    seen: list[str]
    spv_done: list[str]
    discard: list[str]
    dominated: dict[str, str]
    wiped: dict[str, bool]
    last_reorg: dict[str, bool]
    captured_from: dict[str, str]

    mil_vp: NotRequired[dict[str, int]]
    mil_ally: NotRequired[str | None]
    mil_vp_pending: NotRequired[int]
    pers_left: NotRequired[list[int]]
    pers_active: NotRequired[int | None]
    pers_want: NotRequired[str | None]
    pers_face: NotRequired[str | None]
    pers_flip: NotRequired[bool]
