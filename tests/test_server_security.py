"""The server under attack (issue 22, SECURITY.md): each probe that got through before is refused now, on
SQLite and on PostgreSQL like the other API tests."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi import WebSocketDisconnect
from fastapi.testclient import TestClient
from sqlalchemy import text

from ludoteca.ai.agents import make_agent
from ludoteca.core.game import get_game
from ludoteca.server import create_app
from ludoteca.server.limits import RateLimit
from ludoteca.server.storage import Store, new_secret
from ludoteca.server.thinkers import Thinkers
from ludoteca.server.watchers import MAX_QUEUE, Watcher
from test_server_api import act, auth, create, state
from toygame import ADD, DONE, RaceGame


@pytest.fixture
def client(toy: RaceGame, database_url: str) -> Any:
    with TestClient(create_app(database_url, ai_delay=0)) as c:
        yield c


def people(client: TestClient) -> tuple[str, dict[str, str]]:
    made = create(client, [{"kind": "human"}, {"kind": "human"}])
    return made["id"], made["invitations"]


# ------------------------------------------------------------------- 1. chance from a server secret
def test_nobody_chooses_the_seed_of_a_game_with_other_people(client: TestClient) -> None:
    body = {"game": "race", "seats": [{"kind": "me"}, {"kind": "human"}], "seed": 4242}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400 and "only for a game without invited people" in refused.json()["error"]


def test_every_draw_comes_from_the_secret_revealed_only_at_the_end(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])  # a seed may be chosen here: nobody else plays
    game_id, token = made["id"], made["token"]
    hall = client.app.state.hall  # type: ignore[attr-defined]
    with hall.store.engine.connect() as db:
        stored = db.execute(text("SELECT secret FROM games WHERE id = :id"), {"id": game_id}).scalar()
    assert stored == "seed:7"
    other = client.post("/api/games", json={"game": "race", "seats": [{"kind": "human"}] * 2}).json()
    with hall.store.engine.connect() as db:
        secret = db.execute(text("SELECT secret FROM games WHERE id = :id"), {"id": other["id"]}).scalar()
    assert len(secret) == 64 and int(secret, 16) >= 0  # 256 random bits, kept in the database only
    current = state(client, game_id, token)
    while not current["view"]["terminal"]:
        current = act(client, game_id, token, current["view"]["actions"][0]["id"]).json()
    record = client.get(f"/api/games/{game_id}/record").json()
    game, secret = get_game("race"), record["chance_secret"]
    replay = game.new_initial_state(record["options"])
    for index, (actor, notation) in enumerate(record["actions"]):
        if actor == "chance":  # each draw is the one the secret and the move's index give
            rng = random.Random(hmac.new(secret.encode(), str(index).encode(), hashlib.sha256).digest())
            assert game.actions.format(replay.sample_chance(rng)) == notation
        replay.apply_notation(notation)


# --------------------------------------------------------------------- 2. a bad write fails alone
def test_one_failing_write_does_not_refuse_the_others(database_url: str) -> None:
    store = Store(database_url)
    try:

        def good(game_id: str) -> Any:
            return lambda db: store.create_game(db, game_id, "race", {}, 0, new_secret(), "open", [])

        def bad(db: Any) -> None:
            raise ValueError("this write is broken")

        errors = store.commit([good("a"), bad, good("b")])
        assert errors[0] is None and isinstance(errors[1], ValueError) and errors[2] is None
        assert store.game("a") is not None and store.game("b") is not None
    finally:
        store.close()


def test_a_seed_out_of_range_is_a_4xx_not_a_database_error(client: TestClient) -> None:
    for seed in (2**63, -1, 2**31):
        body = {"game": "race", "seats": [{"kind": "me"}, {"kind": "me"}], "seed": seed}
        response = client.post("/api/games", json=body)
        assert response.status_code == 400 and "seed" in response.json()["error"]


def test_an_ai_seat_whose_move_could_not_be_saved_tries_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    monkeypatch.setattr("ludoteca.server.table.AI_RETRY_FIRST", 0.01)
    made = create(client, [{"kind": "me"}, {"kind": "ai", "spec": "random"}])
    game_id, token = made["id"], made["token"]
    table = hall.tables[game_id]
    table._ai_delay = 0.5  # time enough to break the database before the AI seat's move is stored
    failures = {"left": 2}
    persist = table._persist

    async def flaky(write: Any) -> None:
        if failures["left"]:
            failures["left"] -= 1
            raise OSError("the disk is full, for now")
        await persist(write)

    current = state(client, game_id, token)
    while current["view"]["current_role"] == "red":
        current = act(client, game_id, token, current["view"]["actions"][0]["id"]).json()
    table._persist = flaky
    deadline = time.monotonic() + 20
    while state(client, game_id)["view"]["current_role"] == "blue" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert failures["left"] == 0  # the AI seat's first two tries failed...
    assert state(client, game_id)["view"]["current_role"] != "blue"  # ...and it moved all the same


# -------------------------------------------------------------------- 3. bounded AI, prompt stop
def test_an_ai_spec_above_the_ceiling_is_refused_naming_the_ceiling(client: TestClient) -> None:
    greedy = {"kind": "ai", "spec": "ismcts:iters=1000000000:time=100000"}
    response = client.post("/api/games", json={"game": "race", "seats": [greedy, {"kind": "me"}]})
    assert response.status_code == 400 and "ismcts:level=hard" in response.json()["error"]
    fine = {"kind": "ai", "spec": "ismcts:level=hard"}
    assert (
        client.post("/api/games", json={"game": "race", "seats": [fine, {"kind": "me"}]}).status_code == 201
    )


class Dawdler:
    """An agent that writes where it runs and then thinks for a minute."""

    def __init__(self, note: Path) -> None:
        self.note = note

    def step(self, state_: Any) -> int:
        self.note.write_text(str(os.getpid()))
        time.sleep(60)
        return int(state_.legal_actions()[0])


def test_a_search_runs_in_a_worker_process_and_comes_back_as_it_is_after_deciding(toy: RaceGame) -> None:
    """The server's own process never searches (it would hold the interpreter while people wait): the
    agent thinks in a worker and returns with its random generator moved on."""
    agent = make_agent("ismcts:iters=50", toy, 0, 1)
    before = agent.rng.getstate()  # type: ignore[attr-defined]
    state_ = toy.new_initial_state()
    while state_.current_player() != 0:
        state_.apply_action(state_.legal_actions()[0])
    thinkers = Thinkers(1)
    try:
        action, decided = asyncio.run(thinkers.decide(agent, state_))
    finally:
        thinkers.close()
    assert action in state_.legal_actions()
    assert decided is not agent and decided.iterations == 50  # type: ignore[attr-defined]
    assert decided.rng.getstate() != before  # type: ignore[attr-defined]
    assert agent.rng.getstate() == before  # type: ignore[attr-defined]  # this process searched nothing


def test_a_search_in_progress_stops_at_once_on_shutdown(toy: RaceGame, tmp_path: Path) -> None:
    note = tmp_path / "worker.pid"
    thinkers = Thinkers(1)

    async def shut_down_while_thinking() -> float:
        thinking = asyncio.ensure_future(thinkers.decide(Dawdler(note), toy.new_initial_state()))
        deadline = time.monotonic() + 30
        while not note.exists() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        started = time.monotonic()
        thinkers.close()
        thinking.cancel()
        return time.monotonic() - started

    took = asyncio.run(shut_down_while_thinking())
    worker = int(note.read_text())
    assert worker != os.getpid() and took < 2
    with pytest.raises(ProcessLookupError):
        for _ in range(40):  # the process is gone (its fork server reaps it) within two seconds
            os.kill(worker, 0)
            time.sleep(0.05)


# ------------------------------------------------------------------------ 4–6. bad input, 4xx
def test_a_deeply_nested_record_is_a_clear_400(client: TestClient) -> None:
    nested = "[" * 100_000 + "]" * 100_000
    response = client.post("/api/records", content=nested)
    assert response.status_code == 400 and "nested too deeply" in response.json()["error"]


def test_bad_websocket_messages_get_an_error_each_and_the_connection_stays(client: TestClient) -> None:
    game_id, tokens = people(client)
    with client.websocket_connect(f"/ws/{game_id}?lang=en") as ws:
        ws.send_json({"type": "join", "token": tokens["red"]})
        assert ws.receive_json()["type"] == "state"
        huge = "x" * 10_000_000
        for bad, words in (
            (b"\x00\x01binary", "not binary frames"),
            (huge, "too large"),
            ("[" * 50_000 + "]" * 50_000, "too large"),
            ("[" * 5_000 + "]" * 5_000, "nested too deeply"),
            ('{"type": "act", "action": true}', "not a boolean"),
        ):
            if isinstance(bad, bytes):
                ws.send_bytes(bad)
            else:
                ws.send_text(bad)
            while (reply := ws.receive_json())["type"] != "error":
                pass
            assert words in reply["message"] and len(reply["message"]) < 300  # nothing echoed
        ws.send_json({"type": "undo"})  # still connected, still answered
        assert ws.receive_json()["type"] == "error"


# --------------------------------------------------------------------- 7. a version never repeats
def test_a_request_made_before_an_undo_is_stale_after_it(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    game_id, token = made["id"], made["token"]
    before = state(client, game_id, token)
    after_add = act(client, game_id, token, ADD).json()
    assert after_add["version"] != before["version"]
    undone = client.post(f"/api/games/{game_id}/undo?lang=en", json={"token": token}).json()
    assert undone["view"]["move"] == before["view"]["move"]  # the move number repeats...
    assert undone["version"] != before["version"]  # ...the version does not
    stale = act(client, game_id, token, ADD, version=before["version"])
    assert stale.status_code == 409
    assert act(client, game_id, token, ADD, version=undone["version"]).status_code == 200
    assert act(client, game_id, token, DONE).status_code == 200


# ------------------------------------------------------------------ 8. tokens out of URLs, headers
def test_a_token_in_the_url_grants_nothing(client: TestClient) -> None:
    game_id, tokens = people(client)
    by_query = client.get(f"/api/games/{game_id}", params={"token": tokens["red"], "lang": "en"}).json()
    assert by_query["my_roles"] == []  # a spectator: tokens travel in the header only
    by_header = client.get(f"/api/games/{game_id}", headers=auth(tokens["red"])).json()
    assert by_header["my_roles"] == ["red"]
    with client.websocket_connect(f"/ws/{game_id}?lang=en&token={tokens['red']}") as ws:
        ws.send_json({"type": "join"})
        assert ws.receive_json()["my_roles"] == []


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/catalog", "/static/game.js", "/rules/race?lang=en"):
        headers = client.get(path).headers
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self'" in headers["content-security-policy"]
    assert "<script>" not in client.get("/rules/race?lang=en").text  # no inline script for the CSP to refuse


def test_the_websocket_must_say_who_it_is_first(client: TestClient) -> None:
    game_id, _ = people(client)
    with client.websocket_connect(f"/ws/{game_id}?lang=en") as ws:
        ws.send_json({"type": "act", "action": ADD})
        error = ws.receive_json()
        assert error["status"] == 400 and "join" in error["message"]


# -------------------------------------------------------------------- 9. rate limits, slow watchers
def test_a_client_creating_games_too_fast_is_slowed(toy: RaceGame, database_url: str) -> None:
    app = create_app(database_url, ai_delay=0, creation_rate=RateLimit(rate=0.001, burst=3))
    with TestClient(app) as client:
        body = {"game": "race", "seats": [{"kind": "me"}, {"kind": "me"}]}
        codes = [client.post("/api/games", json=body).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]


def test_a_rate_limit_refills_with_time_and_counts_each_client_apart() -> None:
    now = [0.0]
    limit = RateLimit(rate=2.0, burst=2, clock=lambda: now[0])
    assert [limit.allow("a") for _ in range(3)] == [True, True, False]
    assert limit.allow("b")  # another client has its own bucket
    now[0] += 0.5  # one more token
    assert limit.allow("a") and not limit.allow("a")


def test_a_watcher_too_slow_to_read_is_dropped_not_allowed_to_grow() -> None:
    async def fill() -> Watcher:
        watcher = Watcher((), "en")
        for i in range(MAX_QUEUE + 10):
            watcher.send(f"message {i}")
        return watcher

    watcher = asyncio.run(fill())
    assert watcher.dropped and watcher.queue.qsize() == 1 and watcher.queue.get_nowait() is None


def test_too_many_websocket_messages_are_refused(toy: RaceGame, database_url: str) -> None:
    app = create_app(database_url, ai_delay=0, message_rate=RateLimit(rate=0.001, burst=2))
    with TestClient(app) as client:
        game_id, tokens = people(client)
        with client.websocket_connect(f"/ws/{game_id}?lang=en") as ws:
            ws.send_json({"type": "join", "token": tokens["red"]})
            ws.receive_json()
            for _ in range(3):
                ws.send_json({"type": "undo"})
            statuses = []
            while len(statuses) < 3:
                reply = ws.receive_json()
                if reply["type"] == "error":
                    statuses.append(reply["status"])
    assert statuses == [409, 409, 429]


# ---------------------------------------------------------------------------- 10. the Origin
def test_a_page_of_another_origin_may_not_open_a_games_websocket(client: TestClient) -> None:
    game_id, tokens = people(client)
    evil = {"origin": "http://evil.example"}
    with pytest.raises(WebSocketDisconnect) as refused:
        client.websocket_connect(f"/ws/{game_id}?lang=en", headers=evil).__enter__()
    assert refused.value.code == 4403
    with client.websocket_connect(f"/ws/{game_id}?lang=en", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "join", "token": tokens["red"]})
        assert ws.receive_json()["type"] == "state"


def test_a_missing_game_or_a_bad_language_is_a_4xx(client: TestClient, tmp_path: Path) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/catalog", params={"lang": "<script>"}).status_code == 400


def test_one_hint_at_a_time_for_a_game(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    table = client.app.state.hall.tables[made["id"]]  # type: ignore[attr-defined]
    table._hinting = True  # a hint is being worked out for this game
    busy = client.get(f"/api/games/{made['id']}/hint", params={"lang": "es"}, headers=auth(made["token"]))
    assert busy.status_code == 429 and "ya se está buscando una pista" in busy.json()["error"]
    table._hinting = False
    assert client.get(f"/api/games/{made['id']}/hint", headers=auth(made["token"])).status_code == 200
