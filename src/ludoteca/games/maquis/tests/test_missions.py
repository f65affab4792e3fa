"""The fourteen mission cards, as `rules.en.md` § missions describes them: each completed the way its card
says, and each of its constraints enforced. Patrol cards are chosen, never sampled.

Patrol cards used most: 2 and 4 start at Radio B, 6 and 7 at Radio A, dead ends that cut no road home;
card 4 falls back on Rue Baradat, which only cuts Fence–Doctor.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.game import CHANCE
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.placement import placement
from ludoteca.games.maquis.position import MissionInPlay
from ludoteca.games.maquis.state import MaquisState
from ludoteca.games.maquis.tests.positions import log_keys, new, offered, outcome, play, rerun

SAFE = (2, 6, 4)
"""Three patrols on Radio B, Radio A and Rue Baradat (when those are free of workers)."""


# ---------------------------------------------------------------------------------------- helpers
def mission(state: MaquisState, mission_id: str) -> MissionInPlay:
    m = state.mission(mission_id)
    assert m is not None
    return m


def fresh_deck(state: MaquisState) -> None:
    """All ten patrol cards back in the deck, so that a test can choose any of them."""
    assert not state.is_chance_node()
    state.d["deck"], state.d["discard"] = list(range(1, 11)), []


def finish(state: MaquisState) -> None:
    """End the action phase: every worker not yet activated passes; a worker asked about a shot goes home."""
    while not state.is_terminal() and state.d["phase"] == "action" and state.current_player() == 0:
        legal = offered(state)
        if "home" in legal:
            play(state, "home")
        elif "pass" in legal:
            play(state, "pass")
        else:
            play(state, min(m for m in legal if m.startswith("activate")))


def day(state: MaquisState, places: list[str], *acts: str, cards: tuple[int, ...] = SAFE) -> None:
    """One whole day from its first placement: a fresh deck, workers at `places` while patrols draw `cards`,
    then the moves `acts`; the other workers pass and the day ends."""
    fresh_deck(state)
    play(state, *(f"place {p}" for p in places), cards=cards)
    assert state.d["phase"] == "action"
    play(state, *acts)
    finish(state)


def second_worker_on(state: MaquisState, slot: str) -> None:
    """Put a worker who is at home back on `slot`, ready to be activated again today, and ask again
    which worker to activate."""
    frame = state.running_frame()
    assert frame is not None and frame["p"] == "action_phase" and state.current_player() == 0
    state.d["home"] -= 1
    state.d["board"][slot] = "w"
    state.d["ready"].append(slot)
    state.d["wait"] = None
    frame["s"] = "choose"
    state._run()


def assert_sound(state: MaquisState) -> None:
    assert state.invariants() == []


# ------------------------------------------------------------------------------------ winning
def test_completing_the_second_mission_wins_at_once() -> None:
    """§Fin del juego: Sabotage on days 5, 6 and 7, Destroy the Train on day 7 — the second one wins."""
    state = new("sabotage+destroy-the-train")
    state.d["day"] = 5
    state.d["res"]["explosive"] = 4
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    assert state.d["day"] == 7 and mission(state, "sabotage")["boxes"] == 2
    fresh_deck(state)
    play(state, "place mission_1", "place mission_2", "place grocer", cards=SAFE)
    play(state, "activate mission_1", "do mission")
    assert mission(state, "sabotage")["done"] and not state.is_terminal()
    play(state, "activate mission_2", "do mission")
    assert state.is_terminal()
    assert outcome(state) == "outcome.win" and state.returns() == [1.0]
    assert state.d["res"]["explosive"] == 0
    assert log_keys(state).count("log.mission_done") == 2
    assert_sound(state)


# ----------------------------------------------------------------------------------- Sabotage
def test_sabotage_rulebook_example_two_visits_then_the_explosive() -> None:
    """§Acciones de misión, example: [1][1][2] — the "1" twice (an Explosive held is not spent), then
    the "2" with the Explosive, each box on a different day."""
    state = new("sabotage+destroy-the-train")
    state.d["res"]["explosive"] = 1
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    assert mission(state, "sabotage")["boxes"] == 1 and state.d["res"]["explosive"] == 1
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    assert mission(state, "sabotage")["boxes"] == 2 and state.d["res"]["explosive"] == 1
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    m = mission(state, "sabotage")
    assert m["boxes"] == 3 and m["done"] and state.d["res"]["explosive"] == 0
    assert not state.is_terminal()
    assert "place mission_1" not in offered(state)  # a completed card takes no more workers
    assert_sound(state)


def test_sabotage_last_box_needs_an_explosive() -> None:
    state = new("sabotage+destroy-the-train")
    mission(state, "sabotage")["boxes"] = 2
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", "activate mission_1", cards=SAFE)
    assert offered(state) == {"pass"}
    state.d["res"]["explosive"] = 1
    assert "do mission" not in offered(state)  # choices were fixed when the worker was activated
    play(state, "pass")
    assert mission(state, "sabotage")["boxes"] == 2


@pytest.mark.parametrize(
    ("missions", "resources"),
    [
        ("sabotage+destroy-the-train", {}),
        ("underground-newspaper+sabotage", {"intel": 4}),
        ("german-shepherds+sabotage", {"food": 2, "medicine": 2}),
        ("aid-the-spy+sabotage", {"weapon": 2, "money": 1, "food": 2}),
    ],
)
def test_one_box_a_day(missions: str, resources: dict[str, int]) -> None:
    """Cards whose boxes need different days: after today's box, a second worker on the card (were there
    one) could not mark another."""
    state = new(missions)
    state.d["res"].update(resources)
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", cards=SAFE)
    play(state, "activate mission_1", "do mission")
    if "home" in offered(state):
        play(state, "home")
    card = state.d["missions"][0]
    assert card["boxes"] == 1 and state.d["home"] == 1
    second_worker_on(state, "mission_1")
    play(state, "activate mission_1")
    assert "do mission" not in offered(state)
    play(state, "pass")
    assert card["boxes"] == 1
    assert_sound(state)


# ------------------------------------------------------------------------- Destroy the Train
@pytest.mark.parametrize("box", [6, 7, 8, 9])
def test_destroy_the_train_on_a_train_day(box: int) -> None:
    state = new("sabotage+destroy-the-train")
    state.d["day"] = box
    state.d["res"]["explosive"] = 3
    day(state, ["mission_2", "grocer", "cafe"], "activate mission_2", "do mission")
    assert mission(state, "destroy-the-train")["done"]
    assert state.d["res"]["explosive"] == 0 and state.supply("explosive") == 4
    assert not state.is_terminal()


@pytest.mark.parametrize("box", [0, 5, 10, 14])
def test_destroy_the_train_only_on_days_6_to_9(box: int) -> None:
    state = new("sabotage+destroy-the-train")
    state.d["day"] = box
    state.d["res"]["explosive"] = 3
    fresh_deck(state)
    play(state, "place mission_2", "place grocer", "place cafe", "activate mission_2", cards=SAFE)
    assert offered(state) == {"pass"}


def test_destroy_the_train_needs_three_explosives() -> None:
    state = new("sabotage+destroy-the-train")
    state.d["day"] = 8
    state.d["res"]["explosive"] = 2
    fresh_deck(state)
    play(state, "place mission_2", "place grocer", "place cafe", "activate mission_2", cards=SAFE)
    assert offered(state) == {"pass"}


# --------------------------------------------------------------------- Underground Newspaper
def test_underground_newspaper_three_deliveries_of_two_intel() -> None:
    state = new("underground-newspaper+sabotage")
    for n in (1, 2, 3):
        assert not mission(state, "underground-newspaper")["done"]
        state.d["res"]["intel"] = 3
        day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
        assert mission(state, "underground-newspaper")["boxes"] == n
        assert state.d["res"]["intel"] == 1
    assert mission(state, "underground-newspaper")["done"]
    assert log_keys(state).count("log.box") == 3


def test_underground_newspaper_needs_two_intel() -> None:
    state = new("underground-newspaper+sabotage")
    state.d["res"]["intel"] = 1
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", "activate mission_1", cards=SAFE)
    assert offered(state) == {"pass"}


# ----------------------------------------------------------------------- Bomb for the Officer
def test_bomb_for_the_officer_with_morale_five() -> None:
    state = new("bomb-for-the-officer+sabotage")
    state.d["morale"] = 5
    state.d["res"].update(weapon=1, explosive=1)
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    assert mission(state, "bomb-for-the-officer")["done"]
    assert state.d["res"]["weapon"] == 0 and state.d["res"]["explosive"] == 0


def test_bomb_for_the_officer_needs_morale_five() -> None:
    state = new("bomb-for-the-officer+sabotage")
    state.d["morale"] = 4
    state.d["res"].update(weapon=1, explosive=1)
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", "activate mission_1", cards=SAFE)
    assert offered(state) == {"pass"}


def test_bomb_for_the_officer_closes_east_field_and_south_east_room() -> None:
    """Until the bomb goes off, nobody is placed on the East Field or the south-east spare room and
    nothing is airdropped onto the East Field; afterwards both open again."""
    state = new("bomb-for-the-officer+sabotage")
    state.d["fields"]["field_east"] = {"food": 3}
    fresh_deck(state)
    play(state, "place radio_a", cards=[2])
    assert "place field_east" not in offered(state) and "place spare_room_se" not in offered(state)
    assert "place grocer" in offered(state)
    state.d["fields"]["field_east"] = {}  # now both fields are empty; only the west one may take a drop
    play(state, "place mission_1", "place grocer", cards=[4, 9])  # rue baradat, pont du nord
    play(state, "activate radio_a", "do airdrop", "drop food")  # no field to choose: only one is open
    assert state.d["fields"] == {"field_west": {"food": 3}, "field_east": {}}
    state.d["res"].update(weapon=1, explosive=1)
    play(state, "activate mission_1", "do mission")
    assert mission(state, "bomb-for-the-officer")["done"]
    finish(state)
    assert state.d["gone"] == 0
    state.d["fields"]["field_east"] = {"money": 1}
    fresh_deck(state)
    play(state, "place cafe", cards=[2])
    assert {"place field_east", "place spare_room_se"} <= offered(state)


def test_bomb_for_the_officer_no_airdrop_when_only_east_field_is_empty() -> None:
    state = new("bomb-for-the-officer+sabotage")
    state.d["fields"]["field_west"] = {"money": 1}
    fresh_deck(state)
    play(state, "place radio_a", "place grocer", "place cafe", "activate radio_a", cards=SAFE)
    assert offered(state) == {"do intel", "pass"}


# -------------------------------------------------------------------------- German Shepherds
def test_german_shepherds_three_days_then_shooting_is_allowed() -> None:
    state = new("german-shepherds+sabotage")
    state.d["res"]["weapon"] = 1
    for n in (1, 2):
        state.d["res"].update(food=1, medicine=1)
        fresh_deck(state)
        play(state, "place mission_1", "place grocer", "place cafe", cards=SAFE)
        assert not any(m.startswith("shoot") for m in offered(state))  # Milice on the board, a Weapon held
        play(state, "activate mission_1", "do mission")
        finish(state)
        assert mission(state, "german-shepherds")["boxes"] == n
    state.d["res"].update(food=1, medicine=1)
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", cards=SAFE)
    play(state, "activate mission_1", "do mission")
    assert mission(state, "german-shepherds")["done"]
    assert {"shoot radio_b", "shoot radio_a", "shoot rue_baradat", "home"} == offered(state)
    play(state, "shoot radio_b")
    assert state.d["soldiers"] == 1 and state.d["res"]["weapon"] == 0


def test_german_shepherds_forbid_shooting_after_an_action_too() -> None:
    state = new("german-shepherds+sabotage")
    state.d["res"]["money"] = 1
    fresh_deck(state)
    play(state, "place fence", "place grocer", "place cafe", cards=SAFE)
    play(state, "activate fence", "do buy-weapon")
    assert state.d["res"]["weapon"] == 1
    assert not any(m.startswith("shoot") for m in offered(state))
    assert state.d["phase"] == "action" and "fence" not in state.d["board"]  # straight home, no prompt


# ------------------------------------------------------------------------- Milice Parade Day
def test_milice_parade_day_strike_completes_raises_morale_and_loses_the_worker() -> None:
    state = new("milice-parade-day+sabotage")
    state.d["day"] = 3
    state.d["res"]["weapon"] = 1
    fresh_deck(state)
    play(state, "place rue_baradat", "place cafe", "place doctor", cards=(2, 6, 1))
    play(state, "activate rue_baradat")
    assert "do parade" in offered(state)
    play(state, "do parade")
    assert mission(state, "milice-parade-day")["done"]
    assert state.d["morale"] == 7 and state.d["res"]["weapon"] == 0
    assert state.d["gone"] == 1 and "rue_baradat" not in state.d["board"]
    assert "log.parade_arrest" in log_keys(state)
    assert not state.is_terminal()
    assert state.view(0)["board"]["closed_roads"] == []  # done: the road is open again
    assert_sound(state)


@pytest.mark.parametrize("box", [0, 2, 4, 13])
def test_milice_parade_day_only_on_parade_days(box: int) -> None:
    state = new("milice-parade-day+sabotage")
    state.d["day"] = box
    state.d["res"]["weapon"] = 1
    fresh_deck(state)
    play(state, "place rue_baradat", "place cafe", "place doctor", "activate rue_baradat", cards=(2, 6, 1))
    assert "do parade" not in offered(state)


def test_milice_parade_day_needs_a_weapon() -> None:
    state = new("milice-parade-day+sabotage")
    state.d["day"] = 6
    fresh_deck(state)
    play(state, "place rue_baradat", "place cafe", "place doctor", "activate rue_baradat", cards=(2, 6, 1))
    assert offered(state) == {"pass"}


@pytest.mark.parametrize(("box", "arrested"), [(2, False), (3, True), (9, True), (10, False)])
def test_milice_parade_day_closes_rue_baradat_fence_on_parade_days(box: int, arrested: bool) -> None:
    """With the Poor District patrolled, the Fence's only way home is through Rue Baradat."""
    state = new("milice-parade-day+sabotage")
    state.d["day"] = box
    fresh_deck(state)
    # card 1: grocer (a worker) → poor district; card 2: radio b; card 6: radio a
    play(state, "place grocer", "place fence", "place cafe", cards=(1, 2, 6))
    assert state.d["board"]["poor_district"] == "m"
    closed = state.view(0)["board"]["closed_roads"]
    assert closed == ([["fence", "rue_baradat"]] if arrested else [])
    play(state, "activate fence", "pass")
    assert state.d["gone"] == int(arrested)


