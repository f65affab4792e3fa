"""Live play over WebSockets: each connection is sent only its own seat's view, at once, after every
move; refusals go to the one who asked and change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ludoteca.server import create_app
from toygame import ADD, DONE, RaceGame
from wssupport import connect


@pytest.fixture
def client(toy: RaceGame, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ws.db'}", ai_delay=0)) as c:
        yield c


def secret_game(client: TestClient) -> dict[str, Any]:
    body = {"game": "race", "options": {"secret": "yes"}, "seats": [{"kind": "human"}] * 2}
    return dict(client.post("/api/games", json=body).json())


def until_move(ws: WebSocketTestSession, move: int) -> dict[str, Any]:
    """The first message showing the game at `move` or later (earlier ones, such as seats taken, skipped)."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] == "state" and message["view"]["move"] >= move:
            return message


def next_error(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next refusal sent to this connection (state messages — a seat being taken — skipped)."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] == "error":
            return message


def test_two_seats_and_a_spectator_each_see_only_their_own_view(client: TestClient) -> None:
    made = secret_game(client)
    game_id, tokens = made["id"], made["invitations"]
    with (
        connect(client, game_id, tokens["red"]) as red,
        connect(client, game_id, tokens["blue"]) as blue,
        connect(client, game_id, None) as spectator,
    ):
        first = {name: ws.receive_json() for name, ws in (("red", red), ("blue", blue), ("none", spectator))}
        to_act = first["red"]["view"]["current_role"]
        other = "blue" if to_act == "red" else "red"
        assert first[to_act]["view"]["board"]["roll"] in (1, 2, 3)
        assert first[other]["view"]["board"]["roll"] is None
        assert first["none"]["view"]["board"]["roll"] is None
        assert any(line["key"] == "log.roll" for line in first[to_act]["view"]["log"])
        for name in (other, "none"):
            assert all(line["key"] != "log.roll" for line in first[name]["view"]["log"])
        assert [a["notation"] for a in first[to_act]["view"]["actions"]] == ["add", "pass"]
        assert first[other]["view"]["actions"] == [] and first["none"]["view"]["actions"] == []
        assert first["none"]["my_roles"] == [] and first[other]["my_roles"] == [other]

        sockets = {"red": red, "blue": blue, "none": spectator}
        sockets[to_act].send_json({"type": "act", "action": ADD, "version": first[to_act]["version"]})
        move = first[to_act]["view"]["move"] + 1
        seen = {name: until_move(ws, move) for name, ws in sockets.items()}
        assert seen[to_act]["moves"][-1]["notation"] == "add"
        hidden = {"n": 2, "actor": to_act, "notation": None, "label": None, "secret": True}
        assert {k: v for k, v in seen[other]["moves"][-1].items() if k != "actor_name"} == hidden
        assert seen["none"]["moves"][-1]["notation"] is None
        assert seen[other]["view"]["board"]["roll"] is None
        assert all(line["key"] != "log.roll" for line in seen[other]["view"]["log"])
        assert [a["notation"] for a in seen[to_act]["view"]["actions"]] == ["done"]

        sockets[to_act].send_json({"type": "act", "action": DONE, "version": seen[to_act]["version"]})
        revealed = {name: until_move(ws, move + 1) for name, ws in sockets.items()}
        for message in revealed.values():
            assert message["view"]["board"]["totals"] == revealed[to_act]["view"]["board"]["totals"]
            assert message["log_from"] > 0  # only the lines this connection does not have yet
            assert any(line["key"] == "log.add" for line in message["view"]["log"])


def test_refusals_are_answered_to_the_sender_only_and_change_nothing(client: TestClient) -> None:
    made = secret_game(client)
    game_id, tokens = made["id"], made["invitations"]
    with connect(client, game_id, tokens["red"]) as red, connect(client, game_id, None) as spectator:
        red_view = red.receive_json()
        spectator.receive_json()
        start_move = red_view["view"]["move"]
        spectator.send_json({"type": "act", "action": ADD})
        assert next_error(spectator) == {
            "type": "error",
            "status": 403,
            "message": "a spectator cannot act",
        }
        red.send_text("{not json")
        assert "is not JSON" in next_error(red)["message"]
        red.send_json({"type": "act", "action": "add", "version": "an-older-one"})
        error = next_error(red)
        assert error["status"] == 409  # a stale position first, whoever is to act
        red.send_json({"type": "undo"})
        assert next_error(red)["status"] == 409
        red.send_json({"type": "act", "action": {"id": 0}})
        assert "must be an action id" in next_error(red)["message"]
    check = client.get(f"/api/games/{game_id}").json()
    assert check["view"]["move"] == start_move


def test_a_bad_token_is_refused_and_the_socket_closed(client: TestClient) -> None:
    made = secret_game(client)
    with connect(client, made["id"], "forged") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 403
        assert "holds no seat" in error["message"]


def test_a_lone_surrogate_is_refused_and_the_socket_stays_open(client: TestClient) -> None:
    made = secret_game(client)
    game_id, tokens = made["id"], made["invitations"]
    with connect(client, game_id, tokens["red"]) as red:
        shown = red.receive_json()
        version = shown["version"]
        # JSON may escape half of a UTF-16 pair alone: text no reply (nor database) can carry
        red.send_text(f'{{"type": "act", "action": "\\ud800", "version": "{version}"}}')
        refused = next_error(red)
        assert refused["status"] == 400 and "is not JSON" in refused["message"]
        red.send_json({"type": "act", "action": "add", "version": version})
        assert until_move(red, shown["view"]["move"] + 1)["version"] != version  # still served
