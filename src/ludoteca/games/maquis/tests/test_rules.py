"""The rulebook's own examples and rules of the three phases, each test naming its section."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import CHANCE
from ludoteca.games.maquis import action_phase
from ludoteca.games.maquis.placement import placement
from ludoteca.games.maquis.state import MaquisState
from ludoteca.games.maquis.tests.positions import log_keys, new, offered, outcome, play, rerun


# --------------------------------------------------------------------- §Compruebe la moral
@pytest.mark.parametrize(
    ("morale", "workers", "patrols"), [(3, 3, 4), (7, 3, 3), (6, 3, 3), (1, 2, 5), (7, 1, 2)]
)
def test_patrol_count_is_the_larger_of_workers_and_red_number(
    morale: int, workers: int, patrols: int
) -> None:
    """§Compruebe la moral: morale 3 with 3 workers places 4 patrols; morale 7 places 3."""
    state = new()
    state.d["morale"], state.d["home"] = morale, workers
    state.d["cafe"] = 5 - workers
    rerun(state, "count")
    frame = state.frame_of(placement)
    assert frame is not None and frame["patrols"] == patrols


def test_soldiers_are_the_last_patrols_placed() -> None:
    """§Peones de patrulla soldado: 4 patrols with the soldier marker at 1 are 3 Milice then 1 Soldier."""
    state = new()
    state.d["morale"], state.d["soldiers"] = 3, 1
    rerun(state, "count")
    play(
        state,
        "place cafe",
        "patrol 1",
        "place field_west" if False else "place radio_a",
        "patrol 2",
        "place rue_baradat",
        "patrol 3",
        "patrol 4",
    )
    pawns = state.d["board"]
    assert [pawns["grocer"], pawns["radio_b"], pawns["pont_leveque"]] == ["m", "m", "m"]
    assert state.d["discard"] == [1, 2, 3, 4]
    assert "s" in pawns.values() and list(pawns.values()).count("s") == 1


# ------------------------------------------------------------------ §Colocación de patrulla
def test_patrol_card_locations_are_tried_in_order() -> None:
    """§Colocación de patrulla: the first location without a worker or patrol gets the patrol."""
    state = new()
    play(state, "place grocer", "patrol 1")  # card 1: grocer, poor district, doctor
    assert state.d["board"]["poor_district"] == "m"
    play(state, "place doctor", "patrol 1" if 1 in state.d["deck"] else "patrol 9")
    assert state.d["board"]["pont_du_nord"] == "m"  # card 9: grocer (worker), pont du nord


def test_patrol_arrests_the_first_worker_when_all_three_are_taken() -> None:
    """§Colocación de patrulla: all three taken → arrest at the first location holding a worker."""
    state = new()
    state.d["board"].update({"grocer": "m", "poor_district": "w", "doctor": "w"})
    state.d["home"] = 1
    play(state, "place cafe", "patrol 1")
    assert state.d["board"]["poor_district"] == "m"
    assert state.d["gone"] == 1
    assert "log.patrol_arrest" in log_keys(state)


def test_patrol_not_placed_when_all_three_hold_patrols() -> None:
    state = new()
    state.d["board"].update({"grocer": "m", "poor_district": "s", "doctor": "m"})
    play(state, "place cafe", "patrol 1")
    assert "log.patrol_none" in log_keys(state)
    assert list(state.d["board"].values()).count("m") == 2


def test_discard_is_reshuffled_when_the_deck_runs_out() -> None:
    """§Colocación de patrulla, last paragraph."""
    state = new()
    state.d["deck"], state.d["discard"] = [], list(range(1, 11))
    play(state, "place cafe")
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 10
    assert "log.reshuffle" in log_keys(state)


def test_one_pawn_per_location_and_fields_need_tokens() -> None:
    """§Fase de colocación (one pawn per location) and §Recoger desde el aire (a Field needs tokens)."""
    state = new()
    assert "place field_west" not in offered(state) and "place safe_house" not in str(offered(state))
    state.d["fields"]["field_west"] = {"food": 3}
    rerun(state, "count")
    play(state, "place field_west")
    assert "place field_west" not in offered(state)  # now a patrol draw: chance
    play(state, "patrol 1")
    assert "place field_west" not in offered(state) and "place grocer" not in offered(state)


# ---------------------------------------------------------------------------- §Fase de acción
def start_actions(state: MaquisState, places: list[str], cards: list[int]) -> None:
    """Place workers at `places` and patrols from `cards` (alternating), reaching the action phase."""
    moves = []
    for i, card in enumerate(cards):
        if i < len(places):
            moves.append(f"place {places[i]}")
        moves.append(f"patrol {card}")
    play(state, *moves)
    assert state.d["phase"] == "action"


def test_escape_route_blocked_by_patrols_means_arrest_and_lost_gains() -> None:
    """§Verificar ruta de escape / §Ser arrestado: no route → arrested; no star → the gain is lost."""
    state = new()
    # card 3: pont leveque; card 5: pont leveque taken → black market; card 6: radio a.
    start_actions(state, ["radio_b", "grocer", "fence"], [3, 5, 6])
    play(state, "activate radio_b", "do intel")  # radio b is cut off by the Milice at the Black Market
    assert state.d["gone"] == 1 and state.d["res"]["intel"] == 0
    play(state, "activate grocer", "do food")  # the Grocer is next to the Safe House
    assert state.d["res"]["food"] == 1 and state.d["home"] == 1
    play(state, "activate fence", "pass")  # the west bank is cut off: both bridges' ways are patrolled
    assert state.d["gone"] == 2


def test_star_shield_keeps_the_reward_of_an_arrested_worker() -> None:
    """§Ser arrestado: a location with the star shield keeps its reward."""
    state = new()
    state.d["res"].update(food=1, medicine=1)
    state.d["morale"] = 5
    start_actions(state, ["poor_district", "grocer", "cafe"], [3, 8, 4])  # pont leveque, fence, radio b
    state.d["board"]["pont_du_nord"] = "m"
    state.d["board"]["black_market"] = "m"
    play(state, "activate poor_district", "do relief")
    assert state.d["morale"] == 6
    assert state.d["gone"] == 1


def test_resources_are_limited_to_four_of_each() -> None:
    """§Acciones de ubicación: all resource tokens are limited."""
    state = new()
    state.d["res"]["food"] = 4
    start_actions(state, ["grocer", "doctor", "cafe"], [4, 8, 10])
    play(state, "activate grocer", "do food")
    assert state.d["res"]["food"] == 4 and state.supply("food") == 0


def test_shooting_rules() -> None:
    """§Milicia de tiro: a Weapon, once a day, never a Soldier; soldiers +1 and morale −1."""
    state = new()
    state.d["res"]["weapon"] = 2
    state.d["soldiers"] = 0
    start_actions(state, ["cafe", "doctor", "grocer"], [4, 8, 3])  # radio b, fence, pont leveque
    assert {"shoot radio_b", "shoot fence", "shoot pont_leveque"} <= offered(state)
    play(state, "shoot fence")
    assert state.d["soldiers"] == 1 and state.d["morale"] == 5 and state.d["res"]["weapon"] == 1
    assert "fence" not in state.d["board"]
    assert not any(m.startswith("shoot") for m in offered(state))  # once a day
    state.d["board"]["radio_b"] = "s"
    state.d["shot"] = False
    assert "shoot radio_b" not in offered(state)  # soldiers cannot be shot


def test_shot_between_the_action_and_the_escape_check_with_the_weapon_just_bought() -> None:
    """§Milicia de tiro: the weapon just gained may shoot, before the route home is traced."""
    state = new()
    state.d["res"]["money"] = 1
    start_actions(state, ["fence", "doctor", "cafe"], [3, 9, 2])  # pont leveque, grocer, radio b
    play(state, "activate fence", "do buy-weapon")
    assert "shoot pont_leveque" in offered(state) and "home" in offered(state)
    play(state, "shoot pont_leveque")  # no second shot today: the route home is traced at once
    assert state.d["res"]["weapon"] == 0 and state.d["home"] == 1


def test_airdrop_onto_an_empty_field_and_collected_later() -> None:
    """§Airdrop: package by difficulty onto an empty Field; §Recoger desde el aire."""
    state = new()
    start_actions(state, ["radio_a", "cafe", "grocer"], [4, 8, 10])
    play(state, "activate radio_a", "do airdrop")
    assert offered(state) == {"drop weapon", "drop money", "drop food"}
    play(state, "drop food", "onto field_east")
    assert state.d["fields"]["field_east"] == {"food": 3}
    state2 = new(difficulty="very-easy")
    start_actions(state2, ["radio_a", "cafe", "grocer"], [4, 8, 10])
    play(state2, "activate radio_a", "do airdrop", "drop weapon", "onto field_west")
    assert state2.d["fields"]["field_west"] == {"weapon": 2}


def test_spare_room_safe_house_tile_is_a_second_safe_house() -> None:
    """§Agregar habitación de repuesto: the Safe House tile ends escape routes."""
    state = new()
    state.d["res"]["money"] = 2
    start_actions(state, ["spare_room_ne", "cafe", "doctor"], [5, 2, 9])  # pont leveque, radio b, grocer
    state.d["board"]["black_market"] = "m"
    play(state, "activate spare_room_ne", "do build", "build safe-house")
    assert state.d["tiles"] == {"spare_room_ne": "safe-house"}
    assert state.d["gone"] == 0 and action_phase.route_home(state, "spare_room_ne")


def test_cafe_recruits_a_waiting_worker() -> None:
    state = new()
    state.d["res"]["food"] = 1
    start_actions(state, ["cafe", "doctor", "rue_baradat"], [4, 8, 10])
    play(state, "activate cafe", "do recruit")
    assert state.d["cafe"] == 1 and state.d["home"] == 2  # the recruit and the worker back home


# ------------------------------------------------------------------------ §3 and §Fin del juego
def finish_day(state: MaquisState) -> None:
    while state.d["phase"] == "action" and not state.is_terminal():
        legal = offered(state)
        move = next((m for m in sorted(legal) if m.startswith("activate")), None)
        play(state, move or ("pass" if "pass" in legal else "home"))
        if "pass" in offered(state):
            play(state, "pass")


def test_maintenance_removes_patrols_and_orange_space_costs_morale() -> None:
    """§3: patrols leave; moving onto an orange space (3) costs a morale."""
    state = new()
    state.d["day"] = 2
    start_actions(state, ["cafe", "grocer", "doctor"], [4, 8, 10])
    finish_day(state)
    assert state.d["day"] == 3 and state.d["morale"] == 5
    assert not any(p in "ms" for p in state.d["board"].values())


def test_hard_mode_uses_triangles_instead_of_orange() -> None:
    state = new(difficulty="hard")
    state.d["day"] = 2
    start_actions(state, ["cafe", "grocer"], [4, 8, 10])
    finish_day(state)
    assert state.d["morale"] == 6  # box 3 is orange but not a triangle


def test_morale_at_fail_loses() -> None:
    state = new()
    state.d["morale"], state.d["day"] = 1, 2
    start_actions(state, ["cafe", "grocer", "doctor"], [4, 8, 10])
    finish_day(state)
    assert state.is_terminal() and outcome(state) == "outcome.morale"
    assert state.returns() == [-1.0]


def test_game_lost_when_the_day_marker_reaches_the_end() -> None:
    state = new()
    state.d["day"] = 14
    start_actions(state, ["cafe", "grocer", "doctor"], [4, 8, 10])
    finish_day(state)
    assert outcome(state) == "outcome.out_of_time"


def test_tricky_mode_ends_at_box_12_with_two_workers() -> None:
    """§Modos de dificultad: two workers plus two at the Café; the game ends on day 12."""
    state = new(difficulty="tricky")
    assert state.d["home"] == 2 and state.d["cafe"] == 2
    state.d["day"] = 11
    start_actions(state, ["cafe", "grocer"], [4, 8, 10])
    finish_day(state)
    assert outcome(state) == "outcome.out_of_time"


def test_very_easy_mode_gives_a_second_pass() -> None:
    state = new(difficulty="very-easy")
    state.d["day"] = 14
    start_actions(state, ["cafe", "grocer", "doctor"], [4, 8, 10])
    finish_day(state)
    assert not state.is_terminal() and state.d["day"] == 0 and state.d["pass"] == 2


def test_very_hard_arrest_costs_morale() -> None:
    state = new(difficulty="very-hard")
    state.d["board"].update({"grocer": "m", "poor_district": "w", "doctor": "s"})
    play(state, "place cafe", "patrol 1")
    assert state.d["gone"] == 1 and state.d["morale"] == 5


def test_illegal_action_leaves_the_state_untouched() -> None:
    state = new()
    before = state.digest()
    with pytest.raises(IllegalActionError, match="place grocer"):
        state.apply_notation("activate grocer")
    with pytest.raises(IllegalActionError, match="unknown notation"):
        state.apply_notation("fly to the moon")
    assert state.digest() == before


def test_an_airdrop_goes_back_when_the_radio_worker_who_called_it_is_arrested() -> None:
    """§Ser arrestado (README §4.9): the airdrop is the Radio's gain, and the Radios have no star."""
    state = new()
    # card 3: pont leveque; card 5: pont leveque taken → black market; card 6: radio a.
    start_actions(state, ["radio_b", "grocer", "fence"], [3, 5, 6])
    supply = state.supply("food")
    play(state, "activate radio_b", "do airdrop", "drop food", "onto field_east")
    assert state.d["gone"] == 1  # cut off by the Milice at the Black Market
    assert state.d["fields"]["field_east"] == {} and state.supply("food") == supply