# ------------------------------------------------------------------------- Officer's Mansion
def test_officers_mansion_three_graffiti_then_the_rectangle() -> None:
    state = new("officers-mansion+sabotage")
    # card 7: radio a (patrolled) → pont leveque (a worker) → black market
    day(
        state,
        ["rue_baradat", "pont_du_nord", "pont_leveque"],
        "activate pont_du_nord",
        "do graffiti",
        "activate rue_baradat",
        "do graffiti",
        "activate pont_leveque",
        "do graffiti",
        cards=(2, 6, 7),
    )
    m = mission(state, "officers-mansion")
    assert sorted(m["marks"]) == ["pont_du_nord", "pont_leveque", "rue_baradat"] and not m["done"]
    assert state.d["gone"] == 0
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    assert mission(state, "officers-mansion")["done"]


def test_officers_mansion_needs_all_three_graffiti_first_and_one_per_place() -> None:
    state = new("officers-mansion+sabotage")
    fresh_deck(state)
    play(state, "place mission_1", "place rue_baradat", "place grocer", cards=(2, 6, 1))
    play(state, "activate mission_1")
    assert offered(state) == {"pass"}
    play(state, "pass", "activate rue_baradat", "do graffiti")
    finish(state)
    m = mission(state, "officers-mansion")
    m["marks"] += ["pont_du_nord"]
    fresh_deck(state)
    play(state, "place rue_baradat", "place mission_1", "place cafe", cards=(2, 6, 1))
    play(state, "activate rue_baradat")
    assert offered(state) == {"pass"}  # already painted
    play(state, "pass", "activate mission_1")
    assert offered(state) == {"pass"}  # Pont Leveque is still missing


