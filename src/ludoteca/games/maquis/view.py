"""What the player sees of a Maquis position: the view dict and the observation tensor, its entries named."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.observation import Observation, one_hot_row
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
PAWN_ROWS = {pawn: one_hot_row(PAWNS, pawn) for pawn in (None, *PAWNS)}
TILE_ROWS = {tile: one_hot_row(TILES, tile) for tile in (None, *TILES)}
"""Each location's entries, named once (issue 26): its pawn, whether it is to activate, and a spare
room's tile; and the one-hot rows of each pawn and tile (or none), looked up in the hot loop."""


def board_view(state: MaquisState, lang: str) -> dict[str, Any]:
    """Everything on the table (nothing in Maquis is hidden but the deck order, never stored)."""
    position = state.position
    catalog = state.game.catalog
    settings = state.settings()
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
            "morale_marks": "triangle" if settings.get("triangle_morale") else "orange",
        },
        "names": {key: catalog.text(f"target.{key}", lang) for key in (*LOCATIONS, *MISSIONS, *TILES)},
        "layout": BOARD.layout,
        "roads": [[a, b] for a, b, _ in BOARD.roads],
    }


def _mission(card: MissionInPlay) -> dict[str, Any]:
    raw = BOARD.missions[card["id"]].raw
    marks = len(raw.get("graffiti", [])) or len(raw.get("visits", []))
    total = raw.get("boxes") or len(raw.get("steps", [])) or (marks + 1 if marks else 1)
    return {
        "id": card["id"],
        "slot": card["slot"],
        "level": raw["level"],
        "rect": raw["rect"],
        "boxes": total if card["done"] else card["boxes"] + len(card["marks"]),
        "boxes_total": total,
        "done": card["done"],
        "marks": list(card["marks"]),
        "worker_on_card": card["keeper"],
        "dark_lady": card["lady"],
    }


def observe(state: MaquisState, out: Observation) -> None:
    """A fixed-length vector, every entry in [0, 1], named: the tracks and counters, the phase, the
    resources held and on each Field, each location's pawn (and tile), the patrol deck, the bridges, and
    each exit's mission card and progress."""
    position = state.position
    out.add("day", position["day"] / 15)
    out.add("second_pass", position["pass"] - 1)
    out.add("morale", position["morale"] / 7)
    out.add("soldiers", position["soldiers"] / 5)
    out.add("workers_home", position["home"] / 5)
    out.add("workers_at_cafe", position["cafe"] / 5)
    out.add("workers_lost", position["gone"] / 5)
    out.add("shot_today", float(position["shot"]))
    out.add("bridges_to_blow", position["blow"] / 2)
    out.one_hot("phase", PHASES, position["phase"])
    out.each("held", KINDS, (position["res"][kind] / 4 for kind in KINDS))
    for field in ("field_west", "field_east"):
        tokens = position["fields"][field]
        out.each(field, KINDS, (tokens.get(kind, 0) / 4 for kind in KINDS))
    board, ready, tiles = position["board"], position["ready"], position["tiles"]
    locations: list[float] = []
    for loc in LOCATIONS:
        pawn = board.get(loc)
        locations += PAWN_ROWS[pawn] if pawn in PAWN_ROWS else one_hot_row(PAWNS, pawn)
        locations.append(float(loc in ready))
        if loc in SPARE_ROOMS:
            tile = tiles.get(loc)
            locations += TILE_ROWS[tile] if tile in TILE_ROWS else one_hot_row(TILES, tile)
    out.entries(LOCATION_NAMES, locations)
    out.members("patrol_deck", CARDS, position["deck"])
    out.one_hot("patrol_top", CARDS, position["peek"])
    out.members("bridge_destroyed", BRIDGES, position["bridges"])
    for slot in (0, 1):
        card = position["missions"][slot] if slot < len(position["missions"]) else None
        name = f"mission_{slot + 1}"
        out.one_hot(name, MISSIONS, None if card is None else card["id"])
        out.add(f"{name}.boxes", 0.0 if card is None else card["boxes"] / 3)
        out.add(f"{name}.done", 0.0 if card is None else float(card["done"]))
        out.add(f"{name}.marks", 0.0 if card is None else len(card["marks"]) / 6)
        out.add(f"{name}.worker_on_card", 0.0 if card is None else float(card["keeper"]))
        out.add(f"{name}.dark_lady_found", 0.0 if card is None else float(card["lady"] is not None))
