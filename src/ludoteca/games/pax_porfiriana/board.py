"""Pax Porfiriana's component data, loaded and checked once at import (DESIGN §6).

`data/components.toml` holds what the player aid and the public facts state (deck building, market, set-up,
costs, jurisdictions, the regimes' prestige and printed rules); `data/cards.reconstructed.toml` (the market
cards and factions), `data/special.reconstructed.toml` (Hacendados, public cards, Topples) and
`data/regimes.reconstructed.toml` (the regimes' values) are reconstructed and replaceable by the printed cards
without touching this code (DESIGN §6: the `.reconstructed` files are those an owner replaces). Every
constraint the player aid puts on the components is checked by `checks.validate` at the end of this module,
and every effect must belong to the vocabulary documented in the header of `data/cards.reconstructed.toml`
(`EFFECT_KINDS`): the rules declare one procedure per kind with `ludoteca.core.effects.EffectKinds` and call
`EffectKinds.check` on these lists.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from ludoteca.core import provenance as _provenance
from ludoteca.core.data import data_dir, refusal

DATA = data_dir(__name__)
PRINTED_FILES: tuple[str, ...] = ("components.toml",)
"""Files of printed and player-aid facts only: no reconstructed item may live in them."""
RECONSTRUCTED_FILES: tuple[str, ...] = (
    "cards.reconstructed.toml",
    "special.reconstructed.toml",
    "regimes.reconstructed.toml",
)
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


Param = int | str | tuple[str, ...]
"""A field of an effect as the data give it: a number, a word, or a list of words (held as a tuple); the
loader refuses any other (`checks`)."""


@dataclass(frozen=True)
class Effect:
    """One effect of the vocabulary: its `kind`, `when` it happens, and its other fields."""

    kind: str
    when: str
    params: tuple[tuple[str, Param], ...]

    def get(self, name: str) -> Param | None:
        """Field `name`, None where the effect has none."""
        return dict(self.params).get(name)

    def number(self, name: str) -> int:
        """Field `name`, a number its kind requires (`EFFECT_KINDS`; the loader refuses an effect without
        it, or with another value than a non-zero integer)."""
        value = dict(self.params)[name]
        assert isinstance(value, int), f"effect {self.kind}: {name} = {value!r}"
        return value

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


class DeckTable(TypedDict):
    """§PREPARACIÓN b–e: the deck's size and its piles."""

    base: int
    per_player: int
    piles: int
    topple_piles: int
    clean_piles_on_top: int
    players: list[int]
    source: str


class MarketTable(TypedDict):
    """The market's rows and columns, and each column's price."""

    rows: int
    columns: int
    prices: list[int]
    source: str


class SetupTable(TypedDict):
    """§PREPARACIÓN: cubes, starting gold, public cards, the first regime."""

    cubes_per_player: int
    hacendado_cubes: int
    starting_gold: int
    starting_gold_step: int
    public_colours: list[str]
    first_regime: str
    source: str


class ActionsTable(TypedDict):
    """§I: the actions a turn, and what the dearer ones cost; the hand limit."""

    per_turn: int
    in_jail: int
    second_buy: int
    buy_land: int
    black_off_regime: int
    hand_limit: int
    source: str


class CostsTable(TypedDict):
    """The gold the actions and abilities cost or give."""

    police: int
    jail_exit: int
    assassinate_hacendado: int
    assassinate_per_private_troop: int
    railroad_chain_upgrade: int
    railroad_chain_next: int
    armoury_bonus: int
    source: str


class DepressionTable(TypedDict):
    """§DEPRESIÓN ECONÓMICA: the icons that start and end it, and what it costs."""

    start: str
    end: str
    in_a_row: int
    cost_per_card: int
    hit: list[str]
    source: str


class TripartiteTable(TypedDict):
    """The Tripartite: Díaz's own points and how many of the weakest players' prestige it adds."""

    diaz: int
    weakest_players: int
    source: str


class BoxTable(TypedDict):
    """The box's contents."""

    cards: int
    double_sided: list[str]
    single_faced: int
    market_cards: int
    hacendados: int
    regimes: int
    public_cards: int
    topples: int
    source: str


