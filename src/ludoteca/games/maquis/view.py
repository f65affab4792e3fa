"""What the player sees of a Maquis position: the view dict and the observation tensor, its entries named."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ludoteca.core.observation import Observation
from ludoteca.games.maquis import missions
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.position import PHASES, MissionInPlay

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

KINDS = BOARD.resources
LOCATIONS = list(BOARD.locations)
MISSIONS = list(BOARD.missions)
TILES = list(BOARD.tiles)
CARDS = sorted(BOARD.patrol_cards)
BRIDGES = sorted(BOARD.bridges)
PAWNS = ("w", "m", "s")
SPARE_ROOMS = frozenset(loc for loc in LOCATIONS if BOARD.locations[loc].kind == "spare_room")
LOCATION_NAMES = tuple(
    name
    for loc in LOCATIONS
    for name in (
        *(f"pawn.{loc}[{pawn}]" for pawn in PAWNS),
        f"to_activate.{loc}",
        *((f"tile.{loc}[{tile}]" for tile in TILES) if loc in SPARE_ROOMS else ()),
    )
)


def _offsets() -> dict[str, int]:
    """Where each location's entries start among `LOCATION_NAMES`."""
    offsets, at = {}, 0
    for loc in LOCATIONS:
        offsets[loc] = at
        at += len(PAWNS) + 1 + (len(TILES) if loc in SPARE_ROOMS else 0)
    return offsets


LOCATION_AT = _offsets()
PAWN_AT = {pawn: at for at, pawn in enumerate(PAWNS)}
TILE_AT = {tile: at for at, tile in enumerate(TILES)}
"""Each location's entries, named once (issue 26): its pawn, whether it is to activate, and a spare
room's tile; where each location's entries start, and each pawn's and tile's place among them. The
section is written as its non-zero entries (`Observation.sparse`): what stands on the board, not every
location."""
TRACK_NAMES = (
    "day",
    "second_pass",
    "morale",
    "soldiers",
    "workers_home",
    "workers_at_cafe",
    "workers_lost",
    "shot_today",
    "bridges_to_blow",
)
HELD_NAMES = tuple(f"held[{kind}]" for kind in KINDS)
FIELD_NAMES = {field: tuple(f"{field}[{kind}]" for kind in KINDS) for field in ("field_west", "field_east")}
PROGRESS = ("boxes", "done", "marks", "worker_on_card", "dark_lady_found")
PROGRESS_NAMES = [tuple(f"mission_{slot + 1}.{entry}" for entry in PROGRESS) for slot in (0, 1)]
"""The names of the tracks, the resources held and on each Field, and each mission's progress, made once."""


class WorkersView(TypedDict):
    home: int
    cafe: int
    lost: int
    on_cards: int
    to_activate: list[str]


class DaysView(TypedDict):
    orange: list[int]
    triangle: list[int]
    morale_marks: Literal["orange", "triangle"]
    """Which boxes cost a Morale: ``"orange"`` or ``"triangle"`` (§3.2)."""


class MissionView(TypedDict):
    id: str
    slot: str
    level: int
    rect: bool
    boxes: int
    boxes_total: int
    done: bool
    marks: list[str]
    worker_on_card: bool
    dark_lady: str | None


_PassView = TypedDict("_PassView", {"pass": int})
"""The view's key that Python reserves as a word: very easy's second pass along the track."""


class BoardView(_PassView):
    """The board part of a Maquis view (`board_view`), as the terminal and the browser read it."""

    phase: str
    day: int
    last_day: int
    morale: int
    patrols_minimum: int
    soldiers: int
    resources: dict[str, int]
    supply: dict[str, int]
    fields: dict[str, dict[str, int]]
    pawns: dict[str, str]
    workers: WorkersView
    tiles: dict[str, str]
    tiles_left: list[str]
    patrol_deck: int
    patrol_discard: list[int]
    patrol_cards: dict[str, list[str]]
    patrol_top: list[str] | None
    shot_today: bool
    bridges_destroyed: list[str]
    closed_roads: list[list[str]]
    closed_locations: list[str]
    missions: list[MissionView]
    days: DaysView
    names: dict[str, str]
    layout: dict[str, list[int]]
    roads: list[list[str]]