# ------------------------------------------------------------------------------ Double Agent
def test_double_agent_six_visits_reveal_the_dark_lady_and_the_worker_leaves() -> None:
    state = new("double-agent+sabotage")
    day(
        state,
        ["rue_baradat", "pont_du_nord", "doctor"],
        "activate rue_baradat",
        "do visit",
        "activate pont_du_nord",
        "do visit",
        "activate doctor",
        "do visit",
        cards=(2, 6, 1),
    )
    assert len(mission(state, "double-agent")["marks"]) == 3
    # card 2: radio b; card 4: radio b (taken) → rue baradat; card 8: fence
    fresh_deck(state)
    play(state, "place poor_district", "place radio_a", "place pont_leveque", cards=(2, 4, 8))
    play(state, "activate poor_district", "do visit", "activate radio_a", "do visit")
    assert mission(state, "double-agent")["lady"] is None and not state.is_chance_node()
    play(state, "activate pont_leveque", "do visit")
    assert state.current_player() == CHANCE  # the sixth visit turns the top patrol card
    assert sorted(a for a, _ in state.chance_outcomes()) == [
        state.string_to_action(f"patrol {c}") for c in (1, 3, 5, 6, 7, 9, 10)
    ]
    play(state, cards=[9])  # card 9: grocer, pont du nord, fence
    m = mission(state, "double-agent")
    assert m["lady"] == "grocer" and not m["done"]
    assert state.d["discard"][-1] == 9 and 9 not in state.d["deck"]
    assert "log.lady" in log_keys(state)
    assert state.d["phase"] == "placement" and state.d["gone"] == 0
    assert_sound(state)
    fresh_deck(state)
    play(state, "place grocer", "place doctor", "place cafe", cards=SAFE)
    play(state, "activate doctor")
    assert "do dark-lady" not in offered(state) and "do visit" not in offered(state)
    play(state, "pass", "activate grocer")
    assert "do dark-lady" in offered(state)
    play(state, "do dark-lady")
    assert mission(state, "double-agent")["done"]
    assert state.d["gone"] == 1 and "grocer" not in state.d["board"]
    assert "log.lady_leaves" in log_keys(state) and "log.arrested" not in log_keys(state)
    assert_sound(state)


