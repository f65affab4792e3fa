"""The hint on the web platform: the search's suggestion for the seat to act, over HTTP and the
WebSocket, told only to whoever asked; the game is never changed by asking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.ai.hint import describe
from ludoteca.server import create_app
from test_server_api import auth
from toygame import RaceGame


@pytest.fixture
def client(toy: RaceGame, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hint.db'}", ai_delay=0)) as c:
        yield c


def two_people(client: TestClient) -> tuple[str, dict[str, str]]:
    body = {"game": "race", "options": {}, "seats": [{"kind": "human"}] * 2}
    made = client.post("/api/games", json=body).json()
    return made["id"], made["invitations"]


def view(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    return dict(
        client.get(f"/api/games/{game_id}", params={"lang": "en"}, headers=auth(token)).json()["view"]
    )


def test_the_seat_to_act_gets_a_legal_suggestion_with_the_moves_weighed(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    before = view(client, game_id, tokens["red"])
    to_act = before["current_role"]
    legal = {a["id"]: a for a in before["actions"]} or {
        a["id"]: a for a in view(client, game_id, tokens[to_act])["actions"]
    }
    response = client.get(f"/api/games/{game_id}/hint", params={"lang": "en"}, headers=auth(tokens[to_act]))
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["type"] == "hint" and hint["role"] == to_act and hint["move"] == before["move"]
    assert hint["action"] in legal and hint["notation"] == legal[hint["action"]]["notation"]
    assert {a["action"] for a in hint["alternatives"]} == set(legal)
    assert all(a["label"] == legal[a["action"]]["label"] for a in hint["alternatives"])
    assert sum(a["visits"] for a in hint["alternatives"]) == hint["iterations"] > 0
    assert all(a["chance"] == round(50 * (a["value"] + 1)) for a in hint["alternatives"])
    assert hint["sentence"] == describe(hint, {a: legal[a]["label"] for a in legal}, "en")["sentence"]
    assert "chance of winning" in hint["sentence"] and legal[hint["action"]]["label"] in hint["sentence"]
    again = client.get(
        f"/api/games/{game_id}/hint", params={"lang": "en"}, headers=auth(tokens[to_act])
    ).json()
    assert again == hint | {"seconds": again["seconds"]}  # same position, same seed: the same hint
    assert view(client, game_id, tokens[to_act]) == view(client, game_id, tokens[to_act])
    assert view(client, game_id, tokens[to_act])["move"] == before["move"]


def test_the_hints_sentence_is_in_the_language_asked(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    to_act = view(client, game_id, tokens["red"])["current_role"]
    asked = {
        lang: client.get(
            f"/api/games/{game_id}/hint", params={"lang": lang}, headers=auth(tokens[to_act])
        ).json()
        for lang in ("es", "en")
    }
    assert "probabilidades de ganar" in asked["es"]["sentence"] and "«" in asked["es"]["sentence"]
    assert "chance of winning" in asked["en"]["sentence"] and "“" in asked["en"]["sentence"]
    labels = {lang: [a["label"] for a in hint["alternatives"]] for lang, hint in asked.items()}
    assert labels["es"] != labels["en"]  # the moves are named in the language asked too
    assert all(label in asked[lang]["sentence"] for lang in asked for label in labels[lang][:1])
    same = {k: v for k, v in asked["en"].items() if k not in ("sentence", "alternatives", "seconds")}
    assert same == {k: v for k, v in asked["es"].items() if k not in ("sentence", "alternatives", "seconds")}


def test_a_hint_is_refused_out_of_turn_to_spectators_and_after_the_end(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    to_act = view(client, game_id, tokens["red"])["current_role"]
    waiting = "blue" if to_act == "red" else "red"
    response = client.get(f"/api/games/{game_id}/hint", headers=auth(tokens[waiting]))
    assert response.status_code == 409
    assert f"{to_act} is to act" in response.json()["error"]
    spectator = client.get(f"/api/games/{game_id}/hint")
    assert spectator.status_code == 403 and "seat" in spectator.json()["error"]
    assert client.get(f"/api/games/{game_id}/hint", headers=auth("forged")).status_code == 403


def test_over_the_websocket_the_hint_goes_only_to_the_connection_that_asked(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    to_act = view(client, game_id, tokens["red"])["current_role"]
    with client.websocket_connect(f"/ws/{game_id}?lang=en") as ws:
        ws.send_json({"type": "join", "token": tokens[to_act]})
        first = ws.receive_json()
        ws.send_json({"type": "hint"})
        message = ws.receive_json()
        while message["type"] in ("state", "chat"):  # a seat being taken, the table talk, may be told first
            message = ws.receive_json()
        assert message["type"] == "hint" and message["move"] == first["view"]["move"]
        assert message["action"] in {a["id"] for a in first["view"]["actions"]}
        assert "chance of winning" in message["sentence"]  # the connection's language (lang=en)
        ws.send_json({"type": "guess"})
        error = ws.receive_json()
        assert error["type"] == "error" and '{"type": "hint"}' in error["message"]
