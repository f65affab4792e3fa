"""The player's view and observation: complete, JSON-ready, fixed-shape and bounded."""

from __future__ import annotations

import json
import random

from ludoteca.games.maquis import GAME
from ludoteca.games.maquis.agent import choose
from ludoteca.games.maquis.state import MaquisState


def positions(seed: int, count: int = 300) -> list[MaquisState]:
    rng = random.Random(seed)
    found: list[MaquisState] = []
    while len(found) < count:
        state = GAME.new_initial_state({"difficulty": rng.choice(["easy", "very-hard"])})
        assert isinstance(state, MaquisState)
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.is_chance_node() else choose(state, rng, noise=0.3)
            state.apply_action(action)
            found.append(state.clone())
    return found


def test_observation_has_a_fixed_shape_and_values_in_0_1() -> None:
    sizes = set()
    for state in positions(3):
        tensor = state.observation_tensor(0)
        sizes.add(len(tensor))
        assert all(0.0 <= x <= 1.0 for x in tensor), [x for x in tensor if not 0.0 <= x <= 1.0]
    assert len(sizes) == 1


def test_view_shows_the_whole_position_and_the_decision() -> None:
    state = GAME.new_initial_state({"missions": "sabotage+aid-the-spy"})
    view = state.view(0, "en")
    json.dumps(view)
    board = view["board"]
    assert board["morale"] == 6 and board["patrols_minimum"] == 3 and board["day"] == 0
    assert [m["id"] for m in board["missions"]] == ["sabotage", "aid-the-spy"]
    assert board["workers"] == {"home": 3, "cafe": 2, "lost": 0, "on_cards": 0, "to_activate": []}
    assert view["prompt"] == "Place a Resistance worker (3 left to place)."
    assert view["rule"] == "placement.resistance"
    labels = {a["notation"]: a["label"] for a in view["actions"]}
    assert labels["place grocer"] == "Place at Grocer"
    assert all(a["target"] in board["layout"] for a in view["actions"])  # clickable on the board
    spanish = state.view(0, "es")
    assert spanish["prompt"] == "Coloca un Trabajador de la Resistencia (3 por colocar)."


def test_spectator_sees_the_board_but_no_actions() -> None:
    state = GAME.new_initial_state({})
    spectator = state.view(None, "en")
    assert spectator["actions"] == [] and spectator["board"] == state.view(0, "en")["board"]


def test_labels_give_costs_and_warn_of_a_certain_arrest() -> None:
    from ludoteca.games.maquis.tests.positions import new, play

    state = new("underground-newspaper+aid-the-spy")
    state.d["res"]["intel"] = 2
    # card 3 → Pont Leveque, card 5 → Black Market, card 1 → Grocer: the east and west routes are cut
    play(state, "place mission_1", "place radio_b", "place cafe", cards=[3, 5, 1])
    labels = {a["notation"]: a["label"] for a in state.view(0, "en")["actions"]}
    assert labels["activate radio_b"] == "Activate the worker at Radio B (no route home now)"
    assert labels["activate cafe"] == "Activate the worker at Café"
    assert labels["activate mission_1"] == "Activate the worker at Underground Newspaper (no route home now)"
    play(state, "activate mission_1")
    labels = {a["notation"]: a["label"] for a in state.view(0, "en")["actions"]}
    assert labels["do mission"] == "Carry out the mission (intel ×2)"
    state.d["res"]["weapon"] = 1
    play(state, "do mission")
    labels = {a["notation"]: a["label"] for a in state.view(0, "en")["actions"]}
    assert labels["home"] == "Head home (no route home: arrested!)"


def test_every_observation_entry_is_named() -> None:
    """`observe` names each entry of the tensor (issue 21): as many names as values, none twice."""
    state = GAME.new_initial_state({"missions": "infiltration+sabotage"})
    names, values = state.observation_names(0), state.observation_tensor(0)
    assert len(names) == len(values) == len(set(names))
    assert names[:3] == ["day", "second_pass", "morale"] and "pawn.fence[m]" in names
    assert "mission_1[infiltration]" in names and "tile.spare_room_ne[chemist]" in names


def test_a_mission_that_cannot_happen_today_says_so_where_a_worker_is_placed() -> None:
    """Issue 25: a worker placed on Destroy the Train before its days, or on the Officer's Mansion before
    its graffiti can be painted, is wasted: legal, and its label says that it yields nothing today."""
    from ludoteca.games.maquis.tests.positions import new

    state = new("officers-mansion+destroy-the-train")
    slots = {m["id"]: m["slot"] for m in state.d["missions"]}
    labels = {a["notation"]: a["label"] for a in state.view(0, "en")["actions"]}
    train, mansion = f"place {slots['destroy-the-train']}", f"place {slots['officers-mansion']}"
    assert labels[train] == "Place at Destroy the Train (yields nothing today)"
    # three graffiti to paint and only two other workers to paint them
    assert labels[mansion] == "Place at Officer's Mansion (yields nothing today)"
    assert "hoy no da nada" in {a["notation"]: a["label"] for a in state.view(0, "es")["actions"]}[mansion]
    card = next(m for m in state.d["missions"] if m["id"] == "officers-mansion")
    card["marks"] = ["rue_baradat", "pont_du_nord"]  # one graffiti left: a second worker may paint it
    labels = {a["notation"]: a["label"] for a in state.view(0, "en")["actions"]}
    assert labels[mansion] == "Place at Officer's Mansion"
    state.d["day"] = 6
    labels = {a["notation"]: a["label"] for a in state.view(0, "en")["actions"]}
    assert labels[train] == "Place at Destroy the Train"
