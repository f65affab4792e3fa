"""§4.7, §4.9, §4.10, §9 and §10: the worked examples (the subversion of the VdC, the Indian masses of
México Central, the §10.1 counter-guerrilla) and the rules of those chapters, played through their
procedures, each naming its section."""

from __future__ import annotations

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.position import DEAD, DUE, POOL
from ludoteca.games.guerra_a_muerte.resources import area_income
from ludoteca.games.guerra_a_muerte.tests.test_examples import put
from ludoteca.games.guerra_a_muerte.tests.test_naval import bare, play, run
from ludoteca.games.guerra_a_muerte.uprisings import can_rise, modifier


def test_subversion_of_the_vdc_10_2_2() -> None:
    """§10.2.2 example: turn XI, the Liberals in power; San Martín in Lima picks the VdC, rolls 2: the
    two-step regiment leaves the map and an equivalent Patriot two-step infantry regiment joins him."""
    state = bare()
    state.d["turn"] = state.d["liberals"] = 11
    state.d["leaders"]["san_martin"]["at"] = "lima"
    put(state, "lima", ["ep_c1", "ep_dp1"])
    put(state, "lima", ["am_vdc", "am_nu"])
    run(state, "subversion")
    play(state, "subvert am_vdc", "die 2")
    assert state.is_terminal() and state.d["units"]["am_vdc"]["at"] == POOL
    new = [u for u in state.land_at("lima", "patriot") if u not in ("ep_c1", "ep_dp1")]
    assert len(new) == 1 and new[0].startswith("ep_c") and state.d["units"][new[0]]["steps"] == 2


def test_subversion_reduced_and_failed_10_2_2() -> None:
    """A reduced regiment comes over reduced; 4–6 fails."""
    state = bare()
    state.d["turn"] = state.d["liberals"] = 11
    state.d["leaders"]["san_martin"]["at"] = "lima"
    put(state, "lima", ["ep_c1", "am_vdc"])
    state.set_unit("am_vdc", steps=1)
    run(state, "subversion")
    play(state, "subvert am_vdc", "die 3")
    new = [u for u in state.land_at("lima", "patriot") if u != "ep_c1"]
    assert [state.d["units"][u]["steps"] for u in new] == [1]
    state = bare()
    state.d["leaders"]["san_martin"]["at"] = "lima"
    put(state, "lima", ["am_vdc"])
    run(state, "subversion")
    play(state, "subvert am_vdc", "die 4")
    assert state.d["units"]["am_vdc"]["at"] == "lima"


def test_indian_masses_in_mexico_central_4_9() -> None:
    """§4.9 example: turn I, the Patriot raises Indian masses in México Central: three free militia
    infantry, no more Patriot uprisings there until the Liberal event, and the area pays half (5 → 2)."""
    state = bare()
    state.d["turn"] = 1
    put(state, "central_mexico", ["mil_mexico_i1"])
    run(state, "slave_recruitment")
    play(state, "levy central_mexico")
    assert len(state.land_at("central_mexico", "patriot")) == 4
    assert "central_mexico" in state.d["slaves"]["patriot"]
    assert area_income(state, "central_mexico") == {"mexico": 2}
    for u in state.land_at("central_mexico", "patriot"):
        state.move(u, POOL)
    put(state, "central_mexico", ["mil_american_i1"])
    assert not can_rise(state, "patriot", "central_mexico")
    state.d["liberals"] = 9
    assert can_rise(state, "patriot", "central_mexico")


def test_uprising_modifiers_9_4() -> None:
    """§9.4: −1 with enemy regulars, +2 in a friendly area, +1 after repression; §9.5 the rebels +2 and
    not before turn III; the Patriot never in the Banda Oriental, Misiones or Paraguay."""
    state = bare()
    put(state, "salta", ["am_fp"])
    assert modifier(state, "patriot", "salta") == -1 + 2
    state.d["repression"].append("salta")
    assert modifier(state, "patriot", "salta") == 2
    put(state, "paraguay", ["mil_el_plata_i1"])
    state.d["turn"] = 2
    assert not can_rise(state, "royalist", "paraguay")
    state.d["turn"] = 3
    assert can_rise(state, "royalist", "paraguay") and modifier(state, "royalist", "paraguay") == 2
    put(state, "banda_oriental", ["mil_american_i1"])
    assert not can_rise(state, "patriot", "banda_oriental")