@dataclass(frozen=True)
class Components:
    """The numbers of `data/components.toml`, by table."""

    deck: DeckTable
    market: MarketTable
    setup: SetupTable
    actions: ActionsTable
    costs: CostsTable
    depression: DepressionTable
    tripartite: TripartiteTable
    box: BoxTable

    @property
    def prices(self) -> tuple[int, ...]:
        return tuple(self.market["prices"])


# ------------------------------------------------------------------------------- the files' items
class RawPrestige(TypedDict):
    """A prestige icon as the data write it: ``{ type = "loyalty", n = 1 }``."""

    type: str
    n: int
    jailed: NotRequired[bool]


RawEffect = Mapping[str, Any]
"""An effect as the data write it: its `kind`, `when`, and the fields of its kind (`EFFECT_KINDS`), each
checked by `checks`."""


class RawUpgrade(TypedDict):
    cost: int
    connection: int


class RawOrientation(TypedDict):
    """An orientation: a newspaper's prestige, or a Hacendado's with its private army's faction."""

    prestige: list[RawPrestige]
    faction: NotRequired[str]


class RawCard(TypedDict):
    """A market card of `cards.reconstructed.toml`; the fields its type does not use left out."""

    id: str
    type: str
    cost: NotRequired[int]
    prestige: NotRequired[list[RawPrestige]]
    effects: NotRequired[list[RawEffect]]
    year: int
    source: str
    kind: NotRequired[str]
    jurisdiction: NotRequired[str]
    faction: NotRequired[str]
    income: NotRequired[int]
    connection: NotRequired[int]
    upgrade: NotRequired[RawUpgrade]
    railroad_chain: NotRequired[bool]
    slave: NotRequired[bool]
    liberator: NotRequired[list[RawPrestige]]
    firepower: NotRequired[int]
    against: NotRequired[str]
    regime: NotRequired[str]
    icon: NotRequired[str]
    orientations: NotRequired[list[RawOrientation]]


class RawHacendado(TypedDict):
    id: str
    income: int
    connection: int
    effects: NotRequired[list[RawEffect]]
    orientations: list[RawOrientation]
    year: int
    source: str


class RawFace(TypedDict):
    face: str
    prestige: list[RawPrestige]


class RawPublic(TypedDict):
    id: str
    colour: str
    cost: int
    faces: list[RawFace]
    effects: NotRequired[list[RawEffect]]
    year: int
    source: str


class RawRegime(TypedDict):
    """A regime as `components.toml` prints it: the prestige that counts, the topple on its back."""

    id: str
    prestige: str
    topple: str
    effects: NotRequired[list[RawEffect]]
    source: str


class RawRegimeValues(TypedDict):
    """A regime's values as `regimes.reconstructed.toml` gives them."""

    id: str
    economy: int
    mine: int
    bank: int
    effects: NotRequired[list[RawEffect]]
    source: str


# ---------------------------------------------------------------------------------------- building
def _freeze(value: Any) -> Param:
    return tuple(value) if isinstance(value, list) else value


def _thaw(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _prestige(raw: Iterable[RawPrestige]) -> tuple[Prestige, ...]:
    return tuple(Prestige(p["type"], p["n"], p.get("jailed", False)) for p in raw)


def _effects(raw: Iterable[RawEffect], default_when: str) -> tuple[Effect, ...]:
    return tuple(
        Effect(
            e["kind"],
            e.get("when", default_when),
            tuple((k, _freeze(v)) for k, v in e.items() if k not in ("kind", "when")),
        )
        for e in raw
    )


def _card(raw: RawCard) -> Card:
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


def _hacendado(raw: RawHacendado) -> Hacendado:
    return Hacendado(
        raw["id"],
        raw["income"],
        raw["connection"],
        _effects(raw.get("effects", ()), "in_play"),
        tuple(Orientation(_prestige(o["prestige"]), o["faction"]) for o in raw["orientations"]),
        raw["year"],
        raw["source"],
    )


def _public(raw: RawPublic) -> PublicCard:
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
    values: dict[str, RawRegimeValues] = {r["id"]: r for r in RAW["regimes.reconstructed.toml"]["regime"]}
    printed: list[RawRegime] = RAW["components.toml"]["regime"]
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


from ludoteca.games.pax_porfiriana.checks import validate  # noqa: E402  (it reads the data above)

validate()
