"""The rules of the map, the orders, recovery, popularity, domination and the end, each on a position
built for it (section cited in each test)."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import BadOptionError
from ludoteca.games.patria_libre import scoring
from ludoteca.games.patria_libre.popularity import step
from ludoteca.games.patria_libre.tests.positions import (
    GAME,
    empty,
    face,
    menu,
    options,
    play,
    put,
    started,
    waiting,
)


def test_force_and_control_need_a_troop_and_no_tie() -> None:
    """§Fuerza / §Control: the leader adds 1 but cannot control alone; a tie controls nothing."""
    st = empty(started())
    st.d["leaders"]["hidalgo"] = "puebla"
    assert st.force("hidalgo", "puebla") == 1 and st.controller("puebla") is None
    put(st, "puebla", hidalgo=1, calleja=2)
    assert st.force("hidalgo", "puebla") == 2 and st.controller("puebla") is None
    st.d["forts"]["puebla"] = [2, "calleja"]
    assert st.force("calleja", "puebla") == 3 and st.controller("puebla") == "calleja"


def test_orders_in_a_province_are_limited_by_force() -> None:
    """§Órdenes: as many orders as the force there; a lone leader token places one."""
    st = empty(started())
    st.d["leaders"]["hidalgo"] = "puebla"
    put(st, "zacatecas", calleja=1)
    assert st.room("hidalgo", "puebla")
    st.d["placed"]["puebla"].append(["hidalgo", 0, None])
    st.d["tokens"]["hidalgo"][0][1] = "puebla"
    assert not st.room("hidalgo", "puebla")


def test_recruit_reaches_the_ship_from_yucatan() -> None:
    """§Reclutar, example: from Yucatán an infantry may go to the Ship, Veracruz or Central America."""
    st = empty(started())
    put(st, "yucatan", hidalgo=1)
    put(st, "zacatecas", calleja=1)
    face(st, "hidalgo", "recruit")
    menu(st, "hidalgo")
    play(st, "order recruit", "at yucatan")
    assert sorted(options(st)) == ["at america_central", "at barco", "at veracruz"]


def test_cavalry_marches_two_spaces_but_stops_at_the_ship_and_before_enemy_cavalry() -> None:
    """§Marchar, caballería: two spaces; it stops on entering the Ship or where an adversary's cavalry or
    artillery stands."""
    st = empty(started())
    put(st, "veracruz", hidalgo=2)
    put(st, "puebla", calleja=2)
    face(st, "hidalgo", "march")
    menu(st, "hidalgo")
    play(st, "order march", "at veracruz", "move troop", "size 2", "at barco")
    assert st.d["troops"]["barco"] == {"hidalgo": 2}  # stopped at once
    st2 = empty(started())
    put(st2, "veracruz", hidalgo=2)
    put(st2, "puebla", calleja=2)
    face(st2, "hidalgo", "march")
    menu(st2, "hidalgo")
    play(st2, "order march", "at veracruz", "move troop", "size 2", "at puebla")
    assert st2.d["troops"]["puebla"]["hidalgo"] == 2  # stopped by the enemy cavalry
    st3 = empty(started())
    put(st3, "veracruz", hidalgo=2)
    put(st3, "zacatecas", calleja=1)
    face(st3, "hidalgo", "march")
    menu(st3, "hidalgo")
    play(st3, "order march", "at veracruz", "move troop", "size 2", "at mexico_capital")
    assert "at gto_valladolid" in options(st3) and "stay" in options(st3)


def test_cavalry_joining_an_infantry_becomes_artillery() -> None:
    """§Marchar: a cavalry marching onto an own infantry may become an artillery, the leader with it."""
    st = empty(started())
    put(st, "gto_valladolid", hidalgo=2)
    st.d["leaders"]["hidalgo"] = "gto_valladolid"
    put(st, "nueva_galicia", hidalgo=1)
    put(st, "zacatecas", calleja=1)
    face(st, "hidalgo", "march")
    menu(st, "hidalgo")
    play(st, "order march", "at gto_valladolid", "move both", "size 2", "at nueva_galicia")
    if "stay" in options(st):
        play(st, "stay")
    play(st, "merge")
    assert st.d["troops"]["nueva_galicia"]["hidalgo"] == 3 and st.d["leaders"]["hidalgo"] == "nueva_galicia"
    assert "hidalgo" not in st.d["troops"]["gto_valladolid"]


def test_fortress_needs_equal_force_gives_two_levels_and_completes() -> None:
    """§Fortaleza: half, then complete; force at least the adversary's; 2 levels each time."""
    st = empty(started())
    put(st, "puebla", hidalgo=1, calleja=2)
    put(st, "zacatecas", calleja=1)
    face(st, "hidalgo", "fortress")
    menu(st, "hidalgo")
    assert "order fortress" not in options(st)
    st.d["troops"]["puebla"]["calleja"] = 1
    menu(st, "hidalgo")
    play(st, "order fortress", "at puebla", "pop iglesia", "pop iglesia")
    assert st.d["forts"]["puebla"] == [1, "hidalgo"] and st.d["pop"]["hidalgo"]["iglesia"][0] == 2


