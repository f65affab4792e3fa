"""§7 naval operations and §6.6 blockade: the rulebook's worked examples (the naval combat, the siege and
blockade of Cartagena, Morillo's convoy) played through the procedures, and the smaller rules of the
chapter, each naming its section."""

from __future__ import annotations

from typing import Any

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.naval import Fleet, capture_roll, raid_loss, sail_options, stranded
from ludoteca.games.guerra_a_muerte.naval_combat import hits, naval_evades
from ludoteca.games.guerra_a_muerte.position import DUE, POOL
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import running, waiting
from ludoteca.games.guerra_a_muerte.tests.test_examples import empty, put


def bare() -> GamState:
    """An empty map with every RP pool at 0 (no RP to spend on activations)."""
    state = empty()
    state.d["rp"] = dict.fromkeys(state.d["rp"], 0.0)
    return state


def run(state: GamState, proc: str, **locals_: Any) -> None:
    """Run one procedure on `state`; the game ends (victory) as soon as it returns."""
    state.d["stack"] = [{"p": "victory", "s": "start"}, {"p": proc, "s": "start", **locals_}]
    state.d["wait"] = None
    state._run()


def play(state: GamState, *moves: str) -> None:
    for move in moves:
        state.apply_notation(move)


def at_sea(state: GamState, sea: str, ships: list[str]) -> None:
    for u in ships:
        state.move(u, sea, city=False, port="")


def test_naval_combat_example_7_5_1() -> None:
    """§7.5.1 example: a Spanish ship of the line and frigate attack two Mexican frigates. The ship of
    the line fires at one frigate, the Spanish frigate at the other, both Mexicans at the Spanish frigate.
    2, 2 sink the first Mexican; 1, 5 and 5, 6 cost the Spanish frigate a step; 2, 5 cost the second
    Mexican one. Hits are applied together: the sunk frigate still fired."""
    state = bare()
    at_sea(state, "caribe_ii", ["es_sol1", "es_fr1", "mx_fr1", "mx_fr2"])
    assert BOARD.units["es_sol1"].factor == 7 and BOARD.units["mx_fr1"].factor == 3
    run(
        state,
        "naval_battle",
        attacker="royalist",
        sea="caribe_ii",
        units=["es_sol1", "es_fr1"],
        dunits=["mx_fr1", "mx_fr2"],
        port="",
    )
    play(state, "fight", "fire mx_fr1", "fire mx_fr2", "fire es_fr1", "fire es_fr1")
    play(state, "die 2", "die 2", "die 2", "die 5", "die 1", "die 5", "die 5", "die 6")
    assert state.is_terminal()
    units = state.d["units"]
    assert units["mx_fr1"]["at"] == POOL
    assert units["mx_fr2"]["steps"] == 1 and units["es_fr1"]["steps"] == 1 and units["es_sol1"]["steps"] == 2


def test_naval_evasion_and_cochrane_7_5_8_3() -> None:
    """§7.5: 1–3 avoids the naval battle; Cochrane's −1 helps the Patriot either way (ambiguity 27)."""
    assert naval_evades(3, False, False) and not naval_evades(4, False, False)
    assert naval_evades(4, True, True) and not naval_evades(3, False, True)
    assert hits(3, 3, False) and not hits(4, 3, False) and hits(4, 3, True)


