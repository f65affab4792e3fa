"""Attrition beyond the printed rows (§4.1, §5.3, §6.4; reconstructed `attrition_extra`): RP spent after
the roll save steps, and garrisons besieged during a turn roll for attrition at its end."""

from __future__ import annotations

from ludoteca.games.guerra_a_muerte.attrition import besieged_steps
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import waiting
from ludoteca.games.guerra_a_muerte.tests.test_examples import put
from ludoteca.games.guerra_a_muerte.tests.test_naval import bare, play, run

FORCE = ["am_fp", "am_ce", "am_f"]


def steps(state: GamState, units: list[str], area: str = "los_llanos") -> int:
    """The steps of `units` still in `area`."""
    return sum(int(state.d["units"][u]["steps"]) for u in units if state.d["units"][u]["at"] == area)


def attrition_of(rp: float, roll: int, saved: int | None) -> GamState:
    """A Royalist force in Los Llanos rolls `roll` for attrition with `rp` RP in his pool; he saves
    `saved` steps (None: he is not asked) and loses the rest, the first units of the force first."""
    state = bare()
    state.d["rp"]["royalist"] = rp
    put(state, "los_llanos", FORCE)
    run(state, "attrition", side="royalist", area="los_llanos", units=FORCE)
    play(state, f"die {roll}")
    if saved is not None:
        assert waiting(state)["prompt"] == "prompt.save_steps"
        play(state, f"spend {saved}")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


def test_rp_save_attrition_steps_4_1() -> None:
    """§4.1: "Los RPs pueden ser usados también durante tiradas de dado por desgaste"; 1 RP a step
    (reconstructed). A 5 costs 2 steps: 2 RP save both, 1 RP one, none asks nothing."""
    assert int(BOARD.tables["attrition_extra"]["rp_per_step"]) == 1
    full = sum(BOARD.units[u].steps for u in FORCE)
    state = attrition_of(0, 5, None)
    before = steps(state, FORCE)
    assert before == full - 2 and state.d["rp"]["royalist"] == 0
    state = attrition_of(2, 5, 2)
    assert steps(state, FORCE) == before + 2 and state.d["rp"]["royalist"] == 0
    state = attrition_of(1.5, 5, 1)
    assert steps(state, FORCE) == before + 1 and state.d["rp"]["royalist"] == 0.5
    state = attrition_of(3, 5, 0)  # he may keep his RP
    assert steps(state, FORCE) == before and state.d["rp"]["royalist"] == 3


def test_besieged_rows_6_4() -> None:
    """§6.4 (reconstructed rows): 1–3 nothing, 4–5 one step, 6 two; −1 in a fortress."""
    assert [besieged_steps(r, "los_llanos") for r in (1, 3, 4, 5, 6)] == [0, 0, 1, 1, 2]
    assert BOARD.cities["puerto_cabello"].fortress and BOARD.cities["puerto_cabello"].area == "costa_firme"
    assert [besieged_steps(r, "costa_firme") for r in (4, 5, 6)] == [0, 1, 1]


def test_garrison_attacked_by_siege_rolls_at_the_end_of_turn_6_4() -> None:
    """A Patriot siege of Puerto Cabello that does nothing (the garrison holds) still marks the garrison;
    at the end of the turn it rolls: a 6 (5 in the fortress) costs it a step. A garrison not attacked
    does not roll."""
    state = bare()
    put(state, "costa_firme", ["am_fp", "am_ce"], city=True)
    put(state, "costa_firme", ["gc_ng1"])
    state.d["sieged"] = {"costa_firme": "royalist"}
    full = steps(state, ["am_fp", "am_ce"], "costa_firme")
    run(state, "end_of_turn")
    assert state.is_chance_node()
    play(state, "die 6")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert steps(state, ["am_fp", "am_ce"], "costa_firme") == full - 1 and state.d["sieged"] == {}
    state = bare()
    put(state, "costa_firme", ["am_fp", "am_ce"], city=True)
    run(state, "end_of_turn")
    assert state.is_terminal() and steps(state, ["am_fp", "am_ce"], "costa_firme") == full


def test_a_siege_attack_marks_the_garrison_6_2() -> None:
    state = bare()
    put(state, "costa_firme", ["am_fp"], city=True)
    put(state, "costa_firme", ["gc_ng1", "gc_ng2"])
    run(state, "siege", attacker="patriot", area="costa_firme", units=["gc_ng1", "gc_ng2"], leaders=[])
    play(state, "die 3")
    assert state.d["sieged"] == {"costa_firme": "royalist"}