def test_double_agent_visits_only_the_six_places_once_each() -> None:
    state = new("double-agent+sabotage")
    day(state, ["rue_baradat", "grocer", "cafe"], "activate rue_baradat", "do visit", cards=(2, 6, 1))
    fresh_deck(state)
    play(state, "place rue_baradat", "place grocer", "place cafe", cards=(2, 6, 1))
    play(state, "activate rue_baradat")
    assert offered(state) == {"pass"}
    play(state, "pass", "activate grocer")
    assert offered(state) == {"do food", "pass"}
    assert mission(state, "double-agent")["marks"] == ["rue_baradat"]


# ------------------------------------------------------------------------------- Infiltration
def test_infiltration_mole_reveals_the_top_card_and_the_second_delivery_completes() -> None:
    state = new("infiltration+sabotage")
    state.d["res"]["intel"] = 2
    state.d["morale"] = 7  # red number 2: tomorrow's patrols come from the workers alone
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    m = mission(state, "infiltration")
    assert m["boxes"] == 1 and m["keeper"] and not m["done"]
    assert "mission_1" not in state.d["board"] and state.d["home"] == 2
    assert state.available_workers() == 3 and state.d["res"]["intel"] == 0
    # Before the placement, the top card is turned (a chance draw); it is the next patrol's card.
    assert state.current_player() == CHANCE
    play(state, cards=[7])  # card 7: radio a, pont leveque, black market
    assert state.d["peek"] == 7 and "log.peek" in log_keys(state)
    assert state.view(0)["board"]["patrol_top"] == ["radio_a", "pont_leveque", "black_market"]
    frame = state.frame_of(placement)
    assert frame is not None and frame["patrols"] == 3 and frame["workers"] == 2  # the mole: not placed
    assert "place mission_1" in offered(state)  # the rectangle takes the second worker beside the mole
    play(state, "place mission_1")
    assert state.current_player() == 0 and state.d["board"]["radio_a"] == "m"  # no chance node
    assert state.d["peek"] is None and state.d["discard"][-1] == 7
    # card 9: grocer (a worker) → pont du nord; card 1: grocer → poor district
    play(state, "place grocer", cards=[9, 1])
    state.d["res"].update(weapon=1, explosive=1)
    play(state, "activate mission_1", "do mission")
    m = mission(state, "infiltration")
    assert m["done"] and not m["keeper"]
    finish(state)
    assert state.d["gone"] == 0 and state.d["home"] == 3  # the mole and both workers are home
    assert state.current_player() == 0  # no more peeking
    assert_sound(state)