def test_cartagena_siege_and_blockade_6_6() -> None:
    """§6.6 example: Morillo with 8 infantry, 6 cavalry and 2 artillery rolls 4 (6 OPs, 7 with Morillo),
    moves from Maracaibo into the area of Cartagena (1 OP), destroys force A in the field (2 OPs, DZ) and
    blockades with the other 4. A Spanish ship of the line and frigate sail from Caribe V to Caribe III
    (1 OP) and sink the Patriot frigate there. At the end of the turn the three conditions hold; a 4
    starves Cartagena out and force B goes to the Patriot recruit pool."""
    state = bare()
    infantry = ["es_a", "es_ab", "es_as", "es_lb", "es_fvii", "es_zm", "es_ex", "es_tc"]
    cavalry = ["am_es", "am_pr", "am_df", "am_dba", "am_bfm", "am_dg"]
    army = [*infantry, *cavalry, "am_art1", "am_art2"]
    put(state, "maracaibo", army)
    state.d["leaders"]["morillo"]["at"] = "maracaibo"
    force_a = ["gc_gi", "gc_vc", "gc_h", "gc_lc"]
    force_b = ["gc_ng1", "gc_ng2", "mil_gran_colombia_i1", "mil_gran_colombia_i2"]
    put(state, "santa_fe", force_a)
    put(state, "santa_fe", force_b, city=True)
    assert BOARD.cities["cartagena"].area == "santa_fe" and BOARD.cities["cartagena"].fortress
    run(
        state,
        "activation",
        side="royalist",
        nations=["american", "spanish"],
        area="maracaibo",
        units=army,
        leaders=["morillo"],
        mexico=-1,
    )
    play(state, "die 4")
    frame = running(state)
    assert frame["ops"] == 7
    play(state, "move santa_fe", "attack", "fight", "die 6", "die 1", "die 3", "die 2", "die 6")
    assert all(state.d["units"][u]["at"] == POOL for u in force_a)
    assert "blockade" in [state.action_to_string(a) for a in state.legal_actions()]
    play(state, "blockade")
    assert state.d["blockades"] == {"cartagena": "royalist"}
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stop"]
    play(state, "stop")
    assert state.is_terminal()

    state.d["over"] = None
    at_sea(state, "caribe_v", ["es_sol1", "es_fr1"])
    at_sea(state, "caribe_iii", ["gc_fr1"])
    run(state, "fleet", side="royalist", place="caribe_v", units=["es_sol1", "es_fr1"], leaders=[])
    play(state, "die 1", "sail caribe_iii", "engage", "fight", "fire es_fr1")
    play(state, "die 2", "die 2", "die 9", "die 9", "die 9", "die 9", "stop")
    assert state.d["units"]["gc_fr1"]["at"] == POOL

    state.d["over"] = None
    run(state, "end_of_turn")
    play(state, "die 4")
    assert state.is_terminal()
    assert all(state.d["units"][u]["at"] == POOL for u in force_b)
    assert state.holders("santa_fe") == {"royalist"} and state.d["blockades"] == {}


def test_blockade_needs_the_sea_6_6() -> None:
    """§6.6 condition 2: Patriot ships off the fortress at the end of the turn save it (no roll)."""
    state = bare()
    put(state, "santa_fe", ["es_a"])
    put(state, "santa_fe", ["gc_ng1"], city=True)
    at_sea(state, "caribe_iii", ["gc_fr1"])
    state.d["blockades"] = {"cartagena": "royalist"}
    run(state, "blockade")
    assert state.is_terminal() and state.d["units"]["gc_ng1"]["at"] == "santa_fe"


def convoy(state: GamState, *rolls: str) -> None:
    for u in ("es_lb", "es_ex"):
        state.move(u, DUE, turn=6)
    state.d["turn"] = 6
    run(state, "reinforcements")
    play(state, *rolls)


def convoy_state() -> GamState:
    state = bare()
    put(state, "banda_oriental", ["mil_american_i1"], city=True)
    at_sea(state, "atlantico_i", ["ep_fr1"])
    assert BOARD.cities["montevideo"].sea == "atlantico_i"
    return state


