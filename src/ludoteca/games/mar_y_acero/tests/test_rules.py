"""Rules of §4 one at a time: the codec, secret event cards, control, combat factors, raids, building,
scribes, Indigenous Conflict, leaders and card 40; and the view's and tensor's contracts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from ludoteca.games.mar_y_acero.combat import factor, hits
from ludoteca.games.mar_y_acero.deploy import may_join
from ludoteca.games.mar_y_acero.pieces import control_now
from ludoteca.games.mar_y_acero.tests.positions import GAME, area, empty_position, legal, play, put, run

PACKAGE = Path(__file__).parents[1]


def test_action_codec_round_trip() -> None:
    for a in range(GAME.num_distinct_actions):
        assert GAME.actions.parse(GAME.actions.format(a)) == a
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
    st = empty_position(cit=[4])
    assert control_now(st, 3) == "ind"
    assert control_now(st, 4) == "es"
    put(st, 5, "es", "peon")
    put(st, 5, "ind", "tama")
    assert control_now(st, 5) is None


def test_event_cards_are_secret_until_both_chose() -> None:
    """§4.3.2 II: the first choice is logged only for its chooser and hidden from the other's view."""
    st = empty_position()
    put(st, 8, "es", "espatario")
    put(st, 1, "ind", "tama")
    run(st, "event_phase")
    assert st.is_secret_decision() and st.current_player() == 1
    play(st, "card 5")
    spanish = st.view(0)
    assert spanish["board"]["committed"]["ind"] and spanish["board"]["my_commit"] is None
    assert all("5" not in line["text"] for line in spanish["log"])
    assert any("Tensión con los Caribes" in line["text"] for line in st.view(1)["log"])
    twin = st.resample_from_infostate(0, random.Random(3))
    assert twin.view(0) == spanish
    play(st, "card 13")
    assert st.d["event"] == {"es": 13, "ind": 5}
    assert any("Tensión con los Caribes" in line["text"] for line in st.view(0)["log"])


def test_hidden_hand_is_resampled_from_unplayed_cards() -> None:
    st = empty_position(played={"es": [], "ind": [3]})
    st.d["hands"]["ind"] = [1, 2, 5, 6]
    for seed in range(10):
        twin = st.resample_from_infostate(0, random.Random(seed))
        hand = twin.d["hands"]["ind"]
        assert len(hand) == 4 and 3 not in hand and set(hand) <= {1, 2, 4, 5, 6, 7, 8}
        assert twin.d["hands"]["es"] == st.d["hands"]["es"]


def test_combat_factors_and_their_limits() -> None:
    """§4.4.1 B: jungle +1 to defending Taínos/Caribes/settlers, −1 to attacking Soldiers/Rebels/Colón;
    palisade +1 and citadel +2 to Spanish defence; always within 1–5; a 1 hits and a 6 misses."""
    st = empty_position(pal=[1])
    jungle = {"area": 4, "att": "es", "mode": "normal"}
    assert factor(st, jungle, "es", "jinete") == 4
    assert factor(st, jungle, "es", "colon") == 4
    assert factor(st, jungle, "ind", "naboria") == 3
    assert factor(st, jungle, "es", "peon") == 1
    defended = {"area": 1, "att": "ind", "mode": "normal"}
    assert factor(st, defended, "es", "arcabucero") == 5  # 5 + 1, kept at 5
    assert factor(st, defended, "es", "escribano.r") == 2
    assert hits(1, 1) and not hits(5, 6) and hits(3, 3) and not hits(3, 4)


def test_a_combat_round_with_hits_and_retreat() -> None:
    st = empty_position()
    put(st, 7, "ind", "naboria", "naboria")
    put(st, 7, "es", "jinete")
    run(st, "combat", area=7, att="es", origin=[6])
    play(st, "die 2")  # the horseman attacks at 5 − 1 (jungle) = 4: a hit
    play(st, "die 6", "die 6")  # the two Naborias defend at 3: both miss
    assert area(st, 7, "ind") == ["naboria", "naboria.r"]
    assert legal(st) == ["retreat naboria", "retreat naboria.r", "end"]
    play(st, "retreat naboria.r")
    assert legal(st) == ["to 8"]  # an empty area, not the attacker's origin 6
    play(st, "to 8", "end", "end")
    assert area(st, 8, "ind") == ["naboria.r"]
    play(st, "die 6", "die 1")  # round two
    assert area(st, 7, "es") == ["jinete.r"]


