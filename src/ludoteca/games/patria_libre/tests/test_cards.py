"""The cards (cards.py, data/cards.toml): every card the rulebook names keeps and does what the rulebook
says of it, every effect kind of the vocabulary works, the violet characters change sides by their
printed preference (§C- Recuperar órdenes, the Iturrigaray example), and the data meets the rulebook's
constraints."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca.games.patria_libre import card_effects, cards, market
from ludoteca.games.patria_libre.activate_card import usable
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.cards import CARDS, new_owner
from ludoteca.games.patria_libre.personality import PERSONALITIES
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import (
    GAME,
    empty,
    menu,
    options,
    play,
    put,
    started,
    waiting,
)
from ludoteca.games.patria_libre.turn import usable_cards


def ready(**options: str) -> PatriaState:
    """Hidalgo against Calleja on an empty map, each with an infantry and the leader token: Hidalgo in
    Gto. / Valladolid (campana), Calleja in Puebla (corona); areas emptied."""
    st = empty(started(1, **options))
    put(st, "gto_valladolid", hidalgo=1)
    put(st, "puebla", calleja=1)
    st.d["leaders"].update(hidalgo="gto_valladolid", calleja="puebla")
    for r in st.d["seats"]:
        st.d["area"][r] = []
    return st


def activate(st: PatriaState, r: str, card: str, prov: str) -> PatriaState:
    """Put `card` in `r`'s area and activate it in `prov` with the first free token (§B)."""
    st.d["area"][r].append(card)
    menu(st, r)
    play(st, f"card {card}", f"at {prov}")
    if waiting(st)["prompt"] == "prompt.token":
        st.apply_action(st.legal_actions()[0])
    return st


def prompt(st: PatriaState) -> str:
    return str(waiting(st)["prompt"])


def pops(st: PatriaState, r: str) -> dict[str, int]:
    return {c: cell[0] for c, cell in st.d["pop"][r].items()}


# --------------------------------------------------------------------------------------- the data
def test_the_card_counts_of_the_components_list() -> None:
    """§Componentes: 4 leader cards, stages I 20 / II 20 / III 14, 5 S/PV cards, and the Iturbide card."""
    kinds = Counter(c.type for c in CARDS.values())
    assert kinds == {
        "leader": 4,
        "iturbide": 1,
        "spv": 5,
        "character": kinds["character"],
        "event": kinds["event"],
    }
    assert {s: len(ids) for s, ids in cards.STAGES.items()} == {"I": 20, "II": 20, "III": 14}
    assert sorted(CARDS[c].region for c in cards.SPV) == sorted(BOARD.regions)


def test_every_card_says_where_it_comes_from() -> None:
    for cid, raw in BOARD.cards.items():
        assert raw["source"].startswith(("rulebook §", "reconstructed")), cid


def test_colours_carry_their_symbols_and_the_sides_are_balanced() -> None:
    """§Comprar carta: numbers on insurgent cards, letters on royalist ones, both on the mixed violet."""
    deck = [c for c in CARDS.values() if c.stage]
    by_colour = Counter(c.colour for c in deck)
    assert by_colour["yellow"] == by_colour["blue"]
    for stage in cards.STAGES:
        colours = Counter(CARDS[c].colour for c in cards.STAGES[stage])
        assert colours["yellow"] == colours["blue"], stage
    assert all(c.numbers and not c.letters for c in deck if c.colour == "yellow")
    assert all(c.letters and not c.numbers for c in deck if c.colour == "blue")
    assert all(c.numbers and c.letters for c in deck if c.colour == "violet")


