"""Card effects are data (§4.3.2 I–II, `data/cards.toml`), run by the core's interpreter: the lists name
known kinds, and a card played does what its list says, citing the card."""

from __future__ import annotations

import pytest

from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import PLACEMENTS, Deploy, check_rule, deploy_rules, tiers
from ludoteca.games.mar_y_acero.procs import EFFECTS
from ludoteca.games.mar_y_acero.tests.positions import empty_position, legal, play, put, run, waiting


def test_every_card_names_its_effects_and_unknown_kinds_are_refused() -> None:
    assert BOARD.events[15].effects == ({"kind": "deploy", "rule": "own"}, {"kind": "prison"})
    assert all(BOARD.destinies[c].effects for c in range(20, 40))
    with pytest.raises(ValueError, match="unknown effect"):
        EFFECTS.check([{"kind": "plague"}], "card 99")


def test_card_30_raises_royal_support_when_spain_holds_area_1_and_cites_the_card() -> None:
    state = empty_position(rs=4)
    put(state, 1, "es", "jinete")
    run(state, "destiny", card=30)
    assert state.d["rs"] == 5
    assert [line[3] for line in state.logs if line[0] == "log.support"] == ["card.30"]


def test_card_31_without_6_7_8_rolls_nothing_and_says_so() -> None:
    state = empty_position(rs=4)
    put(state, 1, "es", "jinete")
    run(state, "destiny", card=31)
    assert state.d["rs"] == 4  # no die: the card moved on to the next turn at once
    assert [line[3] for line in state.logs if line[0] == "log.support"] == ["card.31"]


def test_card_35_compares_the_die_with_the_spanish_areas_of_1_to_5() -> None:
    state = empty_position(rs=4)
    for area in (1, 2, 3):
        put(state, area, "es", "peon", "jinete")
    run(state, "destiny", card=35)
    assert waiting(state)["rule"] == "card.35"
    play(state, "die 3")  # 3 ≤ 3 areas: Royal Support +2
    assert state.d["rs"] == 6
    state = empty_position(rs=4)
    for area in (1, 2, 3):
        put(state, area, "es", "peon", "jinete")
    run(state, "destiny", card=35)
    play(state, "die 4")  # 4 > 3: Royal Support −1 and a Soldier lost, Spain choosing where
    assert state.d["rs"] == 3
    assert legal(state) == ["at 1", "at 2", "at 3"]
    play(state, "at 2")
    assert [p[0] for p in state.d["map"][1]["es"]] == ["peon"]


def test_deployment_rules_are_a_table_and_unknown_ones_are_refused() -> None:
    """Every rule a card's `deploy` names has its tiers (one function each); an unknown one fails with the
    known ones listed, at import for the card data and when a deployment is run."""
    named = {rule for card in BOARD.events.values() for rule in deploy_rules(card.effects)}
    assert named == {
        *("not_spanish", "spanish_held", "empty_then_own", "empty_or_own", "ovando", "colon_or_5_6_15"),
        *("own", "area_10", "colon_or_5_6", "empty_or_fewest_enemy"),
    }
    assert named | {"reinforce"} | {f"only_{n}" for n in range(1, 16)} == set(PLACEMENTS)
    with pytest.raises(ValueError, match=r"card 99: unknown deployment rule 'uphill'; rules are: area_10, "):
        check_rule("uphill", "card 99")
    with pytest.raises(ValueError, match="unknown deployment rule 'only_16'"):
        tiers(empty_position(), Deploy(fac="es", bags=[], rule="only_16", card=None))


def test_deployment_tiers_follow_their_rule() -> None:
    state = empty_position(turn=2)
    put(state, 3, "es", "colon", "peon")
    put(state, 4, "es", "jinete")
    put(state, 5, "ind", "naboria")
    empties = [n for n in range(1, 16) if n not in (3, 4, 5)]
    assert tiers(state, Deploy(fac="ind", bags=[], rule="spanish_held", card=None)) == [
        [4],
        list(range(1, 16)),
    ]  # not Colón's
    assert tiers(state, Deploy(fac="ind", bags=[], rule="empty_then_own", card=None)) == [
        empties,
        [5],
        [3, 4],
    ]
    assert tiers(state, Deploy(fac="es", bags=[], rule="colon_or_5_6", card=None)) == [[3]]
    assert tiers(state, Deploy(fac="es", bags=[], rule="only_7", card=None)) == [[7]]
    assert tiers(state, Deploy(fac="es", bags=[], rule="empty_or_fewest_enemy", card=None))[0] == empties


def test_card_21_earthquake_rolls_a_die_for_each_unit_of_the_area_drawn() -> None:
    """Card 21: 1–3 nothing, 4 a hit, 5–6 removed; the indigenous units roll first."""
    state = empty_position()
    put(state, 3, "ind", "cacique")
    put(state, 3, "es", "jinete")
    run(state, "destiny", card=21)
    play(state, "marker 3", "die 4", "die 5")
    assert state.d["map"][2] == {"es": [], "ind": [["cacique", 1, 0]]}
    said = [(line[0], line[1]["kind"], line[3]) for line in state.logs if line[0].startswith("log.quake")]
    assert said == [
        ("log.quake_hit", "@kind.cacique", "card.21"),
        ("log.quake_out", "@kind.jinete", "card.21"),
    ]


def test_card_36_tropical_climate_hits_or_restores_spaniards_in_spanish_jungle() -> None:
    """Card 36: each Spanish unit in a Spanish jungle area, 1–3 a hit, 4–5 full strength, 6 nothing."""
    jungle = next(x for x in AREAS if BOARD.areas[x].jungle)
    state = empty_position()
    put(state, jungle, "es", "jinete")
    put(state, jungle, "es", "peon", reduced=True)
    run(state, "destiny", card=36)
    play(state, "die 2", "die 5")
    assert sorted(state.d["map"][jungle - 1]["es"]) == [["jinete", 1, 0], ["peon", 0, 0]]
    assert [(line[0], line[3]) for line in state.logs if line[0] == "log.hit"] == [("log.hit", "card.36")]


def test_card_12_smallpox_spares_a_far_unit_on_a_three() -> None:
    """Card 12: a die per Taíno and Caribe unit, 1–3 removed, +1 two or more areas from any Spaniard."""
    far = next(x for x in AREAS if BOARD.distance(1, x) >= 2)
    state = empty_position()
    put(state, 1, "es", "jinete")
    put(state, 1, "ind", "cacique")
    put(state, far, "ind", "cacique")
    run(state, "event", card=12, fac="es")
    play(state, "die 3", "die 3")  # the unit beside the Spaniard is removed; the far one's die counts 4
    assert state.d["map"][0]["ind"] == []
    assert state.d["map"][far - 1]["ind"] == [["cacique", 0, 0]]
    assert [line[0] for line in state.logs if line[0] == "log.lost"] == ["log.lost"]
