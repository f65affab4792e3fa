"""Pax Porfiriana's component data, loaded and checked once at import (DESIGN §6).

`data/components.toml` holds what the player aid and the public facts state (deck building, market, set-up,
costs, jurisdictions, the regimes' prestige and printed rules); `data/cards.reconstructed.toml` (the market
cards and factions), `data/special.reconstructed.toml` (Hacendados, public cards, Topples) and
`data/regimes.reconstructed.toml` (the regimes' values) are reconstructed and replaceable by the printed cards
without touching this code (DESIGN §6: the `.reconstructed` files are those an owner replaces). Every
constraint the player aid puts on the components is checked here, and every effect must belong to the
vocabulary documented in the header of `data/cards.reconstructed.toml` (`EFFECT_KINDS`): the rules declare
one procedure per kind with `ludoteca.core.effects.EffectKinds` and call `EffectKinds.check` on these lists.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core import provenance as _provenance
from ludoteca.core.data import data_dir

DATA = data_dir(__name__)
PRINTED_FILES = ("components.toml",)
"""Files of printed and player-aid facts only: no reconstructed item may live in them."""
RECONSTRUCTED_FILES = ("cards.reconstructed.toml", "special.reconstructed.toml", "regimes.reconstructed.toml")
"""Files of our own design (a "public: …" fact may sit among them, never the other way round)."""

CARD_TYPES = ("enterprise", "partner", "troop", "orange", "black", "headline")
PRESTIGE_TYPES = ("loyalty", "outrage", "command", "revolution")
SCOPES = ("target", "self", "all")
ACTIONS = (
    "play",
    "buy",
    "sell",
    "redeploy",
    "buy_land",
    "upgrade",
    "police",
    "speculate",
    "deploy",
    "jail_exit",
)
PER_EXTRA = ("enterprise", "partner", "troop")
HEADLINE_ICONS = ("bull", "bear")
PUBLIC_FACES = ("front", "back")

EFFECT_KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "unrest": (frozenset({"n", "scope"}), frozenset({"jurisdiction", "enterprise"})),
    "calm": (frozenset({"n", "scope"}), frozenset({"jurisdiction", "enterprise"})),
    "steal": (frozenset({"n"}), frozenset()),
    "gold": (frozenset({"n", "scope"}), frozenset({"per", "jurisdiction"})),
    "pay": (frozenset({"n", "scope"}), frozenset({"per", "jurisdiction"})),
    "income_cubes": (frozenset({"n", "scope"}), frozenset({"enterprise", "jurisdiction"})),
    "regime": (frozenset({"to"}), frozenset({"from"})),
    "discard_troops": (frozenset({"faction"}), frozenset()),
    "nationalize": (frozenset({"n", "type", "scope"}), frozenset({"enterprise", "jurisdiction"})),
    "strife": (frozenset({"factions"}), frozenset()),
    "assassinate": (frozenset({"target"}), frozenset()),
    "jail": (frozenset({"scope"}), frozenset()),
    "extra_action": (frozenset({"action"}), frozenset()),
    "discount": (frozenset({"action", "n"}), frozenset({"jurisdiction"})),
    "deploy_anywhere": (frozenset(), frozenset({"faction"})),
    "immune": (frozenset({"against"}), frozenset()),
    "topple_strength": (frozenset({"n"}), frozenset()),
    "prestige_cubes": (frozenset(), frozenset()),
    "market_discard": (frozenset({"type"}), frozenset()),
}
"""The effect vocabulary: kind → (required fields, optional fields), besides `kind` and `when`."""

WHEN: dict[str, tuple[str, ...]] = {
    "enterprise": ("play", "in_play", "income", "topple", "orange_played"),
    "partner": ("play", "in_play", "income", "topple"),
    "troop": ("play", "in_play", "topple"),
    "orange": ("play",),
    "black": ("play",),
    "headline": ("event", "status_quo"),
    "hacendado": ("in_play", "income"),
    "public": ("front", "back", "in_play", "topple"),
    "regime": ("in_play",),
}
"""When an effect may happen, by what carries it (the header of `data/cards.reconstructed.toml`)."""


class DataError(ValueError):
    """A data file breaks the schema or a constraint of the player aid; the message names the item."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(message)


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text("utf-8"))