def test_raid_results_and_leaders_untouched() -> None:
    """§4.4.1 D: 1–2 removes the strongest defending unit (never a leader); success allows a second try."""
    st = empty_position()
    put(st, 2, "es", "colon", "peon", "arcabucero")
    put(st, 1, "ind", "calinago")
    run(st, "raid", fac="ind", src=1, dst=2)
    play(st, "die 1")  # the marker shows Gracia Divina: no offer to the raider
    assert area(st, 2, "es") == ["colon", "peon"]
    assert legal(st) == ["again", "end"]
    play(st, "again", "die 6")  # second try, 6: the raider loses its strongest piece
    assert area(st, 1, "ind") == ["calinago.r"]


def test_raid_modifiers() -> None:
    """+1 against a citadel; −1 for Taínos/Caribes raiding into jungle without Rebels."""
    st = empty_position(cit=[4])
    put(st, 4, "es", "espatario")
    put(st, 5, "ind", "tama")
    run(st, "raid", fac="ind", src=5, dst=4)
    play(st, "die 3")  # 3 + 1 − 1 = 3: the soldier is reduced
    assert area(st, 4, "es") == ["espatario.r"]


def test_building_palisades_then_a_citadel() -> None:
    st = empty_position()
    put(st, 1, "es", "peon")
    put(st, 3, "es", "peon")
    put(st, 8, "es", "espatario")
    run(st, "build", what="palisade")
    assert legal(st) == ["at 1", "at 8"]  # area 3 is jungle
    play(st, "at 1", "at 8")
    assert st.d["pal"] == [1, 8]
    run(st, "build", what="citadel")
    assert legal(st) == ["at 1"]  # a palisade and a Peón
    play(st, "at 1")
    assert st.d["cit"] == [1] and st.d["pal"] == [8] and area(st, 1, "es") == []
    assert control_now(st, 1) == "es"


def test_royal_scribes_turn_an_area_into_two_vp() -> None:
    st = empty_position()
    put(st, 7, "es", "escribano", "espatario")
    assert st.d["vp"] == 1
    run(st, "scribes", areas=None)
    play(st, "scribe 7")
    assert 7 not in st.d["scroll"] and st.d["vp"] == 2 and area(st, 7, "es") == ["espatario"]


def test_indigenous_conflict_stacking() -> None:
    st = empty_position(flags={"naval": False, "conflict": True, "land_only": False, "shipworm": False})
    put(st, 1, "ind", "tama")
    assert not may_join(st, 1, "ind", "naboria")
    assert may_join(st, 1, "ind", "tropa")
    put(st, 1, "ind", "caonabo")
    assert may_join(st, 1, "ind", "naboria")  # with a leader both peoples may stack


def test_conflict_round_uses_attack_factors() -> None:
    st = empty_position(flags={"naval": False, "conflict": True, "land_only": False, "shipworm": False})
    put(st, 3, "ind", "tama", "naboria")
    run(st, "combat", area=3, att="ind", origin=[], mode="conflict")
    play(st, "die 3", "die 1")  # the Tama (3) hits, the Naboria (1) hits
    assert area(st, 3, "ind") == ["naboria.r", "tama.r"]


def test_colon_eliminated_triggers_the_testament() -> None:
    st = empty_position(options={"testament": "on"}, rs=7, vp=4)
    put(st, 8, "es", "colon", "espatario")
    st.d["map"][7]["es"][0][1] = 1  # Colón already reduced
    put(st, 8, "ind", "calinago")
    run(st, "combat", area=8, att="ind", origin=[7])
    play(st, "die 1", "die 6", "die 6")
    play(st, "hit colon.r")
    assert st.d["colon"] == "dead" and st.d["testament_due"]
    run(st, "conquest")
    assert st.d["testament"] == 1  # Royal Support 7 ≥ 6
    assert st.is_chance_node()  # two settlers (VP under 10) drawn for Spain


