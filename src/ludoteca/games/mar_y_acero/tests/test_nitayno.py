"""The Nitayno (§5) playing real positions: the rulebook's examples, the priorities, retreats, raids, the
event draw and its conditions, reinforcements, the special phase and the levels."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO
from ludoteca.games.mar_y_acero.procs import NITAYNO_EFFECTS
from ludoteca.games.mar_y_acero.state import MyaState
from ludoteca.games.mar_y_acero.tests.positions import (
    area,
    empty_position,
    legal,
    over,
    play,
    put,
    run,
    waiting,
)


def solo(level: int = 0, **d: Any) -> MyaState:
    return empty_position({"mode": "solo", "level": str(level)}, **{"nitayno": {}, **d})


def fill(state: MyaState, *skip: int) -> None:
    """A Naboria in every area not in `skip`, so that no other area is empty or a target."""
    for n in range(1, 16):
        if n not in skip:
            put(state, n, "ind", "naboria")


def logged(state: MyaState, key: str) -> list[dict[str, Any]]:
    """The parameters of every log line with message `key`."""
    return [params for k, params, _, _ in state.logs if k == key]


def test_rulebook_activation_example() -> None:
    """§5.3.5 example: area 7 is drawn but holds Spaniards, so 6 is activated; it is neither jungle nor
    2VP, so its Taíno tries to move; it reaches 5, 7 and (extended, through 5) 4; only 7 is a target,
    priority 5 (2VP with Spaniards, no superiority): a raid on 7."""
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 7, "es", "espatario", "arcabucero")
    put(state, 6, "ind", "cacique")
    put(state, 5, "ind", "naboria")
    put(state, 4, "ind", "naboria")
    run(state, "impulse", fac="ind")
    assert state.is_chance_node()  # the extraction system: a marker from the bag
    play(state, "marker 7")
    assert logged(state, "nitayno.extracted")[-1] == {
        "marker": 7,
        "area": 6,
        "why": "@nitayno.why.activation",
    }
    assert logged(state, "nitayno.priority.5") == [{"area": 7}]
    assert logged(state, "log.raid")[-1]["area"] == 6 and logged(state, "log.raid")[-1]["to"] == 7
    assert legal(state) == [f"die {n}" for n in range(1, 7)]
    play(state, "die 5")  # 5, −1 for a raid into jungle without Rebels: 4, no effect
    assert area(state, 7, "es") == ["arcabucero", "espatario"] and area(state, 6, "ind") == ["cacique"]


def test_ovando_example_deployed_by_the_nitayno() -> None:
    """§5.3.3 example: "Ovando hace oídos sordos" under Indigenous Conflict, Caribes in 1 and 2, a Spaniard
    in 10. The Taínos can only go to 10 (one area: nothing to draw); the Caribes go on from there down to
    the next valid area, 2, fill it, then 1; the fifth Caribe returns to the bag; the Taínos fight in 10."""
    conflict = {"naval": False, "conflict": True, "land_only": False, "shipworm": False}
    state = solo(flags=conflict)
    put(state, 1, "ind", "tama")
    put(state, 2, "ind", "tama")
    put(state, 10, "es", "espatario")
    run(state, "event", fac="ind", card=7)
    play(state, *["unit naboria"] * 3, *["unit calinago"] * 5)
    assert area(state, 10, "ind") == ["naboria", "naboria", "naboria"]
    assert [p["area"] for p in logged(state, "log.deployed")] == [10, 10, 10, 2, 2, 1, 1]
    assert area(state, 2, "ind") == ["calinago", "calinago", "tama"]
    assert area(state, 1, "ind") == ["calinago", "calinago", "tama"]
    assert state.d["bags"]["caribe"]["calinago"] == 13 - 4  # the fifth went back
    assert state.is_chance_node() and legal(state)[0] == "die 1"  # the combat in area 10 has begun


def test_no_action_tries_the_next_lower_area() -> None:
    """§5.3.5: when the area activated can do nothing, the next lower area with indigenous forces acts."""
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 9, "ind", "tama")  # a 2VP area with 1 unit raids, but no Spaniard is next to it
    put(state, 8, "ind", "tama", "tama")
    put(state, 10, "ind", "naboria")
    put(state, 3, "es", "peon")
    put(state, 2, "ind", "calinago", "calinago")
    run(state, "impulse", fac="ind")
    play(state, "marker 9")
    assert logged(state, "nitayno.no_action")[0] == {"area": 9}
    assert logged(state, "nitayno.activates")[0]["area"] == 2  # 8 has nothing to do either
    assert logged(state, "nitayno.priority.6") == [{"area": 3}]


def test_priority_1_moves_into_an_empty_two_vp_area_keeping_the_garrison() -> None:
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 3, "ind", "naboria", "tama", "calinago")
    for n in (1, 4, 5, 15):
        put(state, n, "ind", "naboria")
    put(state, 6, "es", "espatario")
    run(state, "impulse", fac="ind")
    play(state, "marker 3")
    assert logged(state, "nitayno.priority.1") == [{"area": 2}]
    assert area(state, 2, "ind") == ["calinago", "tama"]  # the strongest go
    assert area(state, 3, "ind") == ["naboria"]  # a jungle keeps one unit (§5.1)


def test_priority_3_moves_one_unit_and_priority_4_attacks() -> None:
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 11, "ind", "calinago", "tama")
    fill(state, 10, 11, 12)
    put(state, 12, "es", "peon")
    run(state, "impulse", fac="ind")
    play(state, "marker 11")
    # 12 holds a lone Peón (priority 4), but the empty 1VP area 10 comes first
    assert logged(state, "nitayno.priority.3") == [{"area": 10}]
    assert area(state, 10, "ind") == ["calinago"]  # one unit, the one with the highest factor
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 11, "ind", "calinago", "calinago", "tama")
    fill(state, 11, 12)
    put(state, 12, "es", "peon")
    run(state, "impulse", fac="ind")
    play(state, "marker 11")
    assert logged(state, "nitayno.priority.4") == [{"area": 12}]
    assert logged(state, "log.combat")[-1]["area"] == 12


def test_priority_2_attacks_a_two_vp_area_with_superiority() -> None:
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 10, "ind", "capitan", "calinago", "calinago")
    fill(state, 9, 10)
    put(state, 9, "es", "escribano")
    run(state, "impulse", fac="ind")
    play(state, "marker 10")
    assert logged(state, "nitayno.priority.2") == [{"area": 9}]
    assert sorted(area(state, 9, "ind")) == ["calinago", "calinago", "capitan"]


def test_retreat_without_superiority_and_the_two_vp_exception() -> None:
    """§5.3.5: the Nitayno fights another round only with superiority; defending 1, 2, 7, 8 or 9 it
    never retreats."""
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 6, "ind", "naboria")
    put(state, 5, "ind", "naboria")
    put(state, 6, "es", "jinete", "jinete", "arcabucero")
    run(state, "combat", area=6, att="es", origin=[7])
    play(state, "die 6", "die 6", "die 6", "die 6")  # nobody hits
    assert logged(state, "nitayno.retreats") == [{"area": 6}]
    assert area(state, 5, "ind") == ["naboria", "naboria"]
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 8, "ind", "naboria")
    put(state, 9, "ind", "naboria")
    put(state, 8, "es", "jinete", "jinete", "arcabucero")
    run(state, "combat", area=8, att="es", origin=[7])
    play(state, "die 6", "die 6", "die 6", "die 6")
    assert logged(state, "nitayno.fights_on.exception") == [{"area": 8}]
    play(state, "end")  # Spain stays too
    assert state.is_chance_node() and area(state, 8, "ind") == ["naboria"]  # the next round's dice


def test_hits_fall_on_reduced_units_first_and_leaders_last() -> None:
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 6, "ind", "caonabo", "calinago")
    put(state, 6, "ind", "tama", reduced=True)
    put(state, 6, "es", "jinete", "jinete", "jinete")
    run(state, "combat", area=6, att="es", origin=[7])
    play(state, "die 1", "die 6", "die 6", "die 6", "die 6", "die 6")  # Spain hits once, the Nitayno misses
    assert logged(state, "log.lost")[0]["kind"] == "@kind.tama"  # the reduced Tama went first
    # no superiority left: all retreat, leaders first (the hit order reversed)
    assert [p["kind"] for p in logged(state, "log.retreat")] == ["@kind.caonabo", "@kind.calinago"]


def test_second_raid_on_two_vp_always_and_on_one_vp_only_with_soldiers() -> None:
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 6, "ind", "tama")
    put(state, 5, "ind", "tama")
    put(state, 8, "ind", "tama")
    put(state, 7, "es", "peon", "peon")
    run(state, "raid", fac="ind", src=6, dst=7)
    play(state, "die 1")  # jungle −1: still a 1, a Peón removed
    assert logged(state, "nitayno.raid_again") == [{"area": 7}]
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 10, "ind", "tama")
    put(state, 11, "es", "peon", "peon")
    run(state, "raid", fac="ind", src=10, dst=11)
    play(state, "die 1")
    assert logged(state, "nitayno.raid_stop") == [{"area": 11}]


def test_event_draw_puts_back_pearls_with_seven_units_or_fewer() -> None:
    """§5.3.3 condition 1 (and condition 2 for Tormentas with six Soldiers or fewer)."""
    state = solo()
    state.d["hands"]["ind"] = [1, 3, 8]
    state.d["commit"]["es"] = 9
    put(state, 1, "ind", "tama")
    put(state, 8, "es", "jinete")
    run(state, "event_phase")
    play(state, "card 9")
    play(state, "deal 3")
    assert logged(state, "nitayno.rejects_pearls")
    assert "deal 3" not in legal(state)
    play(state, "deal 8")
    assert logged(state, "nitayno.rejects_storm")
    assert legal(state) == ["deal 1"]
    play(state, "deal 1")
    assert state.d["event"]["ind"] == 1


def test_level_one_plays_the_lower_vrr_of_two_cards() -> None:
    state = solo(level=1)
    state.d["hands"]["ind"] = [1, 5, 6]
    put(state, 1, "ind", *["tama"] * 3)
    for n in (2, 3, 4):
        put(state, n, "ind", "tama", "tama", "tama")
    put(state, 8, "es", "jinete")
    run(state, "event_phase")
    play(state, "card 9", "deal 1", "deal 6")  # VRR 7 and 3
    assert state.d["event"]["ind"] == 6


def test_reinforcements_take_the_colour_of_the_area_drawn() -> None:
    """§5.3.4: an indigenous area by extraction; the colour of its units (Caribes first when mixed)."""
    state = solo(event={"es": 9, "ind": 5})  # VRR 7 against 5: the Nitayno gets 2 PRR
    put(state, 3, "ind", "naboria", "tama")
    put(state, 13, "ind", "naboria")
    for n in (1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15):
        put(state, n, "es", "peon")
    run(state, "reinforcements")
    play(state, "marker 3")
    assert logged(state, "nitayno.reinforces")[0] == {"area": 3, "bag": "@bag.caribe"}
    assert legal(state)[0].startswith("unit ") and "unit tama" in legal(state)


def test_level_one_deploys_at_least_two_and_restores_caonabo() -> None:
    state = solo(level=1, event={"es": 9, "ind": 1})  # VRR 7 against 7: 2 PRR each; make it 1 below
    state.d["event"] = {"es": 5, "ind": 1}  # 2 against 7: the Nitayno would get 1 PRR
    put(state, 3, "ind", "naboria")
    put(state, 3, "ind", "caonabo", reduced=True)
    run(state, "reinforcements")
    assert logged(state, "nitayno.caonabo_flips") == [{"area": 3}]
    assert logged(state, "nitayno.min_reinforcements") == [{"n": 2}]


def test_special_phase_applies_the_row_of_the_vp_marker() -> None:
    """§5.3.2: card 51 at 7–11 VP brings 3 Taínos (deployed by extraction); at 0–6 VP nothing."""
    state = solo(turn=3)
    put(state, 13, "ind", "naboria")
    state.d["vp"] = 8
    run(state, "nitayno.special_phase")
    play(state, "nitayno 51")
    assert logged(state, "nitayno.card_row") == [{"card": "@nitayno.card.51", "vp": 8}]
    while state.is_chance_node() and legal(state)[0].split()[0] in ("unit", "marker"):
        play(state, legal(state)[0])
    assert sum(1 for n in range(1, 16) for k in area(state, n, "ind") if k in ("naboria", "cacique")) >= 3


def test_special_phase_draws_again_when_the_effect_cannot_be_done() -> None:
    """Card 44 at 12 VP or more removes a Citadel; with none on the map another card is drawn for it."""
    state = solo(turn=3)
    put(state, 13, "ind", "naboria")
    put(state, 8, "es", "jinete")
    state.d["vp"] = 12
    run(state, "nitayno.special_phase")
    play(state, "nitayno 44")
    assert logged(state, "nitayno.cannot") == [{"card": "@nitayno.card.44"}]
    assert "nitayno 44" not in legal(state) and "nitayno 45" in legal(state)


def test_a_nitayno_card_row_is_data_run_by_the_core_interpreter() -> None:
    """Card 41 at 1 VP is one `roll` whose faces lead to more effects; each kind is its own procedure
    (``nitayno.effect.<kind>``), the lists run by `NITAYNO_EFFECTS`, and what they log cites §5.3.2."""
    state = solo(turn=2, vp=1, rs=4)
    run(state, "nitayno.special_phase")
    play(state, "nitayno 41")
    running = state.running_frame()
    assert running is not None and [state.caller()["p"], running["p"]] == [
        "nitayno.effects",
        "nitayno.effect.roll",
    ]
    assert waiting(state)["rule"] == "5.3.2"
    play(state, "die 3")  # 3-4: Royal Support +1
    assert state.d["rs"] == 5 and logged(state, "nitayno.rolled") == [{"die": 3}]
    assert [line[3] for line in state.logs if line[0] == "nitayno.rolled"] == ["5.3.2"]
    assert not logged(state, "nitayno.cannot")


def test_a_royal_support_the_track_cannot_give_draws_another_card() -> None:
    """Card 41, face 3 at Royal Support 10: the track cannot move, so §5.3.2 draws another turn-2 card."""
    state = solo(turn=2, vp=1, rs=10)
    run(state, "nitayno.special_phase")
    play(state, "nitayno 41", "die 3")
    assert logged(state, "nitayno.cannot") == [{"card": "@nitayno.card.41"}]
    assert legal(state) == ["nitayno 42", "nitayno 43"]


def test_unknown_nitayno_effects_are_refused_and_the_vocabularies_are_apart() -> None:
    NITAYNO_EFFECTS.check([{"kind": "royal_support", "n": 1}, {"kind": "converge", "areas": 1}], "card 41")
    with pytest.raises(ValueError, match="card 99: unknown effect"):
        NITAYNO_EFFECTS.check(
            [{"kind": "support", "n": 1}], "card 99"
        )  # an event card's kind, not the Nitayno's
    kinds = {effect["kind"] for card in NITAYNO.cards.values() for effect in card.effects()}
    assert kinds == NITAYNO_EFFECTS.kinds  # every kind declared is used by some card


def test_raid_strikes_the_spanish_unit_its_order_names() -> None:
    """A Jinete and an Espatario tie at defence 4: the Nitayno's raid order takes the Jinete."""
    state = solo(imp={"ind": 3, "es": 3})
    put(state, 10, "ind", "tama")
    put(state, 11, "es", "espatario", "jinete")
    run(state, "raid", fac="ind", src=10, dst=11)
    play(state, "die 1")
    assert logged(state, "log.lost")[0]["kind"] == "@kind.jinete"


