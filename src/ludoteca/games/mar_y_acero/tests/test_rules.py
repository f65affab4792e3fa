"""Rules of §4 one at a time: the codec, secret event cards, control, combat factors, raids, building,
scribes, Indigenous Conflict, leaders and card 40; and the view's and tensor's contracts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from ludoteca.games.mar_y_acero.combat import Combat, factor, hits
from ludoteca.games.mar_y_acero.deploy import may_join
from ludoteca.games.mar_y_acero.pieces import control_now
from ludoteca.games.mar_y_acero.tests.positions import (
    GAME,
    area,
    empty_position,
    legal,
    play,
    put,
    run,
    waiting,
)

PACKAGE = Path(__file__).parents[1]


def test_action_codec_round_trip() -> None:
    for action in range(GAME.num_distinct_actions):
        assert GAME.actions.parse(GAME.actions.format(action)) == action
    assert GAME.actions.parse("  Activate   7 ") == GAME.actions.parse("activate 7")


def test_every_message_key_exists_in_both_languages() -> None:
    used: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name.startswith("nitayno"):
            continue
        used |= set(re.findall(r'"((?:log|prompt|outcome)\.[a-z_0-9]+)"', path.read_text("utf-8")))
    for lang in ("es", "en"):
        missing = {k for k in used if k not in GAME.catalog.keys(lang)}
        assert not missing, (lang, missing)
    assert GAME.catalog.keys("es") == GAME.catalog.keys("en")


def test_control_empty_citadel_and_contested() -> None:
    """§4.2: an empty area is indigenous; a citadel alone holds it for Spain; both sides: no change yet."""
    state = empty_position(cit=[4])
    assert control_now(state, 3) == "ind"
    assert control_now(state, 4) == "es"
    put(state, 5, "es", "peon")
    put(state, 5, "ind", "tama")
    assert control_now(state, 5) is None


def test_event_cards_are_secret_until_both_chose() -> None:
    """§4.3.2 II: the first choice is logged only for its chooser and hidden from the other's view."""
    state = empty_position()
    put(state, 8, "es", "espatario")
    put(state, 1, "ind", "tama")
    run(state, "event_phase")
    assert state.is_secret_decision() and state.current_player() == 1
    play(state, "card 5")
    spanish = state.view(0)
    assert spanish["board"]["committed"]["ind"] and spanish["board"]["my_commit"] is None
    assert all("5" not in line["text"] for line in spanish["log"])
    assert any("Tensión con los Caribes" in line["text"] for line in state.view(1)["log"])
    twin = state.resample_from_infostate(0, random.Random(3))
    assert twin.view(0) == spanish
    play(state, "card 13")
    assert state.d["event"] == {"es": 13, "ind": 5}
    assert any("Tensión con los Caribes" in line["text"] for line in state.view(0)["log"])


def test_hidden_hand_is_resampled_from_unplayed_cards() -> None:
    state = empty_position(played={"es": [], "ind": [3]})
    state.d["hands"]["ind"] = [1, 2, 5, 6]
    for seed in range(10):
        twin = state.resample_from_infostate(0, random.Random(seed))
        hand = twin.d["hands"]["ind"]
        assert len(hand) == 4 and 3 not in hand and set(hand) <= {1, 2, 4, 5, 6, 7, 8}
        assert twin.d["hands"]["es"] == state.d["hands"]["es"]


def test_a_resample_keeps_the_nitaynos_own_draw_from_its_deck_5_3_3() -> None:
    """Solo, seed 0: the Nitayno draws its event card from its own deck (a deal chance node, §5.3.3)
    while the Spaniards hold a hidden hand. A resample for the Indígenas' role redraws that hand but not
    the Nitayno's draw (it once rebuilt it from the Spaniards' cards, and the Nitayno then chose a card
    it does not have); every outcome of the twin's draw plays on."""
    rng = random.Random(0)
    state = GAME.new_initial_state({"mode": "solo", "level": "0"})
    while not (
        state.is_chance_node()
        and GAME.actions.format(state.legal_actions()[0]) == "deal 1"
        and state.d["hands"]["es"]
    ):
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    twin = state.resample_from_infostate(1, random.Random(3))
    assert twin.legal_actions() == state.legal_actions()
    for action in twin.legal_actions():
        twin.clone().apply_action(action)