RAW: dict[str, dict[str, Any]] = {name: _load(name) for name in (*PRINTED_FILES, *RECONSTRUCTED_FILES)}


# ------------------------------------------------------------------------------------------- records
@dataclass(frozen=True)
class Prestige:
    """One prestige icon: `n` points of `type`; `jailed` when it reads "Encarcelado" (§ENCARCELADO)."""

    type: str
    n: int
    jailed: bool = False


@dataclass(frozen=True)
class Effect:
    """One effect of the vocabulary: its `kind`, `when` it happens, and its other fields."""

    kind: str
    when: str
    params: tuple[tuple[str, Any], ...]

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)

    def as_dict(self) -> dict[str, Any]:
        """The mapping `ludoteca.core.effects.EffectKinds.run` takes."""
        return {"kind": self.kind, "when": self.when, **{k: _thaw(v) for k, v in self.params}}


@dataclass(frozen=True)
class Upgrade:
    """The Connection oval: the gold to upgrade, and the connection that replaces the base one."""

    cost: int
    connection: int


@dataclass(frozen=True)
class Card:
    """One market card (`data/cards.reconstructed.toml`); fields that do not apply to its type are empty."""

    id: str
    type: str
    cost: int
    prestige: tuple[Prestige, ...]
    effects: tuple[Effect, ...]
    year: int
    source: str
    kind: str = ""
    jurisdiction: str = ""
    faction: str = ""
    income: int = 0
    connection: int = 0
    upgrade: Upgrade | None = None
    railroad_chain: bool = False
    slave: bool = False
    liberator: tuple[Prestige, ...] = ()
    firepower: int = 0
    against: str = ""
    regime: str = ""
    icon: str = ""
    orientations: tuple[tuple[Prestige, ...], ...] = ()

    def effects_when(self, when: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == when)


@dataclass(frozen=True)
class Orientation:
    """One orientation of a Hacendado's partner side: its prestige and the faction of its private army."""

    prestige: tuple[Prestige, ...]
    faction: str


@dataclass(frozen=True)
class Hacendado:
    """A Hacendado: the Loyalist side (income cubes, ability) and the two partner orientations."""

    id: str
    income: int
    connection: int
    effects: tuple[Effect, ...]
    orientations: tuple[Orientation, ...]
    year: int
    source: str


@dataclass(frozen=True)
class PublicCard:
    """A public card (blue or red), bought outside the market and played on one of its faces."""

    id: str
    colour: str
    cost: int
    faces: dict[str, tuple[Prestige, ...]]
    effects: tuple[Effect, ...]
    year: int
    source: str


@dataclass(frozen=True)
class Topple:
    id: str
    year: int
    source: str


@dataclass(frozen=True)
class Regime:
    """A regime: the prestige that counts and the topple on its back (printed), its economy value and the
    most income cubes a mine or a bank carries under it (reconstructed), and its special rules."""

    id: str
    prestige: str
    topple: str
    economy: int
    mine: int
    bank: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Components:
    """The numbers of `data/components.toml`, by table."""

    deck: Mapping[str, Any]
    market: Mapping[str, Any]
    setup: Mapping[str, Any]
    actions: Mapping[str, Any]
    costs: Mapping[str, Any]
    depression: Mapping[str, Any]
    tripartite: Mapping[str, Any]
    box: Mapping[str, Any]

    @property
    def prices(self) -> tuple[int, ...]:
        return tuple(self.market["prices"])


