"""The search AI's evaluation (`evaluation.py`, README "The search's evaluation"): each term moves the
reading the way the rulebook's war would — a force brought next to a weakly held enemy area, every step an
attack takes off its garrison and the area taken each score better for the attacker; a threatened area
reinforced scores better for its holder; RP spent on steps never score worse than RP kept; the §10.5
garrisons count step by step — and the whole stays on the scale of the returns."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.evaluation import (
    evaluate,
    forces,
    garrison_missing,
    garrison_shortfall,
    income,
    material,
    odds,
    threat,
)
from ludoteca.games.guerra_a_muerte.position import DEAD, POOL, Phase
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.test_examples import GAME, empty, put
from ludoteca.games.guerra_a_muerte.victory import level, rules_for, scenario_rules

PATRIOT_ARMY = ["gc_cn", "gc_gc1", "gc_gc2", "gc_ll"]  # 8 steps of Gran Colombian regulars
ROYALIST_FRONT = {  # 1820–1824: Royalist areas away from Maracaibo, so that only Maracaibo is in play
    "lima": ["am_ne", "am_mx"],
    "cuzco": ["am_pb"],
    "central_mexico": ["am_crna"],
    "tierra_caliente": ["am_vz"],
}


def patriot_value(state: GamState) -> float:
    return evaluate(state)[0]


def front(patriot_at: str, maracaibo: list[str]) -> GamState:
    """1820–1824 with the Patriot army in `patriot_at` and the Royalist units `maracaibo` holding
    Maracaibo, the other Royalist areas far from it."""
    state = empty("1820-1824")
    for area, units in ROYALIST_FRONT.items():
        put(state, area, units)
    put(state, patriot_at, PATRIOT_ARMY)
    put(state, "maracaibo", maracaibo)
    return state


def test_odds_favour_the_stronger() -> None:
    assert odds(0, 3) == 0.0 and odds(2, 0) == 1.0
    assert odds(4, 2) == pytest.approx(0.5)
    assert odds(2, 2) < odds(4, 2) < odds(8, 2) < 1.0


def test_a_force_next_to_a_weak_enemy_area_threatens_it() -> None:
    """The same army in Guayana (two areas from Maracaibo) and in Santa Fe (next to it): the Royalist
    count is the same, the Patriot's prospects better next to the weakly held area."""
    far, near = front("guayana", ["am_fp"]), front("santa_fe", ["am_fp"])
    assert level(far) == level(near)
    assert patriot_value(near) > patriot_value(far)


def test_an_attack_that_takes_steps_off_the_garrison_scores_better() -> None:
    """§6.1: every step the battle takes off Maracaibo's garrison raises the Patriot's reading before the
    area changes hands, and taking it raises it again."""
    before = front("santa_fe", ["am_fp", "am_ce"])
    hit = front("santa_fe", ["am_fp", "am_ce"])
    hit.lose_step("am_ce")
    half = front("santa_fe", ["am_fp"])
    taken = front("santa_fe", [])
    taken.move("gc_cn", "maracaibo")
    values = [patriot_value(x) for x in (before, hit, half, taken)]
    assert values == sorted(values) and len(set(values)) == 4, values
    assert level(taken) > level(before)


def test_an_army_with_ships_threatens_the_coasts_7_6() -> None:
    """§7.6–§7.7: ships in the port carry the army any number of sea areas, so the army in Chile Norte
    threatens the coastal Lima (held by 4 steps) once a ship of the line (4 steps) and a frigate (2) lie
    in its port, more than with the frigate alone, and not at all without ships; inland Cuzco never."""
    values = []
    for ships in ([], ["ch_fr1"], ["ch_fr1", "ch_sol1"]):
        state = front("chile_norte", ["am_fp"])
        put(state, "chile_norte", ships)
        values.append(patriot_value(state))
    assert values[0] < values[1] < values[2], values
    inland = front("chile_norte", ["am_fp"])
    for u in ["am_fp", *(u for units in ROYALIST_FRONT.values() for u in units)]:
        inland.move(u, "cuzco")
    rules = rules_for("1820-1824")
    bare = threat(rules, inland.control(), *forces(inland)[::2], "half")
    put(inland, "chile_norte", ["ch_fr1", "ch_sol1"])
    assert forces(inland)[2] == [6.0, 0.0]
    assert threat(rules, inland.control(), *forces(inland)[::2], "half") == bare


def test_the_holder_of_a_threatened_area_gains_by_reinforcing_it() -> None:
    """The Royalist reading rises when the threatened Maracaibo gets more steps (from the pool: the
    rest of the map unchanged)."""
    weak, strong = front("santa_fe", ["am_fp"]), front("santa_fe", ["am_fp", "am_ce", "am_f"])
    assert evaluate(strong)[1] > evaluate(weak)[1]


def test_concentration_beats_dispersion() -> None:
    """The same eight steps next to Maracaibo threaten it more together than split with an area that
    cannot reach it (the Pampas, worth no RP: holding it adds nothing to count or income, §11.0, §4.0)."""
    together = front("santa_fe", ["am_fp", "am_ce"])
    split = front("santa_fe", ["am_fp", "am_ce"])
    for u in PATRIOT_ARMY[2:]:
        split.move(u, "pampas")
    assert patriot_value(together) > patriot_value(split)