@pytest.mark.parametrize(
    ("card", "facts"),
    [
        ("hidalgo", {"numbers": (1, 2), "effects": ["attack", "recruit"]}),
        ("morelos", {"effects": ["attack", "buy"]}),
        ("calleja", {"effects": ["attack", "march"]}),
        ("venegas", {"effects": ["attack", "buy_popularity"]}),
        ("juan_aldama", {"numbers": (1, 2)}),
        ("grito_de_dolores", {"numbers": (2,)}),
        ("iturbide", {"popularity": "militar"}),
        ("santa_anna", {"popularity": "iglesia", "effects": ["attack"]}),
        ("bataller", {"effects": ["buy"], "colour": "blue"}),
        ("pedro_moreno", {"effects": ["train"]}),
        ("congreso_constituyente", {"effects": ["vp"]}),
        ("esclavitud_abolida", {"effects": ["train", "fortress"]}),
        ("excomulgados", {"effects": ["rival_popularity"]}),
        ("indultos", {"effects": ["rival_discard"]}),
        ("evangelizacion", {"effects": ["recruit"]}),
        ("division_de_la_iglesia", {"effects": ["vp"]}),
        ("division_de_castas", {"effects": ["coins", "buy"]}),
        ("jose_de_iturrigaray", {"colour": "violet"}),
    ],
)
def test_the_cards_the_rulebook_names_keep_what_it_says(card: str, facts: dict[str, object]) -> None:
    c = CARDS[card]
    assert BOARD.cards[card]["source"].startswith("rulebook §")
    for key, want in facts.items():
        if key == "effects":
            got = [e.get("order", e["kind"]) for e in c.effects]
            assert got == want, card
        else:
            assert getattr(c, key) == want, (card, key)


def test_the_named_numbers_and_requirements() -> None:
    """The rulebook's numbers: Aldama 1 and 2 and Grito de Dolores 2 (the Aldama example), Excomulgados
    ≥ in iglesia and 3 levels, Indultos a coin and a level, Congreso a card for 2 VP, the División cards
    strict, Pedro Moreno in torch and bell provinces, Evangelización twice into other regions."""
    assert CARDS["excomulgados"].requires == ({"kind": "rank", "column": "iglesia", "cmp": ">="},)
    assert CARDS["excomulgados"].effects[0]["n"] == 3
    assert CARDS["indultos"].requires == ({"kind": "pay", "coins": 1, "popularity": 1},)
    assert CARDS["congreso_constituyente"].requires == ({"kind": "pay", "cards": 1},)
    assert CARDS["congreso_constituyente"].effects == ({"kind": "vp", "n": 2},)
    assert CARDS["division_de_la_iglesia"].requires[0]["cmp"] == "extreme"
    assert CARDS["division_de_castas"].requires[0]["cmp"] == "extreme"
    assert CARDS["pedro_moreno"].requires == ({"kind": "region", "icons": ["antorcha", "campana"]},)
    assert CARDS["esclavitud_abolida"].requires == ({"kind": "poorest"},)
    assert CARDS["evangelizacion"].effects == (
        {"kind": "order", "order": "recruit", "times": 2, "target": "other_region"},
    )
    assert CARDS["jose_de_iturrigaray"].prefers == {"kind": "rank", "column": "ilustracion", "side": "lowest"}
    calderon = set(BOARD.regions[CARDS["batalla_puente_de_calderon"].region])
    assert {"zacatecas", "nueva_galicia", "gto_valladolid"} <= calderon
    assert len(BOARD.regions[CARDS["rebelion_en_cistell"].region]) == 3


def test_juan_aldama_matches_three_times() -> None:
    """§Comprar carta, example: Aldama matches 1 and 2 on Hidalgo and 2 on Grito de Dolores."""
    st = ready()
    st.d["area"]["hidalgo"] = ["hidalgo", "grito_de_dolores"]
    assert market.matches(st, "hidalgo", "juan_aldama") == 3
    assert market.matches(st, "calleja", "juan_aldama") == 0


def test_the_military_matches_numbers_and_letters() -> None:
    assert cards.symbols("military", "santa_anna") == {5, "B"}
    assert cards.symbols("insurgent", "santa_anna") == {5}
    assert cards.symbols("royalist", "santa_anna") == {"B"}


# -------------------------------------------------------------------------- colours and leaders
def test_colours_decide_who_may_activate() -> None:
    """§B- Activar carta: yellow for insurgents, blue for royalists, violet for both."""
    st = ready()
    st.d["area"]["hidalgo"] = ["bataller", "ignacio_lopez_rayon", "jose_de_iturrigaray"]
    st.d["coins"]["hidalgo"] = 3
    assert set(usable_cards(st, "hidalgo")) == {"ignacio_lopez_rayon", "jose_de_iturrigaray"}


