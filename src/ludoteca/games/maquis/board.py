"""Maquis component data: loaded from `data/*.toml`, validated once at import (DESIGN §6)."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ludoteca.core import provenance
from ludoteca.core.data import data_dir

DATA = data_dir(__name__)


@dataclass(frozen=True)
class Option:
    """One choice of a location's or tile's action (rulebook §Acciones de ubicación)."""

    id: str
    pay: dict[str, int]
    gain: dict[str, int]
    morale: int
    special: str


@dataclass(frozen=True)
class Location:
    id: str
    kind: str
    star: bool
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Tile:
    id: str
    star: bool
    safe_house: bool
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Mission:
    id: str
    level: int
    rect: bool
    raw: dict[str, Any]

    @property
    def steps(self) -> list[dict[str, int]]:
        return list(self.raw.get("steps", []))


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / f"{name}.toml").read_text("utf-8"))


def _options(items: list[dict[str, Any]]) -> tuple[Option, ...]:
    return tuple(
        Option(
            o["id"],
            dict(o.get("pay", {})),
            dict(o.get("gain", {})),
            int(o.get("morale", 0)),
            o.get("special", ""),
        )
        for o in items
    )


class Board:
    """Everything printed on the Maquis components, as the rules need it."""

    def __init__(self) -> None:
        """Load the printed and public facts, then the reconstructed ones (layout, names) over them."""
        board, cards, components, missions = (
            _load("board"),
            _load("cards"),
            _load("components"),
            _load("missions"),
        )
        self.layout: dict[str, list[int]] = _load("layout")["position"]
        self.names: dict[str, dict[str, str]] = {item["id"]: dict(item["name"]) for item in board["location"]}
        for lang, names in _load("names.reconstructed").items():
            for loc, name in names.items() if isinstance(names, dict) else ():
                self.names[loc][lang] = name
        self.components = components
        self.locations: dict[str, Location] = {}
        for item in board["location"]:
            self.locations[item["id"]] = Location(
                item["id"], item["kind"], bool(item["star"]), _options(item.get("option", []))
            )
        self.roads: list[tuple[str, str, str]] = [
            (r["ends"][0], r["ends"][1], r.get("bridge", "")) for r in board["road"]
        ]
        self.bridges = {r[2]: (r[0], r[1]) for r in self.roads if r[2]}
        self.patrol_cards: dict[int, tuple[str, str, str]] = {
            c["id"]: tuple(c["locations"]) for c in cards["patrol"]
        }
        self.tiles: dict[str, Tile] = {}
        for item in cards["tile"]:
            self.tiles[item["id"]] = Tile(
                item["id"],
                bool(item["star"]),
                bool(item.get("safe_house", False)),
                _options(item.get("option", [])),
            )
        self.missions: dict[str, Mission] = {}
        for item in missions["mission"]:
            self.missions[item["id"]] = Mission(item["id"], int(item["level"]), bool(item["rect"]), item)
        self.resources: list[str] = components["resources"]["kinds"]
        self.per_kind: int = components["resources"]["per_kind"]
        self.morale_red: dict[int, int] = {int(k): v for k, v in components["morale"]["red"].items()}
        self.patrol_locations = sorted({loc for card in self.patrol_cards.values() for loc in card})
        self.placeable = [loc for loc, spec in self.locations.items() if spec.kind != "safe_house"]
        self.option_ids = sorted({o.id for o in self.all_options()})
        self.neighbours: dict[str, list[str]] = {loc: [] for loc in self.locations}
        for a, b, _ in self.roads:
            self.neighbours[a].append(b)
            self.neighbours[b].append(a)
        self._validate(board, cards, components, missions, _load("names.reconstructed"))

    def _validate(self, *files: dict[str, Any]) -> None:
        """Check the data against every constraint the rulebook states, and that every item has a source."""
        for a, b, _ in self.roads:
            assert a in self.locations and b in self.locations, f"road {a}–{b} names an unknown location"
        assert len(self.patrol_cards) == 10, "the rulebook has ten patrol cards"
        for cid, locs in self.patrol_cards.items():
            assert len(set(locs)) == 3 and all(loc in self.locations for loc in locs), f"patrol card {cid}"
        assert len(self.tiles) == 6, "the rulebook has six spare-room tiles"
        assert len(self.missions) == 14, "the rulebook has fourteen mission cards"
        assert Counter(m.level for m in self.missions.values()) == {1: 7, 2: 7}, (
            "two levels of seven missions"
        )
        assert len(self.resources) * self.per_kind == 24, "the rulebook has 24 resource tokens"
        assert set(self.layout) == set(self.locations), "every location needs a drawing position"
        assert all(set(n) == {"es", "en"} for n in self.names.values()), (
            "every location needs es and en names"
        )
        assert set(self.morale_red) == set(range(1, 8)), "morale runs from 1 to 7"
        for data in files:
            list(provenance.items(data))

    def all_options(self) -> list[Option]:
        """Every choice of every location's and tile's action."""
        return [o for spec in self.locations.values() for o in spec.options] + [
            o for tile in self.tiles.values() for o in tile.options
        ]

    def provenance(self) -> dict[str, int]:
        """How many data items come from the rulebook, public material, or our reconstruction."""
        counts: Counter[str] = Counter()
        for name in ("board", "cards", "components", "missions", "layout", "names.reconstructed"):
            for item in provenance.items(_load(name)):
                entries = item.get("position") or item.get("es")  # a table of positions or of names
                counts[provenance.kind(item["source"])] += len(entries) if entries else 1
        return dict(counts)


BOARD = Board()
