"""Table talk (issue 58) over the WebSocket, on each database: the seats speak and hear each other live,
spectators read only where the creator opened the chat, a line is plain text of bounded length and rate,
a seat mutes another, the chat survives a restart and comes in the record on request; bad input is
refused and stores nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ludoteca.server import create_app
from ludoteca.server.chat import BURST, MAX_TEXT
from toygame import RaceGame
from wssupport import connect


@pytest.fixture
def client(toy: RaceGame, database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, ai_delay=0)) as c:
        yield c


def two_people(client: TestClient, chat: str = "seats") -> tuple[str, str, str]:
    body = {"game": "race", "seats": [{"kind": "human"}] * 2, "chat": chat}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["invitations"]["red"], made.json()["invitations"]["blue"]


def next_of(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    while True:
        message = dict(ws.receive_json())
        if message["type"] == kind:
            return message


def heard(ws: WebSocketTestSession) -> list[tuple[str, str]]:
    """The lines of the next chat message that has any."""
    while True:
        message = next_of(ws, "chat")
        if message["lines"]:
            return [(line["role"], line["text"]) for line in message["lines"]]


def test_the_seats_talk_live_and_a_spectator_reads_only_an_open_chat(client: TestClient) -> None:
    for chat, spectator_reads in (("seats", False), ("everyone", True)):
        game_id, red, blue = two_people(client, chat)
        with connect(client, game_id, red) as r, connect(client, game_id, blue) as b:
            next_of(r, "state"), next_of(b, "state")
            with connect(client, game_id, None) as watcher:
                next_of(watcher, "state")
                r.send_json({"type": "say", "text": "  <b>hola</b>, ¿jugamos?  "})
                assert heard(b) == [("red", "<b>hola</b>, ¿jugamos?")]  # plain text, trimmed, never HTML
                assert heard(r) == [("red", "<b>hola</b>, ¿jugamos?")]
                b.send_json({"type": "say", "text": "¡vamos!"})
                assert heard(r) == [("blue", "¡vamos!")]
                if spectator_reads:
                    assert heard(watcher) == [("red", "<b>hola</b>, ¿jugamos?")]
                watcher.send_json({"type": "say", "text": "hi"})
                refused = next_of(watcher, "error")
                assert refused["status"] == 403 and "only a seat" in refused["message"]
                watcher.send_json(
                    {"type": "undo"}
                )  # a message that is answered: nothing of the chat came before
                nothing = dict(watcher.receive_json())
                while nothing["type"] == "chat" and spectator_reads:
                    nothing = dict(watcher.receive_json())
                assert nothing["type"] == "error"
        with connect(client, game_id, blue) as late:  # comes back later: the history
            first = next_of(late, "chat")
            assert [x["text"] for x in first["lines"]] == ["<b>hola</b>, ¿jugamos?", "¡vamos!"]


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "1 to 500"), ("x" * (MAX_TEXT + 1), "1 to 500"), ("bell\x07", "control"), (7, "1 to 500")],
)
def test_a_bad_line_is_refused_and_stores_nothing(client: TestClient, text: Any, words: str) -> None:
    game_id, red, _blue = two_people(client)
    with connect(client, game_id, red) as r:
        next_of(r, "state")
        r.send_json({"type": "say", "text": text})
        refused = next_of(r, "error")
        assert refused["status"] == 400 and words in refused["message"]
    assert said(client, game_id, red) == []


def test_a_flood_of_lines_is_slowed_and_a_seat_mutes_another(client: TestClient) -> None:
    game_id, red, blue = two_people(client)
    with connect(client, game_id, red) as r, connect(client, game_id, blue) as b:
        next_of(r, "state"), next_of(b, "state")
        for n in range(BURST):
            r.send_json({"type": "say", "text": f"line {n}"})
            assert heard(b) == [("red", f"line {n}")]
        r.send_json({"type": "say", "text": "one too many"})
        refused = next_of(r, "error")
        assert refused["status"] == 429 and "every" in refused["message"]
        b.send_json({"type": "mute", "role": "red", "muted": True})
        assert next_of(b, "chat")["muted"] == ["red"]
        b.send_json({"type": "mute", "role": "purple", "muted": True})
        assert next_of(b, "error")["status"] == 400
        b.send_json({"type": "say", "text": "muted you"})
        assert heard(r) == [("blue", "muted you")]
    with connect(client, game_id, blue) as again:  # the mute holds when blue comes back: no red line at all
        history = next_of(again, "chat")
        assert [x["role"] for x in history["lines"]] == ["blue"] and history["muted"] == ["red"]
    assert said(client, game_id, red) == [*(f"line {n}" for n in range(BURST)), "muted you"]
    assert said(client, game_id, blue) == ["muted you"]


def test_the_record_carries_the_chat_on_request(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "race", "seats": [{"kind": "me"}] * 2})
    game_id, token = made.json()["id"], made.json()["token"]
    with connect(client, game_id, token) as me:
        next_of(me, "state")
        me.send_json({"type": "say", "text": "notes for later"})
        assert heard(me) == [("red", "notes for later")]
    asked = {"X-Ludoteca-Token": token}
    record = client.get(f"/api/games/{game_id}/record", params={"chat": "true"}, headers=asked).json()
    assert [(x["role"], x["text"]) for x in record["chat"]] == [("red", "notes for later")]
    assert "chat" not in client.get(f"/api/games/{game_id}/record", headers=asked).json()


def said(client: TestClient, game_id: str, token: str) -> list[str]:
    """The lines a seat hears, read over HTTP."""
    answer = client.get(f"/api/games/{game_id}/chat", headers={"X-Ludoteca-Token": token})
    assert answer.status_code == 200, answer.text
    return [line["text"] for line in answer.json()["lines"]]


def test_the_record_never_carries_a_muted_seats_lines_to_the_seat_that_muted_it(client: TestClient) -> None:
    game_id, red, blue = two_people(client)
    with connect(client, game_id, red) as r, connect(client, game_id, blue) as b:
        next_of(r, "state"), next_of(b, "state")
        assert next_of(b, "chat")["lines"] == []  # the history, as blue joins
        b.send_json({"type": "mute", "role": "red", "muted": True})
        assert next_of(b, "chat")["muted"] == ["red"]
        r.send_json({"type": "say", "text": "you will not hear this"})
        assert heard(r) == [("red", "you will not hear this")]
    finish(client, game_id, {"red": red, "blue": blue})
    for token, lines in ((blue, []), (red, ["you will not hear this"])):
        asked = {"X-Ludoteca-Token": token}
        record = client.get(f"/api/games/{game_id}/record", params={"chat": "true"}, headers=asked)
        assert record.status_code == 200 and [x["text"] for x in record.json()["chat"]] == lines


def finish(client: TestClient, game_id: str, tokens: dict[str, str]) -> None:
    """Play the race to its end, the seat to act taking its first legal action."""
    for _ in range(200):
        shown = client.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": tokens["red"]}).json()
        if shown["view"]["terminal"]:
            return
        token = tokens[shown["view"]["current_role"]]
        view = client.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": token}).json()["view"]
        body = {"token": token, "action": view["actions"][0]["id"], "version": shown["version"]}
        assert client.post(f"/api/games/{game_id}/act", json=body).status_code == 200
    raise AssertionError("the race did not end")