def test_a_leader_card_is_used_only_where_its_token_stands() -> None:
    """§1. Cartas de líder."""
    st = ready()
    put(st, "puebla", hidalgo=1)
    st.d["area"]["hidalgo"] = ["hidalgo"]
    assert usable_cards(st, "hidalgo")["hidalgo"] == ["gto_valladolid"]
    st.d["leaders"]["hidalgo"] = "puebla"
    assert usable_cards(st, "hidalgo")["hidalgo"] == ["puebla"]


# --------------------------------------------------------------------- the named cards in action
def test_excomulgados_needs_iglesia_at_or_above_and_costs_three_levels() -> None:
    st = ready()
    st.d["pop"]["hidalgo"]["iglesia"] = [1, 1]
    st.d["area"]["calleja"] = ["excomulgados"]
    assert not usable(st, "calleja", "excomulgados", "puebla")
    st.d["pop"]["calleja"]["iglesia"] = [1, 1]
    assert usable(st, "calleja", "excomulgados", "puebla")
    st.d["area"]["calleja"] = []
    activate(st, "calleja", "excomulgados", "puebla")
    assert prompt(st) == "prompt.lose" and st.current_player() == st.idx("hidalgo")
    play(st, "pop ilustracion", "pop militar", "pop militar")
    assert pops(st, "hidalgo") == {"ilustracion": -1, "militar": -2, "iglesia": 1}
    assert "excomulgados" in st.d["discard"]


def test_esclavitud_abolida_needs_the_fewest_coins_and_trains_and_builds() -> None:
    st = ready()
    st.d["coins"].update(hidalgo=2, calleja=1)
    assert not usable(st, "hidalgo", "esclavitud_abolida", "gto_valladolid")
    st.d["coins"]["calleja"] = 2
    activate(st, "hidalgo", "esclavitud_abolida", "gto_valladolid")
    assert prompt(st) == "cards.prompt.effect"
    play(st, "effect 1")
    assert st.d["troops"]["gto_valladolid"]["hidalgo"] == 2
    play(st, "effect 2")
    assert st.d["forts"]["gto_valladolid"] == [1, "hidalgo"]


def test_indultos_costs_a_coin_and_a_level_and_the_victim_chooses_the_card() -> None:
    st = ready()
    st.d["coins"]["calleja"] = 1
    st.d["area"]["hidalgo"] = ["juan_aldama", "grito_de_dolores"]
    activate(st, "calleja", "indultos", "puebla")
    assert prompt(st) == "prompt.lose" and st.current_player() == st.idx("calleja")
    play(st, "pop militar")
    assert st.d["coins"]["calleja"] == 0 and pops(st, "calleja")["militar"] == -1
    assert st.current_player() == st.idx("hidalgo") and set(options(st)) == {
        "discard juan_aldama",
        "discard grito_de_dolores",
    }
    play(st, "discard grito_de_dolores")
    assert st.d["area"]["hidalgo"] == ["juan_aldama"] and "grito_de_dolores" in st.d["discard"]


def test_indultos_cannot_be_paid_without_a_coin() -> None:
    st = ready()
    st.d["area"]["calleja"] = ["indultos"]
    st.d["area"]["hidalgo"] = ["juan_aldama"]
    assert not usable(st, "calleja", "indultos", "puebla")


def test_evangelizacion_recruits_twice_next_door_in_other_regions() -> None:
    """From Veracruz (tabaco), the neighbours of other regions: the ship, México-Capital, Puebla, Oaxaca,
    Nuevo Santander and San Luis Potosí — not Yucatán (tabaco too)."""
    st = ready()
    put(st, "veracruz", hidalgo=1)
    others = {"barco", "mexico_capital", "puebla", "oaxaca", "nuevo_santander", "san_luis_potosi"}
    assert set(card_effects.other_region_targets(st, "hidalgo", "veracruz")) == others
    activate(st, "hidalgo", "evangelizacion", "veracruz")
    assert set(options(st)) == {f"at {p}" for p in others}
    play(st, "at oaxaca")
    assert set(options(st)) == {f"at {p}" for p in others - {"oaxaca"}}
    play(st, "at barco")
    assert st.d["troops"]["oaxaca"]["hidalgo"] == 1 and st.d["troops"]["barco"]["hidalgo"] == 1
    assert "evangelizacion" in st.d["discard"]