# ---------------------------------------------------------------------------------------- building
def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _thaw(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _prestige(raw: Iterable[Mapping[str, Any]]) -> tuple[Prestige, ...]:
    return tuple(Prestige(p["type"], p["n"], p.get("jailed", False)) for p in raw)


def _effects(raw: Iterable[Mapping[str, Any]], default_when: str) -> tuple[Effect, ...]:
    return tuple(
        Effect(
            e["kind"],
            e.get("when", default_when),
            tuple((k, _freeze(v)) for k, v in e.items() if k not in ("kind", "when")),
        )
        for e in raw
    )


def _card(raw: Mapping[str, Any]) -> Card:
    upgrade = raw.get("upgrade")
    return Card(
        id=raw["id"],
        type=raw["type"],
        cost=raw.get("cost", 0),
        prestige=_prestige(raw.get("prestige", ())),
        effects=_effects(raw.get("effects", ()), "play"),
        year=raw["year"],
        source=raw["source"],
        kind=raw.get("kind", ""),
        jurisdiction=raw.get("jurisdiction", ""),
        faction=raw.get("faction", ""),
        income=raw.get("income", 0),
        connection=raw.get("connection", 0),
        upgrade=None if upgrade is None else Upgrade(upgrade["cost"], upgrade["connection"]),
        railroad_chain=raw.get("railroad_chain", False),
        slave=raw.get("slave", False),
        liberator=_prestige(raw.get("liberator", ())),
        firepower=raw.get("firepower", 0),
        against=raw.get("against", ""),
        regime=raw.get("regime", ""),
        icon=raw.get("icon", ""),
        orientations=tuple(_prestige(o["prestige"]) for o in raw.get("orientations", ())),
    )


def _hacendado(raw: Mapping[str, Any]) -> Hacendado:
    return Hacendado(
        raw["id"],
        raw["income"],
        raw["connection"],
        _effects(raw.get("effects", ()), "in_play"),
        tuple(Orientation(_prestige(o["prestige"]), o["faction"]) for o in raw["orientations"]),
        raw["year"],
        raw["source"],
    )


def _public(raw: Mapping[str, Any]) -> PublicCard:
    return PublicCard(
        raw["id"],
        raw["colour"],
        raw["cost"],
        {face["face"]: _prestige(face["prestige"]) for face in raw["faces"]},
        _effects(raw.get("effects", ()), "front"),
        raw["year"],
        raw["source"],
    )


def _regimes() -> dict[str, Regime]:
    values = {r["id"]: r for r in RAW["regimes.reconstructed.toml"]["regime"]}
    printed = RAW["components.toml"]["regime"]
    _require(
        [r["id"] for r in printed] == list(values),
        f"regimes.reconstructed.toml must give values for the printed regimes {[r['id'] for r in printed]}, "
        "in order",
    )
    return {
        r["id"]: Regime(
            r["id"],
            r["prestige"],
            r["topple"],
            values[r["id"]]["economy"],
            values[r["id"]]["mine"],
            values[r["id"]]["bank"],
            _effects([*r.get("effects", ()), *values[r["id"]].get("effects", ())], "in_play"),
        )
        for r in printed
    }


_COMP = RAW["components.toml"]
COMPONENTS = Components(
    *(_COMP[t] for t in ("deck", "market", "setup", "actions", "costs", "depression", "tripartite", "box"))
)
JURISDICTIONS: tuple[str, ...] = tuple(j["id"] for j in _COMP["jurisdiction"])
ENTERPRISE_KINDS: tuple[str, ...] = tuple(
    next(t["kinds"] for t in _COMP["card_type"] if t["id"] == "enterprise")
)
PARTNER_KINDS: tuple[str, ...] = tuple(next(t["kinds"] for t in _COMP["card_type"] if t["id"] == "partner"))
FACTIONS: tuple[str, ...] = tuple(faction["id"] for faction in RAW["cards.reconstructed.toml"]["faction"])
CARDS: dict[str, Card] = {c["id"]: _card(c) for c in RAW["cards.reconstructed.toml"]["card"]}
HACENDADOS: dict[str, Hacendado] = {
    h["id"]: _hacendado(h) for h in RAW["special.reconstructed.toml"]["hacendado"]
}
PUBLIC_CARDS: dict[str, PublicCard] = {
    p["id"]: _public(p) for p in RAW["special.reconstructed.toml"]["public"]
}
TOPPLES: dict[str, Topple] = {
    t["id"]: Topple(t["id"], t["year"], t["source"]) for t in RAW["special.reconstructed.toml"]["topple"]
}
REGIMES: dict[str, Regime] = _regimes()
CUBES = int(COMPONENTS.setup["cubes_per_player"])
"""§PREPARACIÓN: each player's cubes."""
BY_TYPE: dict[str, tuple[str, ...]] = {
    t: tuple(c.id for c in CARDS.values() if c.type == t) for t in CARD_TYPES
}


# -------------------------------------------------------------------------------------- validation
def _check_value(where: str, name: str, value: Any) -> None:
    domains: dict[str, tuple[Any, ...]] = {
        "scope": SCOPES,
        "jurisdiction": JURISDICTIONS,
        "enterprise": ENTERPRISE_KINDS,
        "per": (*ENTERPRISE_KINDS, *PER_EXTRA),
        "to": tuple(REGIMES),
        "faction": FACTIONS,
        "target": ("partner",),
        "action": ACTIONS,
        "against": ("black",),
        "type": CARD_TYPES,
    }
    if name in domains:
        _require(value in domains[name], f"{where}: {name} = {value!r}; allowed: {', '.join(domains[name])}")
    elif name == "n":
        _require(isinstance(value, int) and value != 0, f"{where}: n must be a non-zero whole number")
    elif name == "from":
        _require(all(v in REGIMES for v in value) and bool(value), f"{where}: from = {value!r}")
    elif name == "factions":
        _require(
            len(value) == 2 and len(set(value)) == 2 and all(faction in FACTIONS for faction in value),
            f"{where}: strife names two different factions, not {value!r}",
        )


def check_effects(effects: Iterable[Effect], holder: str, where: str) -> None:
    """Every effect is of a declared kind with exactly its fields, happens at a moment its `holder` (a card
    type, "hacendado", "public" or "regime") allows, and every field value is known."""
    for effect in effects:
        spot = f"{where}: effect {effect.kind!r}"
        _require(
            effect.kind in EFFECT_KINDS,
            f"{where}: unknown effect kind {effect.kind!r}; kinds are: " + ", ".join(EFFECT_KINDS),
        )
        _require(
            effect.when in WHEN[holder], f"{spot} when = {effect.when!r}; a {holder} allows {WHEN[holder]}"
        )
        required, optional = EFFECT_KINDS[effect.kind]
        fields = {k for k, _ in effect.params}
        _require(required <= fields, f"{spot} lacks {sorted(required - fields)}")
        _require(
            fields <= required | optional, f"{spot} has unknown fields {sorted(fields - required - optional)}"
        )
        for name, value in effect.params:
            _check_value(spot, name, value)


def _check_prestige(icons: Iterable[Prestige], where: str) -> None:
    for p in icons:
        _require(p.type in PRESTIGE_TYPES and p.n > 0, f"{where}: prestige {p}")


def _check_card(c: Card) -> None:
    where = f"card {c.id}"
    _require(c.type in CARD_TYPES, f"{where}: type {c.type!r}")
    _require(c.cost >= 0 and (c.type != "headline" or c.cost == 0), f"{where}: cost {c.cost}")
    _check_prestige((*c.prestige, *c.liberator, *(p for o in c.orientations for p in o)), where)
    check_effects(c.effects, c.type, where)
    if c.jurisdiction or c.type in ("enterprise", "troop", "orange"):
        _require(c.jurisdiction in JURISDICTIONS, f"{where}: jurisdiction {c.jurisdiction!r}")
    if c.faction or c.type == "troop":
        _require(c.faction in FACTIONS, f"{where}: faction {c.faction!r}")
    costs = COMPONENTS.costs
    kinds = {e.kind for e in c.effects}
    _require("assassinate" not in kinds or c.type == "black", f"{where}: only black cards assassinate")
    if c.type == "enterprise":
        _require(c.kind in ENTERPRISE_KINDS, f"{where}: enterprise kind {c.kind!r}")
        _require(c.income >= 0 and c.connection >= 0, f"{where}: income and connection")
        _require(c.kind != "railroad" or c.income == 0, f"{where}: §IV pays no income cubes on railroads")
        oval = c.upgrade
        _require(
            oval is not None and oval.cost > 0 and 0 <= oval.connection < c.connection,
            f"{where}: the Connection oval must cost gold and improve the connection (§MEJORAR CONEXIÓN)",
        )
        if c.railroad_chain:
            _require(
                c.kind == "railroad" and oval is not None and oval.cost == costs["railroad_chain_upgrade"],
                f"{where}: a railroad chain: a railroad upgraded for {costs['railroad_chain_upgrade']}",
            )
        _require(c.slave == bool(c.liberator), f"{where}: a slave revolt card names the liberator's prestige")
        _require(not c.slave or c.kind == "plantation", f"{where}: slave revolts happen on plantations")
        bonus = c.effects_when("orange_played")
        if c.kind == "armoury":
            _require(
                [(e.kind, e.get("n"), e.get("scope")) for e in bonus]
                == [("gold", costs["armoury_bonus"], "self")],
                f"{where}: an armoury pays its owner {costs['armoury_bonus']} gold per orange card",
            )
        else:
            _require(not bonus, f"{where}: only armouries gain from orange cards")
    elif c.type == "partner":
        _require(c.kind in PARTNER_KINDS, f"{where}: partner kind {c.kind!r}")
        _require(
            (c.kind == "newspaper") == bool(c.orientations) and (not c.orientations or not c.prestige),
            f"{where}: newspapers, and only they, choose between two orientations",
        )
        _require(not c.orientations or len(c.orientations) == 2, f"{where}: two orientations")
    elif c.type == "troop":
        _require(c.firepower > 0, f"{where}: firepower")
    elif c.type == "orange":
        unrest = [e for e in c.effects if e.kind == "unrest"]
        _require(
            len(unrest) == 1 and unrest[0].get("scope") == "target" and unrest[0].get("n") > 0,
            f"{where}: an orange card puts its red circle of unrest disks on its target (§CARTA NARANJA)",
        )
        _require(not c.against or c.against in ENTERPRISE_KINDS, f"{where}: against {c.against!r}")
    elif c.type == "black":
        _require(c.regime in REGIMES, f"{where}: the regime icon {c.regime!r} (§CARTA NEGRA)")
        jailed = any(p.jailed for p in c.prestige)
        _require(jailed == ("jail" in kinds), f"{where}: a Jailed icon jails the victim, and only it")
    elif c.type == "headline":
        _require(c.icon in HEADLINE_ICONS, f"{where}: a headline carries a bull or a bear")
        _require(
            bool(c.effects_when("event")) and bool(c.effects_when("status_quo")),
            f"{where}: a headline has an event and a status quo orientation (§TITULARES)",
        )


def _validate() -> None:
    """Every constraint the player aid puts on the components (§PREPARACIÓN, §I–IV), and the schema."""
    deck, market, box, setup = COMPONENTS.deck, COMPONENTS.market, COMPONENTS.box, COMPONENTS.setup
    _require(COMPONENTS.prices == (0, 1, 2, 4, 8, 16), f"market prices {COMPONENTS.prices}")
    _require(
        market["columns"] == len(COMPONENTS.prices) and market["rows"] * market["columns"] == 12, "market"
    )
    _require((deck["base"], deck["per_player"]) == (50, 10), "the deck is 50 cards + 10 per player")
    _require(deck["piles"] == 6 and deck["topple_piles"] == 4, "six piles, a Topple in four of them")
    _require(deck["clean_piles_on_top"] == deck["piles"] - deck["topple_piles"], "the clean piles go on top")
    _require(
        box["single_faced"] == box["market_cards"] + box["topples"]
        and box["topples"] == deck["topple_piles"],
        "207 single-faced cards: the market cards and the 4 Topples",
    )
    _require(len(TOPPLES) == box["topples"], f"{len(TOPPLES)} Topples, not {box['topples']}")
    _require(len(HACENDADOS) == box["hacendados"] == deck["players"][1], f"{len(HACENDADOS)} Hacendados")
    _require(len(REGIMES) == box["regimes"], f"{len(REGIMES)} regimes")
    _require(setup["first_regime"] == next(iter(REGIMES)), "Pax Porfiriana on top of the regimes")
    _require(
        len(PUBLIC_CARDS) == box["public_cards"]
        and sorted(p.colour for p in PUBLIC_CARDS.values()) == sorted(setup["public_colours"]),
        "two public cards, blue and red",
    )
    biggest = deck_size(deck["players"][1])
    _require(
        biggest <= len(CARDS) <= box["market_cards"],
        f"{len(CARDS)} market cards: a 6-player deck needs {biggest}, the box holds {box['market_cards']}",
    )
    ids = [*CARDS, *HACENDADOS, *PUBLIC_CARDS, *TOPPLES, *REGIMES]
    _require(len(ids) == len(set(ids)), f"ids repeat: {[i for i, n in Counter(ids).items() if n > 1]}")
    for c in CARDS.values():
        _check_card(c)
    _require(all(BY_TYPE[t] for t in CARD_TYPES), "every market card type is present")
    for h in HACENDADOS.values():
        where = f"hacendado {h.id}"
        _require(h.income == setup["hacendado_cubes"], f"{where}: the Loyalist side holds 2 income cubes")
        _require(len(h.orientations) == 2 and h.connection >= 0, f"{where}: two partner orientations")
        for o in h.orientations:
            _check_prestige(o.prestige, where)
            _require(o.faction in FACTIONS, f"{where}: faction {o.faction!r}")
            _require(
                any(CARDS[t].faction == o.faction for t in BY_TYPE["troop"]),
                f"{where}: no {o.faction} troop could ever be its private army",
            )
        check_effects(h.effects, "hacendado", where)
    for p in PUBLIC_CARDS.values():
        _require(
            sorted(p.faces) == sorted(PUBLIC_FACES) and p.cost > 0, f"public {p.id}: two faces and a price"
        )
        for icons in p.faces.values():
            _check_prestige(icons, f"public {p.id}")
        check_effects(p.effects, "public", f"public {p.id}")
    for r in REGIMES.values():
        _require(
            r.prestige in PRESTIGE_TYPES and r.economy >= 0 and r.mine >= 0 and r.bank >= 0, f"regime {r.id}"
        )
        check_effects(r.effects, "regime", f"regime {r.id}")
    _require(
        sorted(r.prestige for r in REGIMES.values()) == sorted(PRESTIGE_TYPES), "one prestige per regime"
    )
    for file in PRINTED_FILES:
        for item in _provenance.items(RAW[file]):
            _require(
                _provenance.kind(item["source"]) != "reconstructed", f"{file}: reconstructed item {item}"
            )


# ------------------------------------------------------------------------------------------- queries
def deck_size(players: int) -> int:
    """§PREPARACIÓN b: 50 cards plus 10 per player (the Topples come on top of these)."""
    return int(COMPONENTS.deck["base"] + COMPONENTS.deck["per_player"] * players)


def pile_sizes(players: int) -> tuple[int, ...]:
    """§PREPARACIÓN c: the deck split into six piles of about the same size (larger ones first)."""
    total, piles = deck_size(players), COMPONENTS.deck["piles"]
    return tuple(total // piles + (1 if i < total % piles else 0) for i in range(piles))


def provenance() -> dict[str, int]:
    """How many data items of every file come from each kind of source (DESIGN §6)."""
    return _provenance.count(item["source"] for tree in RAW.values() for item in _provenance.items(tree))


_validate()
