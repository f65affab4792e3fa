"""The rulebook's worked examples (§4.3.2 II and III, §4.4.1 A, §4.5, §4.6), each built and played."""

from __future__ import annotations

from ludoteca.games.mar_y_acero.deploy import Reinforce, prr, spend_options
from ludoteca.games.mar_y_acero.dice import grace_available
from ludoteca.games.mar_y_acero.end import final_score
from ludoteca.games.mar_y_acero.tests.positions import area, empty_position, legal, over, play, put, run


def test_card_9_with_royal_support_2_deploys_six_soldiers() -> None:
    """§4.3.2 II: card 9 brings 7 Soldiers*; Royal Support at 2 means −1, so 6 Soldiers (and 6 settlers)."""
    state = empty_position(rs=2)
    put(state, 15, "es", "colon")
    run(state, "event", fac="es", card=9)
    drawn = []
    while state.is_chance_node():
        outcome = state.legal_actions()[0]
        drawn.append(state.game.actions.names[outcome].split()[1])
        state.apply_action(outcome)
    soldiers = [k for k in drawn if k in ("jinete", "arcabucero", "espatario")]
    assert len(soldiers) == 6
    assert len(drawn) == 12
    assert legal(state) == ["at 15"]  # the overstack icon: all together, in Colón's area
    play(state, "at 15")
    assert len([k for k in area(state, 15, "es") if k != "colon"]) == 12


def test_royal_support_bands_change_the_soldiers_of_a_card() -> None:
    from ludoteca.games.mar_y_acero.events import soldiers_for

    assert [soldiers_for(empty_position(rs=rs), 7) for rs in (0, 2, 3, 4, 6, 8, 9, 10)] == [
        5,
        6,
        6,
        7,
        8,
        8,
        9,
        9,
    ]


def test_vrr_difference_three_and_alternating_bags() -> None:
    """§4.3.2 III: VRR 4 against 7 — the lower card's side gets 3 PRR, the other 1; with several PRR no two
    draws in a row come from the same bag."""
    state = empty_position(event={"es": 11, "ind": 1})
    assert prr(state) == {"es": 3, "ind": 1}
    state.d["event"] = {"es": 9, "ind": 5}  # 7 against 5: a difference of 2
    assert prr(state) == {"es": 1, "ind": 2}
    state.d["event"] = {"es": 13, "ind": 5}  # 4 against 5: both get 2
    assert prr(state) == {"es": 2, "ind": 2}
    frame = Reinforce(fac="es", last="soldier")
    names = [state.game.actions.names[action] for action in spend_options(state, frame)]
    assert "draw soldier" not in names and "draw settler" in names
    frame["last"] = "settler"
    names = [state.game.actions.names[action] for action in spend_options(state, frame)]
    assert "draw soldier" in names and "draw settler" not in names


def test_vrr_example_played_through_the_phase() -> None:
    """The example played: Spain spends 3 PRR as Soldier, settler, Soldier; it cannot take three alike."""
    state = empty_position(event={"es": 11, "ind": 1})
    put(state, 8, "es", "espatario")
    put(state, 1, "ind", "tama")
    run(state, "reinforcements")
    play(state, "end")  # the indigenous side keeps its single PRR
    assert "draw soldier" in legal(state) and "draw settler" in legal(state)
    play(state, "draw soldier", "unit jinete")
    assert "draw soldier" not in legal(state)
    play(state, "draw settler", "unit peon")
    assert "draw settler" not in legal(state)
    play(state, "draw soldier", "unit arcabucero")
    assert legal(state) == ["at 8"]  # §4.3.2 III priority 1: an area you control, within stacking
    play(state, "at 8", "at 8")
    assert legal(state) == ["at 7", "at 9"]  # area 8 is full: an empty area next to it


def test_extended_movement_example() -> None:
    """§4.4.1 A: the rulebook's chain from area 3 through 10, 5 and 6, over-stacking 6 for a moment."""
    state = empty_position()
    put(state, 3, "es", "colon", "espatario", "peon", "escribano")
    put(state, 10, "es", "espatario", "jinete", "peon")
    put(state, 5, "es", "arcabucero")
    put(state, 6, "es", "espatario", "espatario", "escribano")
    run(state, "activation", fac="es", area=3)
    play(state, "pick colon", "to 10", "pick espatario", "to 6", "pick peon", "to 5")
    assert area(state, 3, "es") == ["escribano"]
    assert "end" not in legal(state)  # area 6 holds four units: it must be relieved before the end
    play(state, "activate 10", "pick colon", "to 7", "pick espatario", "to 7", "pick jinete", "to 9")
    play(state, "activate 5", "pick arcabucero", "to 15")
    play(state, "activate 6", "pick espatario", "to 4", "pick espatario", "to 8")
    assert "end" in legal(state)
    play(state, "end")
    play(state, *["die 6"] * 5)  # a gold search for each of the five areas taken
    assert state.d["rs"] == 0  # card 30: a 6 is −1; five of them take Royal Support from 3 down to 0
    assert area(state, 10, "es") == ["peon"]
    assert area(state, 7, "es") == ["colon", "espatario"]
    assert area(state, 9, "es") == ["jinete"]
    assert area(state, 5, "es") == ["peon"]
    assert area(state, 15, "es") == ["arcabucero"]
    assert area(state, 6, "es") == ["escribano", "espatario"]
    assert area(state, 4, "es") == ["espatario"] and area(state, 8, "es") == ["espatario"]
    assert state.d["vp"] == 9  # nine areas of 1 VP (the scrolls still cover 7 and 8)


