"""The refusals of bad Pax Porfiriana component data (DESIGN §6), run once by `board` at import.

Every constraint the player aid puts on the components is checked here, and every effect must belong to the
vocabulary documented in the header of `data/cards.reconstructed.toml` (`board.EFFECT_KINDS`).
A refusal names the file, the item, the field and the value (`core.data.refusal`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ludoteca.core import provenance as _provenance
from ludoteca.core.data import refusal
from ludoteca.games.pax_porfiriana.board import (
    ACTIONS,
    BY_TYPE,
    CARD_TYPES,
    CARDS,
    COMPONENTS,
    EFFECT_KINDS,
    ENTERPRISE_KINDS,
    FACTIONS,
    HACENDADOS,
    HEADLINE_ICONS,
    JURISDICTIONS,
    PARTNER_KINDS,
    PER_EXTRA,
    PRESTIGE_TYPES,
    PRINTED_FILES,
    PUBLIC_CARDS,
    PUBLIC_FACES,
    RAW,
    RECONSTRUCTED_FILES,
    REGIMES,
    SCOPES,
    TOPPLES,
    WHEN,
    Card,
    Effect,
    Hacendado,
    Prestige,
    _thaw,
    deck_size,
)

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
        disks = unrest[0].get("n")
        _refuse_unless(isinstance(disks, int) and disks > 0, file, item, "effects.n", disks, "positive")
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


def validate() -> None:
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
