"""Patria Libre's component data, loaded and checked once at import (DESIGN §6): the map, the popularity
board, the set-up numbers and the cards (`data/cards*.toml`, `data/personality*.toml`: what the rulebook
gives and what we reconstructed, in separate files)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from ludoteca.core import provenance
from ludoteca.core.data import data_dir, refusal

DATA = data_dir(__name__)
SIDES = ("insurgent", "royalist", "military")
ROLES = ("hidalgo", "morelos", "calleja", "venegas", "iturbide")
COLUMNS = ("ilustracion", "militar", "iglesia")
FACES = ("recruit", "march", "fortress", "buy", "attack", "train", "taxes", "clone")
TROOPS = ("", "infantry", "cavalry", "artillery")  # a troop's level is its force


def _load(name: str) -> dict[str, Any]:
    path = DATA / name
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


def _deck(name: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The cards of `name`.toml (what the rulebook gives) merged with `name`.reconstructed.toml (what we
    designed, DESIGN §6: an owner replaces only that file), in the order of their `index`; and the file
    each card's id is read from, for a refusal to name."""
    files: dict[str, str] = {}
    cards: list[dict[str, Any]] = []
    for file in (f"{name}.toml", f"{name}.reconstructed.toml"):
        for card in _load(file).get("card", []):
            files[card["id"]] = file
            cards.append(card)
    cards.sort(key=lambda card: card["index"])
    for place, card in enumerate(cards, start=1):
        if card["index"] != place:
            raise refusal(files[card["id"]], card["id"], "index", card["index"], "sequence", expected=place)
    return cards, files


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

        deck, self.card_files = _deck("cards")
        """The file each card is read from (`cards.toml` or `cards.reconstructed.toml`)."""
        self.cards: dict[str, dict[str, Any]] = {c["id"]: c for c in deck}
        self.cards_by_leader = {c["leader"]: cid for cid, c in self.cards.items() if c.get("leader")}
        self.stages: dict[str, list[str]] = {}
        for cid, card in self.cards.items():
            if card.get("stage") and card["type"] != "spv":
                self.stages.setdefault(card["stage"], []).append(cid)
        self.spv = [cid for cid, c in self.cards.items() if c["type"] == "spv"]
        """The S/PV cards, in data order."""
        self.personalities: list[dict[str, Any]] = _deck("personality")[0]
        self.provenance_items += [c["source"] for c in self.cards.values()]
        self.provenance_items += [c["source"] for c in self.personalities]
        self.check()

    def by_stage(self, stage: str) -> list[str]:
        """The character/event cards of a stage (I, II, III), in data order."""
        return list(self.stages.get(stage, []))

    def provenance(self) -> dict[str, int]:
        return provenance.count(self.provenance_items)

    def check(self) -> None:
        """The constraints the rulebook fixes (shared/games/patria-libre.md §3); a refusal names the file,
        the item, the field and the value (`core.data.refusal`)."""
        yucatan = sorted(self.adjacent["yucatan"])
        if yucatan != ["america_central", "barco", "veracruz"]:
            expected = ["america_central", "barco", "veracruz"]
            raise refusal(
                "map.toml", "yucatan", "border", yucatan, "equal", expected=expected, section="Reclutar"
            )
        for region, provinces in self.regions.items():
            if not 3 <= len(provinces) <= 4:
                found = len(provinces)
                raise refusal(
                    "map.toml",
                    region,
                    "provinces",
                    found,
                    "range",
                    low=3,
                    high=4,
                    section="Terminología «Región»",
                )
        for side in ("insurgent", "royalist"):
            if len(self.flags[side]) != 3:
                flags = self.flags[side]
                raise refusal(
                    "map.toml",
                    side,
                    "flag",
                    flags,
                    "count",
                    found=len(flags),
                    expected=3,
                    section="Condiciones de victoria",
                )
        for cid, card in self.cards.items():
            if not card.get("source"):
                raise refusal(self.card_files[cid], cid, "source", None, "missing", missing="source")


BOARD = Board()
