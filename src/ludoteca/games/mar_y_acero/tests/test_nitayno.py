"""The Nitayno (§5) playing real positions: the rulebook's examples, the priorities, retreats, raids, the
event draw and its conditions, reinforcements, the special phase and the levels."""

from __future__ import annotations

from typing import Any

from ludoteca.games.mar_y_acero.state import MyaState
from ludoteca.games.mar_y_acero.tests.positions import area, empty_position, legal, play, put, run


def solo(level: int = 0, **d: Any) -> MyaState:
    return empty_position({"mode": "solo", "level": str(level)}, **{"nitayno": {}, **d})


def fill(st: MyaState, *skip: int) -> None:
    """A Naboria in every area not in `skip`, so that no other area is empty or a target."""
    for n in range(1, 16):
        if n not in skip:
            put(st, n, "ind", "naboria")


def logged(st: MyaState, key: str) -> list[dict[str, Any]]:
    """The parameters of every log line with message `key`."""
    return [params for k, params, _, _ in st.logs if k == key]


def test_rulebook_activation_example() -> None:
    """§5.3.5 example: area 7 is drawn but holds Spaniards, so 6 is activated; it is neither jungle nor
    2VP, so its Taíno tries to move; it reaches 5, 7 and (extended, through 5) 4; only 7 is a target,
    priority 5 (2VP with Spaniards, no superiority): a raid on 7."""
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 7, "es", "espatario", "arcabucero")
    put(st, 6, "ind", "cacique")
    put(st, 5, "ind", "naboria")
    put(st, 4, "ind", "naboria")
    run(st, "impulse", fac="ind")
    assert st.is_chance_node()  # the extraction system: a marker from the bag
    play(st, "marker 7")
    assert logged(st, "nitayno.extracted")[-1] == {"marker": 7, "area": 6, "why": "@nitayno.why.activation"}
    assert logged(st, "nitayno.priority.5") == [{"area": 7}]
    assert logged(st, "log.raid")[-1]["area"] == 6 and logged(st, "log.raid")[-1]["to"] == 7
    assert legal(st) == [f"die {n}" for n in range(1, 7)]
    play(st, "die 5")  # 5, −1 for a raid into jungle without Rebels: 4, no effect
    assert area(st, 7, "es") == ["arcabucero", "espatario"] and area(st, 6, "ind") == ["cacique"]


def test_ovando_example_deployed_by_the_nitayno() -> None:
    """§5.3.3 example: "Ovando hace oídos sordos" under Indigenous Conflict, Caribes in 1 and 2, a Spaniard
    in 10. The Taínos can only go to 10 (one area: nothing to draw); the Caribes go on from there down to
    the next valid area, 2, fill it, then 1; the fifth Caribe returns to the bag; the Taínos fight in 10."""
    conflict = {"naval": False, "conflict": True, "land_only": False, "shipworm": False}
    st = solo(flags=conflict)
    put(st, 1, "ind", "tama")
    put(st, 2, "ind", "tama")
    put(st, 10, "es", "espatario")
    run(st, "event.7", fac="ind", card=7)
    play(st, *["unit naboria"] * 3, *["unit calinago"] * 5)
    assert area(st, 10, "ind") == ["naboria", "naboria", "naboria"]
    assert [p["area"] for p in logged(st, "log.deployed")] == [10, 10, 10, 2, 2, 1, 1]
    assert area(st, 2, "ind") == ["calinago", "calinago", "tama"]
    assert area(st, 1, "ind") == ["calinago", "calinago", "tama"]
    assert st.d["bags"]["caribe"]["calinago"] == 13 - 4  # the fifth went back
    assert st.is_chance_node() and legal(st)[0] == "die 1"  # the combat in area 10 has begun


def test_no_action_tries_the_next_lower_area() -> None:
    """§5.3.5: when the area activated can do nothing, the next lower area with indigenous forces acts."""
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 9, "ind", "tama")  # a 2VP area with 1 unit raids, but no Spaniard is next to it
    put(st, 8, "ind", "tama", "tama")
    put(st, 10, "ind", "naboria")
    put(st, 3, "es", "peon")
    put(st, 2, "ind", "calinago", "calinago")
    run(st, "impulse", fac="ind")
    play(st, "marker 9")
    assert logged(st, "nitayno.no_action")[0] == {"area": 9}
    assert logged(st, "nitayno.activates")[0]["area"] == 2  # 8 has nothing to do either
    assert logged(st, "nitayno.priority.6") == [{"area": 3}]


