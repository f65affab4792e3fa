"""Mar y Acero component data, loaded from `data/*.toml` and validated once at import (DESIGN §6)."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict, cast

from ludoteca.core import provenance
from ludoteca.core.data import data_dir, refusal

DATA = data_dir(__name__)
AREAS = tuple(range(1, 16))
BAGS = ("soldier", "settler", "taino", "caribe", "rebel")
FACTION_BAGS = {"es": ("soldier", "settler"), "ind": ("taino", "caribe", "rebel")}


@dataclass(frozen=True)
class Area:
    id: int
    name: str
    jungle: bool
    two_vp: bool
    colour: str
    link: str  # how it joins the next area of the ring: "land" or "sea" (a sea current)


@dataclass(frozen=True)
class Kind:
    """A unit subtype or a leader: its faction, bag and combat factors (§3, §4.4.1 B)."""

    id: str
    faction: str
    bag: str  # "" for leaders
    count: int
    attack: int
    defence: int
    reduced: int
    fights: bool = True
    only_reduced: bool = False

    @property
    def leader(self) -> bool:
        return not self.bag


@dataclass(frozen=True)
class Event:
    id: int
    faction: str
    vrr: int
    overstack: bool
    title: str
    units: dict[str, int]
    effects: tuple[dict[str, Any], ...]
    """What the card does when played, in order (`effects.event`; each kind a procedure ``effect.<kind>``)."""


@dataclass(frozen=True)
class Destiny:
    id: int
    deck: int
    impulses: int
    naval: bool
    conflict: bool
    gold: tuple[int, ...]
    title: str
    raw: DestinyRow
    effects: tuple[dict[str, Any], ...]
    """The event of a turn 2–6 card, in order (`effects.destiny`); none for turn 1's cards."""


class AreaRow(TypedDict):
    """An ``[[area]]`` of board.toml."""

    id: int
    name: str
    jungle: bool
    two_vp: bool
    colour: str
    link: str


class UnitRow(TypedDict):
    """A ``[[unit]]`` of board.toml: a unit subtype."""

    id: str
    faction: str
    bag: str
    count: int
    attack: int
    defence: int
    reduced: int


class LeaderRow(TypedDict):
    """A ``[[leader]]`` of board*.toml."""

    id: str
    side: str
    attack: int
    defence: int
    reduced: int
    fights: bool
    only_reduced: NotRequired[bool]


class Tracks(TypedDict):
    """board.toml's ``[tracks]`` (§3, §4.1)."""

    turns: int
    vp_max: int
    vp_target: int
    royal_support_start: int
    royal_support_max: int
    palisades: int
    citadels: int
    scroll_areas: list[int]


class Band(TypedDict):
    """A ``[[victory]]`` band of §4.6: its faction and level, and its lowest and highest VP."""

    faction: str
    level: str
    low: int
    high: int


class BoardFile(TypedDict):
    """board.toml merged with board.reconstructed.toml (what the rules read of them)."""

    area: list[AreaRow]
    area_bag: dict[str, dict[str, int]]
    unit: list[UnitRow]
    leader: list[LeaderRow]
    stacking: dict[str, int]
    tracks: Tracks
    royal_support: dict[str, list[int]]
    victory: list[Band]


class EventRow(TypedDict):
    """An ``[[event]]`` of cards.toml."""

    id: int
    faction: str
    vrr: int
    overstack: bool
    title: str
    units: dict[str, int]
    effects: list[dict[str, Any]]


class DestinyRow(TypedDict):
    """A ``[[destiny]]`` of cards.toml; a turn-1 card gives the landing areas by die face and the Gracia
    Divina/Yaya face, a turn 2–6 card its effects."""

    id: int
    deck: int
    impulses: int
    naval: bool
    conflict: bool
    gold: list[int]
    title: str
    landing: NotRequired[list[int]]
    grace: NotRequired[Literal["es", "ind"]]
    effects: NotRequired[list[dict[str, Any]]]


class Testament(TypedDict):
    """Card 40 (§4.1 step 16): the Royal Support and VP thresholds it reads."""

    id: int
    title: str
    support_threshold: int
    vp_threshold: int


class CardsFile(TypedDict):
    """cards.toml: the event and destiny cards, and Colón's testament."""

    event: list[EventRow]
    destiny: list[DestinyRow]
    testament: Testament


LEADERS = ("colon", "caonabo", "guacanagari", "anacaona")
"""§3's leaders, in the order their counters take in the action space (actions.py)."""


