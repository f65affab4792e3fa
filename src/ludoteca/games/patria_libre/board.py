"""Patria Libre's component data, loaded and checked once at import (DESIGN §6): the map, the popularity
board, the set-up numbers and the cards (`data/cards*.toml`, `data/personality*.toml`: what the rulebook
gives and what we reconstructed, in separate files)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from ludoteca.core import provenance
from ludoteca.core.data import data_dir

DATA = data_dir(__name__)
SIDES = ("insurgent", "royalist", "military")
ROLES = ("hidalgo", "morelos", "calleja", "venegas", "iturbide")
COLUMNS = ("ilustracion", "militar", "iglesia")
FACES = ("recruit", "march", "fortress", "buy", "attack", "train", "taxes", "clone")
TROOPS = ("", "infantry", "cavalry", "artillery")  # a troop's level is its force


def _load(name: str) -> dict[str, Any]:
    path = DATA / name
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


def _deck(name: str) -> list[dict[str, Any]]:
    """The cards of `name`.toml (what the rulebook gives) merged with `name`.reconstructed.toml (what we
    designed, DESIGN §6: an owner replaces only that file), in the order of their `index`."""
    cards: list[dict[str, Any]] = [
        *_load(f"{name}.toml").get("card", []),
        *_load(f"{name}.reconstructed.toml").get("card", []),
    ]
    cards.sort(key=lambda card: card["index"])
    indices = [card["index"] for card in cards]
    assert indices == list(range(1, len(cards) + 1)), f"{name}: indices {indices} are not 1..{len(cards)}"
    return cards


@dataclass(frozen=True)
class Province:
    id: str
    region: str
    stars: int
    mine: bool
    flag: str
    port: bool


class Board:
    """Everything printed on the components, by id."""

    def __init__(self) -> None:
        raw = _load("map.toml")
        self.regions: dict[str, list[str]] = {r["id"]: [] for r in raw["region"]}
        self.provinces: dict[str, Province] = {}
        for p in raw["province"]:
            prov = Province(
                p["id"],
                p["region"],
                p.get("stars", 0),
                p.get("mine", False),
                p.get("flag", ""),
                p.get("port", False),
            )
            self.provinces[prov.id] = prov
            self.regions[prov.region].append(prov.id)
        self.ids = list(self.provinces)
        self.adjacent: dict[str, tuple[str, ...]] = {p: () for p in self.ids}
        for border in raw["border"]:
            a, b = border["link"]
            self.adjacent[a] += (b,)
            self.adjacent[b] += (a,)
        self.flags = {side: [p for p in self.ids if self.provinces[p].flag == side] for side in SIDES}
        self.stars = {p: self.provinces[p].stars for p in self.ids if self.provinces[p].stars}
        self.region_stars = {r: sum(self.provinces[p].stars for p in ps) for r, ps in self.regions.items()}
        self.region_sets = {r: frozenset(ps) for r, ps in self.regions.items()}
        """Each region's provinces as a set: scoring asks whether a player holds a region whole."""
        self.region_mines = {r: sum(self.provinces[p].mine for p in ps) for r, ps in self.regions.items()}
        self.provenance_items: list[str] = [
            *(r["source"] for r in raw["region"]),
            *(p["source"] for p in raw["province"]),
            *(b["source"] for b in raw["border"]),
        ]

        pop = _load("popularity.toml")
        self.top, self.bottom = pop["squares"]["top"], pop["squares"]["bottom"]
        self.squares: dict[str, dict[int, str]] = {
            c["id"]: {int(k): v for k, v in c["squares"].items()} for c in pop["column"]
        }
        self.provenance_items += [pop["squares"]["source"], *(c["source"] for c in pop["column"])]

        comp = _load("components.toml")
        self.pieces: dict[str, Any] = comp["pieces"]
        self.piles: dict[str, Any] = comp["piles"]
        self.leaders: dict[str, dict[str, str]] = {k: v for k, v in comp["leaders"].items() if k != "source"}
        self.tokens: list[list[str]] = comp["orders"]["tokens"]
        self.end: dict[str, int] = comp["end"]
        self.provenance_items += [comp[k]["source"] for k in ("pieces", "piles", "leaders", "orders", "end")]

        self.cards: dict[str, dict[str, Any]] = {c["id"]: c for c in _deck("cards")}
        self.cards_by_leader = {c["leader"]: cid for cid, c in self.cards.items() if c.get("leader")}
        self.stages: dict[str, list[str]] = {}
        for cid, card in self.cards.items():
            if card.get("stage") and card["type"] != "spv":
                self.stages.setdefault(card["stage"], []).append(cid)
        self.spv = [cid for cid, c in self.cards.items() if c["type"] == "spv"]
        """The S/PV cards, in data order."""
        self.personalities: list[dict[str, Any]] = _deck("personality")
        self.provenance_items += [c["source"] for c in self.cards.values()]
        self.provenance_items += [c["source"] for c in self.personalities]
        self.check()

    def by_stage(self, stage: str) -> list[str]:
        """The character/event cards of a stage (I, II, III), in data order."""
        return list(self.stages.get(stage, []))

    def provenance(self) -> dict[str, int]:
        return provenance.count(self.provenance_items)

    def check(self) -> None:
        """The constraints the rulebook fixes (shared/games/patria-libre.md §3)."""
        assert set(self.adjacent["yucatan"]) == {"barco", "veracruz", "america_central"}, "§Reclutar example"
        assert all(3 <= len(ps) <= 4 for ps in self.regions.values()), "§Terminología: regions of 3–4"
        assert all(len(self.flags[s]) == 3 for s in ("insurgent", "royalist")), "three flags a side"
        for cid, card in self.cards.items():
            assert card.get("source"), f"card {cid} has no source"


BOARD = Board()
