"""The evaluation search uses where it stops short (`MyaState.evaluate`, `evaluation.py`): its scale, and
that it rewards what leads to 15 VP at the end of turn 6 (§4.6) and punishes a wipe-out (§2)."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.mar_y_acero.end import check_victory
from ludoteca.games.mar_y_acero.evaluation import expected_vp, growth
from ludoteca.games.mar_y_acero.state import MyaState
from ludoteca.games.mar_y_acero.tests.positions import GAME, empty_position, put


def spain(state: MyaState) -> float:
    return state.evaluate()[0]


def baseline() -> MyaState:
    """Turn 2: Spain holds 8 and 9 (both 2 VP) with three soldiers each; Taínos in every other area."""
    state = empty_position()
    put(state, 8, "es", "espatario", "arcabucero", "jinete")
    put(state, 9, "es", "espatario", "espatario", "arcabucero")
    for x in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15):
        put(state, x, "ind", "naboria")
    return state


def test_values_sum_to_zero_within_the_open_interval() -> None:
    state = GAME.new_initial_state({})
    rng = random.Random(11)
    for _ in range(500):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            es, ind = state.evaluate()
            assert -1.0 < es < 1.0 and es + ind == 0.0


def test_the_end_of_the_game_is_its_returns() -> None:
    state = baseline()
    for x in (8, 9):
        state.d["map"][x - 1]["es"] = []
    assert check_victory(state)
    assert state.is_terminal() and state.evaluate() == state.returns() == [-1.0, 1.0]


def test_more_spanish_held_vp_is_better() -> None:
    state, more = baseline(), baseline()
    more.d["map"][6]["ind"] = []
    put(more, 7, "es", "espatario")  # La Vega taken
    assert more.d["vp"] == state.d["vp"] + 1  # its scroll still on (§4.4.3)
    assert spain(more) > spain(state) and expected_vp(more) > expected_vp(state)


def test_more_spanish_units_are_better_and_more_indigenous_ones_worse() -> None:
    state, stronger, threatened = baseline(), baseline(), baseline()
    put(stronger, 10, "es", "jinete", "jinete")  # a pending combat Spain should win
    put(threatened, 7, "ind", "tama", "tama")  # Caribes next to Santo Domingo
    assert spain(stronger) > spain(state) > spain(threatened)


def test_a_fortified_area_is_safer() -> None:
    state, walled = baseline(), baseline()
    put(state, 7, "ind", "tama", "tama")
    put(walled, 7, "ind", "tama", "tama")
    walled.d["pal"].append(8)
    assert spain(walled) > spain(state)


def test_a_side_nearly_wiped_out_is_nearly_lost() -> None:
    state, lonely = baseline(), baseline()
    lonely.d["map"][8]["es"] = []
    lonely.d["map"][7]["es"] = [["peon", 1, 0]]
    assert spain(lonely) < spain(state) and spain(lonely) < -0.9


def test_the_same_position_is_surer_as_the_game_ends() -> None:
    """A lead or a deficit matters more with fewer impulses left to change it."""
    early, late = baseline(), baseline()
    late.d["turn"], late.d["phase"] = 6, "final"
    assert spain(late) < spain(early) < 0.0


def test_a_soldier_kept_in_reserve_is_worth_conquests_to_come() -> None:
    """A soldier beyond what an area's defence needs still counts early on: the turns left bring more
    conquests to the side with the larger share of the two armies; at the end it counts for nothing."""
    state, reserve = baseline(), baseline()
    put(reserve, 9, "es", "jinete")  # a fourth fighter: the area's defence counts its best three
    assert growth(reserve) > growth(state)
    assert spain(reserve) > spain(state)
    for position in (state, reserve):
        position.d["turn"], position.d["phase"] = 6, "final"
    assert expected_vp(reserve) == expected_vp(state)


def test_royal_support_is_worth_the_soldiers_it_will_bring() -> None:
    """§4.3.2 II: Royal Support 6 adds a soldier to each event card that brings soldiers, 3 takes one away;
    both give 0 VP at the end (§4.6), so the difference is the soldiers of the events still to come."""
    rich, poor = baseline(), baseline()
    rich.d["rs"], poor.d["rs"] = 6, 3
    for state in (rich, poor):
        state.d["phase"] = "destiny"
    assert spain(rich) > spain(poor)
    assert expected_vp(rich) - expected_vp(poor) == pytest.approx(0.5 * 0.75 * 2 * 5)  # 5 events: turns 2–6
    for state in (rich, poor):
        state.d["turn"], state.d["phase"] = 6, "impulses"  # the last event is past
    assert expected_vp(rich) == expected_vp(poor)


def final_position(level: int, indigenous: int) -> MyaState:
    """The end of turn 6 in solo mode at `level`: every scroll lifted, Spain in every area but
    `indigenous` — 16 VP or more after the §4.6 and §5.4 adjustments."""
    state = empty_position({"mode": "solo", "level": str(level)}, nitayno={})
    state.d["scroll"] = []
    for area in range(1, 16):
        if area == indigenous:  # three units: the Indigenous side is not about to be wiped out (§2)
            put(state, area, "ind", "naboria", "naboria", "tama")
        else:
            put(state, area, "es", "jinete")
    state.d["turn"], state.d["phase"] = 6, "final"
    return state


def test_at_solo_level_two_spain_needs_every_two_vp_area() -> None:
    """§5.4 level II: without all five 2 VP areas Spain cannot win, however many VP it has; the other
    levels only count the VP."""
    assert spain(final_position(0, indigenous=7)) > 0.5
    assert spain(final_position(2, indigenous=7)) < -0.9  # La Vega, a 2 VP area, is indigenous
    assert spain(final_position(2, indigenous=6)) > 0.5  # a 1 VP area instead: all five are Spain's


def test_at_solo_level_two_a_two_vp_area_counts_for_more_while_play_is_left() -> None:
    """Mid-game the condition of §5.4 level II weighs too, softened (an area may still be taken later):
    with Spain holding the other four 2 VP areas and most of the map at turn 2, holding La Vega (a 2 VP
    area, still under its scroll) rather than San Felipe (1 VP) is worth about the same at level 0 and
    clearly more at level II."""
    gains = []
    for level in (0, 2):
        vega, felipe = (empty_position({"mode": "solo", "level": str(level)}, nitayno={}) for _ in range(2))
        for state, taken, left in ((vega, 7, 6), (felipe, 6, 7)):
            for area in (1, 2, 8, 9, 10, 11, 12, 13, 14, 15, taken):
                put(state, area, "es", "espatario", "arcabucero")
            for area in (3, 4, 5, left):
                put(state, area, "ind", "naboria")
        assert vega.d["vp"] == felipe.d["vp"]
        gains.append(spain(vega) - spain(felipe))
    assert abs(gains[0]) < 0.05 and gains[1] > 0.1


def test_at_solo_level_two_a_far_two_vp_area_does_not_make_every_position_lost() -> None:
    """With turns left, a 2 VP area out of Spain's reach (Matanzas and La Habana, far from 7–9) may still
    be taken later: the position keeps a value the search can improve on, not a flat loss."""
    positions = []
    for extra in ((), ("jinete",)):
        state = empty_position({"mode": "solo", "level": "2"}, nitayno={})
        for area in (7, 8, 9):
            put(state, area, "es", "espatario", "arcabucero", *extra)
        for area in (1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15):
            put(state, area, "ind", "naboria")
        positions.append(spain(state))
    assert -0.95 < positions[0] < positions[1]