def _read(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


def merge(printed: dict[str, Any], reconstructed: dict[str, Any], name: str) -> dict[str, Any]:
    """A data file's printed and public facts with what we reconstructed (DESIGN §6): the reconstructed
    file's lists of tables are appended to the printed file's, its other tables added; a table both files
    give is an error (each item comes from one place)."""
    merged = dict(printed)
    for key, value in reconstructed.items():
        if key not in merged:
            merged[key] = value
        elif isinstance(value, list) and isinstance(merged[key], list):
            merged[key] = [*merged[key], *value]
        else:
            raise ValueError(f"data/{name}: [{key}] is in both {name}.toml and {name}.reconstructed.toml")
    for item in provenance.items(reconstructed):
        if provenance.kind(str(item["source"])) not in ("reconstructed", "printed"):
            raise ValueError(f"data/{name}.reconstructed.toml holds an item from {item['source']!r}")
    for item in provenance.items(printed):
        if provenance.kind(str(item["source"])) == "reconstructed":
            raise ValueError(f"data/{name}.toml holds a reconstructed item ({item}): it belongs beside it")
    return merged


def load(name: str) -> dict[str, Any]:
    """`data/<name>.toml` merged with `data/<name>.reconstructed.toml`, if there is one."""
    return merge(_read(DATA / f"{name}.toml"), _read(DATA / f"{name}.reconstructed.toml"), name)


class Board:
    """Everything printed on the Mar y Acero components, as the rules need it."""

    def __init__(self) -> None:
        board, cards = cast(BoardFile, load("board")), cast(CardsFile, load("cards"))
        self.areas = {
            area["id"]: Area(
                area["id"], area["name"], area["jungle"], area["two_vp"], area["colour"], area["link"]
            )
            for area in board["area"]
        }
        self.area_bag = {int(k): what for k, what in board["area_bag"]["weights"].items()}
        self.kinds: dict[str, Kind] = {}
        for u in board["unit"]:
            self.kinds[u["id"]] = Kind(
                u["id"], u["faction"], u["bag"], u["count"], u["attack"], u["defence"], u["reduced"]
            )
        leaders = {ld["id"]: ld for ld in board["leader"]}
        if sorted(leaders) != sorted(LEADERS):
            raise refusal(
                "board.reconstructed.toml",
                "leader",
                "id",
                sorted(leaders),
                "equal",
                expected=sorted(LEADERS),
                section="3",
            )
        for ld in (leaders[name] for name in LEADERS):
            self.kinds[ld["id"]] = Kind(
                ld["id"],
                ld["side"],
                "",
                1,
                ld["attack"],
                ld["defence"],
                ld["reduced"],
                ld["fights"],
                ld.get("only_reduced", False),
            )
        self.bag_kinds = {bag: [k.id for k in self.kinds.values() if k.bag == bag] for bag in BAGS}
        self.stack_limit = board["stacking"]["limit"]
        self.tracks = board["tracks"]
        self.rs_soldiers = board["royal_support"]["soldiers"]
        self.rs_end_vp = board["royal_support"]["end_vp"]
        self.victory = board["victory"]
        self.events = {
            event["id"]: Event(
                event["id"],
                event["faction"],
                event["vrr"],
                event["overstack"],
                event["title"],
                dict(event["units"]),
                tuple(event["effects"]),
            )
            for event in cards["event"]
        }
        self.destinies = {
            c["id"]: Destiny(
                c["id"],
                c["deck"],
                c["impulses"],
                c["naval"],
                c["conflict"],
                tuple(c["gold"]),
                c["title"],
                c,
                tuple(c.get("effects", ())),
            )
            for c in cards["destiny"]
        }
        self.testament = cards["testament"]
        self.piece_keys = [k for kind in self.kinds for k in (kind, f"{kind}.r")]
        self._files: tuple[Mapping[str, Any], ...] = (board, cards)
        self._validate()

    def adjacent(self, area: int) -> tuple[int, int]:
        """§4.2: the two areas whose numbers follow `area` in the ring 1–15."""
        return (15 if area == 1 else area - 1, 1 if area == 15 else area + 1)

    def land_link(self, a: int, b: int) -> bool:
        """Whether adjacent areas `a` and `b` touch by land (not only by a sea current)."""
        low = a if b == (1 if a == 15 else a + 1) else b
        return self.areas[low].link == "land"

    def distance(self, a: int, b: int) -> int:
        """Steps between areas `a` and `b` along the ring."""
        steps = abs(a - b)
        return min(steps, 15 - steps)

    def _validate(self) -> None:
        """Check the data against the rulebook's counts, and that every item names its source."""
        assert set(self.areas) == set(AREAS), "15 areas numbered 1–15 (§3)"
        if sum(self.area_bag.values()) != 20:  # the owner's likeliest edit: a refusal that names it
            raise refusal(
                "board.reconstructed.toml",
                "area_bag",
                "weights",
                self.area_bag,
                "count",
                found=sum(self.area_bag.values()),
                expected=20,
                section="4.1 (14)",
            )
        counts = Counter(k.bag for k in self.kinds.values() if k.bag)
        assert counts == {"soldier": 3, "settler": 2, "taino": 2, "caribe": 2, "rebel": 2}
        per_bag = {bag: sum(self.kinds[k].count for k in kinds) for bag, kinds in self.bag_kinds.items()}
        assert per_bag == {"soldier": 26, "settler": 24, "taino": 33, "caribe": 33, "rebel": 14}, per_bag
        assert [area for area in AREAS if self.areas[area].jungle] == [3, 4, 5, 7], "jungle areas (§4.4.1)"
        assert (
            [area for area in AREAS if self.areas[area].two_vp]
            == self.tracks["scroll_areas"]
            == [1, 2, 7, 8, 9]
        )
        assert sorted(self.events) == list(range(1, 17)), "16 event cards, 8 per faction"
        assert Counter(event.faction for event in self.events.values()) == {"ind": 8, "es": 8}
        assert sorted(self.destinies) == list(range(17, 40)), "23 destiny cards"
        assert Counter(c.deck for c in self.destinies.values()) == {1: 3, 2: 20}
        assert all(c.effects for c in self.destinies.values() if c.deck == 2), "every turn 2–6 card acts"
        assert all(e.effects for e in self.events.values()), "every event card acts"
        assert len(self.rs_soldiers) == len(self.rs_end_vp) == self.tracks["royal_support_max"] + 1
        for data in self._files:
            list(provenance.items(data))

    def provenance(self) -> dict[str, int]:
        return provenance.count(item["source"] for data in self._files for item in provenance.items(data))


BOARD = Board()