BUYERS = [("royalist", "royalist", 1), ("patriot", "gran_colombia", 0)]


@pytest.mark.parametrize(("side", "pool", "role"), BUYERS)
def test_rp_kept_score_no_better_than_the_steps_they_buy(side: str, pool: str, role: int) -> None:
    """§4.4: two RP buy a two-step regiment; the position after buying it (placed where the side already
    is) reads at least as well for the buyer as the two RP kept."""
    unit = "am_lh" if side == "royalist" else "gc_h"
    kept = front("santa_fe", ["am_fp"])
    kept.d["rp"][pool] = 2.0
    bought = front("santa_fe", ["am_fp"])
    bought.d["rp"][pool] = 0.0
    put(bought, "maracaibo" if side == "royalist" else "santa_fe", [unit])
    assert kept.d["units"][unit]["at"] == POOL
    assert evaluate(bought)[role] > evaluate(kept)[role]


def test_rp_with_nothing_left_to_buy_are_worth_nothing_4_6() -> None:
    """§4.6: RP buy counters from the recruit pool only; once the Royalist's pool is empty (as it is late in
    1820–1824), RP kept read no better than RP spent (on activation rolls, §3.3)."""
    rich, poor = front("santa_fe", ["am_fp"]), front("santa_fe", ["am_fp"])
    for state in (rich, poor):
        for u in list(state.by_place().get(POOL, ())):
            if COUNTERS[u].side == "royalist":
                state.move(u, DEAD)
    rich.d["rp"]["royalist"], poor.d["rp"]["royalist"] = 40.0, 0.0
    assert evaluate(rich) == evaluate(poor)
    for state in (rich, poor):  # one regiment back in the pool: two RP buy it again
        state.move("am_lh", POOL)
    rich.d["rp"]["royalist"], poor.d["rp"]["royalist"] = 40.0, 2.0
    assert evaluate(rich) == evaluate(poor)
    poor.d["rp"]["royalist"] = 1.0
    assert evaluate(rich)[1] > evaluate(poor)[1]


def test_garrison_counts_step_by_step_10_5() -> None:
    """§10.5 (1820–1824 by §12.3.4): 16 regular steps in New Spain, 12 in Cuba and Puerto Rico; each step
    brought towards the minimum (here from Santo Domingo, which §10.5 does not count: the same steps on the
    map, the same continental areas) reads better for the Royalist, before the penalty itself goes."""
    state = empty("1820-1824")
    put(state, "central_mexico", ["am_crna", "am_ne", "am_mx", "am_pb", "am_es", "am_vz", "am_pr", "am_gm"])
    put(state, "cuba", ["am_lh", "am_cb", "am_am", "am_rl", "am_df"])  # 10 of 12 steps
    put(state, "santo_domingo", ["am_cp", "am_cn"])
    rules, penalty = scenario_rules(state)
    assert penalty == 2 and garrison_missing(state, rules) == (0, 2)
    assert garrison_shortfall(garrison_missing(state, rules)) == pytest.approx(0.5)
    values = [evaluate(state)[1]]
    for unit in ("am_cp", "am_cn"):  # one step each
        state.move(unit, "cuba")
        values.append(evaluate(state)[1])
    assert garrison_missing(state, rules) == (0, 0) and scenario_rules(state)[1] == 0
    assert values == sorted(values) and len(set(values)) == 3, values


@pytest.mark.parametrize("scenario", ["1810-1814", "1815-1818", "1820-1824", "campaign"])
def test_on_the_scale_of_the_returns(scenario: str) -> None:
    """Random positions of every scenario: ±0.9 at most (short of a decided game), the two sides'
    readings opposite."""
    rng = random.Random(11)
    state = GAME.new_initial_state({"scenario": scenario})
    for step in range(1500):
        if state.is_terminal():
            break
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
        if step % 50 == 0 and not state.is_terminal():
            patriot, royalist = state.evaluate()
            assert -0.9 <= patriot <= 0.9 and patriot == -royalist


def test_a_force_two_areas_away_still_threatens_3_3() -> None:
    """§3.3: an activation gives 3–8 OPs, so an army two areas from Maracaibo (Guayana) threatens it,
    less than next to it (Santa Fe), more than three areas away (Quito), where nothing threatens it."""
    rules = rules_for("1820-1824")
    losses = []
    for where in ("santa_fe", "guayana", "quito"):
        state = empty("1820-1824")
        put(state, "maracaibo", ["am_fp"])
        put(state, where, PATRIOT_ARMY)
        losses.append(threat(rules, state.control(), *forces(state)[::2], "half")[1])
    assert losses[0] > losses[1] > losses[2] == 0.0, losses