def test_uprising_procedure_9_3() -> None:
    """§9.3: a modified 5 raises a militia of the side's choice; the Royalist's in Paraguay raises El Plata
    rebels (§9.5)."""
    state = bare()
    state.d["turn"] = 3
    put(state, "salta", ["mil_american_i1"])
    put(state, "paraguay", ["mil_el_plata_i1"])
    run(state, "uprisings")
    play(state, "uprise salta", "uprise paraguay")
    play(state, "die 3", "recruit mil_el_plata_c1", "die 3", "recruit mil_el_plata_rebels_i1")
    assert state.d["units"]["mil_el_plata_c1"]["at"] == "salta"
    assert [u for u in state.land_at("paraguay", "rebel")]
    assert state.is_terminal()


def test_militia_promotion_4_7() -> None:
    """§4.7: a militia of the same arm in the area completes a reduced regular of its nationality; Royalist
    militia complete Spanish regulars too."""
    state = bare()
    put(state, "salta", ["ep_c1", "mil_el_plata_i1", "mil_chile_i1"])
    state.set_unit("ep_c1", steps=1)
    run(state, "promotion")
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["done", "promote ep_c1"]
    play(state, "promote ep_c1")
    assert state.d["units"]["ep_c1"]["steps"] == 2 and state.d["units"]["mil_el_plata_i1"]["at"] == POOL
    assert state.d["units"]["mil_chile_i1"]["at"] == "salta" and state.is_terminal()


def test_counter_guerrilla_10_1() -> None:
    """§10.1 example: the Royalists hunt the guerrilla in Salta first (5–6 after the −1 for militia
    destroys it), then fight Belgrano at full strength."""
    state = bare()
    put(state, "salta", ["am_fp", "am_ce"])
    put(state, "salta", ["mil_el_plata_i1"], guerrilla=True)
    run(
        state,
        "counter_guerrilla",
        side="royalist",
        area="salta",
        units=["am_fp", "am_ce"],
        target="mil_el_plata_i1",
    )
    play(state, "die 6")
    assert state.d["units"]["mil_el_plata_i1"]["at"] == POOL


def test_guerrilla_mode_10_1() -> None:
    """§10.1: militia outside cities change mode once each in the Reorganization phase."""
    state = bare()
    put(state, "salta", ["mil_el_plata_i1"])
    put(state, "salta", ["mil_el_plata_i2"], city=True)
    run(state, "guerrilla_mode")
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == [
        "done",
        "guerrilla mil_el_plata_i1",
    ]
    play(state, "guerrilla mil_el_plata_i1")
    assert state.d["units"]["mil_el_plata_i1"]["guerrilla"] and state.is_terminal()


def test_mexican_lost_cause_4_10() -> None:
    """§4.10 (ambiguity 18): with Morelos gone, each Mexican regular still due becomes a Mexican militia
    of its arm due the same turn."""
    state = bare()
    regulars = [u for u in state.d["units"] if u.startswith("mx_") and not u.startswith("mx_fr")][:2]
    for u in regulars:
        state.move(u, DUE, turn=5)
    run(state, "lost_cause")
    assert all(state.d["units"][u]["at"] == DEAD for u in regulars)
    militia = [u for u, s in state.d["units"].items() if u.startswith("mil_mexico") and s["at"] == DUE]
    assert len(militia) == 2 and all(state.d["units"][u]["turn"] == 5 for u in militia)


def test_a_guerrilla_denies_the_enemy_s_rp_where_he_has_no_regulars_10_1() -> None:
    """§10.1: "El jugador enemigo no podrá 'recolectar' RPs de esa área si no hay unidades regulares en
    esa área". A Patriot guerrilla and a Royalist militia (not a guerrilla) share Salta with no regular:
    the area is partly held (§1.1.1), the Patriot collects his half (§4.0), the Royalist nothing. A
    Royalist regular there lets him collect again (and takes control from the guerrilla)."""
    state = bare()
    put(state, "salta", ["mil_el_plata_i1"], guerrilla=True)
    put(state, "salta", ["mil_american_i1"])
    half = BOARD.areas["salta"].rp // 2
    assert state.holders("salta") == {"patriot", "royalist"}
    assert area_income(state, "salta") == {"el_plata": half}
    state.set_unit("mil_el_plata_i1", guerrilla=False)  # no guerrilla: both collect their half
    assert area_income(state, "salta") == {"royalist": half, "el_plata": half}
    state.set_unit("mil_el_plata_i1", guerrilla=True)
    put(state, "salta", ["am_fp"])  # a Royalist regular: the guerrilla no longer holds the area
    assert area_income(state, "salta") == {"royalist": BOARD.areas["salta"].rp}
    # the other way round: a Royalist guerrilla denies a Patriot with militia only
    state = bare()
    put(state, "salta", ["mil_american_i1"], guerrilla=True)
    put(state, "salta", ["mil_el_plata_i1"])
    assert area_income(state, "salta") == {"royalist": half}