def test_priority_1_moves_into_an_empty_two_vp_area_keeping_the_garrison() -> None:
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 3, "ind", "naboria", "tama", "calinago")
    for n in (1, 4, 5, 15):
        put(st, n, "ind", "naboria")
    put(st, 6, "es", "espatario")
    run(st, "impulse", fac="ind")
    play(st, "marker 3")
    assert logged(st, "nitayno.priority.1") == [{"area": 2}]
    assert area(st, 2, "ind") == ["calinago", "tama"]  # the strongest go
    assert area(st, 3, "ind") == ["naboria"]  # a jungle keeps one unit (§5.1)


def test_priority_3_moves_one_unit_and_priority_4_attacks() -> None:
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 11, "ind", "calinago", "tama")
    fill(st, 10, 11, 12)
    put(st, 12, "es", "peon")
    run(st, "impulse", fac="ind")
    play(st, "marker 11")
    # 12 holds a lone Peón (priority 4), but the empty 1VP area 10 comes first
    assert logged(st, "nitayno.priority.3") == [{"area": 10}]
    assert area(st, 10, "ind") == ["calinago"]  # one unit, the one with the highest factor
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 11, "ind", "calinago", "calinago", "tama")
    fill(st, 11, 12)
    put(st, 12, "es", "peon")
    run(st, "impulse", fac="ind")
    play(st, "marker 11")
    assert logged(st, "nitayno.priority.4") == [{"area": 12}]
    assert logged(st, "log.combat")[-1]["area"] == 12


def test_priority_2_attacks_a_two_vp_area_with_superiority() -> None:
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 10, "ind", "capitan", "calinago", "calinago")
    fill(st, 9, 10)
    put(st, 9, "es", "escribano")
    run(st, "impulse", fac="ind")
    play(st, "marker 10")
    assert logged(st, "nitayno.priority.2") == [{"area": 9}]
    assert sorted(area(st, 9, "ind")) == ["calinago", "calinago", "capitan"]


def test_retreat_without_superiority_and_the_two_vp_exception() -> None:
    """§5.3.5: the Nitayno fights another round only with superiority; defending 1, 2, 7, 8 or 9 it
    never retreats."""
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 6, "ind", "naboria")
    put(st, 5, "ind", "naboria")
    put(st, 6, "es", "jinete", "jinete", "arcabucero")
    run(st, "combat", area=6, att="es", origin=[7])
    play(st, "die 6", "die 6", "die 6", "die 6")  # nobody hits
    assert logged(st, "nitayno.retreats") == [{"area": 6}]
    assert area(st, 5, "ind") == ["naboria", "naboria"]
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 8, "ind", "naboria")
    put(st, 9, "ind", "naboria")
    put(st, 8, "es", "jinete", "jinete", "arcabucero")
    run(st, "combat", area=8, att="es", origin=[7])
    play(st, "die 6", "die 6", "die 6", "die 6")
    assert logged(st, "nitayno.fights_on.exception") == [{"area": 8}]
    play(st, "end")  # Spain stays too
    assert st.is_chance_node() and area(st, 8, "ind") == ["naboria"]  # the next round's dice


def test_hits_fall_on_reduced_units_first_and_leaders_last() -> None:
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 6, "ind", "caonabo", "calinago")
    put(st, 6, "ind", "tama", reduced=True)
    put(st, 6, "es", "jinete", "jinete", "jinete")
    run(st, "combat", area=6, att="es", origin=[7])
    play(st, "die 1", "die 6", "die 6", "die 6", "die 6", "die 6")  # Spain hits once, the Nitayno misses
    assert logged(st, "log.lost")[0]["kind"] == "@kind.tama"  # the reduced Tama went first
    # no superiority left: all retreat, leaders first (the hit order reversed)
    assert [p["kind"] for p in logged(st, "log.retreat")] == ["@kind.caonabo", "@kind.calinago"]


