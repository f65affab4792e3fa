"""Maquis component data: loaded from `data/*.toml`, validated once at import (DESIGN §6)."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from ludoteca.core import provenance
from ludoteca.core.data import data_dir, refusal

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


class ResourcesData(TypedDict):
    kinds: list[str]
    per_kind: int
    source: str


class WorkersData(TypedDict):
    total: int
    at_start: int
    at_cafe: int
    source: str


class PatrolPawnsData(TypedDict):
    milice: int
    soldiers: int
    source: str


class MoraleData(TypedDict):
    start: int
    max: int
    red: dict[str, int]
    """The red number of each Morale box: the fewest patrols a day (§Compruebe la moral)."""
    source: str


class SoldiersData(TypedDict):
    max: int
    source: str


class DaysData(TypedDict):
    end: int
    end_short: int
    orange: dict[str, list[int]]
    """The orange boxes, by the `orange-days` option."""
    triangle: list[int]
    source: str


class Components(TypedDict):
    """`data/components.toml`: the counts and tracks printed on the components, and each difficulty mode's
    departures from the rules (read as `MaquisState.settings`)."""

    resources: ResourcesData
    workers: WorkersData
    patrol_pawns: PatrolPawnsData
    morale: MoraleData
    soldiers: SoldiersData
    days: DaysData
    difficulty: dict[str, Any]


class MissionData(TypedDict, total=False):
    """A mission card as `data/missions.toml` prints it: what every card has, then what some have."""

    id: str
    name: str
    level: int
    rect: bool
    source: str
    steps: list[dict[str, int]]
    """The success boxes in order, each what it asks to deliver (§Acciones de misión)."""
    new_day: bool
    """One box a day."""
    boxes: int
    days: list[int]
    graffiti: list[str]
    visits: list[str]
    pay: dict[str, int]
    weapons: int
    morale: int
    start_by: int
    done_on: int
    closes: list[str]


@dataclass(frozen=True)
class Mission:
    id: str
    level: int
    rect: bool
    raw: MissionData

    @property
    def steps(self) -> list[dict[str, int]]:
        return list(self.raw.get("steps", []))


@dataclass(frozen=True)
class Difficulty:
    """One difficulty mode's departures from the rules (§Modos de dificultad; components.toml): the
    packages a Radio may call (§Airdrop), the passes along the day track, the workers at the start and in
    the Café, the short game (End at box 12), Morale lost on the triangles, Morale lost at an arrest."""

    airdrop: dict[str, int]
    passes: int
    workers_at_start: int
    workers_at_cafe: int
    short_game: bool
    triangle_morale: bool
    arrest_morale: bool


def _difficulty(mode: dict[str, Any], workers: dict[str, Any]) -> Difficulty:
    """A mode's table of components.toml, typed: what it leaves out is the rulebook's normal game."""
    return Difficulty(
        airdrop=dict(mode["airdrop"]),
        passes=int(mode.get("passes", 1)),
        workers_at_start=int(mode.get("workers_at_start", workers["at_start"])),
        workers_at_cafe=int(mode.get("workers_at_cafe", workers["at_cafe"])),
        short_game=bool(mode.get("short_game", False)),
        triangle_morale=bool(mode.get("triangle_morale", False)),
        arrest_morale=bool(mode.get("arrest_morale", False)),
    )


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
        self.components = cast(Components, components)  # the shipped file's shape (`ludoteca data check`)
        self.difficulty: dict[str, Difficulty] = {
            mode: _difficulty(spec, components["workers"]) for mode, spec in components["difficulty"].items()
        }
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
        """Check the data against every constraint the rulebook states, and that every item has a source.
        A refusal names the file, the item, the field and the value (`core.data.refusal`)."""
        places = sorted(self.locations)
        for a, b, _ in self.roads:
            for end in (a, b):
                if end not in self.locations:
                    raise refusal("board.toml", f"road {a}–{b}", "ends", end, "one_of", allowed=places)
        _count("cards.toml", "patrol", sorted(self.patrol_cards), 10, "Componentes")
        for cid, locs in self.patrol_cards.items():
            for loc in locs:
                if loc not in self.locations:
                    raise refusal("cards.toml", f"patrol {cid}", "locations", loc, "one_of", allowed=places)
            where = ("cards.toml", f"patrol {cid}", "locations", list(locs))
            if len(locs) != 3:
                raise refusal(*where, "count", found=len(locs), expected=3, section="Colocación de patrulla")
            twice = [loc for loc, n in Counter(locs).items() if n > 1]
            if twice:
                raise refusal(*where, "twice", twice=twice[0], section="Colocación de patrulla")
        _count("cards.toml", "tile", sorted(self.tiles), 6, "Agregar habitación de repuesto")
        _count("missions.toml", "mission", sorted(self.missions), 14, "Componentes")
        levels = Counter(m.level for m in self.missions.values())
        for level in (1, 2):
            if levels[level] != 7:
                found = sorted(m for m, spec in self.missions.items() if spec.level == level)
                raise refusal(
                    "missions.toml",
                    "mission",
                    f"level = {level}",
                    found,
                    "count",
                    found=len(found),
                    expected=7,
                    section="Componentes",
                )
        if len(self.resources) * self.per_kind != 24:
            raise refusal(
                "components.toml",
                "resources",
                "per_kind",
                self.per_kind,
                "equal",
                expected=f"24 / {len(self.resources)}",
                section="Componentes",
            )
        for loc in places:
            if loc not in self.layout:
                raise refusal("layout.toml", "position", loc, None, "missing", missing=loc)
        for loc, names in self.names.items():
            for lang in ("es", "en"):
                if lang not in names:
                    file = "names.reconstructed.toml" if lang == "es" else "board.toml"
                    raise refusal(
                        file,
                        lang if lang == "es" else f"location {loc!r}",
                        loc,
                        None,
                        "missing",
                        missing=f"{loc} ({lang})",
                    )
        self._validate_tracks()
        for data in files:
            list(provenance.items(data))

    def _validate_tracks(self) -> None:
        """§Componentes, §Compruebe la moral: the Morale track runs from 1 to 7 (0 is Fail), a red number
        on each box, and the marker starts on it; the Soldier track has five boxes."""
        morale = self.components["morale"]
        if morale["max"] != 7:
            raise refusal(
                "components.toml",
                "morale",
                "max",
                morale["max"],
                "equal",
                expected=7,
                section="Compruebe la moral",
            )
        if set(self.morale_red) != set(range(1, 8)):
            raise refusal(
                "components.toml",
                "morale",
                "red",
                sorted(self.morale_red),
                "equal",
                expected=list(range(1, 8)),
                section="Compruebe la moral",
            )
        if not 1 <= morale["start"] <= morale["max"]:
            raise refusal(
                "components.toml",
                "morale",
                "start",
                morale["start"],
                "range",
                low=1,
                high=morale["max"],
                section="Componentes",
            )
        soldiers = self.components["soldiers"]["max"]
        if soldiers != 5:
            raise refusal(
                "components.toml", "soldiers", "max", soldiers, "equal", expected=5, section="Componentes"
            )

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


def _count(file: str, item: str, ids: list[Any], expected: int, section: str) -> None:
    """§`section` of the rulebook: the file holds `expected` items of its kind, named by `ids`."""
    if len(ids) != expected:
        raise refusal(file, item, "id", ids, "count", found=len(ids), expected=expected, section=section)


BOARD = Board()
