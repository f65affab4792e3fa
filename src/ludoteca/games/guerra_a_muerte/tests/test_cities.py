"""Entering and leaving a city (§5.0, §5.1, §6.2, §6.3.1, §6.4, §6.7; README, "Entering and leaving a
city"): a force goes into its area's city or out of it as a movement operation, advances into it free after
a field battle it won, and never into a city the enemy holds or surrounds; a recruit may be placed in a
city (§4.6)."""

from __future__ import annotations

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import running
from ludoteca.games.guerra_a_muerte.tests.test_examples import put
from ludoteca.games.guerra_a_muerte.tests.test_naval import bare, play, run

ARMY = ["es_a", "es_ab", "es_as", "am_es", "am_art1"]


def activated(area: str) -> GamState:
    """A Royalist force of `ARMY` in `area` of an empty map, activated with a 4 (6 OPs)."""
    return activated_with(bare(), area)


def offered(state: GamState) -> list[str]:
    return sorted(state.action_to_string(a) for a in state.legal_actions())


def left(state: GamState) -> int:
    frame = running(state)
    return int(frame["ops"] - frame["used"])


def test_a_force_enters_its_area_s_city_and_leaves_it_5_0_6_4() -> None:
    """§5.1 ("Una fuerza colocada dentro de una ciudad…"), §6.4 (a unit on the city is in it): a force in
    Santa Fe goes into Cartagena for one OP, a movement operation (§5.0), and comes out the same way; it
    cannot be in and out at once, so each is offered only where some of it can go."""
    state = activated("santa_fe")
    assert BOARD.cities["cartagena"].area == "santa_fe"
    before = left(state)
    assert "enter santa_fe" in offered(state) and "sortie santa_fe" not in offered(state)
    play(state, "enter santa_fe")
    assert all(state.d["units"][u]["city"] for u in ARMY)
    assert left(state) == before - 1
    assert state.logs[-1][0] == "log.entered_city" and state.logs[-1][1]["city"] == "@city.cartagena"
    assert state.logs[-1][2] is None  # public: the city mark shows on the map (§5.1.3 hides only contents)
    assert "enter santa_fe" not in offered(state) and "sortie santa_fe" in offered(state)
    play(state, "sortie santa_fe")
    assert not any(state.d["units"][u]["city"] for u in ARMY)
    assert left(state) == before - 2


def test_a_garrison_marches_out_with_a_move_and_the_city_is_offered_where_one_is() -> None:
    """A force in a city moves to the next area with one move (it leaves the city with it); an area with
    no city offers neither."""
    state = activated("santa_fe")
    play(state, "enter santa_fe", "move maracaibo")
    assert all(state.d["units"][u]["at"] == "maracaibo" and not state.d["units"][u]["city"] for u in ARMY)
    names = offered(state)
    city_here = any(c.area == "maracaibo" for c in BOARD.cities.values())
    assert ("enter maracaibo" in names) == city_here
    assert not [n for n in names if n.startswith("enter ") and n != "enter maracaibo"]


def test_no_entry_into_a_city_the_enemy_holds_or_surrounds_5_0_6_2() -> None:
    """§6.2: a city with enemy units inside is taken by siege, not entered; §5.0's note: no entry into a
    besieged city, read as one with enemy units or a leader anywhere in its area (what the enemy's marker
    shows, §5.1.3): a guerrilla there too, until the force hunts it down (§10.1)."""
    state = bare()
    put(state, "santa_fe", ["gc_ng1"], city=True)
    assert "enter santa_fe" not in offered(activated_with(state))
    state = bare()
    put(state, "santa_fe", ["gc_gi"])
    assert "enter santa_fe" not in offered(activated_with(state))
    state = bare()
    state.d["leaders"]["bolivar"]["at"] = "santa_fe"
    assert "enter santa_fe" not in offered(activated_with(state))
    state = bare()
    put(state, "santa_fe", ["mil_gran_colombia_i1"], guerrilla=True)
    state = activated_with(state)
    assert "enter santa_fe" not in offered(state)
    play(state, "hunt mil_gran_colombia_i1", "die 6")  # the guerrilla eliminated
    assert state.d["units"]["mil_gran_colombia_i1"]["at"] == POOL
    assert "enter santa_fe" in offered(state)


def activated_with(state: GamState, area: str = "santa_fe") -> GamState:
    """`ARMY` added to `state` in `area` and activated with a 4 (6 OPs)."""
    put(state, area, ARMY)
    run(
        state,
        "activation",
        side="royalist",
        nations=["american", "spanish"],
        area=area,
        units=list(ARMY),
        leaders=[],
        mexico=-1,
    )
    play(state, "die 4")
    return state