def test_infiltration_as_the_second_mission_wins_with_every_worker_accounted_for() -> None:
    state = new("infiltration+sabotage")
    sabotage = mission(state, "sabotage")
    sabotage["done"] = True
    state.d["res"]["intel"] = 2
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    play(state, "place mission_1", "place grocer", cards=[7, 9, 1])  # card 7 is the mole's
    state.d["res"].update(weapon=1, explosive=1)
    play(state, "activate mission_1", "do mission")
    assert outcome(state) == "outcome.win" and state.returns() == [1.0]
    assert_sound(state)  # the mole is home, not lost, when the game ends


def test_infiltration_second_delivery_needs_the_mole() -> None:
    """The Weapon and Explosive delivery is box 2: it cannot come before the 2 Intel."""
    state = new("infiltration+sabotage")
    state.d["res"].update(weapon=1, explosive=1)
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", "activate mission_1", cards=SAFE)
    assert offered(state) == {"pass"}


# ----------------------------------------------------------------------------- Coded Messages
def test_coded_messages_cryptographer_stays_until_the_end_of_day_10() -> None:
    state = new("sabotage+coded-messages")
    state.d["morale"] = 7  # red number 2: the patrol count then shows the cryptographer
    state.d["res"]["food"] = 1
    day(state, ["mission_2", "grocer", "cafe"], "activate mission_2", "do mission")
    m = mission(state, "coded-messages")
    assert m["keeper"] and not m["done"] and state.d["res"]["food"] == 1  # no cost
    assert "log.cryptographer" in log_keys(state)
    frame = state.frame_of(placement)
    assert frame is not None and frame["patrols"] == 3 and frame["workers"] == 2
    assert state.available_workers() == 3
    assert "place mission_2" not in offered(state)
    state.d["day"] = 9
    day(state, ["grocer", "cafe"], cards=(2, 6, 4))
    assert not mission(state, "coded-messages")["done"] and state.d["home"] == 2
    assert state.d["day"] == 10
    day(state, ["grocer", "cafe"], cards=(2, 6, 4))
    m = mission(state, "coded-messages")
    assert m["done"] and not m["keeper"]
    assert state.d["home"] == 3 and state.d["day"] == 11
    assert_sound(state)


