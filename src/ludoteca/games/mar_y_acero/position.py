"""The exact JSON form of a Mar y Acero position (`MyaState.d`), typed: what each key holds and the words it
may hold. `MyaState` is a `State[Position]`: its rules read `d` as this type."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ludoteca.core.state import CorePosition

Faction = Literal["es", "ind"]
"""§2: the Spanish and the Indigenous faction (roles `espanoles`, `indigenas`)."""
FACTIONS: tuple[Faction, ...] = ("es", "ind")

Phase = Literal["setup", "destiny", "special", "event", "reinforce", "impulses", "final"]
"""§4.3.2's phases (I destiny, II event, III reinforcements, IV impulses, V final), §5.3.2's special phase
of solo play, and §4.1's set-up before them."""
PHASES: tuple[Phase, ...] = ("setup", "destiny", "special", "event", "reinforce", "impulses", "final")

ColonAt = Literal["ships", "map", "prison", "box", "dead"]
"""Where Colón is: on the ships before he lands (§4.3.1), on the map, in the Prison in Spain (card 15),
in the box of next turn (card 38), or eliminated."""
COLON_AT: tuple[ColonAt, ...] = ("ships", "map", "prison", "box", "dead")

Leader = Literal["off", "map", "dead"]
"""Caonabó: not yet in play (card 2 brings him), on the map, or eliminated."""
Sided = Literal["off", "es", "ind", "dead"]
"""Guacanagarí (card 10) and Anacaona (card 25): not in play, on a faction's side, or eliminated."""

Piece = list[Any]
"""A piece on the map: ``[kind, reduced (0 or 1), moved this activation (0 or 1)]`` (board.py's kinds)."""


Area = dict[str, list[Piece]]
"""One area's pieces, by faction (``es``, ``ind``). The rules pass a faction around as the plain string
they read from a frame or a role, so the position's by-faction dicts are keyed by `str`, not `Faction`."""


class Grace(TypedDict):
    """§4.5 the Gracia Divina/Yaya marker: the face up, its box, and whether it was used this turn."""

    face: Faction
    box: Literal["unused", "used"]
    turn_used: bool


class Flags(TypedDict):
    """What the destiny card in force changes (§4.3.2 I): Naval Difficulty, Indigenous Conflict, card 23
    (land links only) and card 24 (the shipworm's loss)."""

    naval: bool
    conflict: bool
    land_only: bool
    shipworm: bool


FLAGS: tuple[Literal["naval", "conflict", "land_only", "shipworm"], ...] = (
    "naval",
    "conflict",
    "land_only",
    "shipworm",
)


BySide = dict[str, int]
"""A number per faction (``es``, ``ind``)."""
Cards = dict[str, list[int]]
"""Event cards per faction."""
Chosen = dict[str, int | None]
"""An event card per faction, or None: the secret commitment (§4.3.2 II) and the card revealed."""


class Nitayno(TypedDict, total=False):
    """The Nitayno's memory in solo play (§5): its decks, the card whose bottom serves in turn 6, the plan
    of the running impulse, its reinforcements planned, and the turn-long effects of its cards."""

    decks: dict[str, list[int]]
    card: int
    plan: dict[str, Any]
    reinforce: list[list[Any]]
    """``[bag, area]`` for each unit planned."""
    reroll_turn: int
    es_die: int
    objective: int


class Position(CorePosition):
    """`state.d`: the core's keys (`CorePosition`), then the game's."""

    turn: int
    phase: Phase
    vp: int
    rs: int
    """Royal Support (Apoyo Real), 0 to the track's top."""
    imp: BySide
    """Impulses left this turn."""
    map: list[Area]
    """Areas 1–15, at index area − 1."""
    ctrl: list[Faction]
    """Who controls each area (index area − 1)."""
    before: list[Faction]
    """Control before the running action, to find its conquests (the gold search, §4.4.1 C)."""
    bags: dict[str, dict[str, int]]
    """Counters left in each bag, by kind."""
    pal: list[int]
    cit: list[int]
    """Areas with a palisade, with a citadel."""
    scroll: list[int]
    """2 VP areas whose scroll is still there (§4.4.3)."""
    grace: Grace
    ships: list[str]
    """The soldiers on Colón's ships before the landing (§4.1), by kind."""
    colon: ColonAt
    caonabo: Leader
    hijos: bool
    """Whether Caonabó's sons are with him (card 26)."""
    guaca: Sided
    guaca_flipped: bool
    anacaona: Sided
    destiny: int | None
    """The destiny card in force."""
    destinies: list[int]
    """Destiny cards not yet drawn (the order is never stored: every draw is a chance node)."""
    flags: Flags
    mixed: list[int]
    """Areas of Indigenous Conflict (§4.3.2 I)."""
    hands: Cards
    played: Cards
    commit: Chosen
    event: Chosen
    limit: BySide
    """The stacking limit of each faction now (§4.2; card 27 and the Nitayno's cards change it)."""
    act: list[int]
    """Areas activated this impulse."""
    testament: int | None
    """Card 40's VP, once Colón is dead (§4.1 step 16)."""
    testament_due: bool

    colon_piece: NotRequired[Piece]
    """Colón's piece while he is off the map (prison, box): he keeps his strength."""
    nitayno: NotRequired[Nitayno]