def test_the_division_cards_need_a_strict_extreme() -> None:
    st = ready()
    assert not usable(st, "hidalgo", "division_de_la_iglesia", "gto_valladolid")  # tied at neutral
    st.d["pop"]["hidalgo"]["iglesia"] = [-2, -2]
    activate(st, "hidalgo", "division_de_la_iglesia", "gto_valladolid")
    assert st.d["vp"]["insurgent"] == 2
    st.d["pop"]["calleja"]["ilustracion"] = [2, 2]
    st.d["coins"]["calleja"] = 0
    activate(st, "calleja", "division_de_castas", "puebla")
    play(st, "effect 1")
    assert st.d["coins"]["calleja"] == 1
    play(st, "effect 2")
    assert prompt(st) == "prompt.buy"


def test_congreso_constituyente_sacrifices_a_card_for_two_vp() -> None:
    st = ready()
    st.d["area"]["hidalgo"] = ["congreso_constituyente"]
    assert not usable(st, "hidalgo", "congreso_constituyente", "gto_valladolid")
    st.d["area"]["hidalgo"] = ["juan_aldama"]
    activate(st, "hidalgo", "congreso_constituyente", "gto_valladolid")
    assert options(st) == ["discard juan_aldama"]
    play(st, "discard juan_aldama")
    assert st.d["vp"]["insurgent"] == 2 and "juan_aldama" in st.d["discard"]


def test_pedro_moreno_trains_only_in_torch_and_bell_provinces() -> None:
    st = ready()
    put(st, "puebla", hidalgo=1)
    assert not usable(st, "hidalgo", "pedro_moreno", "puebla")  # corona
    assert usable(st, "hidalgo", "pedro_moreno", "gto_valladolid")  # campana
    activate(st, "hidalgo", "pedro_moreno", "gto_valladolid")
    assert st.d["troops"]["gto_valladolid"]["hidalgo"] == 2
    assert any(item[2] == "pedro_moreno" for item in st.d["placed"]["gto_valladolid"])  # a character stays


def test_santa_anna_raises_iglesia_and_attacks() -> None:
    st = ready()
    put(st, "puebla", hidalgo=2)
    activate(st, "hidalgo", "santa_anna", "puebla")
    assert pops(st, "hidalgo")["iglesia"] == 1
    assert prompt(st) == "prompt.attack_where"


def test_bataller_buys_a_card() -> None:
    st = ready()
    st.d["coins"]["calleja"] = 3
    activate(st, "calleja", "bataller", "puebla")
    assert prompt(st) == "prompt.buy"


# ------------------------------------------------------------------------------ each effect kind
def test_effect_order_carries_out_the_order_from_the_cards_province() -> None:
    st = ready()
    activate(st, "hidalgo", "grito_de_dolores", "gto_valladolid")
    assert prompt(st) == "prompt.recruit"
    first = options(st)[0].split(" ")[1]
    play(st, f"at {first}")
    assert prompt(st) == "prompt.recruit"  # twice
    assert f"at {first}" not in options(st)


def test_effect_popularity_vp_and_coins() -> None:
    st = ready()
    activate(st, "hidalgo", "constitucion_de_apatzingan", "gto_valladolid")
    play(st, "effect 1", "effect 2")
    assert st.d["vp"]["insurgent"] == 1 and pops(st, "hidalgo")["ilustracion"] == 2
    st2 = ready()
    activate(st2, "hidalgo", "mariano_abasolo", "gto_valladolid")
    assert st2.d["coins"]["hidalgo"] == 2