@pytest.mark.parametrize(("box", "allowed"), [(0, True), (6, True), (7, False), (10, False)])
def test_coded_messages_start_by_day_6(box: int, allowed: bool) -> None:
    state = new("sabotage+coded-messages")
    state.d["day"] = box
    fresh_deck(state)
    play(state, "place mission_2", "place grocer", "place cafe", "activate mission_2", cards=SAFE)
    assert ("do mission" in offered(state)) is allowed


# ----------------------------------------------------------------------- Take Out the Bridges
def test_take_out_the_bridges_two_explosives_a_bridge_each_night() -> None:
    state = new("sabotage+take-out-the-bridges")
    state.d["res"]["explosive"] = 4
    fresh_deck(state)
    play(state, "place black_market", "place grocer", "place cafe", cards=SAFE)
    play(state, "activate black_market")
    assert "do blow-bridge" in offered(state)
    play(state, "do blow-bridge")
    assert state.d["res"]["explosive"] == 2 and state.d["blow"] == 1 and state.d["bridges"] == []
    finish(state)
    assert state.d["phase"] == "maintenance"
    assert offered(state) == {"destroy north", "destroy south"}
    play(state, "destroy north")
    assert state.d["bridges"] == ["north"] and state.d["blow"] == 0
    assert ["black_market", "pont_du_nord"] in state.view(0)["board"]["closed_roads"]
    assert not mission(state, "take-out-the-bridges")["done"]
    day(state, ["black_market", "grocer", "cafe"], "activate black_market", "do blow-bridge")
    assert state.d["bridges"] == ["north", "south"]  # the last bridge needs no choice
    assert mission(state, "take-out-the-bridges")["done"]
    assert_sound(state)


def test_take_out_the_bridges_needs_two_explosives_at_the_black_market() -> None:
    state = new("sabotage+take-out-the-bridges")
    state.d["res"].update(explosive=1, food=1)
    fresh_deck(state)
    play(state, "place black_market", "place grocer", "place cafe", "activate black_market", cards=SAFE)
    assert offered(state) == {"do sell-food", "pass"}


def test_a_blown_bridge_serves_that_day_and_is_closed_afterwards() -> None:
    """With the Poor District patrolled, Pont du Nord's way home is the north bridge."""
    state = new("sabotage+take-out-the-bridges")
    state.d["res"]["explosive"] = 2
    fresh_deck(state)
    # card 1: grocer (a worker) → poor district; card 2: radio b; card 6: radio a
    play(state, "place grocer", "place black_market", "place pont_du_nord", cards=(1, 2, 6))
    play(state, "activate black_market", "do blow-bridge", "activate pont_du_nord", "pass")
    assert state.d["gone"] == 0  # the bridge still stands today
    finish(state)
    play(state, "destroy north")
    fresh_deck(state)
    play(state, "place grocer", "place pont_du_nord", "place cafe", cards=(1, 2, 6))
    assert state.d["board"]["poor_district"] == "m"
    play(state, "activate pont_du_nord", "pass")
    assert state.d["gone"] == 1 and "log.arrested" in log_keys(state)