def board_view(state: MaquisState, role: int | None, lang: str) -> BoardView:
    """Everything on the table, the same for the player and a spectator (nothing in Maquis is hidden but
    the deck order, never stored)."""
    position = state.d
    catalog = state.game.catalog
    return {
        "phase": position["phase"],
        "day": position["day"],
        "pass": position["pass"],
        "last_day": state.last_day(),
        "morale": position["morale"],
        "patrols_minimum": BOARD.morale_red.get(position["morale"], 0),
        "soldiers": position["soldiers"],
        "resources": dict(position["res"]),
        "supply": {k: state.supply(k) for k in KINDS},
        "fields": {f: dict(tokens) for f, tokens in position["fields"].items()},
        "pawns": dict(position["board"]),
        "workers": {
            "home": position["home"],
            "cafe": position["cafe"],
            "lost": position["gone"],
            "on_cards": sum(1 for m in position["missions"] if m["keeper"]),
            "to_activate": list(position["ready"]),
        },
        "tiles": dict(position["tiles"]),
        "tiles_left": [t for t in TILES if t not in position["tiles"].values()],
        "patrol_deck": len(position["deck"]) + (position["peek"] is not None),
        "patrol_discard": list(position["discard"]),
        "patrol_cards": {str(card): list(locs) for card, locs in BOARD.patrol_cards.items()},
        "patrol_top": None if position["peek"] is None else list(BOARD.patrol_cards[position["peek"]]),
        "shot_today": position["shot"],
        "bridges_destroyed": list(position["bridges"]),
        "closed_roads": sorted(sorted(r) for r in missions.closed_roads(state)),
        "closed_locations": sorted(missions.closed_locations(state)),
        "missions": [_mission(m) for m in position["missions"]],
        "days": {
            "orange": state.orange_days(),
            "triangle": BOARD.components["days"]["triangle"],
            "morale_marks": "triangle" if state.difficulty.triangle_morale else "orange",
        },
        "names": {key: catalog.text(f"target.{key}", lang) for key in (*LOCATIONS, *MISSIONS, *TILES)},
        "layout": BOARD.layout,
        "roads": [[a, b] for a, b, _ in BOARD.roads],
    }


def _mission(card: MissionInPlay) -> MissionView:
    spec = BOARD.missions[card["id"]]
    raw = spec.raw
    marks = len(raw.get("graffiti", [])) or len(raw.get("visits", []))
    total = raw.get("boxes") or len(raw.get("steps", [])) or (marks + 1 if marks else 1)
    return {
        "id": card["id"],
        "slot": card["slot"],
        "level": spec.level,
        "rect": spec.rect,
        "boxes": total if card["done"] else card["boxes"] + len(card["marks"]),
        "boxes_total": total,
        "done": card["done"],
        "marks": list(card["marks"]),
        "worker_on_card": card["keeper"],
        "dark_lady": card["lady"],
    }


def observe(state: MaquisState, role: int, out: Observation) -> None:
    """A fixed-length vector, every entry in [0, 1], named: the tracks and counters, the phase, the
    resources held and on each Field, each location's pawn (and tile), the patrol deck, the bridges, and
    each exit's mission card and progress."""
    position = state.d
    out.entries(
        TRACK_NAMES,
        (
            position["day"] / 15,
            position["pass"] - 1,
            position["morale"] / 7,
            position["soldiers"] / 5,
            position["home"] / 5,
            position["cafe"] / 5,
            position["gone"] / 5,
            float(position["shot"]),
            position["blow"] / 2,
        ),
    )
    out.one_hot("phase", PHASES, position["phase"])
    held, fields = position["res"], position["fields"]
    out.entries(HELD_NAMES, [held[kind] / 4 for kind in KINDS])
    for field in ("field_west", "field_east"):
        tokens = fields[field]
        out.entries(FIELD_NAMES[field], [tokens.get(kind, 0) / 4 for kind in KINDS])
    pawns: dict[int, float] = {}
    for loc, pawn in position["board"].items():
        if pawn in PAWN_AT:
            pawns[LOCATION_AT[loc] + PAWN_AT[pawn]] = 1.0
    for loc in position["ready"]:
        pawns[LOCATION_AT[loc] + len(PAWNS)] = 1.0
    for loc, tile in position["tiles"].items():
        if loc in SPARE_ROOMS and tile in TILE_AT:
            pawns[LOCATION_AT[loc] + len(PAWNS) + 1 + TILE_AT[tile]] = 1.0
    out.sparse(LOCATION_NAMES, pawns)
    out.members("patrol_deck", CARDS, position["deck"])
    out.one_hot("patrol_top", CARDS, position["peek"])
    out.members("bridge_destroyed", BRIDGES, position["bridges"])
    for slot in (0, 1):
        card = position["missions"][slot] if slot < len(position["missions"]) else None
        name = f"mission_{slot + 1}"
        out.one_hot(name, MISSIONS, None if card is None else card["id"])
        progress = (
            (0.0,) * len(PROGRESS)
            if card is None
            else (
                card["boxes"] / 3,
                float(card["done"]),
                len(card["marks"]) / 6,
                float(card["keeper"]),
                float(card["lady"] is not None),
            )
        )
        out.entries(PROGRESS_NAMES[slot], progress)
