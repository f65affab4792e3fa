"""The military faction led by Iturbide (§Modo facción militar encabezada por Iturbide): its set-up, the
split table, the hand-out after an S/PV card, the ally marker, the cards it may use and its victories."""

from __future__ import annotations

import pytest

from ludoteca.core.game import TERMINAL
from ludoteca.games.patria_libre import military
from ludoteca.games.patria_libre.board import ROLES
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import (
    empty,
    menu,
    options,
    outcome,
    play,
    put,
    started,
    waiting,
)
from ludoteca.games.patria_libre.turn import usable_cards

PRINTED = {2: (1, 1), 3: (2, 1), 4: (2, 2), 5: (3, 2), 6: (3, 3), 7: (4, 2), 8: (4, 3), 9: (5, 4), 10: (5, 3)}


def three(**options: str) -> PatriaState:
    """Three players on an empty map but for the regular leaders' tokens (which need no supply)."""
    st = empty(started(1, players="3", **options))
    st.d["leaders"].update(hidalgo="nuevo_santander", calleja="zacatecas")
    return st


def test_the_military_sets_up_in_mexico_capital_and_on_the_ship() -> None:
    """§Preparación de la partida: Iturbide's token and an infantry in México-Capital, an infantry on the
    ship, his card, two coins; turn order insurgent, royalist, military; no markers handed out yet."""
    st = started(1, players="3")
    assert st.d["seats"][2] == "iturbide" and st.side("iturbide") == "military"
    assert st.d["leaders"]["iturbide"] == "mexico_capital"
    assert st.d["troops"]["mexico_capital"]["iturbide"] == 1 and st.d["troops"]["barco"]["iturbide"] == 1
    assert "iturbide" in st.d["area"]["iturbide"] and st.d["coins"]["iturbide"] == 2
    assert st.d["mil_vp"] == {"insurgent": 0, "royalist": 0} and st.d["mil_ally"] is None


@pytest.mark.parametrize("points", range(2, 11))
def test_the_printed_split_table(points: int) -> None:
    """§Tabla para repartir PV por la facción militar, column by column as printed."""
    assert military.split(points, "printed") == PRINTED[points]


@pytest.mark.parametrize("points", range(2, 30))
def test_the_even_reading_hands_out_every_point_within_two_thirds(points: int) -> None:
    """Our default reads the table's 7, 8 and 10 columns (which add up to 6, 7 and 8) as misprints: every
    point is handed out, never more than 2/3 to one side, and it agrees with every other printed column."""
    big, small = military.split(points, "even")
    assert big + small == points and big >= small and 3 * big <= 2 * points + 1
    if points in PRINTED and points not in (7, 8, 10):
        assert (big, small) == PRINTED[points]


def test_one_point_gives_no_marker() -> None:
    assert military.split(1) == military.split(1, "printed") == (0, 0)


def hand_out(st: PatriaState, spv: str = "sitio_de_cuautla") -> PatriaState:
    """Iturbide recovers with an S/PV card leftmost in the market: supply (a coin a troop), scoring, and the
    hand-out. His four orders lie on the map, so recovering costs no popularity."""
    st.d["market"][0] = spv
    st.d["tokens"]["iturbide"] = [[0, "mexico_capital"] for _ in range(4)]
    st.d["placed"]["mexico_capital"] = [["iturbide", k, None] for k in range(4)]
    st.d["coins"]["iturbide"] = 5
    menu(st, "iturbide")
    play(st, "recover")
    while st.d["wait"] and st.d["wait"].get("prompt") != "military.prompt.favour" and not st.is_terminal():
        if st.d["wait"].get("prompt") == "prompt.action":
            break
        if st.is_chance_node():
            st.apply_action(st.legal_actions()[0])
        else:
            assert "supply coin" in options(st), options(st)
            play(st, "supply coin")
    return st


def test_the_military_hands_out_what_it_scores_and_chooses_the_favoured_side() -> None:
    """México-Capital (2 stars) and Veracruz (1 star) controlled, and México-Capital again at 2 VP for the
    crown card: 5 points → 3 and 2, the military choosing who gets 3. Its ally is then the royalists."""
    st = three()
    put(st, "mexico_capital", iturbide=1)
    put(st, "veracruz", iturbide=1)
    hand_out(st)
    assert waiting(st)["prompt"] == "military.prompt.favour"
    assert st.current_player() == ROLES.index("iturbide")
    assert set(options(st)) == {"favour insurgent", "favour royalist"}
    play(st, "favour royalist")
    assert st.d["vp"] == {"insurgent": 2, "royalist": 3}
    assert st.d["mil_vp"] == {"insurgent": 2, "royalist": 3} and st.d["mil_ally"] == "royalist"
    assert st.d["mil_vp_pending"] == 0


def test_an_even_hand_out_needs_no_choice_and_leaves_no_ally() -> None:
    st = three()
    put(st, "mexico_capital", iturbide=1)
    put(st, "veracruz", iturbide=1)
    put(st, "reino_de_espana", iturbide=1)
    hand_out(st)
    assert st.d["mil_vp"] == {"insurgent": 3, "royalist": 3} and st.d["mil_ally"] is None


