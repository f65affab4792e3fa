"""The server under a second attack (issue 54, SECURITY.md): every probe that got through is refused now —
an AI spec unbounded in one knob, a record replayed on the event loop, one person's AI games starving
another's, bad input answered 500 or echoed whole, bodies of any size, a WebSocket flood dropped without a
close frame, a doubled action made twice, replay steps that replay the whole game."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from ludoteca.ai.agents import make_agent
from ludoteca.ai.ismcts import level_budget
from ludoteca.server import create_app
from ludoteca.server.hall import AI_GAMES
from ludoteca.server.labels import LabelledMatch
from ludoteca.server.limits import RateLimit, within_ceiling
from ludoteca.server.table import Table
from ludoteca.server.thinkers import Busy, Thinkers
from serverproc import ServerProcess
from test_server_api import act, create, play_out, state
from toygame import ADD, RaceGame


@pytest.fixture
def client(toy: RaceGame, database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, ai_delay=0, ai_workers=1)) as c:
        yield c


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server in its own process, for the probes a test client would not make as an attacker does."""
    server = ServerProcess(tmp_path_factory.mktemp("live") / "live.db").start()
    yield server
    server.stop()


def ai_game(spec: str) -> dict[str, Any]:
    return {"game": "race", "seats": [{"kind": "me"}, {"kind": "ai", "spec": spec}]}


def finished_record(client: TestClient) -> dict[str, Any]:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    play_out(client, made["id"], made["token"])
    return dict(client.get(f"/api/games/{made['id']}/record").json())


# ---------------------------------------------------------------- 1. every knob of a search is bounded
@pytest.mark.parametrize(
    "spec", ["ismcts:iters=2400:depth=100000000", "ismcts:level=hard:depth=100", "ismcts:time=1:depth=1000"]
)
def test_a_search_deeper_than_the_ceiling_is_refused(client: TestClient, spec: str) -> None:
    depth = level_budget("hard", RaceGame()).depth
    refused = client.post("/api/games", json=ai_game(spec))
    assert refused.status_code == 400
    assert f"rollouts of at most {depth} actions" in refused.json()["error"]


def test_a_seat_thinks_no_more_than_the_ceiling_whatever_its_spec_says(toy: RaceGame) -> None:
    cap = level_budget("normal", toy)
    by_iterations = within_ceiling(make_agent("ismcts:iters=5", toy, 0, 1), toy, "normal")
    assert by_iterations.budget.iters == 5  # type: ignore[attr-defined]
    assert by_iterations.budget.seconds == cap.seconds  # type: ignore[attr-defined]  # a slow game's cap too
    by_time = within_ceiling(make_agent("ismcts:time=60:depth=1", toy, 0, 1), toy, "normal")
    assert by_time.budget.seconds == cap.seconds and by_time.budget.iters == cap.iters  # type: ignore[attr-defined]
    assert by_time.budget.depth == 1  # type: ignore[attr-defined]


def test_a_job_past_the_hard_limit_stops_the_workers_and_the_next_job_runs() -> None:
    thinkers = Thinkers(1, hard_limit=3.0)  # a margin for a worker started again on a loaded machine

    async def runaway_then_next() -> float:
        with pytest.raises(TimeoutError):
            await thinkers.run("someone", time.sleep, 60)
        result: float = await thinkers.run("someone", math.sqrt, 16.0)
        return result

    try:
        assert asyncio.run(runaway_then_next()) == 4.0
        assert thinkers.stopped == 1
    finally:
        thinkers.close()


# ------------------------------------------------------------------ 3. AI time shared between people
def test_the_workers_serve_the_people_who_ask_in_turn() -> None:
    """Five jobs of one person and then one of another: the other's runs third (after the job running and
    the next of the first person), not sixth as it would in the order they came."""
    thinkers = Thinkers(1)

    async def five_and_one() -> list[str]:
        done: list[str] = []

        async def job(asker: str, label: str) -> None:
            await thinkers.run(asker, time.sleep, 0.2)
            done.append(label)

        jobs = [asyncio.create_task(job("many", f"many {i}")) for i in range(5)]
        await asyncio.sleep(0)
        jobs.append(asyncio.create_task(job("one", "one")))
        await asyncio.gather(*jobs)
        return done

    try:
        done = asyncio.run(five_and_one())
    finally:
        thinkers.close()
    assert done.index("one") == 2 and len(done) == 6


def test_an_asker_may_have_only_so_many_jobs_waiting() -> None:
    thinkers = Thinkers(1)

    async def flood() -> None:
        running = asyncio.create_task(thinkers.run("a", time.sleep, 0.5))
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(thinkers.run("a", time.sleep, 0, waiting=2)) for _ in range(2)]
        await asyncio.sleep(0)
        with pytest.raises(Busy) as refused:
            await thinkers.run("a", time.sleep, 0, waiting=2)
        assert refused.value.mine and refused.value.refusal("ai_busy").status == 429
        await thinkers.run("b", time.sleep, 0, waiting=2)  # another person is not refused
        await asyncio.gather(running, *waiting)

    try:
        asyncio.run(flood())
    finally:
        thinkers.close()