def test_level_two_rolls_a_volley_without_hits_again() -> None:
    """§5.4 rule 8: three dice that hit nothing are rolled again (levels 0 and 1 do not)."""
    for level, again in ((2, True), (0, False)):
        state = solo(level=level, imp={"ind": 3, "es": 3})
        put(state, 6, "ind", "calinago", "calinago", "calinago")
        put(state, 6, "es", "jinete")
        run(state, "combat", area=6, att="ind", origin=[5])
        play(state, "die 6", "die 6", "die 6")
        assert bool(logged(state, "nitayno.reroll.level")) == again


def test_level_two_flips_reduced_rebels_before_reinforcing() -> None:
    state = solo(level=2, event={"es": 9, "ind": 5})
    put(state, 12, "ind", "tropa", reduced=True)
    run(state, "reinforcements")
    assert logged(state, "nitayno.flips_rebel") == [{"area": 12}]
    assert area(state, 12, "ind") == ["tropa"]


def test_turn_six_last_impulse_follows_the_bottom_of_the_card() -> None:
    """§5.3.2: in turn 6 the Nitayno's last impulse is the bottom of its card — card 44 empties a Spanish
    area drawn by extraction."""
    state = solo(turn=6, imp={"ind": 1, "es": 1}, nitayno={"card": 44})
    fill(state, 4, 9)
    put(state, 4, "es", "peon")
    put(state, 9, "es", "jinete", "espatario")
    run(state, "impulses")
    assert logged(state, "nitayno.card_bottom") == [{"card": "@nitayno.card.44"}]
    play(state, "marker 12")  # 12, 11, 10, 9: the first Spanish-held area going down
    assert area(state, 9, "es") == [] and state.d["ctrl"][8] == "ind"
    assert area(state, 4, "es") == ["peon"]