def test_guerrillas_never_enter_a_city_6_7_10_1() -> None:
    """§6.7, §10.1: "Las unidades en modo guerrilla NO PUEDEN entrar en ciudades": a force with a guerrilla
    in it is offered no entry until it leaves the guerrilla behind."""
    state = bare()
    put(state, "santa_fe", ["mil_american_i1"], guerrilla=True)
    force = [*ARMY, "mil_american_i1"]
    put(state, "santa_fe", ARMY)
    run(
        state,
        "activation",
        side="royalist",
        nations=["american", "spanish"],
        area="santa_fe",
        units=force,
        leaders=[],
        mexico=-1,
    )
    play(state, "die 4")
    assert "enter santa_fe" not in offered(state)
    play(state, "leave mil_american_i1")
    assert "enter santa_fe" in offered(state)


def test_a_victorious_force_advances_into_the_city_free_6_3_1() -> None:
    """§6.3.1: "Si una fuerza resulta victoriosa después de una batalla campal, puede inmediatamente entrar
    en las ciudades… que no estén ocupadas por unidades enemigas". The §6.6 example's Morillo, without the
    garrison: he moves into Santa Fe (1 OP), destroys force A in the field (2 OPs, DZ) and enters
    Cartagena at no cost; the advance is only the very next operation."""
    state = bare()
    infantry = ["es_a", "es_ab", "es_as", "es_lb", "es_fvii", "es_zm", "es_ex", "es_tc"]
    army = [*infantry, "am_es", "am_pr", "am_df", "am_dba", "am_bfm", "am_dg", "am_art1", "am_art2"]
    put(state, "maracaibo", army)
    state.d["leaders"]["morillo"]["at"] = "maracaibo"
    force_a = ["gc_gi", "gc_vc", "gc_h", "gc_lc"]
    put(state, "santa_fe", force_a)
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
    play(state, "die 4", "move santa_fe", "attack", "fight", "die 6", "die 1", "die 3", "die 2", "die 6")
    assert all(state.d["units"][u]["at"] == POOL for u in force_a)
    assert left(state) == 4 and "enter santa_fe" in offered(state)
    play(state, "enter santa_fe")
    assert left(state) == 4 and all(state.d["units"][u]["city"] for u in army)
    play(state, "sortie santa_fe")
    assert left(state) == 3


def test_units_in_the_city_fight_no_field_battle_until_they_come_out_6_4() -> None:
    """§6.4: a unit in the city is attacked only by siege, one outside only in a field battle; §6.7: in a
    city units lose mobility. A force in the city declares no field battle against the enemy around it
    (it comes out first, one OP)."""
    state = bare()
    put(state, "santa_fe", ARMY, city=True)
    put(state, "santa_fe", ["gc_gi"])
    run(
        state,
        "activation",
        side="royalist",
        nations=["american", "spanish"],
        area="santa_fe",
        units=list(ARMY),
        leaders=[],
        mexico=-1,
    )
    play(state, "die 4")
    assert "attack" not in offered(state) and "sortie santa_fe" in offered(state)
    play(state, "sortie santa_fe")
    assert "attack" in offered(state)


def test_a_recruit_may_be_placed_in_the_city_4_6() -> None:
    """§4.6: recruits are placed "en un área o ciudad en un área bajo control total o parcial": the
    Royalist holding only Lima may put a recruit in Lima's field or in its city (`enter lima`); "no puede
    recrearse unidades en ciudades que estén bajo asedio": with a Patriot force in Lima's field the city is
    not offered."""
    state = bare()
    state.d["rp"]["royalist"] = 6.0
    put(state, "lima", ["am_vdc"])
    run(state, "recruitment", sides=["royalist"])
    play(state, "recruit am_pb")
    assert offered(state) == ["enter lima", "place lima"]
    play(state, "enter lima")
    assert state.d["units"]["am_pb"]["at"] == "lima" and state.d["units"]["am_pb"]["city"]
    state = bare()
    state.d["rp"]["royalist"] = 6.0
    put(state, "lima", ["am_vdc"])
    put(state, "lima", ["ep_c1"])
    run(state, "recruitment", sides=["royalist"])
    play(state, "recruit am_pb")
    assert state.d["units"]["am_pb"]["at"] == "lima" and not state.d["units"]["am_pb"]["city"]