def test_a_blockaded_fortress_reads_as_the_besiegers_6_6() -> None:
    """§6.6: a fortress blockaded this turn surrenders at its end on 1–4: the Royalist army outside Callao
    with a Patriot garrison inside reads better for the Royalist once it blockades it, and no better once
    a Patriot force in the field relieves it."""
    state = front("santa_fe", ["am_fp"])
    put(state, "lima", ["gc_ll"], city=True)
    open_siege = evaluate(state)[1]
    state.d["blockades"] = {"callao": "royalist"}
    assert evaluate(state)[1] > open_siege
    put(state, "lima", ["gc_cn"])  # a relief in the field: the blockade no longer holds (§6.6 (3))
    relieved = evaluate(state)
    state.d["blockades"] = {}
    assert relieved == evaluate(state)


def test_income_reads_the_pools_of_the_next_turn_4_0() -> None:
    """§4.0: the RP of an area held alone go to its holder, half to each side where both hold it; §4.2.1:
    none where the El Plata rebels stand."""
    lima, cuzco = "lima", "cuzco"  # 4 and 3 RP
    patriot, royalist = frozenset({"patriot"}), frozenset({"royalist"})
    assert income({lima: patriot, cuzco: royalist}) == pytest.approx((4 - 3) / 7)
    assert income({lima: patriot | royalist, cuzco: royalist}) == pytest.approx((2 - 5) / 7)
    assert income({lima: frozenset({"patriot", "rebel"}), cuzco: royalist}) == -1.0


def last_turn_front(where: str, turn: int, phase: Phase) -> GamState:
    """1820–1824 (last turn XV) in `phase` of `turn`, the Patriot army in `where` and Maracaibo held by
    Morillo alone (§1.1.1: a leader controls the area he stands in): no Royalist step near Santa Fe or
    Chile Norte (both worth 3 RP), so that only the army's threat to Maracaibo tells them apart."""
    state = empty("1820-1824")
    for area, units in ROYALIST_FRONT.items():
        put(state, area, units)
    put(state, where, PATRIOT_ARMY)
    state.d["leaders"]["morillo"]["at"] = "maracaibo"
    state.d["turn"] = turn
    state.d["phase"] = phase
    return state


def test_no_patriot_threat_in_the_last_royalist_operations_3_1_11_0() -> None:
    """§11.0: the areas are counted at the end of turn XV; §3.1: the Royalist operates after the Patriot.
    In turn XIV's Royalist operations the army next to Maracaibo lowers the Royalist's reading (it may
    take it next turn); in turn XV's it no longer does: no Patriot move comes before the count."""
    for turn, lowers in ((14, True), (15, False)):
        near = last_turn_front("santa_fe", turn, "royalist_operations")
        far = last_turn_front("chile_norte", turn, "royalist_operations")
        assert near.holders("maracaibo") == frozenset({"royalist"}) and level(near) == level(far)
        assert (evaluate(near)[1] < evaluate(far)[1]) is lowers
        assert (evaluate(near)[1] == evaluate(far)[1]) is not lowers


def test_after_the_last_operations_the_threat_is_the_level_3_1_6() -> None:
    """§3.1.6: once turn XV's operations are over nobody moves before the count, so the threat term reads
    the level itself (the §10.5 penalty whole); only a blockade still to roll at the end of the turn (§6.6)
    moves it."""
    state = last_turn_front("santa_fe", 15, "end")
    now = level(state)
    rest = 0.12 * material(state, forces(state)[1]) + 0.08 * income(state.control())
    assert evaluate(state)[0] == pytest.approx(0.9 * ((0.5 + 0.3) * now + rest))
    earlier = last_turn_front("santa_fe", 14, "end")
    assert evaluate(earlier)[0] != pytest.approx(evaluate(state)[0])
    put(state, "lima", ["gc_ll"], city=True)
    open_siege = evaluate(state)[1]
    state.d["blockades"] = {"callao": "royalist"}
    assert evaluate(state)[1] > open_siege


@pytest.mark.parametrize(
    ("ship", "pool", "role"),
    [("es_sol1", "royalist", 1), ("es_fr1", "royalist", 1), ("gc_fr1", "gran_colombia", 0)],
)
def test_a_ship_sunk_is_a_loss_to_its_owner_even_with_rp_to_spare_4_4_7_5(
    ship: str, pool: str, role: int
) -> None:
    """§7.5.1: a ship that loses its last step is eliminated, and returns to the recruit pool (§2.3), where
    the owner's RP kept can buy it again (`material`: half a step a RP); a ship costs more RP than it has
    steps (§4.4: a frigate 5 for 2 steps, a ship of the line 10), so counted at a step a step it was worth
    less afloat than sunk. Sunk must read worse for its owner than afloat, however rich he is."""
    afloat, sunk = front("santa_fe", ["am_fp"]), front("santa_fe", ["am_fp"])
    for state in (afloat, sunk):  # the rest of the owner's pool gone: his RP buy only the ship
        for u in list(state.by_place().get(POOL, ())):
            if u != ship and COUNTERS[u].side == COUNTERS[ship].side:
                state.move(u, DEAD)
        state.d["rp"][pool] = 40.0
    put(afloat, "caribe_iii", [ship])
    assert sunk.d["units"][ship]["at"] == POOL
    assert evaluate(afloat)[role] > evaluate(sunk)[role]