def test_morillo_convoy_4_8() -> None:
    """§4.8 example: a Platine ship in Atlántico I and no Spanish ships: the Patriot rolls; 1–2 the
    expedition returns and tries again next turn, 3–4 it lands, 5–6 it is sunk."""
    state = convoy_state()
    convoy(state, "place banda_oriental", "die 2")
    assert state.d["units"]["es_lb"]["at"] == DUE and state.d["units"]["es_lb"]["turn"] == 7
    state = convoy_state()
    convoy(state, "place banda_oriental", "die 3")
    assert state.d["units"]["es_lb"]["at"] == "banda_oriental"
    state = convoy_state()
    convoy(state, "place banda_oriental", "die 6")
    assert state.d["units"]["es_lb"]["at"] == "dead"


def test_convoy_escorted_4_8() -> None:
    """§4.8 (ambiguity 11): with Spanish ships there too, a naval battle comes first; the Patriot ship
    sunk, the convoy lands with no roll."""
    state = convoy_state()
    at_sea(state, "atlantico_i", ["es_sol1"])
    convoy(state, "place banda_oriental", "die 1", "die 1", "die 9", "die 9")
    assert state.d["units"]["ep_fr1"]["at"] == POOL
    assert state.d["units"]["es_lb"]["at"] == "banda_oriental"


def test_naval_moves_7_1_7_3() -> None:
    """§7.1: 4 sea areas an OP; §7.2: Atlántico I–Caribe VI counts 8 (2 OPs); §7.3: the Spain box is 4
    OPs from the Atlantic, 3 from Caribe VI–X."""
    state = bare()
    frame: Fleet = {"side": "royalist", "place": "atlantico_i", "units": ["es_fr1"], "leaders": []}
    at_sea(state, "atlantico_i", ["es_fr1"])
    costs = {state.action_to_string(a): c for a, c in sail_options(state, frame, 8).items()}
    assert costs["sail atlantico_ii"] == 1 and costs["sail caribe_vi"] == 2 and costs["sail spain"] == 4
    frame["place"] = "spain"
    costs = {state.action_to_string(a): c for a, c in sail_options(state, frame, 8).items()}
    assert costs == {
        **{f"sail atlantico_{n}": 4 for n in ("i", "ii", "iii")},
        **{f"sail caribe_{n}": 3 for n in ("vi", "vii", "viii", "ix", "x")},
    }


def test_raid_7_8() -> None:
    """§7.8: 4 or more costs the area 1 RP of its next income; −1 with enemy ships there; Cochrane +1."""
    assert [raid_loss(r, False, False) for r in (3, 4)] == [0, 1]
    assert raid_loss(4, True, False) == 0 and raid_loss(3, False, True) == 1
    state = bare()
    put(state, "cumana", ["mil_american_i1"])
    at_sea(state, "caribe_vii", ["gc_fr1"])
    run(state, "raid", side="patriot", area="cumana", sea="caribe_vii")
    play(state, "die 5")
    assert state.d["raided"] == {"cumana": 1}


def test_ports_taken_7_9() -> None:
    """§7.9: 1 escapes, 2–5 destroyed, 6 captured (Cochrane +1 for the Patriot)."""
    assert [capture_roll(r, False, False) for r in (1, 2, 5, 6)] == [
        "escape",
        "destroyed",
        "destroyed",
        "captured",
    ]
    assert capture_roll(5, False, True) == "captured" and capture_roll(2, True, True) == "escape"
    state = bare()
    put(state, "lima", ["pe_lp"])
    state.place_unit("es_fr2", "callao")
    run(state, "ports_taken")
    play(state, "die 6")
    assert state.d["units"]["es_fr2"]["at"] == POOL
    prize = [u for u, s in state.d["units"].items() if s["port"] == "callao"]
    assert len(prize) == 1 and BOARD.units[prize[0]].side == "patriot"


def test_return_to_port_7_4() -> None:
    """§7.4: a ship more than 4 sea areas from a friendly port goes back within reach or to its box."""
    state = bare()
    put(state, "rio_de_la_plata", ["ep_c1"])
    at_sea(state, "atlantico_iii", ["ep_fr1"])
    at_sea(state, "pacifico_i", ["es_fr1"])
    assert stranded(state, "patriot") == [] and stranded(state, "royalist") == ["es_fr1"]
    run(state, "return_to_port")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["sail spain"]
    play(state, "sail spain")
    assert state.is_terminal() and state.d["units"]["es_fr1"]["at"] == "spain"