# ------------------------------------------------------------------------------ Assassination
def on_the_train_day(weapons: int, soldiers: int, morale: int) -> MaquisState:
    """Assassination and Destroy the Train, day 6, the train's three Explosives and `weapons` Weapons held:
    workers placed on the train, the Grocer and the Café, three Milice on the board; then `soldiers`
    Milice counted as shot and the Morale at `morale`."""
    state = new("assassination+destroy-the-train")
    state.d["day"] = 6
    state.d["res"].update(explosive=3, weapon=weapons)
    fresh_deck(state)
    play(state, "place mission_2", "place grocer", "place cafe", cards=SAFE)
    state.d["soldiers"], state.d["morale"] = soldiers, morale
    return state


def test_assassination_done_when_the_fifth_milice_falls_after_the_other_mission() -> None:
    state = on_the_train_day(weapons=1, soldiers=4, morale=6)  # four shot before; today's patrols all Milice
    play(state, "activate mission_2", "do mission")
    assert mission(state, "destroy-the-train")["done"]
    assert not mission(state, "assassination")["done"] and not state.is_terminal()
    play(state, "shoot radio_b")
    assert state.d["soldiers"] == 5
    assert mission(state, "assassination")["done"]
    assert outcome(state) == "outcome.win" and state.returns() == [1.0]


def test_the_fifth_shot_wins_before_its_morale_is_lost() -> None:
    """§Milicia de tiro: the Soldiers marker rises, «luego» the Morale falls; §Fin del juego: the second
    mission wins «inmediatamente». At Morale 1 (the only Morale at which five patrols come out with four
    workers) the fifth shot wins; any other shot at Morale 1 loses (README, ambiguity 5)."""
    state = on_the_train_day(weapons=2, soldiers=3, morale=1)
    play(state, "shoot rue_baradat")  # the fourth: the Morale falls to Fail
    assert state.d["soldiers"] == 4 and outcome(state) == "outcome.morale"

    state = on_the_train_day(weapons=1, soldiers=4, morale=1)
    play(state, "activate mission_2", "do mission")
    play(state, "shoot radio_b")  # the fifth, with the other mission done
    assert state.d["soldiers"] == 5 and state.d["morale"] == 1
    assert outcome(state) == "outcome.win" and state.returns() == [1.0]


def test_assassination_waits_for_the_other_mission() -> None:
    state = new("assassination+destroy-the-train")
    state.d["res"]["weapon"] = 1
    fresh_deck(state)
    play(state, "place grocer", "place cafe", "place doctor", cards=SAFE)
    state.d["soldiers"] = 4
    play(state, "shoot rue_baradat")
    assert state.d["soldiers"] == 5 and state.d["morale"] == 5
    assert not mission(state, "assassination")["done"] and not state.is_terminal()
    finish(state)
    state.d["day"] = 6
    state.d["res"]["explosive"] = 3
    fresh_deck(state)
    play(state, "place mission_2", "place grocer", "place cafe", cards=SAFE)
    assert set(state.d["board"].values()) == {"w", "s"}  # five shot: every patrol is a Soldier now
    play(state, "activate mission_2", "do mission")
    assert mission(state, "assassination")["done"]
    assert outcome(state) == "outcome.win"


def test_assassination_needs_all_five_shot() -> None:
    state = new("assassination+destroy-the-train")
    state.d["day"] = 6
    state.d["res"].update(explosive=3)
    state.d["soldiers"] = 4
    day(state, ["mission_2", "grocer", "cafe"], "activate mission_2", "do mission")
    assert mission(state, "destroy-the-train")["done"]
    assert not mission(state, "assassination")["done"] and not state.is_terminal()


