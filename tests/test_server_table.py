"""Companion mode on the web platform (issue 29): a game created with ``chance: "table"`` samples nothing;
the seat asked — the host (the creator's seat), or the one person who alone may see a draw — chooses what
the physical dice and cards showed, and no other seat or spectator is shown the outcomes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core.record import replay_record
from ludoteca.server import create_app
from toygame import ADD, DONE, RaceGame


@pytest.fixture
def client(toy: RaceGame, tmp_path: Any) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", ai_delay=0)) as c:
        yield c


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Ludoteca-Token": token} if token else {}
    response = client.get(f"/api/games/{game_id}", params={"lang": "en"}, headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def act(client: TestClient, game_id: str, token: str, action: int | str) -> Any:
    version = state(client, game_id)["version"]
    return client.post(
        f"/api/games/{game_id}/act?lang=en", json={"token": token, "action": action, "version": version}
    )


def test_the_roll_only_its_roller_sees_is_asked_of_that_seat_alone(client: TestClient) -> None:
    """Race with secret rolls: red (the host, at this screen) tells its own roll; blue, invited, tells
    its own; neither is shown the other's choices, nor is a spectator."""
    made = client.post(
        "/api/games",
        json={
            "game": "race",
            "options": {"secret": "yes"},
            "seats": [{"kind": "me"}, {"kind": "human"}],
            "chance": "table",
        },
    ).json()
    game_id, red, blue = made["id"], made["token"], made["invitations"]["blue"]
    asked = state(client, game_id, red)["table_chance"]
    assert asked["asker"] == "red" and [c["notation"] for c in asked["choices"]] == [
        "roll 1",
        "roll 2",
        "roll 3",
    ]
    assert state(client, game_id, blue)["table_chance"] == {**asked, "choices": None}
    assert state(client, game_id)["table_chance"]["choices"] is None  # a spectator
    refused = act(client, game_id, blue, "roll 3")
    assert refused.status_code == 403 and "red is asked" in refused.json()["error"]
    assert act(client, game_id, red, "roll 3").status_code == 200
    assert state(client, game_id, red)["table_chance"] is None
    for action in (ADD, DONE):
        assert act(client, game_id, red, action).status_code == 200
    asked = state(client, game_id, blue)["table_chance"]  # blue's secret roll: blue is asked, not the host
    assert asked["asker"] == "blue" and len(asked["choices"]) == 3
    assert state(client, game_id, red)["table_chance"]["choices"] is None
    assert act(client, game_id, red, "roll 1").status_code == 403
    assert act(client, game_id, blue, "roll 1").status_code == 200


def test_public_dice_are_asked_of_the_host_and_the_record_replays(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={"game": "race", "seats": [{"kind": "me"}, {"kind": "ai", "spec": "random"}], "chance": "table"},
    ).json()
    game_id, red = made["id"], made["token"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        message = state(client, game_id, red)
        if message["view"]["terminal"]:
            break
        if message["table_chance"]:
            assert message["table_chance"]["asker"] == "red"  # blue is an AI seat: the host tells its dice
            action = message["table_chance"]["choices"][-1]["id"]
        elif message["view"]["actions"]:
            action = message["view"]["actions"][0]["id"]
        else:
            time.sleep(0.02)  # the AI seat is thinking
            continue
        assert act(client, game_id, red, action).status_code == 200
    record = client.get(f"/api/games/{game_id}/record", headers={"X-Ludoteca-Token": red}).json()
    assert record["chance"] == "table" and any(actor == "chance" for actor, _ in record["actions"])
    assert all(notation == "roll 3" for actor, notation in record["actions"] if actor == "chance")
    assert replay_record(record).state.digest() == record["digests"][-1]


def test_the_table_needs_a_seat_at_this_screen(client: TestClient) -> None:
    response = client.post(
        "/api/games",
        json={"game": "race", "seats": [{"kind": "human"}, {"kind": "human"}], "chance": "table"},
    )
    assert response.status_code == 400 and "host" in response.json()["error"]


def undo(client: TestClient, game_id: str, token: str) -> Any:
    return client.post(f"/api/games/{game_id}/undo?lang=en", json={"token": token})


def test_an_outcome_is_told_as_printed_said_back_and_taken_back_by_its_teller(client: TestClient) -> None:
    """Issue 54 on the server: the seat asked types what came up (its number, here the die's face); the
    outcome is said back to that seat alone, which may take it back before anything else happens — any
    other seat may not, and a refusal never tells another seat what the table could show."""
    made = client.post(
        "/api/games",
        json={
            "game": "race",
            "options": {"secret": "yes"},
            "seats": [{"kind": "me"}, {"kind": "human"}],
            "chance": "table",
        },
    ).json()
    game_id, red, blue = made["id"], made["token"], made["invitations"]["blue"]
    refused = act(client, game_id, blue, "2")
    assert refused.status_code == 403 and "1–3" not in refused.json()["error"]
    unknown = act(client, game_id, red, "nine")
    assert unknown.status_code == 422, unknown.text
    assert unknown.json()["error"].startswith(
        "that is none of the outcomes still possible: type its number (1–3), its name or"
    )
    assert act(client, game_id, red, "2").status_code == 200
    mine = state(client, game_id, red)
    assert mine["told"] == {
        "id": mine["told"]["id"],
        "number": 2,
        "label": mine["told"]["label"],
        "notation": "roll 2",
    }
    assert mine["undoable"] == 1 and mine["undo_blocked"] is None
    theirs = state(client, game_id, blue)
    assert theirs["told"] is None and theirs["undoable"] == 0
    assert undo(client, game_id, blue).status_code == 409
    assert act(client, game_id, red, ADD).status_code == 200  # something happens: no longer said back
    assert state(client, game_id, red)["told"] is None
    assert undo(client, game_id, red).status_code == 200  # red's own decision first...
    assert state(client, game_id, red)["told"]["number"] == 2  # ...and the roll is the latest again
    assert undo(client, game_id, red).status_code == 200
    back = state(client, game_id, red)
    assert back["table_chance"]["asker"] == "red" and back["told"] is None and back["moves"] == []
    assert act(client, game_id, red, "roll 3").status_code == 200
    again = state(client, game_id, red)
    assert again["told"]["notation"] == "roll 3" and [m["actor"] for m in again["moves"]] == ["chance"]


def test_a_sampled_outcome_is_never_taken_back(client: TestClient) -> None:
    """SECURITY.md: in a game whose chance the server samples, undo never passes a chance outcome."""
    made = client.post("/api/games", json={"game": "race", "seats": [{"kind": "me"}, {"kind": "me"}]}).json()
    game_id, token = made["id"], made["token"]
    message = state(client, game_id, token)
    assert message["moves"][-1]["actor"] == "chance" and message["told"] is None
    assert message["undoable"] == 0 and message["undo_blocked"] == "undo_chance"
    refused = undo(client, game_id, token)
    assert refused.status_code == 409 and state(client, game_id, token)["moves"] == message["moves"]
    assert act(client, game_id, token, "2").status_code == 422  # no table: a notation, not a face