def attrition_wiping_out(roll: int, fate: int | None, steps: int = 1) -> GamState:
    """A lone Royalist unit of `steps` steps with Morillo in Los Llanos rolls `roll` for attrition and,
    if asked (`fate`), Morillo's fate roll."""
    state = bare()
    put(state, "los_llanos", ["am_f"])
    state.set_unit("am_f", steps=steps)
    state.d["leaders"]["morillo"]["at"] = "los_llanos"
    put(state, "costa_firme", ["am_fp"])
    run(state, "attrition", side="royalist", area="los_llanos", units=["am_f"])
    play(state, f"die {roll}")
    if fate is not None:
        assert state.is_chance_node(), "the leader left alone rolls for his fate"
        play(state, f"die {fate}")
    return state


def test_a_leader_whose_units_attrition_eliminates_rolls_for_his_fate_8_1() -> None:
    """§8.1 names no cause: "Si todas las unidades apiladas con un jefe son eliminadas, láncese 1D6".
    Attrition that eliminates Morillo's last unit puts him to the roll: a 1 loses him, a 5 sends him to the
    nearest area with Royalist units (Costa Firme). A 1 (one step lost) leaves his two-step unit with him
    and asks nothing."""
    lost = attrition_wiping_out(6, 1)
    assert lost.d["units"]["am_f"]["at"] not in BOARD.areas
    assert lost.d["leaders"]["morillo"]["at"] not in BOARD.areas
    survived = attrition_wiping_out(6, 5)
    assert survived.d["leaders"]["morillo"]["at"] == "costa_firme"
    spared = attrition_wiping_out(1, None, steps=2)
    assert spared.is_terminal() and spared.d["leaders"]["morillo"]["at"] == "los_llanos"


def march(*moves: str) -> GamState:
    """A Royalist force of three one-step Spanish battalions activates in Maracaibo (a 4: enough OPs)
    and makes `moves`; the rest of the game's decisions are the first legal ones."""
    state = bare()
    force = ["es_a", "es_ab", "es_as"]
    put(state, "maracaibo", force)
    run(
        state,
        "activation",
        side="royalist",
        nations=["spanish"],
        area="maracaibo",
        units=force,
        leaders=[],
        mexico=-1,
    )
    play(state, "die 4", *moves)
    return state


def test_units_left_in_a_hostile_area_roll_5_2_5_3() -> None:
    """§5.2 lets a moving force leave units behind; §5.3 makes a stack that moves into a hostile area
    and ends there roll. A battalion left in Costa Firme (hostile) rolls on its own when the force's move
    ends, before the force (back in Maracaibo) rolls for having passed through: a 1 costs each a step, so
    the battalion left is gone and the force has lost one of its two."""
    state = march("move costa_firme", "leave es_a", "move maracaibo", "stop")
    assert state.is_chance_node()
    play(state, "die 1")
    assert state.d["units"]["es_a"]["at"] != "costa_firme"
    assert state.is_chance_node()
    play(state, "die 1")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert steps(state, ["es_ab", "es_as"], "maracaibo") == 1


def test_units_left_before_the_hostile_area_do_not_roll_5_3() -> None:
    """A battalion left in Maracaibo before the force enters Costa Firme never moved through a hostile
    area: only the force rolls."""
    state = march("leave es_a", "move costa_firme", "stop")
    assert state.is_chance_node()
    play(state, "die 1")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert steps(state, ["es_a"], "maracaibo") == 1
    assert steps(state, ["es_ab", "es_as"], "costa_firme") == 1


def test_the_loss_prompt_after_attrition_cites_5_3() -> None:
    """§5.3: "La distribución de pasos de pérdidas es llevada a cabo por el jugador que controla la fuerza
    que sufre desgaste": the owner's choice of the step to lose after an attrition roll, and the log line
    of the step lost, cite §5.3, not the field battle's §6.1 (which the losses of a battle still cite)."""
    state = bare()
    put(state, "los_llanos", FORCE)
    run(state, "attrition", side="royalist", area="los_llanos", units=FORCE)
    play(state, "die 1")
    assert waiting(state)["prompt"] == "prompt.lose" and waiting(state)["rule"] == "5.3"
    play(state, "lose am_fp")
    assert state.logs[-1][0] == "log.step_lost" and state.logs[-1][3] == "5.3"