def test_amphibious_move_7_6_10_3() -> None:
    """§10.3 example, §7.6–§7.7: Bolívar in Haití with a frigate, a battalion and a cavalry unit: the
    force boards (1 OP), sails to Caribe VII and lands in Costa Firme (1 OP)."""
    state = bare()
    state.d["leaders"]["bolivar"]["at"] = "haiti"
    for u in ("gc_gi", "gc_fr1"):
        state.move(u, "haiti")
    run(
        state,
        "activation",
        side="patriot",
        nations=["gran_colombia", "peru"],
        area="haiti",
        units=["gc_gi"],
        leaders=["bolivar"],
        mexico=-1,
    )
    play(state, "die 6")
    assert "embark" in [state.action_to_string(a) for a in state.legal_actions()]
    play(state, "embark", "sail caribe_vii", "land costa_firme")
    assert (
        state.d["units"]["gc_gi"]["at"] == "costa_firme"
        and state.d["leaders"]["bolivar"]["at"] == "costa_firme"
    )
    assert state.d["units"]["gc_fr1"]["at"] == "caribe_vii"


def cochrane_attacked(choice: str, royal_dice: tuple[int, int]) -> GamState:
    """A Spanish frigate and ship of the line attack Cochrane's one-step Chilean frigate at sea; he
    accepts battle, rolls 1 (§8.3: a frigate taken) and the Patriot answers `choice`; the ship of the line
    rolls `royal_dice` at the Chilean frigate, which misses."""
    state = bare()
    at_sea(state, "pacifico_iii", ["es_fr1", "es_sol1", "ch_fr1"])
    state.set_unit("ch_fr1", steps=1)
    state.d["leaders"]["cochrane"]["at"] = "pacifico_iii"
    run(
        state,
        "naval_battle",
        attacker="royalist",
        sea="pacifico_iii",
        units=["es_fr1", "es_sol1"],
        dunits=["ch_fr1"],
        port="",
    )
    play(state, "fight", "die 1")
    assert waiting(state)["prompt"] == "prompt.cochrane_prize"
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["capture", "sink"]
    assert not waiting(state).get("private")  # the choice is made in the open
    play(state, choice)
    assert state.d["units"]["es_fr1"]["at"] == POOL
    play(state, *(f"die {n}" for n in royal_dice), "die 10")
    return state


def test_cochrane_s_prize_is_captured_or_sunk_at_the_patriot_s_choice_8_3() -> None:
    """§8.3: the frigate taken "es capturada o eliminada (a elección del jugador patriota)": captured, a
    Chilean frigate of the pool takes its place and sits out the battle; sunk, none does."""
    state = cochrane_attacked("capture", (9, 9))  # the Chilean frigate survives: the prize stays
    assert state.d["units"]["ch_fr2"]["at"] == "pacifico_iii"
    state = cochrane_attacked("sink", (9, 9))
    assert state.d["units"]["ch_fr2"]["at"] == POOL


def test_cochrane_s_prize_is_lost_with_every_patriot_ship_8_3() -> None:
    """§8.3: the frigate just captured "es eliminada si todas las fuerzas navales patriotas son eliminadas":
    the ship of the line sinks the Chilean frigate that fought, so the prize goes back to the pool with it
    and Cochrane, left without ships, rolls for his fate (§8.1)."""
    state = cochrane_attacked("capture", (1, 1))
    assert state.d["units"]["ch_fr1"]["at"] == POOL
    assert state.d["units"]["ch_fr2"]["at"] == POOL
    assert any(entry[0] == "log.prize_lost" for entry in state.logs)
    assert state.is_chance_node() and running(state)["p"] == "leader_loss"