@pytest.mark.parametrize("soldiers", [2, 3])
def test_assassination_none_standing_is_met_when_no_milice_stands(soldiers: int) -> None:
    """`assassination=none-standing` (README, ambiguity 5): with the other mission done, the card is met the
    moment no Milice stands on the board: at once if today's patrols are all Soldiers, else when the last
    Milice is shot."""
    state = new("assassination+destroy-the-train", assassination="none-standing")
    state.d["day"] = 6
    state.d["res"].update(explosive=3, weapon=1)
    state.d["soldiers"] = soldiers  # of today's three patrols, the last `soldiers` are Soldiers
    rerun(state, "count")
    fresh_deck(state)
    play(state, "place mission_2", "place grocer", "place cafe", cards=SAFE)
    milice = [loc for loc, pawn in state.d["board"].items() if pawn == "m"]
    assert len(milice) == 3 - soldiers
    play(state, "activate mission_2", "do mission")
    assert mission(state, "destroy-the-train")["done"]
    if milice:
        assert not mission(state, "assassination")["done"] and not state.is_terminal()
        play(state, f"shoot {milice[0]}")
    assert mission(state, "assassination")["done"] and outcome(state) == "outcome.win"


# -------------------------------------------------------------------------- Liberate the Town
def test_liberate_the_town_at_the_end_of_the_track_wins() -> None:
    state = new("destroy-the-train+liberate-the-town")
    state.d["day"] = 6
    state.d["res"].update(explosive=3, weapon=3)
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission", "home")
    assert mission(state, "destroy-the-train")["done"]
    assert not mission(state, "liberate-the-town")["done"]  # 3 weapons, but not at the end yet
    state.d["day"] = 14
    state.d["morale"] = 4
    day(state, ["grocer", "cafe", "doctor"])
    assert mission(state, "liberate-the-town")["done"]
    assert outcome(state) == "outcome.win" and state.returns() == [1.0]


@pytest.mark.parametrize(("weapons", "morale"), [(2, 7), (3, 3), (4, 2)])
def test_liberate_the_town_needs_three_weapons_and_morale_four(weapons: int, morale: int) -> None:
    state = new("destroy-the-train+liberate-the-town")
    mission(state, "destroy-the-train")["done"] = True
    state.d["day"] = 14
    state.d["res"]["weapon"] = weapons
    state.d["morale"] = morale
    day(state, ["grocer", "cafe", "doctor"])
    assert not mission(state, "liberate-the-town")["done"]
    assert outcome(state) == "outcome.out_of_time" and state.returns() == [-1.0]


def test_liberate_the_town_as_the_first_mission_does_not_save_the_game() -> None:
    state = new("destroy-the-train+liberate-the-town")
    state.d["day"] = 14
    state.d["res"]["weapon"] = 3
    day(state, ["grocer", "cafe", "doctor"])
    assert mission(state, "liberate-the-town")["done"]
    assert outcome(state) == "outcome.out_of_time"


def test_liberate_the_town_is_checked_at_box_12_in_tricky_mode() -> None:
    state = new("destroy-the-train+liberate-the-town", difficulty="tricky")
    mission(state, "destroy-the-train")["done"] = True
    state.d["day"] = 11
    state.d["res"]["weapon"] = 3
    day(state, ["grocer", "cafe"])
    assert outcome(state) == "outcome.win"


# -------------------------------------------------------------------------------- Aid the Spy
def test_aid_the_spy_two_deliveries_on_different_days() -> None:
    state = new("aid-the-spy+sabotage")
    state.d["res"].update(weapon=2, money=1, food=2)
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    m = mission(state, "aid-the-spy")
    assert m["boxes"] == 1 and not m["done"]
    assert state.d["res"] == {**state.d["res"], "weapon": 0, "money": 1, "food": 2}
    day(state, ["mission_1", "grocer", "cafe"], "activate mission_1", "do mission")
    assert mission(state, "aid-the-spy")["done"]
    assert state.d["res"]["money"] == 0 and state.d["res"]["food"] == 0


def test_aid_the_spy_weapons_come_first() -> None:
    state = new("aid-the-spy+sabotage")
    state.d["res"].update(weapon=1, money=1, food=2)
    fresh_deck(state)
    play(state, "place mission_1", "place grocer", "place cafe", "activate mission_1", cards=SAFE)
    assert offered(state) == {"pass"}


# ------------------------------------------------------------------------------------ the data
def test_every_mission_is_covered_here() -> None:
    """This module names every card of data/missions.toml in a `new(...)` call."""
    text = Path(__file__).read_text(encoding="utf-8")
    assert all(f'"{mid}+' in text or f'+{mid}"' in text for mid in BOARD.missions)