def test_combat_factors_and_their_limits() -> None:
    """§4.4.1 B: jungle +1 to defending Taínos/Caribes/settlers, −1 to attacking Soldiers/Rebels/Colón;
    palisade +1 and citadel +2 to Spanish defence; always within 1–5; a 1 hits and a 6 misses."""
    state = empty_position(pal=[1])
    jungle = Combat(area=4, att="es", origin=[], mode="normal")
    assert factor(state, jungle, "es", "jinete") == 4
    assert factor(state, jungle, "es", "colon") == 4
    assert factor(state, jungle, "ind", "naboria") == 3
    assert factor(state, jungle, "es", "peon") == 1
    defended = Combat(area=1, att="ind", origin=[], mode="normal")
    assert factor(state, defended, "es", "arcabucero") == 5  # 5 + 1, kept at 5
    assert factor(state, defended, "es", "escribano.r") == 2
    assert hits(1, 1) and not hits(5, 6) and hits(3, 3) and not hits(3, 4)


def test_a_combat_round_with_hits_and_retreat() -> None:
    state = empty_position()
    put(state, 7, "ind", "naboria", "naboria")
    put(state, 7, "es", "jinete")
    run(state, "combat", area=7, att="es", origin=[6])
    play(state, "die 2")  # the horseman attacks at 5 − 1 (jungle) = 4: a hit
    play(state, "die 6", "die 6")  # the two Naborias defend at 3: both miss
    assert area(state, 7, "ind") == ["naboria", "naboria.r"]
    assert legal(state) == ["retreat naboria", "retreat naboria.r", "end"]
    play(state, "retreat naboria.r")
    assert legal(state) == ["to 8"]  # an empty area, not the attacker's origin 6
    play(state, "to 8", "end", "end")
    assert area(state, 8, "ind") == ["naboria.r"]
    play(state, "die 6", "die 1")  # round two
    assert area(state, 7, "es") == ["jinete.r"]


def test_raid_results_and_leaders_untouched() -> None:
    """§4.4.1 D: 1–2 removes the strongest defending unit (never a leader); success allows a second try."""
    state = empty_position()
    put(state, 2, "es", "colon", "peon", "arcabucero")
    put(state, 1, "ind", "calinago")
    run(state, "raid", fac="ind", src=1, dst=2)
    play(state, "die 1")  # the marker shows Gracia Divina: no offer to the raider
    assert area(state, 2, "es") == ["colon", "peon"]
    assert legal(state) == ["again", "end"]
    play(state, "again", "die 6")  # second try, 6: the raider loses its strongest piece
    assert area(state, 1, "ind") == ["calinago.r"]


def test_raid_modifiers() -> None:
    """+1 against a citadel; −1 for Taínos/Caribes raiding into jungle without Rebels."""
    state = empty_position(cit=[4])
    put(state, 4, "es", "espatario")
    put(state, 5, "ind", "tama")
    run(state, "raid", fac="ind", src=5, dst=4)
    play(state, "die 3")  # 3 + 1 − 1 = 3: the soldier is reduced
    assert area(state, 4, "es") == ["espatario.r"]


def test_building_palisades_then_a_citadel() -> None:
    state = empty_position()
    put(state, 1, "es", "peon")
    put(state, 3, "es", "peon")
    put(state, 8, "es", "espatario")
    run(state, "build", what="palisade")
    assert legal(state) == ["at 1", "at 8"]  # area 3 is jungle
    play(state, "at 1", "at 8")
    assert state.d["pal"] == [1, 8]
    run(state, "build", what="citadel")
    assert legal(state) == ["at 1"]  # a palisade and a Peón
    play(state, "at 1")
    assert state.d["cit"] == [1] and state.d["pal"] == [8] and area(state, 1, "es") == []
    assert control_now(state, 1) == "es"


def test_royal_scribes_turn_an_area_into_two_vp() -> None:
    state = empty_position()
    put(state, 7, "es", "escribano", "espatario")
    assert state.d["vp"] == 1
    run(state, "scribes", areas=None)
    play(state, "scribe 7")
    assert 7 not in state.d["scroll"] and state.d["vp"] == 2 and area(state, 7, "es") == ["espatario"]


def test_indigenous_conflict_stacking() -> None:
    state = empty_position(flags={"naval": False, "conflict": True, "land_only": False, "shipworm": False})
    put(state, 1, "ind", "tama")
    assert not may_join(state, 1, "ind", "naboria")
    assert may_join(state, 1, "ind", "tropa")
    put(state, 1, "ind", "caonabo")
    assert may_join(state, 1, "ind", "naboria")  # with a leader both peoples may stack


def test_conflict_round_uses_attack_factors() -> None:
    state = empty_position(flags={"naval": False, "conflict": True, "land_only": False, "shipworm": False})
    put(state, 3, "ind", "tama", "naboria")
    run(state, "combat", area=3, att="ind", origin=[], mode="conflict")
    play(state, "die 3", "die 1")  # the Tama (3) hits, the Naboria (1) hits
    assert area(state, 3, "ind") == ["naboria.r", "tama.r"]