def test_gracia_divina_yaya_sequence() -> None:
    """§4.5 example: Yaya used in the first impulse turns to Gracia Divina but stays "used" until the next
    impulse; Spain may use it from the second impulse on."""
    state = empty_position(imp={"ind": 2, "es": 2}, destiny=30)
    state.d["grace"] = {"face": "ind", "box": "unused", "turn_used": False}
    put(state, 1, "ind", "calinago", "calinago")
    put(state, 2, "es", "jinete", "jinete")
    put(state, 3, "ind", "tama")
    run(state, "impulses")
    play(state, "activate 1", "raid 2", "die 5")
    assert "grace lower 1" in legal(state)  # Yaya, shown by the indigenous side
    play(state, "grace lower 1")  # 5 → 4: no effect, the impulse ends
    assert state.d["grace"] == {"face": "es", "box": "used", "turn_used": True}
    assert not grace_available(state, "es")
    play(state, "activate 2", "raid 3", "die 5")  # Spain's half of impulse 1: no offer
    assert legal(state)[0].startswith("activate")
    assert state.current_player() == 1
    play(state, "activate 1", "raid 2", "die 4")  # impulse 2, the indigenous side first
    assert grace_available(state, "es")
    play(state, "activate 2", "raid 3", "die 5")
    assert "grace reroll" in legal(state)  # Spain may use Gracia Divina now


def test_victory_table() -> None:
    """§4.6: 15+ VP a Spanish victory (15–16 minor, 17–18 major, 19+ decisive), else indigenous (13–14
    minor, 11–12 major, 0–10 decisive)."""
    expected = {
        19: "es_decisive",
        17: "es_major",
        15: "es_minor",
        14: "ind_minor",
        12: "ind_major",
        11: "ind_major",
        10: "ind_decisive",
        3: "ind_decisive",
    }
    for areas, outcome in expected.items():
        state = empty_position(vp=areas, rs=4, cit=[1])
        final_score(state)
        assert over(state)["outcome"] == f"outcome.{outcome}", areas
        assert state.returns() == ([1.0, -1.0] if outcome.startswith("es") else [-1.0, 1.0])


def test_final_adjustments() -> None:
    """§4.6: Royal Support ±1; +1 for three citadels only without the Royal Support point; −1 for none;
    −1 for Anacaona on her indigenous side; card 40's ±1."""
    state = empty_position(vp=14, rs=8, cit=[1, 2, 8])
    final_score(state)
    assert over(state)["params"]["vp"] == 15  # +1 from Royal Support, none from the citadels
    state = empty_position(vp=14, rs=5, cit=[1, 2, 8])
    final_score(state)
    assert over(state)["params"]["vp"] == 15  # the citadels' +1
    state = empty_position(vp=16, rs=1, cit=[], anacaona="ind", testament=-1)
    final_score(state)
    assert over(state)["params"]["vp"] == 12  # −1 −1 −1 −1


def test_ovando_deployment_under_indigenous_conflict() -> None:
    """§5.3.3's example of card 7, which holds in two-player play too: Caribes in areas 1 and 2, a Spaniard
    in 10, Indigenous Conflict in force. The Taínos can only go to 10; four Caribes fill 1 and 2 and the
    fifth, kept from the Taínos by the conflict, returns to its bag; then the Taínos fight in area 10."""
    conflict = {"naval": False, "conflict": True, "land_only": False, "shipworm": False}
    state = empty_position(flags=conflict)
    put(state, 1, "ind", "tama")
    put(state, 2, "ind", "tama")
    put(state, 10, "es", "espatario")
    run(state, "event", fac="ind", card=7)
    play(state, *["unit naboria"] * 3, *["unit calinago"] * 5)
    for _ in range(3):
        assert legal(state) == ["at 10"]
        play(state, "at 10")
    play(state, "at 1", "at 1", "at 2")
    assert legal(state) == ["at 2"]
    play(state, "at 2")
    assert area(state, 1, "ind") == ["calinago", "calinago", "tama"]
    assert area(state, 2, "ind") == ["calinago", "calinago", "tama"]
    assert area(state, 10, "ind") == ["naboria", "naboria", "naboria"]
    assert state.d["bags"]["caribe"]["calinago"] == 13 - 4  # the fifth went back
    assert state.is_chance_node()  # the combat in area 10 has begun: the Taínos roll
