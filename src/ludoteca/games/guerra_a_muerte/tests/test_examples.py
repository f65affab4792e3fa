"""The rulebook's worked examples and printed numbers that the written chapters cover, one test each,
naming the section."""

from __future__ import annotations

from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.attrition import attrition_steps
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.combat import leader_lost, side_factor, siege_odds
from ludoteca.games.guerra_a_muerte.interception import intercepted, interception_modifier
from ludoteca.games.guerra_a_muerte.operations import activation_ops
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.resources import area_income, spain_rp
from ludoteca.games.guerra_a_muerte.sequence import liberal_event_needs
from ludoteca.games.guerra_a_muerte.state import GamState

GAME = GuerraAMuerte()


def empty(scenario: str = "1815-1818") -> GamState:
    """A position of the scenario with every counter and leader taken off the map."""
    state = GAME.new_initial_state({"scenario": scenario})
    assert isinstance(state, GamState)
    for u in state.d["units"]:
        state.move(u, POOL, city=False, guerrilla=False)
    for s in state.d["leaders"].values():
        s["at"] = "out"
    return state


def put(state: GamState, area: str, units: list[str], city: bool = False, guerrilla: bool = False) -> None:
    for u in units:
        state.move(
            u,
            area,
            city=city,
            guerrilla=guerrilla,
            steps=1 if u.startswith("mil") else state.d["units"][u]["steps"],
        )


def test_salta_interception_3_4() -> None:
    """§3.4 example: Belgrano (Ops 1), 2 infantry and 2 cavalry intercept Pezuela (Ops 3) with 4
    infantry, 1 artillery and 3 cavalry: +1 +1 −3 = −1, so the 6 rolled reads 5 and intercepts."""
    state = empty()
    patriots = ["ep_c1", "ep_c2", "ep_dp1", "ep_dp2"]
    royalists = ["am_fp", "am_ce", "am_f", "am_rl", "am_art2", "am_dlf", "am_dg", "am_br"]
    assert [BOARD.units[u].arm for u in patriots].count("cavalry") == 2
    assert [BOARD.units[u].arm for u in royalists].count("cavalry") == 3
    mod = interception_modifier(state, patriots, ["belgrano"], royalists, ["pezuela"])
    assert mod == -1
    assert intercepted(6, mod) and not intercepted(5, mod)


def test_cartagena_activation_6_6() -> None:
    """§6.6 example: Morillo's force rolls 4, which gives 6 OPs, 7 with Morillo's Operations factor 1
    (ambiguity 2: the leader's factor is added to the OPs)."""
    assert BOARD.leaders["morillo"].ops == 1
    assert activation_ops(4, 0, False, BOARD.leaders["morillo"].ops) == 7
    assert activation_ops(4, 1, False, 0) == 8  # +2 on the die per RP (§3.3)
    assert activation_ops(2, 0, True, 0) == 3  # −3 for a militia force without a leader


def test_puerto_cabello_siege_6_2() -> None:
    """§6.2 example: a Royalist militia of factor 1 in Puerto Cabello defends with 1 + 8."""
    state = empty()
    put(state, "costa_firme", ["mil_american_i1"], city=True)
    put(state, "costa_firme", ["gc_vc"])
    _attack, defence, shift = siege_odds(state, ["gc_vc"], ["mil_american_i1"], "costa_firme")
    assert defence == 9 and shift == 0


def test_rp_split_of_5_4_0() -> None:
    """§4.0: an area worth 5 held by both sides gives each 2; the odd RP is lost."""
    state = empty()
    assert BOARD.areas["central_mexico"].rp == 5
    put(state, "central_mexico", ["mil_mexico_i1", "mil_american_i1"])
    assert area_income(state, "central_mexico") == {"royalist": 2, "mexico": 2}
    state.move("mil_american_i1", POOL)
    assert area_income(state, "central_mexico") == {"mexico": 5}


def test_rebels_deny_rp_4_2_1() -> None:
    """§4.2.1 example: the Banda Oriental held by rebels and El Plata units gives nobody RP."""
    state = empty()
    put(state, "banda_oriental", ["mil_el_plata_rebels_i1", "ep_c1"])
    assert area_income(state, "banda_oriental") == {}


def test_spain_rp_modifiers_4_5_1() -> None:
    """§4.5.1: −1 on turns I–V, +1 on VI–VIII, −2 on IX–XIV (and XV, ambiguity 23); §10.2.1 halves."""
    assert [BOARD.spain_modifier(t) for t in (1, 5, 6, 8, 9, 14, 15)] == [-1, -1, 1, 1, -2, -2, -2]
    assert spain_rp(6, 0, False) == 3 and spain_rp(6, 0, True) == 1
    assert spain_rp(2, 1, False) == 1 and spain_rp(3, -1, False) == 0


def test_liberal_event_odds_10_2() -> None:
    """§10.2: 5–6 on turn IX, 4–6 on turn X, 3–6 on turn XI."""
    assert [liberal_event_needs(t) for t in (9, 10, 11)] == [5, 4, 3]


def test_guerrilla_halving_in_salta_10_1() -> None:
    """§10.1 example: Royalists attacking Belgrano's force in Salta, where a Patriot militia is in
    guerrilla mode, fight at half their factors, rounded up."""
    state = empty()
    army = ["am_fp", "am_ce"]  # 4 + 4
    put(state, "salta", army)
    put(state, "salta", ["mil_el_plata_i1"], guerrilla=True)
    put(state, "salta", ["ep_c1"])
    total, _ = side_factor(state, "royalist", army, "salta", "none", "none", ["ep_c1"])
    assert total == 4
    put(state, "salta", ["am_pt"])  # a third unit: 10 halved is 5
    total, _ = side_factor(state, "royalist", [*army, "am_pt"], "salta", "none", "none", ["ep_c1"])
    assert total == 5
    state.set_unit("mil_el_plata_i1", guerrilla=False)
    assert side_factor(state, "royalist", army, "salta", "none", "none", ["ep_c1"])[0] == 8


def test_attrition_5_3() -> None:
    """§5.3: 4 or less one step, 5–6 two (ambiguity 4), more than 6 three; +1 ending in the Chaco."""
    assert [attrition_steps(r, "los_llanos") for r in (1, 4, 5, 6)] == [1, 1, 2, 2]
    assert attrition_steps(6, "chaco") == 3


def test_leader_loss_8_1() -> None:
    """§8.1, §8.2: 1–2 lost, 3 survives (ambiguity 9); Boves −1."""
    assert leader_lost(2, "bolivar") and not leader_lost(3, "bolivar")
    assert leader_lost(3, "boves") and not leader_lost(4, "boves")