def test_effect_buy_popularity_is_venegas_paying_a_peso() -> None:
    st = ready(royalist="venegas")
    st.d["coins"]["venegas"] = 1
    st.d["leaders"]["venegas"] = "puebla"
    put(st, "puebla", venegas=1)
    activate(st, "venegas", "venegas", "puebla")
    assert set(options(st)) == {"effect 2", "done"}  # nobody to attack
    play(st, "effect 2")
    assert st.d["coins"]["venegas"] == 0 and prompt(st) == "prompt.gain"


def test_effect_steal_coins_takes_what_there_is() -> None:
    st = ready()
    st.d["coins"].update(hidalgo=1, calleja=0)
    activate(st, "calleja", "golpe_de_yermo", "puebla")
    assert st.d["coins"] == {"hidalgo": 0, "calleja": 1}


def test_effect_rival_popularity_and_discard() -> None:
    st = ready()
    activate(st, "calleja", "abad_y_queipo", "puebla")
    assert pops(st, "calleja")["iglesia"] == 1 and st.current_player() == st.idx("hidalgo")
    play(st, "pop iglesia")
    assert pops(st, "hidalgo")["iglesia"] == -1


def test_effect_convert_infantry_takes_an_enemy_infantry_where_you_have_no_troop() -> None:
    st = ready()
    put(st, "mexico_capital", hidalgo=1)
    put(st, "oaxaca", hidalgo=2)  # a cavalry is not converted
    assert card_effects.conversions(st, "calleja", "puebla") == [("mexico_capital", "hidalgo")]
    activate(st, "calleja", "juan_ruiz_de_apodaca", "puebla")
    play(st, "at mexico_capital")
    assert st.d["troops"]["mexico_capital"] == {"calleja": 1}


# ------------------------------------------------------------------------------- changing sides
def test_iturrigaray_joins_the_player_lowest_in_ilustracion() -> None:
    """§C- Recuperar órdenes, example: Esteban recovers Iturrigaray; Cynthia is a level lower in the
    ilustración column, so Iturrigaray changes sides and joins her."""
    st = ready()
    st.d["pop"]["hidalgo"]["ilustracion"] = [1, 1]
    st.d["pop"]["calleja"]["ilustracion"] = [0, 0]
    assert new_owner(st, "hidalgo", "jose_de_iturrigaray") == "calleja"
    st.d["tokens"]["hidalgo"][0][1] = "gto_valladolid"
    st.d["placed"]["gto_valladolid"] = [["hidalgo", 0, "jose_de_iturrigaray"]]
    menu(st, "hidalgo")
    play(st, "recover")
    assert "jose_de_iturrigaray" in st.d["area"]["calleja"]
    assert "jose_de_iturrigaray" not in st.d["area"]["hidalgo"]


def test_a_tie_keeps_the_violet_character() -> None:
    st = ready()
    assert new_owner(st, "hidalgo", "jose_de_iturrigaray") == "hidalgo"  # both at neutral
    st.d["coins"].update(hidalgo=3, calleja=3)
    assert new_owner(st, "calleja", "ignacio_elizondo") == "calleja"
    st.d["coins"]["hidalgo"] = 4
    assert new_owner(st, "calleja", "ignacio_elizondo") == "hidalgo"  # he goes to the richest


def test_other_cards_never_change_sides() -> None:
    st = ready()
    st.d["pop"]["calleja"]["ilustracion"] = [-3, -3]
    assert new_owner(st, "hidalgo", "juan_aldama") == "hidalgo"


def test_every_card_and_personality_is_named_and_explained_in_both_languages() -> None:
    """Card names and texts, each effect of a card with several, and the personalities (DESIGN §7)."""
    catalog = GAME.catalog
    for lang in ("es", "en"):
        keys = catalog.keys(lang)
        for c in CARDS.values():
            assert {f"card.{c.id}.name", f"card.{c.id}.text"} <= keys, (lang, c.id)
            if len(c.effects) > 1:
                assert all(f"card.{c.id}.e{i + 1}" in keys for i in range(len(c.effects))), (lang, c.id)
        for p in PERSONALITIES:
            assert f"persona.{p.id}" in keys, (lang, p.id)
    assert catalog.text("card.grito_de_dolores.name", "en") == "Cry of Dolores"
    assert "2 PV" in catalog.text("card.congreso_constituyente.text", "es")