def test_turn_six_converging_attack_on_a_two_vp_area() -> None:
    """Card 47's bottom: an attack on a Spanish-held 2VP area from up to three areas, no movement limits."""
    state = solo(turn=6, imp={"ind": 1, "es": 1}, nitayno={"card": 47})
    fill(state, 8)
    put(state, 12, "ind", "calinago", "calinago")
    put(state, 8, "es", "peon")
    run(state, "impulses")
    converged = logged(state, "nitayno.converges")
    assert converged and converged[0]["area"] == 8
    assert len([k for k in area(state, 8, "ind")]) == 3  # up to the stacking limit
    assert logged(state, "log.combat")[-1]["area"] == 8


def test_levels_change_the_final_score() -> None:
    """§5.4: level I takes away the +1 VP of Royal Support 8+ (rules 1); level II makes no citadel cost 2 VP
    (rule 6) and every 2VP area a condition of any Spanish victory (rule 5)."""
    from ludoteca.games.mar_y_acero.end import final_score

    results = {}
    for level in (0, 1, 2):
        state = solo(level=level, rs=8, cit=[3])
        state.d["vp"] = 15
        final_score(state)
        results[level] = (over(state)["params"]["vp"], state.returns()[0] > 0)
    assert results[0] == (16, True)  # +1 from Royal Support
    assert results[1] == (15, True)  # level I: no Royal Support point
    assert results[2] == (15, False)  # level II: Spain holds none of the five 2VP areas
    state = solo(level=2, rs=5, cit=[])
    state.d["vp"] = 16
    final_score(state)
    assert over(state)["params"]["vp"] == 14  # no citadel: −2