def test_twelve_forts_at_most() -> None:
    st = empty(started())
    put(st, "puebla", hidalgo=1)
    put(st, "zacatecas", calleja=1)
    st.d["forts_built"] = 12
    face(st, "hidalgo", "fortress")
    menu(st, "hidalgo")
    assert "order fortress" not in options(st)


def test_a_complete_fort_absorbs_the_first_hit_without_mala_fama() -> None:
    """§Atacar: the complete fort goes first; removing it costs no popularity."""
    st = empty(started())
    put(st, "puebla", hidalgo=1, calleja=3)
    st.d["forts"]["puebla"] = [2, "hidalgo"]
    put(st, "yucatan", hidalgo=1)
    face(st, "calleja", "attack")
    menu(st, "calleja")
    play(st, "order attack", "at puebla", "at puebla", "target hidalgo")
    assert "puebla" not in st.d["forts"] and st.d["troops"]["puebla"]["hidalgo"] == 1
    assert all(cell[0] == 0 for cell in st.d["pop"]["calleja"].values())


def test_taxes_need_the_most_force_and_pay_three_in_a_mine() -> None:
    """§Impuestos / saqueo: 2 coins, 3 with a mine, a level lost; strongest where shared."""
    st = empty(started())
    put(st, "zacatecas", calleja=1, hidalgo=1)
    put(st, "puebla", calleja=1)
    face(st, "calleja", "taxes")
    menu(st, "calleja")
    assert options(st).count("order taxes") == 1
    play(st, "order taxes")
    assert options(st) == ["at puebla"]
    st.d["troops"]["zacatecas"]["calleja"] = 2
    menu(st, "calleja")
    play(st, "order taxes", "at zacatecas", "pop militar")
    assert st.d["coins"]["calleja"] == 3 and st.d["pop"]["calleja"]["militar"][0] == -1


def test_train_stops_at_the_pieces() -> None:
    """§Entrenar: four cavalry and two artillery a player."""
    st = empty(started())
    for prov in ("puebla", "oaxaca"):
        put(st, prov, calleja=3)
    put(st, "zacatecas", calleja=2)
    put(st, "yucatan", hidalgo=1)
    face(st, "calleja", "train")
    menu(st, "calleja")
    assert "order train" not in options(st)


def test_clone_costs_a_coin_and_copies_another_order() -> None:
    """§Clonar orden: any other order, for a coin."""
    st = empty(started())
    put(st, "puebla", calleja=1)
    put(st, "yucatan", hidalgo=1)
    face(st, "calleja", "clone")
    menu(st, "calleja")
    assert "order clone" not in options(st)
    st.d["coins"]["calleja"] = 1
    menu(st, "calleja")
    play(st, "order clone", "at puebla", "face recruit", "at oaxaca")
    assert st.d["coins"]["calleja"] == 0 and st.d["troops"]["oaxaca"] == {"calleja": 1}


def test_recover_flips_orders_costs_levels_and_pushes_the_market() -> None:
    """§C: orders come back turned over; a level per order left playable; the leftmost card leaves."""
    st = empty(started())
    put(st, "puebla", calleja=2)
    put(st, "yucatan", hidalgo=1)
    st.d["tokens"]["calleja"][0] = [0, "puebla"]
    st.d["placed"]["puebla"] = [["calleja", 0, None]]
    leftmost = st.d["market"][0]
    menu(st, "calleja")
    play(st, "recover", "pop militar", "pop militar", "pop ilustracion")
    assert st.d["tokens"]["calleja"][0] == [1, None]
    assert st.d["pop"]["calleja"]["militar"] == [-2, -2] and st.d["pop"]["calleja"]["ilustracion"] == [-1, -1]
    assert leftmost not in st.d["market"] and len(st.d["market"]) == 4


def test_reorganize_not_twice_in_a_row() -> None:
    """§D: never on two consecutive turns."""
    st = empty(started())
    put(st, "puebla", calleja=1)
    put(st, "yucatan", hidalgo=1)
    st.d["last_reorg"]["calleja"] = True
    menu(st, "calleja")
    assert "reorganize" not in options(st)


def test_pendulum_does_not_repeat_a_square() -> None:
    """§Tablero de popularidad: back and forth on the same side triggers a square once."""
    st = empty(started())
    assert step(st, "hidalgo", "ilustracion", 1) == ""
    assert step(st, "hidalgo", "ilustracion", 1) == "coin_buy"
    assert step(st, "hidalgo", "ilustracion", -1) == ""
    assert step(st, "hidalgo", "ilustracion", 1) == ""
    assert step(st, "hidalgo", "ilustracion", 1) == "opponent_loses"
    step(st, "hidalgo", "ilustracion", 1)
    assert st.d["pop"]["hidalgo"]["ilustracion"] == [0, 0] and st.d["vp"]["insurgent"] == 1