def test_colon_eliminated_triggers_the_testament() -> None:
    state = empty_position(options={"testament": "on"}, rs=7, vp=4)
    put(state, 8, "es", "colon", "espatario")
    state.d["map"][7]["es"][0][1] = 1  # Colón already reduced
    put(state, 8, "ind", "calinago")
    run(state, "combat", area=8, att="ind", origin=[7])
    play(state, "die 1", "die 6", "die 6")
    play(state, "hit colon.r")
    assert state.d["colon"] == "dead" and state.d["testament_due"]
    run(state, "conquest")
    assert state.d["testament"] == 1  # Royal Support 7 ≥ 6
    assert state.is_chance_node()  # two settlers (VP under 10) drawn for Spain


def test_naval_difficulty_costs_a_reduction() -> None:
    state = empty_position(flags={"naval": True, "conflict": False, "land_only": False, "shipworm": False})
    put(state, 2, "es", "espatario", "espatario")
    run(state, "activation", fac="es", area=2)
    play(state, "pick espatario", "to 9")
    assert legal(state) == ["reduce espatario"]
    play(state, "reduce espatario")
    assert sorted(area(state, 2, "es") + area(state, 9, "es")) == ["espatario", "espatario.r"]


def test_indigenous_naval_movement_needs_rebels() -> None:
    state = empty_position()
    put(state, 2, "ind", "tama", "tropa")
    run(state, "activation", fac="ind", area=2)
    play(state, "pick tama")
    assert legal(state) == ["to 1", "to 3"]  # no sea crossing without a Rebel
    state = empty_position()
    put(state, 2, "ind", "tama", "tropa")
    run(state, "activation", fac="ind", area=2)
    play(state, "pick tropa", "to 9", "pick tama")
    assert "to 9" in legal(state) and "to 10" not in legal(state)  # the Tama may go with the Rebel


def test_view_and_observation_contracts() -> None:
    state = GAME.new_initial_state({})
    rng = random.Random(5)
    length = len(state.observation_tensor(0))
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        for role in (0, 1):
            tensor = state.observation_tensor(role)
            assert len(tensor) == length and all(0.0 <= x <= 1.0 for x in tensor)
        json.dumps(state.view(None))
        value = state.evaluate()
        assert -1.0 <= value[0] <= 1.0 and value[0] == -value[1]
    hand = state.view(0)["board"]["hands"]
    assert isinstance(hand["es"], list) and isinstance(hand["ind"], int)


def test_options_are_validated() -> None:
    import pytest

    from ludoteca.core.errors import BadOptionError

    with pytest.raises(BadOptionError):
        GAME.new_initial_state({"mode": "three"})


def test_raid_ties_are_the_raiders_choice() -> None:
    """§4.4.1 D: "the defending unit with the highest FC" — between equals the raider chooses."""
    state = empty_position()
    put(state, 2, "es", "jinete", "espatario")  # both defend at 4
    put(state, 1, "ind", "calinago")
    run(state, "raid", fac="ind", src=1, dst=2)
    play(state, "die 2")
    assert sorted(legal(state)) == ["hit espatario", "hit jinete"]
    play(state, "hit jinete")
    assert area(state, 2, "es") == ["espatario"]


def test_spanish_die_modifier_of_the_solo_last_impulse() -> None:
    """Solo card 45 (the Nitayno's last impulse): +1 to Spanish dice; a natural 1 still hits."""
    state = empty_position(nitayno={"es_die": 1})
    put(state, 7, "ind", "naboria")
    put(state, 7, "es", "espatario")
    run(state, "combat", area=7, att="es", origin=[6])
    play(state, "die 3")  # 3 + 1 = 4 > 4 − 1 (jungle): a miss
    play(state, "die 6")
    assert area(state, 7, "ind") == ["naboria"]


def test_over_stacked_areas_are_activated_first() -> None:
    """§4.3.2 IV: a side with over-stacked areas must activate them first (and Spain may not build)."""
    state = empty_position()
    put(state, 8, "es", "espatario", "espatario", "espatario", "peon")
    put(state, 2, "es", "jinete")
    run(state, "impulse", fac="es")
    assert legal(state) == ["activate 8"]
    assert state.invariants() == []
    wait = waiting(state)
    state.d["wait"] = {**wait, "actions": [*wait["actions"], state.game.actions.parse("activate 2")]}
    assert state.invariants()  # the invariant notices an impulse that ignores the over-stacked area


def test_every_cited_rule_has_a_section_in_both_references() -> None:
    """Each procedure's `rule` is an anchor of rules.es.md and rules.en.md, so prompts can cite it."""
    from ludoteca.games.mar_y_acero.procs import PROCS

    cited = {procedure.rule for procedure in PROCS.by_name.values()}
    for lang in ("es", "en"):
        anchors = set(re.findall(r"\{#([^}\s]+)\}", GAME.rules_reference(lang)))
        assert cited <= anchors, (lang, sorted(cited - anchors))