def test_a_six_point_lead_after_the_hand_out_wins_alone() -> None:
    """§Fin de juego: a regular side 6 VP ahead after the military's hand-out wins, ignoring the military."""
    st = three()
    st.d["vp"]["insurgent"] = 5
    put(st, "mexico_capital", iturbide=1)
    put(st, "veracruz", iturbide=1)
    hand_out(st)
    play(st, "favour insurgent")
    assert st.current_player() == TERMINAL
    assert outcome(st) == "military.outcome.lead"
    assert st.returns()[ROLES.index("hidalgo")] == 1.0
    assert st.returns()[ROLES.index("iturbide")] == -1.0 and st.returns()[ROLES.index("calleja")] == -1.0


def test_the_military_uses_violet_cards_and_its_allys() -> None:
    st = three()
    assert military.may_use_colour(st, "iturbide", "violet")
    assert not military.may_use_colour(st, "iturbide", "yellow")
    st.d["mil_ally"] = "insurgent"
    assert military.may_use_colour(st, "iturbide", "yellow") and not military.may_use_colour(
        st, "iturbide", "blue"
    )


def test_four_flag_provinces_win_for_the_military() -> None:
    """§Fin de juego: "4 regiones con bandera" — four of the six flag provinces."""
    st = three()
    for prov in ("gto_valladolid", "yucatan", "puebla"):
        put(st, prov, iturbide=1)
    assert military.check_end(st) is None
    put(st, "zacatecas", iturbide=1)  # tied with Calleja's token: not controlled
    assert military.check_end(st) is None
    put(st, "reino_de_espana", iturbide=1)
    assert military.check_end(st) == "military.outcome.flags"


def finish(st: PatriaState, outcome: str) -> PatriaState:
    st.d["stack"].append({"p": "mil_finish", "s": "start", "outcome": outcome})
    st.d["wait"] = None
    st._run()
    return st


def returns(st: PatriaState) -> dict[str, float]:
    return {r: st.returns()[ROLES.index(r)] for r in st.d["seats"]}


def test_when_the_cards_run_out_the_military_wins_with_its_ally_if_the_ally_leads() -> None:
    st = three()
    st.d["vp"] = {"insurgent": 10, "royalist": 12}
    st.d["mil_vp"] = {"insurgent": 4, "royalist": 6}
    finish(st, "outcome.last_spv")
    assert outcome(st) == "military.outcome.shared"
    assert returns(st) == {"hidalgo": -1.0, "calleja": 1.0, "iturbide": 1.0}


def test_otherwise_the_other_side_wins_alone() -> None:
    st = three()
    st.d["vp"] = {"insurgent": 12, "royalist": 12}
    st.d["mil_vp"] = {"insurgent": 4, "royalist": 6}
    finish(st, "outcome.last_spv")
    assert outcome(st) == "military.outcome.alone"
    assert returns(st) == {"hidalgo": 1.0, "calleja": -1.0, "iturbide": -1.0}


def test_equal_markers_leave_the_classic_rules_between_the_sides() -> None:
    st = three()
    st.d["vp"] = {"insurgent": 9, "royalist": 12}
    st.d["mil_vp"] = {"insurgent": 5, "royalist": 5}
    finish(st, "outcome.last_spv")
    assert outcome(st) == "outcome.last_spv"
    assert returns(st) == {"hidalgo": -1.0, "calleja": 1.0, "iturbide": -1.0}


def test_the_militarys_prospects_follow_its_ally_and_its_flags() -> None:
    st = three()
    assert military.prospects(st) == -0.5  # no ally: it cannot win when the cards run out
    st.d["mil_ally"] = "royalist"
    st.d["vp"] = {"insurgent": 3, "royalist": 8}
    ahead = military.prospects(st)
    st.d["vp"] = {"insurgent": 8, "royalist": 3}
    assert ahead > 0 > military.prospects(st)
    for prov in ("gto_valladolid", "yucatan"):
        put(st, prov, iturbide=1)
    assert military.prospects(st) > -0.4


def test_a_classic_three_player_ending_names_its_tie_break() -> None:
    st = three()
    st.d["vp"] = {"insurgent": 9, "royalist": 9}
    st.d["mil_vp"] = {"insurgent": 5, "royalist": 5}
    st.d["coins"].update(hidalgo=4, calleja=1)
    finish(st, "outcome.last_spv")
    result = st.result("en")
    assert result is not None and result["tiebreak_used"] == "supply" and "supply capacity" in result["text"]
    assert returns(st) == {"hidalgo": 1.0, "calleja": -1.0, "iturbide": -1.0}


def test_the_turn_offers_the_military_only_violet_cards_and_its_allys() -> None:
    """§Modo facción militar: violet cards, plus the ally's once the ally marker shows a side."""
    st = three()
    put(st, "mexico_capital", iturbide=1)
    st.d["leaders"]["iturbide"] = "mexico_capital"
    st.d["area"]["iturbide"] = ["iturbide", "mariano_abasolo", "golpe_de_yermo", "marques_de_rayas"]
    st.d["coins"]["calleja"] = 2
    assert set(usable_cards(st, "iturbide")) == {"marques_de_rayas"}  # nobody to attack or convert yet
    st.d["mil_ally"] = "royalist"
    assert set(usable_cards(st, "iturbide")) == {"marques_de_rayas", "golpe_de_yermo"}