def test_domination_prize_once_until_the_region_empties() -> None:
    """§Premio por dominio: coins (mines) and stars of the region, a level a fort half, then a marker."""
    st = empty(started())
    for prov in ("nuevo_santander", "provincias_internas", "nueva_vizcaya"):
        put(st, prov, hidalgo=1)
    st.d["forts"]["nueva_vizcaya"] = [2, None]
    put(st, "puebla", calleja=1)
    st.call("settle", then="menu")
    st.d["wait"] = None
    st._run()
    assert st.d["dominated"] == {"antorcha": "hidalgo"} and st.d["coins"]["hidalgo"] == 1
    assert waiting(st)["prompt"] == "prompt.gain" and waiting(st)["params"]["n"] == 2


def test_spv_scoring_in_four_players_goes_to_the_side() -> None:
    """§Puntuación: control is one player's, but VP go to the side's marker."""
    st = empty(started(players="4"))
    put(st, "mexico_capital", hidalgo=1)
    put(st, "veracruz", morelos=1)
    put(st, "puebla", calleja=1, venegas=1)  # allies' forces are not added: a tie
    for r in st.d["seats"]:
        st.d["vp"]["insurgent" if r in ("hidalgo", "morelos") else "royalist"] += scoring.score(
            st, r, "corona"
        )
    assert st.d["vp"] == {"insurgent": 2 + 2 + 1, "royalist": 0}


def test_end_by_lead_and_by_enemy_flags() -> None:
    """§Condiciones de victoria 1 and 2."""
    st = empty(started())
    put(st, "yucatan", hidalgo=1)
    st.d["vp"]["royalist"] = 10
    assert scoring.end_reached(st) == "outcome.lead"
    st.d["vp"]["royalist"] = 0
    for prov in ("gto_valladolid", "nuevo_santander", "yucatan"):
        put(st, prov, calleja=2)
    assert scoring.end_reached(st) == "outcome.flags"
    assert scoring.winner(st, "outcome.flags") == ("royalist", "")


def test_tie_breaks_in_order() -> None:
    """§Condiciones de victoria: supply capacity, flags, provinces, then the royalists."""
    st = empty(started())
    assert scoring.winner(st, "outcome.last_spv") == ("royalist", "royalists")
    put(st, "oaxaca", hidalgo=1)
    assert scoring.winner(st, "outcome.last_spv") == ("insurgent", "provinces")
    put(st, "zacatecas", hidalgo=1)
    put(st, "puebla", calleja=1)
    put(st, "veracruz", calleja=1)
    # "más provincias con banderas": any flag counts, the royalists' own Puebla as the enemy's Zacatecas
    assert scoring.winner(st, "outcome.last_spv") == ("royalist", "royalists")
    put(st, "yucatan", hidalgo=1)  # the insurgents' own flag province
    put(st, "san_luis_potosi", calleja=1)  # no flag: the royalists lead in provinces, not in flags
    assert scoring.winner(st, "outcome.last_spv") == ("insurgent", "flags")
    st.d["coins"]["calleja"] = 1
    assert scoring.winner(st, "outcome.last_spv") == ("royalist", "supply")


def test_a_wiped_player_loses_a_level_reorganises_and_reenters_on_a_flag() -> None:
    """§¿Se puede eliminar a un jugador?"""
    st = empty(started())
    put(st, "puebla", calleja=1)
    st.call("settle", then="menu")
    st.d["wait"] = None
    st._run()
    assert st.d["wiped"]["hidalgo"] and waiting(st)["prompt"] == "prompt.lose"
    play(st, "pop militar", "face recruit", "face fortress", "face attack", "face taxes")
    frame = st.running_frame()
    assert frame is not None
    frame["r"], frame["s"] = "hidalgo", "start"
    st.d["wait"] = None
    st._run()
    assert sorted(options(st)) == ["at gto_valladolid", "at nuevo_santander", "at yucatan"]


def test_solo_needs_two_players() -> None:
    with pytest.raises(BadOptionError, match="players=2"):
        GAME.parse_options({"solo": "realistas", "players": "4"})


def test_notation_round_trips() -> None:
    for a, name in enumerate(GAME.actions.names):
        assert GAME.actions.parse(name) == a


def test_no_mala_fama_attacking_in_a_dominated_region() -> None:
    """§Atacar: attacking in a region one dominates costs no popularity."""
    st = empty(started())
    put(st, "zacatecas", calleja=3, hidalgo=1)
    for prov in ("gto_valladolid", "nueva_galicia", "san_luis_potosi"):
        put(st, prov, calleja=1)
    put(st, "yucatan", hidalgo=1)
    face(st, "calleja", "attack")
    menu(st, "calleja")
    play(st, "order attack", "at zacatecas", "at zacatecas", "target hidalgo")
    assert all(cell[0] == 0 for cell in st.d["pop"]["calleja"].values())


def test_a_player_back_on_the_map_can_be_wiped_again() -> None:
    """§¿Se puede eliminar a un jugador?: the penalty applies each time the map is lost."""
    st = empty(started())
    put(st, "puebla", calleja=1)
    st.d["wiped"]["hidalgo"] = True
    put(st, "yucatan", hidalgo=1)
    st.call("settle", then="menu")
    st.d["wait"] = None
    st._run()
    assert not st.d["wiped"]["hidalgo"]