def test_a_random_seat_decides_at_once_while_the_workers_are_busy(toy: RaceGame) -> None:
    thinkers = Thinkers(1)
    position = toy.new_initial_state()
    while position.is_chance_node():
        position.apply_action(position.legal_actions()[0])

    async def decide_beside_a_long_job() -> bool:
        busy = asyncio.create_task(thinkers.run("someone else", time.sleep, 3))
        await asyncio.sleep(0.1)
        agent = make_agent("random", toy, position.current_player(), 1)
        action, _ = await thinkers.decide(agent, position, "me")
        assert action in position.legal_actions()
        waited = busy.done()
        await busy
        return waited

    try:
        assert asyncio.run(decide_beside_a_long_job()) is False  # decided while the worker was still busy
    finally:
        thinkers.close()


def test_one_address_may_hold_only_so_many_games_with_a_searching_ai(client: TestClient) -> None:
    codes = [client.post("/api/games", json=ai_game("ismcts:level=easy")) for _ in range(AI_GAMES + 1)]
    assert [c.status_code for c in codes] == [201] * AI_GAMES + [429]
    assert f"at most {AI_GAMES}" in codes[-1].json()["error"]
    assert client.post("/api/games", json=ai_game("random")).status_code == 201  # a light AI is not counted


# --------------------------------------------------------------------- 2. uploads off the event loop
def test_an_uploaded_record_is_replayed_in_a_worker_not_in_the_server(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = finished_record(client)

    def not_here(*args: Any, **kw: Any) -> Any:
        raise AssertionError("a record was replayed in the server's own process")

    monkeypatch.setattr("ludoteca.server.uploads.replay_record", not_here)
    uploaded = client.post("/api/records", json=record)
    assert uploaded.status_code == 201, uploaded.text
    assert state(client, uploaded.json()["id"])["view"]["terminal"]


def test_uploads_beyond_the_queue_are_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record(client)
    monkeypatch.setattr("ludoteca.server.hall.UPLOADS_WAITING", 0)
    refused = client.post("/api/records", json=record)
    assert refused.status_code == 429 and "still being checked" in refused.json()["error"]


# ------------------------------------------------------------------------ 4–5. bad input, 4xx
@pytest.mark.parametrize("seed", [2**63, -(2**70), 2**31, 1.5])
def test_a_record_with_a_seed_out_of_range_is_a_clear_4xx(client: TestClient, seed: Any) -> None:
    record = {**finished_record(client), "seed": seed}
    refused = client.post("/api/records", json=record)
    assert refused.status_code == 422 and "seed" in refused.json()["error"]


def test_nan_is_not_json(client: TestClient) -> None:
    text = json.dumps({**finished_record(client), "seed": float("nan")})
    assert "NaN" in text
    refused = client.post("/api/records", content=text)
    assert refused.status_code == 400 and "not JSON" in refused.json()["error"]


def test_an_option_too_long_is_refused_without_being_echoed(client: TestClient) -> None:
    body = {"game": "race", "options": {"target": "9" * 1000}, "seats": [{"kind": "me"}] * 2}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400 and "9" * 100 not in refused.text and len(refused.text) < 600
    seats = client.get("/api/seats/race", params={"target": "9" * 1000})
    assert seats.status_code == 400 and "9" * 100 not in seats.text


def test_a_body_sent_in_chunks_is_cut_at_its_limit(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 10_000  # 1 MB in all, no declared length

    refused = client.post("/api/games", content=chunks())
    assert refused.status_code == 413 and "at most 64 KiB" in refused.json()["error"]


def test_an_internal_failure_is_a_500_with_the_security_headers(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken() -> None:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(client.app.state.hall, "listing", broken)  # type: ignore[attr-defined]
    failed = client.get("/api/games?lang=en")
    assert failed.status_code == 500 and "changed nothing" in failed.json()["error"]
    assert failed.headers["x-frame-options"] == "DENY" and "a bug of ours" not in failed.text


@pytest.mark.slow  # a real server process
def test_the_probes_of_the_attack_on_a_live_server(live: ServerProcess) -> None:
    """The issue's reproductions as they were sent: a bad language, a huge option, huge bodies (declared),
    NaN and out-of-range seeds in a record."""
    base = live.base
    for lang in ("fr", "", "ES"):
        answer = httpx.get(f"{base}/api/messages/maquis", params={"lang": lang})
        assert answer.status_code == 400 and "language" in answer.json()["error"]
        assert answer.headers["x-frame-options"] == "DENY"
    huge = {"game": "maquis", "options": {"mode": "B" * 10_000_000}, "seats": [{"kind": "me"}]}
    answer = httpx.post(f"{base}/api/games", json=huge, timeout=30)
    assert answer.status_code == 413 and len(answer.content) < 1000
    answer = httpx.post(f"{base}/api/games/x/act", content=b"{" + b" " * 2_000_000, timeout=30)
    assert answer.status_code == 413
    for seed in ("NaN", str(2**63), str(-(2**70))):
        text = (
            '{"format": "ludoteca-record/1", "game": "maquis", "options": {}, "actions": [], "seed": ' + seed
        )
        answer = httpx.post(f"{base}/api/records", content=text + "}", timeout=30)
        assert answer.status_code in (400, 422) and answer.headers["x-frame-options"] == "DENY"


# ---------------------------------------------------------------------------- 6. a WebSocket flood
@pytest.mark.slow  # a real server process
def test_a_websocket_flood_is_answered_then_closed_with_a_code_and_a_reason(live: ServerProcess) -> None:
    made = httpx.post(f"{live.base}/api/games", json={"game": "maquis", "seats": [{"kind": "me"}]}).json()
    answers, closed = 0, None
    with ws_connect(f"ws://127.0.0.1:{live.port}/ws/{made['id']}?lang=en", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "join", "token": made["token"]}))
        ws.recv(timeout=30)  # the view
        for _ in range(400):
            ws.send(json.dumps({"type": "undo"}))
        try:
            while True:
                message = json.loads(ws.recv(timeout=30))
                answers += message["type"] == "error"
        except ConnectionClosed as exc:
            closed = exc.rcvd
    assert closed is not None, "the server closed the connection with a close frame"
    assert closed.code == 1008 and "too many messages" in closed.reason
    assert answers > 200  # each message up to the close was answered


# -------------------------------------------------------------------- 7. one decision made once
def test_a_stale_action_is_409_before_whose_turn_it_is(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    shown = state(client, made["id"], made["token"])
    assert act(client, made["id"], made["token"], shown["view"]["actions"][0]["id"]).status_code == 200
    again = act(client, made["id"], made["token"], ADD, version=shown["version"])
    assert again.status_code == 409 and "stale" in again.json()["error"]


def decisions(message: dict[str, Any]) -> int:
    """How many moves people made (chance's draws apart)."""
    return sum(1 for move in message["moves"] if move["actor"] != "chance")


def test_the_same_seat_through_two_workers_at_once_acts_once(postgres: Any, toy: RaceGame) -> None:
    url = postgres.database()
    with (
        TestClient(create_app(url, ai_delay=0, ai_workers=1)) as first,
        TestClient(create_app(url, ai_delay=0, ai_workers=1)) as second,
        ThreadPoolExecutor(2) as pool,
    ):
        made = create(first, [{"kind": "me"}, {"kind": "me"}])
        game_id, token = made["id"], made["token"]
        url = f"/api/games/{game_id}/act?lang=en"
        for _ in range(12):
            shown = state(second, game_id, token)
            if shown["view"]["terminal"]:
                break
            body = {"token": token, "action": shown["view"]["actions"][0]["id"], "version": shown["version"]}
            answers = list(pool.map(lambda c, b=body: c.post(url, json=b), (first, second)))  # type: ignore[misc]
            assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
            after = state(first, game_id, token)
            assert decisions(after) == decisions(shown) + 1  # made once
        without = first.post(url, json={"token": token, "action": ADD})
        assert without.status_code == 400 and "version" in without.json()["error"]


# ------------------------------------------------------------------------- 8. replay steps are cheap
def test_a_replay_step_plays_at_most_a_few_moves_and_never_from_another_line(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ludoteca.server.table.SNAPSHOT_EVERY", 4)
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    play_out(client, made["id"], made["token"])
    table: Table = client.app.state.hall.tables[made["id"]]  # type: ignore[attr-defined]
    history = table.match.history
    applied = []
    kind = type(table.match.state)
    original = kind.apply_action

    def counted(self: Any, action: int) -> None:
        applied.append(action)
        original(self, action)

    monkeypatch.setattr(kind, "apply_action", counted)
    for step in (len(history), 3, len(history) - 1, 0, 9):
        applied.clear()
        fresh = table.game.new_initial_state(table.match.options)
        for s in history[:step]:
            original(fresh, s.action)
        assert table.view_after(history[:step], 0, "en") == fresh.view(0, "en")
        if step != len(history):  # the first step built the positions along the way
            assert len(applied) < 4
    other_line = LabelledMatch(table.game, table.match.options, table.match.seed, "sample")
    for s in history:  # the same moves, but not the ones kept: as after an undo and other moves
        other_line.apply(s.action)
    applied.clear()
    assert table.view_after(other_line.history[:9], 0, "en") == table.view_after(history[:9], 0, "en")
    assert len(applied) >= 9  # played from the start: no position of another line is used


def test_replay_steps_are_limited_per_client(toy: RaceGame, tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'r.db'}", ai_delay=0, replay_rate=RateLimit(rate=0.001, burst=3))
    with TestClient(app) as client:
        made = create(client, [{"kind": "me"}, {"kind": "me"}])
        codes = [
            client.get(f"/api/games/{made['id']}/replay", params={"step": 0}).status_code for _ in range(5)
        ]
    assert codes == [200, 200, 200, 429, 429]
