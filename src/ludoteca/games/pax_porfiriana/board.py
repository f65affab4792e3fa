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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core import provenance as _provenance
from ludoteca.core.data import data_dir, refusal

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
    names = [r["id"] for r in printed]
    if names != list(values):  # the values of the printed regimes, in their order
        raise refusal(
            "regimes.reconstructed.toml",
            "regime",
            "id",
            list(values),
            "equal",
            expected=names,
            section="PREPARACIÓN",
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
# A refusal names the file, the item, the field and the value (`core.data.refusal`).
CARDS_FILE, SPECIAL_FILE, REGIMES_FILE, COMPONENTS_FILE = (*RECONSTRUCTED_FILES, *PRINTED_FILES)


def _refuse_unless(
    ok: bool, file: str, item: str, field: str, value: object, why: str, **params: object
) -> None:
    if not ok:
        raise refusal(file, item, field, value, why, **params)


def _check_value(file: str, item: str, name: str, value: Any) -> None:
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
    field = f"effects.{name}"
    if name in domains:
        _refuse_unless(
            value in domains[name], file, item, field, value, "one_of", allowed=list(domains[name])
        )
    elif name == "n":
        _refuse_unless(isinstance(value, int) and value != 0, file, item, field, value, "nonzero")
    elif name == "from":
        ok = all(v in REGIMES for v in value) and bool(value)
        _refuse_unless(ok, file, item, field, _thaw(value), "one_of", allowed=list(REGIMES))
    elif name == "factions":
        ok = len(value) == 2 and len(set(value)) == 2 and all(faction in FACTIONS for faction in value)
        _refuse_unless(ok, file, item, field, _thaw(value), "two_of", allowed=list(FACTIONS))


def check_effects(effects: Iterable[Effect], holder: str, file: str, item: str) -> None:
    """Every effect is of a declared kind with exactly its fields, happens at a moment its `holder` (a card
    type, "hacendado", "public" or "regime") allows, and every field value is known."""
    for effect in effects:
        _refuse_unless(
            effect.kind in EFFECT_KINDS,
            file,
            item,
            "effects.kind",
            effect.kind,
            "one_of",
            allowed=list(EFFECT_KINDS),
        )
        _refuse_unless(
            effect.when in WHEN[holder],
            file,
            item,
            "effects.when",
            effect.when,
            "one_of",
            allowed=list(WHEN[holder]),
        )
        required, optional = EFFECT_KINDS[effect.kind]
        fields = {k for k, _ in effect.params}
        missing = ", ".join(sorted(required - fields))
        _refuse_unless(required <= fields, file, item, "effects", effect.kind, "missing", missing=missing)
        unknown = sorted(fields - required - optional)
        allowed = sorted(required | optional)
        _refuse_unless(
            not unknown, file, item, f"effects ({effect.kind})", unknown, "one_of", allowed=allowed
        )
        for name, value in effect.params:
            _check_value(file, item, name, value)


def _check_prestige(icons: Iterable[Prestige], file: str, item: str, field: str) -> None:
    for p in icons:
        _refuse_unless(
            p.type in PRESTIGE_TYPES,
            file,
            item,
            f"{field}.type",
            p.type,
            "one_of",
            allowed=list(PRESTIGE_TYPES),
        )
        _refuse_unless(p.n > 0, file, item, f"{field}.n", p.n, "positive")


def _check_card(c: Card) -> None:
    file, item = CARDS_FILE, c.id
    _refuse_unless(c.type in CARD_TYPES, file, item, "type", c.type, "one_of", allowed=list(CARD_TYPES))
    _refuse_unless(c.cost >= 0, file, item, "cost", c.cost, "not_negative")
    if c.type == "headline":
        _refuse_unless(c.cost == 0, file, item, "cost", c.cost, "equal", expected=0, section="TITULARES")
    _check_prestige(c.prestige, file, item, "prestige")
    _check_prestige(c.liberator, file, item, "liberator")
    _check_prestige((p for o in c.orientations for p in o), file, item, "orientations.prestige")
    check_effects(c.effects, c.type, file, item)
    if c.jurisdiction or c.type in ("enterprise", "troop", "orange"):
        ok = c.jurisdiction in JURISDICTIONS
        _refuse_unless(ok, file, item, "jurisdiction", c.jurisdiction, "one_of", allowed=list(JURISDICTIONS))
    if c.faction or c.type == "troop":
        _refuse_unless(
            c.faction in FACTIONS, file, item, "faction", c.faction, "one_of", allowed=list(FACTIONS)
        )
    kinds = {e.kind for e in c.effects}
    condition = f"type = {c.type!r}"
    ok = "assassinate" not in kinds or c.type == "black"
    _refuse_unless(
        ok, file, item, "effects.kind", "assassinate", "absent", condition=condition, section="CARTA NEGRA"
    )
    if c.type == "enterprise":
        _check_enterprise(c)
    elif c.type == "partner":
        _check_partner(c)
    elif c.type == "troop":
        _refuse_unless(c.firepower > 0, file, item, "firepower", c.firepower, "positive")
    elif c.type == "orange":
        unrest = [e for e in c.effects if e.kind == "unrest"]
        section = "CARTA NARANJA"
        n = len(unrest)
        _refuse_unless(n == 1, file, item, "effects", "unrest", "count", found=n, expected=1, section=section)
        scope = unrest[0].get("scope")
        _refuse_unless(
            scope == "target", file, item, "effects.scope", scope, "equal", expected="target", section=section
        )
        _refuse_unless(unrest[0].get("n") > 0, file, item, "effects.n", unrest[0].get("n"), "positive")
        ok = not c.against or c.against in ENTERPRISE_KINDS
        _refuse_unless(ok, file, item, "against", c.against, "one_of", allowed=list(ENTERPRISE_KINDS))
    elif c.type == "black":
        _refuse_unless(c.regime in REGIMES, file, item, "regime", c.regime, "one_of", allowed=list(REGIMES))
        jailed = any(p.jailed for p in c.prestige)
        if jailed != ("jail" in kinds):
            why = "needed" if jailed else "absent"
            condition = f"prestige.jailed = {str(jailed).lower()}"
            raise refusal(file, item, "effects.kind", "jail", why, condition=condition, section="ENCARCELADO")
    elif c.type == "headline":
        _refuse_unless(
            c.icon in HEADLINE_ICONS, file, item, "icon", c.icon, "one_of", allowed=list(HEADLINE_ICONS)
        )
        for when in ("event", "status_quo"):
            _refuse_unless(
                bool(c.effects_when(when)), file, item, "effects.when", None, "missing", missing=when
            )


def _check_enterprise(c: Card) -> None:
    """An enterprise card (§CARTA DE EMPRESA O SOCIO, §MEJORAR CONEXIÓN, §IV)."""
    file, item, costs = CARDS_FILE, c.id, COMPONENTS.costs
    kind = f"kind = {c.kind!r}"
    _refuse_unless(
        c.kind in ENTERPRISE_KINDS, file, item, "kind", c.kind, "one_of", allowed=list(ENTERPRISE_KINDS)
    )
    _refuse_unless(c.income >= 0, file, item, "income", c.income, "not_negative")
    _refuse_unless(c.connection >= 0, file, item, "connection", c.connection, "not_negative")
    if c.kind == "railroad":
        _refuse_unless(c.income == 0, file, item, "income", c.income, "equal", expected=0, section="IV")
    oval = c.upgrade
    if oval is None:
        raise refusal(file, item, "upgrade", None, "missing", missing="upgrade")
    _refuse_unless(oval.cost > 0, file, item, "upgrade.cost", oval.cost, "positive")
    ok = 0 <= oval.connection < c.connection
    high = c.connection - 1
    section = "MEJORAR CONEXIÓN"
    _refuse_unless(
        ok, file, item, "upgrade.connection", oval.connection, "range", low=0, high=high, section=section
    )
    if c.railroad_chain:
        _refuse_unless(
            c.kind == "railroad",
            file,
            item,
            "railroad_chain",
            True,
            "absent",
            condition=kind,
            section=section,
        )
        chain = costs["railroad_chain_upgrade"]
        _refuse_unless(
            oval.cost == chain,
            file,
            item,
            "upgrade.cost",
            oval.cost,
            "equal",
            expected=chain,
            section=section,
        )
    section = "CARTA DE EMPRESA O SOCIO"
    if c.slave != bool(c.liberator):
        why = "needed" if c.slave else "absent"
        raise refusal(
            file,
            item,
            "liberator",
            [p.type for p in c.liberator] or None,
            why,
            condition=f"slave = {str(c.slave).lower()}",
            section=section,
        )
    _refuse_unless(
        not c.slave or c.kind == "plantation",
        file,
        item,
        "slave",
        True,
        "absent",
        condition=kind,
        section=section,
    )
    bonus = c.effects_when("orange_played")
    if c.kind == "armoury":
        found = [(e.kind, e.get("n"), e.get("scope")) for e in bonus]
        expected = [("gold", costs["armoury_bonus"], "self")]
        _refuse_unless(
            found == expected,
            file,
            item,
            "effects (orange_played)",
            found,
            "equal",
            expected=expected,
            section="CARTA NARANJA",
        )
    else:
        _refuse_unless(
            not bonus,
            file,
            item,
            "effects.when",
            "orange_played",
            "absent",
            condition=kind,
            section="CARTA NARANJA",
        )


def _check_partner(c: Card) -> None:
    """A partner card: newspapers, and only they, choose between two orientations
    (§CARTA DE EMPRESA O SOCIO)."""
    file, item, section = CARDS_FILE, c.id, "CARTA DE EMPRESA O SOCIO"
    _refuse_unless(c.kind in PARTNER_KINDS, file, item, "kind", c.kind, "one_of", allowed=list(PARTNER_KINDS))
    kind = f"kind = {c.kind!r}"
    newspaper = c.kind == "newspaper"
    if newspaper != bool(c.orientations):
        why = "needed" if newspaper else "absent"
        raise refusal(
            file, item, "orientations", len(c.orientations) or None, why, condition=kind, section=section
        )
    if c.orientations:
        _refuse_unless(
            not c.prestige, file, item, "prestige", len(c.prestige), "absent", condition=kind, section=section
        )
        n = len(c.orientations)
        _refuse_unless(n == 2, file, item, "orientations", n, "count", found=n, expected=2, section=section)


def _validate() -> None:
    """Every constraint the player aid puts on the components (§PREPARACIÓN, §I–IV), and the schema."""
    deck, market, box, setup = COMPONENTS.deck, COMPONENTS.market, COMPONENTS.box, COMPONENTS.setup
    comp, prep = COMPONENTS_FILE, "PREPARACIÓN"

    def printed(item: str, field: str, value: object, expected: object, section: str = prep) -> None:
        _refuse_unless(
            value == expected, comp, item, field, value, "equal", expected=expected, section=section
        )

    printed("market", "prices", list(COMPONENTS.prices), [0, 1, 2, 4, 8, 16])
    printed("market", "columns", market["columns"], len(COMPONENTS.prices))
    printed("market", "rows", market["rows"], 12 // market["columns"])  # 12 cards: columns is 6 by now
    printed("deck", "base", deck["base"], 50, "PREPARACIÓN b")
    printed("deck", "per_player", deck["per_player"], 10, "PREPARACIÓN b")
    printed("deck", "piles", deck["piles"], 6, "PREPARACIÓN c")
    printed("deck", "topple_piles", deck["topple_piles"], 4, "PREPARACIÓN c")
    printed("deck", "clean_piles_on_top", deck["clean_piles_on_top"], deck["piles"] - deck["topple_piles"])
    printed("box", "single_faced", box["single_faced"], box["market_cards"] + box["topples"])
    printed("box", "topples", box["topples"], deck["topple_piles"])
    printed("box", "hacendados", box["hacendados"], deck["players"][1])
    printed("setup", "first_regime", setup["first_regime"], next(iter(REGIMES)))

    def counted(file: str, item: str, found: int, expected: int) -> None:
        ok = found == expected
        _refuse_unless(ok, file, item, "id", found, "count", found=found, expected=expected, section=prep)

    counted(SPECIAL_FILE, "topple", len(TOPPLES), box["topples"])
    counted(SPECIAL_FILE, "hacendado", len(HACENDADOS), box["hacendados"])
    counted(comp, "regime", len(REGIMES), box["regimes"])
    counted(SPECIAL_FILE, "public", len(PUBLIC_CARDS), box["public_cards"])
    colours = sorted(p.colour for p in PUBLIC_CARDS.values())
    expected = sorted(setup["public_colours"])
    _refuse_unless(
        colours == expected,
        SPECIAL_FILE,
        "public",
        "colour",
        colours,
        "equal",
        expected=expected,
        section=prep,
    )
    biggest = deck_size(deck["players"][1])
    ok = biggest <= len(CARDS) <= box["market_cards"]
    _refuse_unless(
        ok, CARDS_FILE, "card", "id", len(CARDS), "range", low=biggest, high=box["market_cards"], section=prep
    )
    seen: set[str] = set()
    for file, ids in (
        (CARDS_FILE, CARDS),
        (SPECIAL_FILE, [*HACENDADOS, *PUBLIC_CARDS, *TOPPLES]),
        (comp, REGIMES),
    ):
        for i in ids:
            _refuse_unless(i not in seen, file, i, "id", i, "twice", twice=i, section=prep)
            seen.add(i)
    for c in CARDS.values():
        _check_card(c)
    for t in CARD_TYPES:
        _refuse_unless(bool(BY_TYPE[t]), CARDS_FILE, "card", "type", None, "missing", missing=repr(t))
    for h in HACENDADOS.values():
        _check_hacendado(h, setup)
    for p in PUBLIC_CARDS.values():
        faces = sorted(p.faces)
        expected = sorted(PUBLIC_FACES)
        _refuse_unless(
            faces == expected,
            SPECIAL_FILE,
            p.id,
            "faces.face",
            faces,
            "equal",
            expected=expected,
            section=prep,
        )
        _refuse_unless(p.cost > 0, SPECIAL_FILE, p.id, "cost", p.cost, "positive")
        for face, icons in p.faces.items():
            _check_prestige(icons, SPECIAL_FILE, p.id, f"faces.prestige ({face})")
        check_effects(p.effects, "public", SPECIAL_FILE, p.id)
    for r in REGIMES.values():
        _refuse_unless(
            r.prestige in PRESTIGE_TYPES,
            comp,
            r.id,
            "prestige",
            r.prestige,
            "one_of",
            allowed=list(PRESTIGE_TYPES),
        )
        for field in ("economy", "mine", "bank"):
            value = getattr(r, field)
            _refuse_unless(value >= 0, REGIMES_FILE, r.id, field, value, "not_negative")
        check_effects(r.effects, "regime", f"{comp}, {REGIMES_FILE}", r.id)
    prestiges = sorted(r.prestige for r in REGIMES.values())
    printed("regime", "prestige", prestiges, sorted(PRESTIGE_TYPES))
    for file in PRINTED_FILES:
        for key, value in RAW[file].items():  # an item is named by its id, else by its table
            for item in _provenance.items({key: value}):
                source = item["source"]
                ok = _provenance.kind(source) != "reconstructed"
                _refuse_unless(ok, file, str(item.get("id", key)), "source", source, "printed")


def _check_hacendado(h: Hacendado, setup: Mapping[str, Any]) -> None:
    """A Hacendado: its Loyalist side's income cubes, and two partner orientations, each a faction that has
    a troop to be its private army (§PREPARACIÓN)."""
    file, item, prep = SPECIAL_FILE, h.id, "PREPARACIÓN"
    cubes = setup["hacendado_cubes"]
    _refuse_unless(h.income == cubes, file, item, "income", h.income, "equal", expected=cubes, section=prep)
    n = len(h.orientations)
    _refuse_unless(n == 2, file, item, "orientations", n, "count", found=n, expected=2, section=prep)
    _refuse_unless(h.connection >= 0, file, item, "connection", h.connection, "not_negative")
    armies = sorted({CARDS[t].faction for t in BY_TYPE["troop"]})
    for o in h.orientations:
        _check_prestige(o.prestige, file, item, "orientations.prestige")
        _refuse_unless(
            o.faction in FACTIONS,
            file,
            item,
            "orientations.faction",
            o.faction,
            "one_of",
            allowed=list(FACTIONS),
        )
        _refuse_unless(
            o.faction in armies, file, item, "orientations.faction", o.faction, "one_of", allowed=armies
        )
    check_effects(h.effects, "hacendado", file, item)


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
