"""The exact JSON form of a Patria Libre position (`state.d`), typed: what each key holds and the words it
may hold. `PatriaState.position` gives `d` under this type."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

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


class Position(TypedDict):
    """`state.d`: the core's keys, then the game's."""

    options: dict[str, str]
    stack: list[dict[str, Any]]
    wait: dict[str, Any] | None
    over: dict[str, Any] | None
    moves: int
    reveals: int

    seats: list[Leader]
    turn: int
    side: dict[Leader, Side]
    troops: dict[str, dict[Leader, int]]
    leaders: dict[Leader, str | None]
    forts: dict[str, list[Any]]
    """``[1 (half) or 2 (complete), owner or None]`` by province."""
    forts_built: int
    placed: dict[str, list[Placed]]
    tokens: dict[Leader, list[Token]]
    area: dict[Leader, list[str]]
    coins: dict[Leader, int]
    vp: dict[Literal["insurgent", "royalist"], int]
    pop: dict[Leader, dict[Column, list[int]]]
    """``[marker, pendulum]`` by role and column."""
    market: list[str]
    line: list[LineItem]
    seen: list[str]
    spv_done: list[str]
    discard: list[str]
    dominated: dict[str, Leader]
    wiped: dict[Leader, bool]
    last_reorg: dict[Leader, bool]
    captured_from: dict[str, Leader]
    solo: Leader | None

    mil_vp: NotRequired[dict[Literal["insurgent", "royalist"], int]]
    mil_ally: NotRequired[Literal["insurgent", "royalist"] | None]
    mil_vp_pending: NotRequired[int]
    pers_left: NotRequired[list[int]]
    pers_active: NotRequired[int | None]
    pers_want: NotRequired[str | None]
    pers_face: NotRequired[str | None]
    pers_flip: NotRequired[bool]
