"""The component data (board.py, data/*.toml): the player aid's numbers, the counts and proportions of the
reconstructed cards, every mechanic the rules name carried by some card, names and texts in both languages,
provenance, and the effect vocabulary — and the loader's checks refuse broken data."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from ludoteca.core import provenance
from ludoteca.core.data import DataError
from ludoteca.core.effects import EffectKinds
from ludoteca.core.procedure import ProcedureSet
from ludoteca.games.pax_porfiriana import board, checks
from ludoteca.games.pax_porfiriana.board import (
    BY_TYPE,
    CARDS,
    COMPONENTS,
    EFFECT_KINDS,
    HACENDADOS,
    PUBLIC_CARDS,
    REGIMES,
    TOPPLES,
    Card,
    Effect,
)

PACKAGE = Path(board.__file__).parent
MESSAGES = {
    lang: tomllib.loads((PACKAGE / "messages" / "cards" / f"{lang}.toml").read_text("utf-8"))
    for lang in ("es", "en")
}


def everything_with_effects() -> list[tuple[str, tuple[Effect, ...]]]:
    return [
        *((c.id, c.effects) for c in CARDS.values()),
        *((h.id, h.effects) for h in HACENDADOS.values()),
        *((p.id, p.effects) for p in PUBLIC_CARDS.values()),
        *((r.id, r.effects) for r in REGIMES.values()),
    ]


def of(type_: str) -> list[Card]:
    return [CARDS[i] for i in BY_TYPE[type_]]


# ------------------------------------------------------------------------------- the player aid's numbers
def test_deck_building_numbers() -> None:
    """§PREPARACIÓN b–e: 50 + 10 per player, six piles of about the same size, a Topple in four of them."""
    assert [board.deck_size(n) for n in range(2, 7)] == [70, 80, 90, 100, 110]
    for n in range(2, 7):
        piles = board.pile_sizes(n)
        assert len(piles) == 6 and sum(piles) == board.deck_size(n) and max(piles) - min(piles) <= 1
    assert COMPONENTS.deck["topple_piles"] == 4 and COMPONENTS.deck["clean_piles_on_top"] == 2


def test_market_prices_and_setup() -> None:
    """Two rows of six columns priced 0, 1, 2, 4, 8, 16; starting gold 4, 5, 6…; 3 actions, 2 in jail."""
    assert COMPONENTS.prices == (0, 1, 2, 4, 8, 16)
    assert COMPONENTS.market["rows"] == 2
    assert COMPONENTS.setup["starting_gold"] == 4 and COMPONENTS.setup["starting_gold_step"] == 1
    assert (
        COMPONENTS.actions["per_turn"],
        COMPONENTS.actions["in_jail"],
        COMPONENTS.actions["hand_limit"],
    ) == (3, 2, 5)
    assert COMPONENTS.costs["police"] == COMPONENTS.costs["jail_exit"] == 3
    assert COMPONENTS.costs["railroad_chain_upgrade"] == 10 and COMPONENTS.costs["armoury_bonus"] == 2


def test_counts_of_the_special_cards() -> None:
    """6 Hacendados, 4 regimes (Pax Porfiriana first), 2 public cards (blue, red), 4 Topples."""
    assert len(HACENDADOS) == 6 and len(TOPPLES) == 4
    assert list(REGIMES) == ["pax_porfiriana", "us_intervention", "martial_law", "anarchy"]
    assert sorted(p.colour for p in PUBLIC_CARDS.values()) == ["blue", "red"]
    assert {r.id: r.prestige for r in REGIMES.values()} == {
        "pax_porfiriana": "loyalty",
        "us_intervention": "outrage",
        "martial_law": "command",
        "anarchy": "revolution",
    }


# ------------------------------------------------------------------------ counts and proportions (ours)
def test_market_card_counts_and_proportions() -> None:
    """At least 150 market cards, enough for a 6-player deck and no more than the box's 203; the shares of
    README §Design (enterprises a third, partners and troops a fifth each, the rest events)."""
    counts = {t: len(ids) for t, ids in BY_TYPE.items()}
    total = sum(counts.values())
    assert total == len(CARDS) >= 150 and board.deck_size(6) <= total <= 203
    assert counts == {"enterprise": 54, "partner": 30, "troop": 31, "orange": 18, "black": 14, "headline": 17}
    assert 0.30 <= counts["enterprise"] / total <= 0.36
    assert 0.17 <= counts["partner"] / total <= 0.21 and 0.17 <= counts["troop"] / total <= 0.21
    assert (
        abs(Counter(c.icon for c in of("headline"))["bull"] - Counter(c.icon for c in of("headline"))["bear"])
        <= 1
    )


def test_every_jurisdiction_has_enterprises_troops_and_unrest() -> None:
    for j in board.JURISDICTIONS:
        assert sum(c.jurisdiction == j for c in of("enterprise")) >= 15, j
        assert sum(c.jurisdiction == j for c in of("troop")) >= 6, j
        assert sum(c.jurisdiction == j for c in of("orange")) == 6, j


def test_every_enterprise_kind_and_partner_kind_is_present() -> None:
    assert set(Counter(c.kind for c in of("enterprise"))) == set(board.ENTERPRISE_KINDS)
    assert set(Counter(c.kind for c in of("partner"))) == set(board.PARTNER_KINDS)
    assert all(c.kind == "newspaper" for c in of("partner") if c.orientations)


# -------------------------------------------------------------------------- every mechanic has its cards
def kinds_of(cs: list[Card], when: str | None = None) -> Counter[str]:
    return Counter(e.kind for c in cs for e in c.effects if when is None or e.when == when)


def test_enterprise_mechanics() -> None:
    """Connections and upgrades, railroad chains where federal troops may ride (Sonora, Chihuahua), slave
    revolts, armouries, ranches and ranchitos for Buy Land, Loyalty points for prestige cubes."""
    ents = of("enterprise")
    chains = [c for c in ents if c.railroad_chain]
    assert len(chains) >= 4 and {"sonora", "chihuahua"} <= {c.jurisdiction for c in chains}
    assert len([c for c in ents if c.slave]) >= 3
    assert all(c.upgrade and c.upgrade.connection < c.connection for c in ents)
    assert len([c for c in ents if c.kind in ("ranch", "ranchito", "plantation")]) >= 15
    assert len([c for c in ents if any(p.type == "loyalty" for p in c.prestige)]) >= 8
    assert len([c for c in ents if c.kind == "armoury"]) >= 3


def test_troop_mechanics() -> None:
    """Federal and U.S. troops, every Hacendado's private-army factions, troops that change the regime to
    each of the three other regimes on their first deployment, a spread of firepower for battles."""
    troops = of("troop")
    factions = Counter(c.faction for c in troops)
    assert factions["federal"] >= 6 and factions["us"] >= 4 and set(factions) == set(board.FACTIONS)
    for h in HACENDADOS.values():
        for o in h.orientations:
            assert factions[o.faction] >= 3, (h.id, o.faction)
    regime_changes = {e.get("to") for c in troops for e in c.effects if e.kind == "regime"}
    assert regime_changes == {"us_intervention", "martial_law", "anarchy"}
    assert {c.firepower for c in troops} == {1, 2, 3, 4}


def test_orange_and_black_mechanics() -> None:
    """Unrest and theft, orange cards limited to a kind of enterprise, prestige given to the victim, the
    Jailed icon, assassinations, a regime icon for each regime, strife."""
    oranges, blacks = of("orange"), of("black")
    assert all(any(e.kind == "unrest" for e in c.effects) for c in oranges)
    assert kinds_of(oranges)["steal"] >= 8 and len([c for c in oranges if c.against]) >= 6
    assert {c.against for c in oranges if c.against} >= {"plantation", "mine", "bank", "railroad", "ranch"}
    assert kinds_of(blacks)["assassinate"] >= 4 and kinds_of(blacks)["jail"] >= 4
    assert all(any(p.jailed for p in c.prestige) for c in blacks if any(e.kind == "jail" for e in c.effects))
    assert {c.regime for c in blacks} == set(REGIMES)
    assert kinds_of([*oranges, *blacks, *of("headline")])["strife"] >= 5


def test_headline_mechanics() -> None:
    """Both orientations on every headline; headlines that bring each regime, end U.S. Intervention and send
    the U.S. troops home (facts §1.9), and touch mines and banks (depressions)."""
    heads = of("headline")
    assert all(c.effects_when("event") and c.effects_when("status_quo") for c in heads)
    assert {e.get("to") for c in heads for e in c.effects if e.kind == "regime"} == set(REGIMES)
    assert kinds_of(heads)["discard_troops"] >= 2
    german = CARDS["incidente_naval_aleman"]
    assert german.source.startswith("public:")
    assert [e.kind for e in german.effects_when("event")] == ["regime", "discard_troops"]


def test_partner_and_topple_mechanics() -> None:
    """Generals, governors and federal courts with abilities; "During the Topple" cards both for and
    against Díaz; the public cards and Hacendados with two faces."""
    partners = of("partner")
    assert all(c.effects for c in partners if c.kind in ("general", "governor", "federal_court"))
    topple = [e.number("n") for c in CARDS.values() for e in c.effects if e.when == "topple"]
    topple += [e.number("n") for p in PUBLIC_CARDS.values() for e in p.effects if e.when == "topple"]
    assert len(topple) >= 8 and any(n > 0 for n in topple) and any(n < 0 for n in topple)
    assert kinds_of(partners)["extra_action"] >= 3 and kinds_of(partners)["immune"] >= 2
    assert all(sorted(p.faces) == ["back", "front"] for p in PUBLIC_CARDS.values())
    assert all(len(h.orientations) == 2 and h.effects for h in HACENDADOS.values())
    assert Counter(p.type for h in HACENDADOS.values() for o in h.orientations for p in o.prestige) == {
        t: 3 for t in board.PRESTIGE_TYPES
    }


# ----------------------------------------------------------------------------------- names and texts
ALL_IDS = [*CARDS, *HACENDADOS, *PUBLIC_CARDS, *TOPPLES, *REGIMES]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_card_has_a_name_and_a_text(lang: str) -> None:
    catalog = MESSAGES[lang]["card"]
    for cid in ALL_IDS:
        assert catalog.get(cid, {}).get("name"), f"{lang}: {cid} has no name"
        assert len(catalog[cid].get("text", "")) > 20, f"{lang}: {cid} has no text"
    assert set(catalog) == set(ALL_IDS), "messages for cards that do not exist"


def test_the_two_languages_differ_and_label_every_value() -> None:
    es, en = MESSAGES["es"], MESSAGES["en"]
    assert sum(es["card"][c]["text"] != en["card"][c]["text"] for c in ALL_IDS) == len(ALL_IDS)
    for group, values in (
        ("faction", board.FACTIONS),
        ("jurisdiction", board.JURISDICTIONS),
        ("prestige", board.PRESTIGE_TYPES),
        ("enterprise", board.ENTERPRISE_KINDS),
        ("regime", tuple(REGIMES)),
        ("action", board.ACTIONS),
        ("type", board.CARD_TYPES),
    ):
        for lang in (es, en):
            assert set(values) <= set(lang[group]), group


# ----------------------------------------------------------------------------------------- provenance
def test_every_item_names_a_known_source() -> None:
    for name, tree in board.RAW.items():
        for item in provenance.items(tree):
            src = item["source"]
            assert src == "reconstructed" or src.startswith(("rulebook §", "public: ")), (name, item)


def test_no_reconstructed_item_in_a_printed_file() -> None:
    for name in board.PRINTED_FILES:
        kinds = {provenance.kind(i["source"]) for i in provenance.items(board.RAW[name])}
        assert kinds <= {"rulebook", "public"}, name
    for name in board.RECONSTRUCTED_FILES:
        shares = Counter(provenance.kind(i["source"]) for i in provenance.items(board.RAW[name]))
        assert shares["reconstructed"] > shares["public"] + shares["rulebook"], name


def test_provenance_counts() -> None:
    counts = board.provenance()
    items = sum(len(list(provenance.items(tree))) for tree in board.RAW.values())
    assert sum(counts.values()) == items and set(counts) == {"rulebook", "public", "reconstructed"}
    assert counts["reconstructed"] >= len(CARDS) + len(HACENDADOS) + len(PUBLIC_CARDS) + len(TOPPLES) - 1


# ----------------------------------------------------------------------------------- effect vocabulary
def test_every_effect_kind_is_known_documented_and_used() -> None:
    header = (PACKAGE / "data" / "cards.reconstructed.toml").read_text("utf-8").split("[[")[0]
    used = Counter(e.kind for _, effects in everything_with_effects() for e in effects)
    assert set(used) <= set(EFFECT_KINDS)
    assert set(used) == set(EFFECT_KINDS), f"declared but never used: {set(EFFECT_KINDS) - set(used)}"
    for kind in EFFECT_KINDS:
        assert f"#   {kind} " in header, f"{kind} is not documented in data/cards.reconstructed.toml"


def test_the_core_interpreter_accepts_the_vocabulary() -> None:
    """The rules will declare one procedure per kind (core.effects); every effect then passes its check."""
    procs = ProcedureSet()
    kinds = EffectKinds(procs, rule="I")
    for kind in EFFECT_KINDS:
        kinds.kind(kind, rule="I")
    for cid, effects in everything_with_effects():
        kinds.check([e.as_dict() for e in effects], cid)


# --------------------------------------------------------------------------- the checks refuse bad data
def broken(card: str, **changes: object) -> Card:
    return dataclasses.replace(CARDS[card], **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("card", "changes", "complaint"),
    [
        (
            "mina_cananea",
            {"effects": (Effect("bribe", "play", ()),)},
            "mina_cananea: effects.kind = 'bribe': not one of unrest",
        ),
        (
            "mina_cananea",
            {"effects": (Effect("gold", "event", (("n", 1), ("scope", "self"))),)},
            "effects.when = 'event': not one of play",
        ),
        (
            "mina_cananea",
            {"effects": (Effect("gold", "play", (("n", 1),)),)},
            "effects = 'gold': nothing is given for scope",
        ),
        ("mina_cananea", {"jurisdiction": "texas"}, "jurisdiction = 'texas': not one of"),
        ("ferrocarril_sonora", {"upgrade": board.Upgrade(5, 1)}, "upgrade.cost = 5: must be 10"),
        ("ferrocarril_sonora", {"income": 1}, "income = 1: must be 0 (§IV)"),
        (
            "armeria_nogales",
            {"effects": ()},
            "armeria_nogales: effects (orange_played) = []: must be ('gold', 2, 'self')",
        ),
        ("haciendas_rio_mayo", {"slave": True}, "liberator = —: must be given when slave = true"),
        (
            "huelga_cananea",
            {"effects": ()},
            "effects = 'unrest': there are 0; the rulebook has 1 (§CARTA NARANJA)",
        ),
        ("la_leva", {"effects": ()}, "effects.kind = 'jail': must be given when prestige.jailed = true"),
        (
            "guerra_de_1898",
            {"effects": CARDS["guerra_de_1898"].effects_when("event")},
            "effects.when = —: nothing is given for status_quo",
        ),
        ("el_imparcial", {"orientations": ()}, "orientations = —: must be given when kind = 'newspaper'"),
        (
            "decena_tragica",
            {"effects": (Effect("strife", "event", (("factions", ("us", "us")),)),)},
            "effects.factions = ['us', 'us']: must name two different ones of",
        ),
    ],
)
def test_the_loader_refuses_broken_cards(card: str, changes: dict[str, object], complaint: str) -> None:
    with pytest.raises(DataError, match=re.escape(f"cards.reconstructed.toml: {card}: ")) as refused:
        checks._check_card(broken(card, **changes))
    assert complaint in str(refused.value)