def test_naval_difficulty_costs_a_reduction() -> None:
    st = empty_position(flags={"naval": True, "conflict": False, "land_only": False, "shipworm": False})
    put(st, 2, "es", "espatario", "espatario")
    run(st, "activation", fac="es", area=2)
    play(st, "pick espatario", "to 9")
    assert legal(st) == ["reduce espatario"]
    play(st, "reduce espatario")
    assert sorted(area(st, 2, "es") + area(st, 9, "es")) == ["espatario", "espatario.r"]


def test_indigenous_naval_movement_needs_rebels() -> None:
    st = empty_position()
    put(st, 2, "ind", "tama", "tropa")
    run(st, "activation", fac="ind", area=2)
    play(st, "pick tama")
    assert legal(st) == ["to 1", "to 3"]  # no sea crossing without a Rebel
    st = empty_position()
    put(st, 2, "ind", "tama", "tropa")
    run(st, "activation", fac="ind", area=2)
    play(st, "pick tropa", "to 9", "pick tama")
    assert "to 9" in legal(st) and "to 10" not in legal(st)  # the Tama may go with the Rebel


def test_view_and_observation_contracts() -> None:
    st = GAME.new_initial_state({})
    rng = random.Random(5)
    length = len(st.observation_tensor(0))
    for _ in range(400):
        if st.is_terminal():
            break
        if st.is_chance_node():
            st.apply_action(st.sample_chance(rng))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
        for role in (0, 1):
            tensor = st.observation_tensor(role)
            assert len(tensor) == length and all(0.0 <= x <= 1.0 for x in tensor)
        json.dumps(st.view(None))
        value = st.evaluate()
        assert -1.0 <= value[0] <= 1.0 and value[0] == -value[1]
    hand = st.view(0)["board"]["hands"]
    assert isinstance(hand["es"], list) and isinstance(hand["ind"], int)


def test_options_are_validated() -> None:
    import pytest

    from ludoteca.core.errors import BadOptionError

    with pytest.raises(BadOptionError):
        GAME.new_initial_state({"mode": "three"})


def test_raid_ties_are_the_raiders_choice() -> None:
    """§4.4.1 D: "the defending unit with the highest FC" — between equals the raider chooses."""
    st = empty_position()
    put(st, 2, "es", "jinete", "espatario")  # both defend at 4
    put(st, 1, "ind", "calinago")
    run(st, "raid", fac="ind", src=1, dst=2)
    play(st, "die 2")
    assert sorted(legal(st)) == ["hit espatario", "hit jinete"]
    play(st, "hit jinete")
    assert area(st, 2, "es") == ["espatario"]


def test_spanish_die_modifier_of_the_solo_last_impulse() -> None:
    """Solo card 45 (the Nitayno's last impulse): +1 to Spanish dice; a natural 1 still hits."""
    st = empty_position(nitayno={"es_die": 1})
    put(st, 7, "ind", "naboria")
    put(st, 7, "es", "espatario")
    run(st, "combat", area=7, att="es", origin=[6])
    play(st, "die 3")  # 3 + 1 = 4 > 4 − 1 (jungle): a miss
    play(st, "die 6")
    assert area(st, 7, "ind") == ["naboria"]


def test_over_stacked_areas_are_activated_first() -> None:
    """§4.3.2 IV: a side with over-stacked areas must activate them first (and Spain may not build)."""
    st = empty_position()
    put(st, 8, "es", "espatario", "espatario", "espatario", "peon")
    put(st, 2, "es", "jinete")
    run(st, "impulse", fac="es")
    assert legal(st) == ["activate 8"]
    assert st.invariants() == []
    st.d["wait"]["actions"].append(st.game.actions.parse("activate 2"))
    assert st.invariants()  # the invariant notices an impulse that ignores the over-stacked area


def test_every_cited_rule_has_a_section_in_both_references() -> None:
    """Each procedure's `rule` is an anchor of rules.es.md and rules.en.md, so prompts can cite it."""
    from ludoteca.games.mar_y_acero.procs import PROCS

    cited = {procedure.rule for procedure in PROCS.by_name.values()}
    for lang in ("es", "en"):
        anchors = set(re.findall(r"\{#([^}\s]+)\}", GAME.rules_reference(lang)))
        assert cited <= anchors, (lang, sorted(cited - anchors))