def test_second_raid_on_two_vp_always_and_on_one_vp_only_with_soldiers() -> None:
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 6, "ind", "tama")
    put(st, 5, "ind", "tama")
    put(st, 8, "ind", "tama")
    put(st, 7, "es", "peon", "peon")
    run(st, "raid", fac="ind", src=6, dst=7)
    play(st, "die 1")  # jungle −1: still a 1, a Peón removed
    assert logged(st, "nitayno.raid_again") == [{"area": 7}]
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 10, "ind", "tama")
    put(st, 11, "es", "peon", "peon")
    run(st, "raid", fac="ind", src=10, dst=11)
    play(st, "die 1")
    assert logged(st, "nitayno.raid_stop") == [{"area": 11}]


def test_event_draw_puts_back_pearls_with_seven_units_or_fewer() -> None:
    """§5.3.3 condition 1 (and condition 2 for Tormentas with six Soldiers or fewer)."""
    st = solo()
    st.d["hands"]["ind"] = [1, 3, 8]
    st.d["commit"]["es"] = 9
    put(st, 1, "ind", "tama")
    put(st, 8, "es", "jinete")
    run(st, "event_phase")
    play(st, "card 9")
    play(st, "deal 3")
    assert logged(st, "nitayno.rejects_pearls")
    assert "deal 3" not in legal(st)
    play(st, "deal 8")
    assert logged(st, "nitayno.rejects_storm")
    assert legal(st) == ["deal 1"]
    play(st, "deal 1")
    assert st.d["event"]["ind"] == 1


def test_level_one_plays_the_lower_vrr_of_two_cards() -> None:
    st = solo(level=1)
    st.d["hands"]["ind"] = [1, 5, 6]
    put(st, 1, "ind", *["tama"] * 3)
    for n in (2, 3, 4):
        put(st, n, "ind", "tama", "tama", "tama")
    put(st, 8, "es", "jinete")
    run(st, "event_phase")
    play(st, "card 9", "deal 1", "deal 6")  # VRR 7 and 3
    assert st.d["event"]["ind"] == 6


def test_reinforcements_take_the_colour_of_the_area_drawn() -> None:
    """§5.3.4: an indigenous area by extraction; the colour of its units (Caribes first when mixed)."""
    st = solo(event={"es": 9, "ind": 5})  # VRR 7 against 5: the Nitayno gets 2 PRR
    put(st, 3, "ind", "naboria", "tama")
    put(st, 13, "ind", "naboria")
    for n in (1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15):
        put(st, n, "es", "peon")
    run(st, "reinforcements")
    play(st, "marker 3")
    assert logged(st, "nitayno.reinforces")[0] == {"area": 3, "bag": "@bag.caribe"}
    assert legal(st)[0].startswith("unit ") and "unit tama" in legal(st)


def test_level_one_deploys_at_least_two_and_restores_caonabo() -> None:
    st = solo(level=1, event={"es": 9, "ind": 1})  # VRR 7 against 7: 2 PRR each; make it 1 below
    st.d["event"] = {"es": 5, "ind": 1}  # 2 against 7: the Nitayno would get 1 PRR
    put(st, 3, "ind", "naboria")
    put(st, 3, "ind", "caonabo", reduced=True)
    run(st, "reinforcements")
    assert logged(st, "nitayno.caonabo_flips") == [{"area": 3}]
    assert logged(st, "nitayno.min_reinforcements") == [{"n": 2}]


def test_special_phase_applies_the_row_of_the_vp_marker() -> None:
    """§5.3.2: card 51 at 7–11 VP brings 3 Taínos (deployed by extraction); at 0–6 VP nothing."""
    st = solo(turn=3)
    put(st, 13, "ind", "naboria")
    st.d["vp"] = 8
    run(st, "nitayno.special_phase")
    play(st, "nitayno 51")
    assert logged(st, "nitayno.card_row") == [{"card": "@nitayno.card.51", "vp": 8}]
    while st.is_chance_node() and legal(st)[0].split()[0] in ("unit", "marker"):
        play(st, legal(st)[0])
    assert sum(1 for n in range(1, 16) for k in area(st, n, "ind") if k in ("naboria", "cacique")) >= 3


def test_special_phase_draws_again_when_the_effect_cannot_be_done() -> None:
    """Card 44 at 12 VP or more removes a Citadel; with none on the map another card is drawn for it."""
    st = solo(turn=3)
    put(st, 13, "ind", "naboria")
    put(st, 8, "es", "jinete")
    st.d["vp"] = 12
    run(st, "nitayno.special_phase")
    play(st, "nitayno 44")
    assert logged(st, "nitayno.cannot") == [{"card": "@nitayno.card.44"}]
    assert "nitayno 44" not in legal(st) and "nitayno 45" in legal(st)


def test_raid_strikes_the_spanish_unit_its_order_names() -> None:
    """A Jinete and an Espatario tie at defence 4: the Nitayno's raid order takes the Jinete."""
    st = solo(imp={"ind": 3, "es": 3})
    put(st, 10, "ind", "tama")
    put(st, 11, "es", "espatario", "jinete")
    run(st, "raid", fac="ind", src=10, dst=11)
    play(st, "die 1")
    assert logged(st, "log.lost")[0]["kind"] == "@kind.jinete"


def test_level_two_rolls_a_volley_without_hits_again() -> None:
    """§5.4 rule 8: three dice that hit nothing are rolled again (levels 0 and 1 do not)."""
    for level, again in ((2, True), (0, False)):
        st = solo(level=level, imp={"ind": 3, "es": 3})
        put(st, 6, "ind", "calinago", "calinago", "calinago")
        put(st, 6, "es", "jinete")
        run(st, "combat", area=6, att="ind", origin=[5])
        play(st, "die 6", "die 6", "die 6")
        assert bool(logged(st, "nitayno.reroll.level")) == again


def test_level_two_flips_reduced_rebels_before_reinforcing() -> None:
    st = solo(level=2, event={"es": 9, "ind": 5})
    put(st, 12, "ind", "tropa", reduced=True)
    run(st, "reinforcements")
    assert logged(st, "nitayno.flips_rebel") == [{"area": 12}]
    assert area(st, 12, "ind") == ["tropa"]


def test_turn_six_last_impulse_follows_the_bottom_of_the_card() -> None:
    """§5.3.2: in turn 6 the Nitayno's last impulse is the bottom of its card — card 44 empties a Spanish
    area drawn by extraction."""
    st = solo(turn=6, imp={"ind": 1, "es": 1}, nitayno={"card": 44})
    fill(st, 4, 9)
    put(st, 4, "es", "peon")
    put(st, 9, "es", "jinete", "espatario")
    run(st, "impulses")
    assert logged(st, "nitayno.card_bottom") == [{"card": "@nitayno.card.44"}]
    play(st, "marker 12")  # 12, 11, 10, 9: the first Spanish-held area going down
    assert area(st, 9, "es") == [] and st.d["ctrl"][8] == "ind"
    assert area(st, 4, "es") == ["peon"]


def test_turn_six_converging_attack_on_a_two_vp_area() -> None:
    """Card 47's bottom: an attack on a Spanish-held 2VP area from up to three areas, no movement limits."""
    st = solo(turn=6, imp={"ind": 1, "es": 1}, nitayno={"card": 47})
    fill(st, 8)
    put(st, 12, "ind", "calinago", "calinago")
    put(st, 8, "es", "peon")
    run(st, "impulses")
    converged = logged(st, "nitayno.converges")
    assert converged and converged[0]["area"] == 8
    assert len([k for k in area(st, 8, "ind")]) == 3  # up to the stacking limit
    assert logged(st, "log.combat")[-1]["area"] == 8


def test_levels_change_the_final_score() -> None:
    """§5.4: level I takes away the +1 VP of Royal Support 8+ (rules 1); level II makes no citadel cost 2 VP
    (rule 6) and every 2VP area a condition of any Spanish victory (rule 5)."""
    from ludoteca.games.mar_y_acero.end import final_score

    results = {}
    for level in (0, 1, 2):
        st = solo(level=level, rs=8, cit=[3])
        st.d["vp"] = 15
        final_score(st)
        results[level] = (st.d["over"]["params"]["vp"], st.returns()[0] > 0)
    assert results[0] == (16, True)  # +1 from Royal Support
    assert results[1] == (15, True)  # level I: no Royal Support point
    assert results[2] == (15, False)  # level II: Spain holds none of the five 2VP areas
    st = solo(level=2, rs=5, cit=[])
    st.d["vp"] = 16
    final_score(st)
    assert st.d["over"]["params"]["vp"] == 14  # no citadel: −2
