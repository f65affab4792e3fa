"""The web platform on several workers over one PostgreSQL database (issue 28): two servers sharing a
database serve the same games — a player on each sees every move at once, each only their own seat's
view; a move submitted through both is made once and the loser is told the game moved on; an undo on one
is followed by the other; a worker killed with SIGKILL loses nothing acknowledged while the other goes on;
`ludoteca serve --workers 2` runs on one port, and refuses SQLite."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2 as httpx
import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError
from starlette.testclient import WebSocketTestSession
from typer.testing import CliRunner

from ludoteca.cli import app as cli_app
from ludoteca.server import create_app
from ludoteca.server.hall import Hall
from ludoteca.server.storage import CHANNEL, SeatRow, StaleGame, Store, new_secret
from ludoteca.server.table import Table
from pgserver import PostgresServer
from serverproc import ServerProcess
from toygame import RaceGame
from wssupport import connect

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # real server processes


@pytest.fixture
def pair(toy: RaceGame, postgres: PostgresServer) -> Iterator[tuple[TestClient, TestClient]]:
    """Two workers (each a whole server in this process) on one new PostgreSQL database."""
    url = postgres.database()
    with (
        TestClient(create_app(url, ai_delay=0, ai_workers=1)) as first,
        TestClient(create_app(url, ai_delay=0, ai_workers=1)) as second,
    ):
        for client in (first, second):
            assert hall_of(client).bus is not None
            listener = hall_of(client).bus.listener  # type: ignore[union-attr]
            assert listener is not None and listener.listening.wait(10)
        yield first, second


def hall_of(client: TestClient) -> Hall:
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    return hall


def new_game(client: TestClient) -> tuple[str, dict[str, str]]:
    body = {"game": "race", "options": {"secret": "yes"}, "seats": [{"kind": "human"}] * 2}
    made = client.post("/api/games", json=body).json()
    return made["id"], made["invitations"]


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Ludoteca-Token": token} if token else {}
    response = client.get(f"/api/games/{game_id}", params={"lang": "en"}, headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def act(client: TestClient, game_id: str, token: str, action: int) -> Any:
    version = state(client, game_id)["version"]
    return client.post(
        f"/api/games/{game_id}/act?lang=en", json={"token": token, "action": action, "version": version}
    )


def until_move(ws: WebSocketTestSession, move: int) -> dict[str, Any]:
    """The first state message showing the game at `move` or later (seats being taken, and the table
    talk a connection is sent when it joins, skipped)."""
    while True:
        message = dict(ws.receive_json())
        assert message["type"] in ("state", "chat"), message
        if message["type"] == "state" and message["view"]["move"] >= move:
            return message


def stored(client: TestClient, game_id: str) -> list[tuple[int, int]]:
    steps: list[tuple[int, int]] = hall_of(client).store.actions(game_id)
    return steps


def history(table: Table) -> list[tuple[int, int]]:
    return [(step.actor, step.action) for step in table.match.history]


def test_a_player_on_each_worker_sees_every_move_at_once_and_only_their_own_roll(
    pair: tuple[TestClient, TestClient],
) -> None:
    first, second = pair
    game_id, tokens = new_game(first)
    with connect(first, game_id, tokens["red"]) as red, connect(second, game_id, tokens["blue"]) as blue:
        sockets = {"red": red, "blue": blue}
        move, turns = 0, 0
        while True:
            seen = {name: until_move(ws, move) for name, ws in sockets.items()}
            views = {name: message["view"] for name, message in seen.items()}
            assert views["red"]["move"] == views["blue"]["move"], "both workers show the same position"
            assert views["red"]["board"]["totals"] == views["blue"]["board"]["totals"]
            if views["red"]["terminal"]:
                assert views["blue"]["terminal"] and views["red"]["result"] == views["blue"]["result"]
                break
            to_act = views["red"]["current_role"]
            other = "blue" if to_act == "red" else "red"
            if views[to_act]["board"]["roll"] is not None:  # the secret roll, each worker its own seat's
                assert views[other]["board"]["roll"] is None
                assert all(line["key"] != "log.roll" for line in views[other]["log"])
            assert views[other]["actions"] == []
            act_now = {
                "type": "act",
                "action": views[to_act]["actions"][0]["id"],
                "version": seen[to_act]["version"],
            }
            sockets[to_act].send_json(act_now)
            move, turns = views[to_act]["move"] + 1, turns + 1
        assert turns > 5
    tables = [hall_of(client).tables[game_id] for client in pair]
    assert history(tables[0]) == history(tables[1]) == stored(first, game_id)


def race_on(client: TestClient, game_id: str, rival: TestClient, token: str, action: int) -> list[Any]:
    """Make `client`'s table lose a race: just before it commits its next change, `rival` makes the
    same move for the same seat (its answer is returned in the list)."""
    table = hall_of(client).tables[game_id]
    commit, answers = table.commit, []

    async def raced(write: Any, moved: bool = False, **move: Any) -> None:
        if not answers:
            answers.append(await asyncio.to_thread(act, rival, game_id, token, action))
        await commit(write, moved, **move)

    table.commit = raced  # type: ignore[method-assign]
    return answers


def test_a_move_submitted_through_both_workers_is_made_once(pair: tuple[TestClient, TestClient]) -> None:
    """The second worker had checked the move against the position it held when the first committed it:
    its commit is refused on the game's revision, so the move is made once, and the loser says the game
    moved on (HTTP 409) and holds the stored game, as the winner does."""
    first, second = pair
    game_id, tokens = new_game(first)
    for token in tokens.values():
        state(first, game_id, token)
    before = state(second, game_id, tokens["red"])
    to_act = before["view"]["current_role"]
    action = state(first, game_id, tokens[to_act])["view"]["actions"][0]["id"]
    answers = race_on(second, game_id, first, tokens[to_act], action)
    lost = act(second, game_id, tokens[to_act], action)
    assert answers[0].status_code == 200
    assert lost.status_code == 409 and "moved on" in lost.json()["error"], lost.text
    tables = [hall_of(client).tables[game_id] for client in pair]
    assert history(tables[0]) == history(tables[1]) == stored(first, game_id)
    assert len(stored(first, game_id)) > before["view"]["move"]
    mine = [state(client, game_id, tokens[to_act]) for client in pair]
    assert mine[0]["view"] == mine[1]["view"] and mine[0]["moves"] == mine[1]["moves"]


def test_an_action_that_lost_only_to_a_seat_taken_elsewhere_is_made(
    pair: tuple[TestClient, TestClient],
) -> None:
    """Just before the second worker commits a move, the other person takes their seat through the first:
    the game's revision moved on, but no move was made meanwhile, so the second worker catches up and
    makes the move on the same position, the version it was asked on still valid — no refusal."""
    first, second = pair
    game_id, tokens = new_game(first)
    to_act = state(second, game_id, tokens["red"])["view"]["current_role"]
    other = "blue" if to_act == "red" else "red"
    shown = state(second, game_id, tokens[to_act])
    table = hall_of(second).tables[game_id]
    commit, claims = table.commit, []

    async def raced(write: Any, moved: bool = False, **move: Any) -> None:
        if not claims:
            claims.append(await asyncio.to_thread(state, first, game_id, tokens[other]))
        await commit(write, moved, **move)

    table.commit = raced  # type: ignore[method-assign]
    body = {"token": tokens[to_act], "action": shown["view"]["actions"][0]["id"], "version": shown["version"]}
    made = second.post(f"/api/games/{game_id}/act?lang=en", json=body)
    assert made.status_code == 200, made.text
    assert claims and all(seat["claimed"] for seat in made.json()["seats"])
    assert made.json()["view"]["move"] > shown["view"]["move"]
    assert made.json()["version"] != shown["version"]
    assert state(first, game_id, tokens[to_act])["view"] == made.json()["view"]  # the first catches up
    tables = [hall_of(client).tables[game_id] for client in pair]
    assert history(tables[0]) == history(tables[1]) == stored(first, game_id)


def test_a_version_shown_by_one_worker_holds_on_the_other(pair: tuple[TestClient, TestClient]) -> None:
    """No sticky sessions: an HTTP client shown the position by one worker acts through the other with
    that position's version, and is not refused as stale; every worker names a position alike. A version
    from before the last move is refused on both."""
    first, second = pair
    game_id, tokens = new_game(first)
    for token in tokens.values():
        state(second, game_id, token)
    for _ in range(6):
        shown = state(first, game_id, tokens["red"])
        to_act = shown["view"]["current_role"]
        if shown["view"]["terminal"]:
            break
        mine = state(first, game_id, tokens[to_act])
        assert state(second, game_id, tokens[to_act])["version"] == mine["version"]
        body = {
            "token": tokens[to_act],
            "action": mine["view"]["actions"][0]["id"],
            "version": mine["version"],
        }
        made = second.post(f"/api/games/{game_id}/act?lang=en", json=body)
        assert made.status_code == 200, made.text
        now = made.json()["view"]
        if not now["terminal"]:  # whoever is to act now, on the position before: stale on either worker
            who = tokens[now["current_role"]]
            legal = state(first, game_id, who)["view"]["actions"]
            old = {"token": who, "action": legal[0]["id"], "version": mine["version"]}
            for client in pair:
                stale = client.post(f"/api/games/{game_id}/act?lang=en", json=old)
                assert stale.status_code == 409 and "stale" in stale.text, stale.text


def test_over_a_websocket_the_loser_gets_the_fresh_view_and_the_conflict(
    pair: tuple[TestClient, TestClient],
) -> None:
    first, second = pair
    game_id, tokens = new_game(first)
    for token in tokens.values():
        state(first, game_id, token)
    to_act = state(second, game_id, tokens["red"])["view"]["current_role"]
    with connect(second, game_id, tokens[to_act]) as ws:
        shown = until_move(ws, 0)
        action = shown["view"]["actions"][0]["id"]
        answers = race_on(second, game_id, first, tokens[to_act], action)
        ws.send_json({"type": "act", "action": action, "version": shown["version"]})
        fresh = until_move(ws, shown["view"]["move"] + 1)
        refusal = ws.receive_json()
    assert answers[0].status_code == 200
    assert fresh["moves"] == answers[0].json()["moves"][shown["view"]["move"] :]
    winner = answers[0].json()["view"]
    assert fresh["view"] == {**winner, "log": winner["log"][fresh["log_from"] :]}  # the new lines only
    assert refusal["type"] == "error" and refusal["status"] == 409 and "moved on" in refusal["message"]
    assert len(stored(first, game_id)) == len(hall_of(second).tables[game_id].match.history)


def test_an_undo_on_one_worker_is_followed_by_the_other(pair: tuple[TestClient, TestClient]) -> None:
    """The stored actions no longer extend the other worker's: it replays them, and its open connection
    is sent the whole position again."""
    first, second = pair
    game_id, tokens = new_game(first)
    with connect(first, game_id, tokens["blue"]) as watching:
        red_view = state(second, game_id, tokens["red"])
        to_act = red_view["view"]["current_role"]
        token = tokens[to_act]
        made = act(second, game_id, token, state(second, game_id, token)["view"]["actions"][0]["id"]).json()
        if not made["undoable"]:
            pytest.fail(f"the race game's first decision should be undoable: {made}")
        until_move(watching, made["view"]["move"])
        undone = second.post(f"/api/games/{game_id}/undo?lang=en", json={"token": token})
        assert undone.status_code == 200, undone.text
        while (message := watching.receive_json())["view"]["move"] != undone.json()["view"]["move"]:
            pass
        assert message["moves_from"] == 0 and message["log_from"] == 0  # everything sent again
    assert history(hall_of(first).tables[game_id]) == stored(first, game_id)
    assert state(first, game_id, token)["view"] == state(second, game_id, token)["view"]
    assert state(first, game_id, token)["moves"] == state(second, game_id, token)["moves"]  # labels too
    for client in pair:
        table = hall_of(client).tables[game_id]
        assert len(table.match.labels) == len(table.match.history)


def test_an_ai_seat_left_waiting_by_its_worker_is_taken_over(
    pair: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person's move is made through the first worker, which then drives the AI seat but never
    answers (its search never comes back, as if it had died): after `AI_TAKEOVER` seconds with no change
    the second worker, which holds the game, drives the AI seat itself, to the end of the game."""
    from ludoteca.server import bus

    monkeypatch.setattr(bus, "AI_TAKEOVER", 2.0)
    monkeypatch.setattr(bus, "SWEEP_EVERY", 0.1)
    first, second = pair

    async def never(*_args: Any) -> Any:
        await asyncio.Event().wait()

    monkeypatch.setattr(hall_of(first).thinkers, "decide", never)
    body = {"game": "race", "seats": [{"kind": "me"}, {"kind": "ai", "spec": "random"}]}
    made = first.post("/api/games", json=body).json()
    game_id, token = made["id"], made["token"]
    with connect(second, game_id, token) as ws:  # the second worker holds the game from here on
        message = until_move(ws, 0)
        assert message["view"]["current_role"] == "red"
        assert act(first, game_id, token, message["view"]["actions"][0]["id"]).status_code == 200
        message = until_move(ws, message["view"]["move"] + 1)  # the first worker's move
        while message["view"]["current_role"] == "red":  # red's turn goes on, through the first worker
            assert act(first, game_id, token, message["view"]["actions"][0]["id"]).status_code == 200
            message = until_move(ws, message["view"]["move"] + 1)
        assert message["view"]["current_role"] == "blue" and hall_of(second).tables[game_id].ai_waiting()
        actors = [move["actor"] for move in message["moves"]]
        while not message["view"]["terminal"]:
            if message["view"]["current_role"] == "red":
                ws.send_json(
                    {
                        "type": "act",
                        "action": message["view"]["actions"][0]["id"],
                        "version": message["version"],
                    }
                )
            message = until_move(ws, message["view"]["move"] + 1)
            actors += [move["actor"] for move in message["moves"]]
    assert actors.count("blue") >= 2 and actors.count("red") >= 2
    assert history(hall_of(second).tables[game_id]) == stored(second, game_id)


# ---------------------------------------------------------------------------------- real processes
def http_state(base: str, game_id: str, token: str) -> dict[str, Any]:
    response = httpx.get(
        f"{base}/api/games/{game_id}", params={"lang": "en"}, headers={"X-Ludoteca-Token": token}, timeout=30
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


def http_act(base: str, game_id: str, token: str, action: int) -> dict[str, Any]:
    body = {"token": token, "action": action, "version": http_state(base, game_id, "")["version"]}
    response = httpx.post(f"{base}/api/games/{game_id}/act?lang=en", json=body, timeout=30)
    assert response.status_code == 200, response.text
    return dict(response.json())


def play(bases: dict[str, str], game_id: str, tokens: dict[str, str], turns: int) -> list[dict[str, Any]]:
    """`turns` decisions, each made through the worker of the seat to act; every answer is returned."""
    answers = []
    for _ in range(turns):
        view = http_state(bases["espanoles"], game_id, tokens["espanoles"])["view"]
        if view["terminal"]:
            break
        role = view["current_role"]
        mine = http_state(bases[role], game_id, tokens[role])["view"]
        answers.append(http_act(bases[role], game_id, tokens[role], mine["actions"][0]["id"]))
    return answers


def test_a_worker_killed_mid_game_loses_nothing_acknowledged(postgres: PostgresServer) -> None:
    """Mar y Acero, a person at each side, each on their own worker; one worker is killed with SIGKILL
    and the game goes on through the other, from every move either had acknowledged."""
    url = postgres.database()
    first, second = ServerProcess(url).start(), ServerProcess(url).start()
    try:
        body = {"game": "mar-y-acero", "seats": [{"kind": "human"}, {"kind": "human"}]}
        made = httpx.post(f"{first.base}/api/games", json=body, timeout=30).json()
        game_id, tokens = made["id"], made["invitations"]
        bases = {"espanoles": first.base, "indigenas": second.base}
        answers = play(bases, game_id, tokens, 12)
        assert len(answers) == 12
        acknowledged = answers[-1]
        first.kill()
        survivor = {role: second.base for role in bases}
        for token in tokens.values():
            after = http_state(second.base, game_id, token)
            assert after["view"]["move"] == acknowledged["view"]["move"]
            assert len(after["moves"]) == len(acknowledged["moves"])
        mine = http_state(second.base, game_id, tokens[acknowledged["my_roles"][0]])
        assert mine["moves"] == acknowledged["moves"] and mine["view"] == acknowledged["view"]
        more = play(survivor, game_id, tokens, 10)
        assert len(more) == 10 and more[-1]["view"]["move"] > acknowledged["view"]["move"]
    finally:
        first.kill()
        second.stop()


def test_serve_with_two_workers_on_one_port(postgres: PostgresServer) -> None:
    """`ludoteca serve --workers 2`: uvicorn's two processes answer on one port; a game is played through
    it, one connection per request, whichever worker answers."""
    server = ServerProcess(postgres.database(), extra=("--workers", "2")).start()
    try:
        body = {"game": "mar-y-acero", "seats": [{"kind": "human"}, {"kind": "human"}]}
        made = httpx.post(f"{server.base}/api/games", json=body, timeout=30).json()
        bases = {role: server.base for role in made["invitations"]}
        answers = play(bases, made["id"], made["invitations"], 20)
        assert len(answers) == 20
        last = answers[-1]
        again = http_state(server.base, made["id"], made["invitations"][last["my_roles"][0]])
        assert again["view"] == last["view"] and again["moves"] == last["moves"]
    finally:
        server.stop()


def test_several_workers_need_postgresql() -> None:
    result = CliRunner().invoke(
        cli_app, ["serve", "--workers", "2", "--db", "sqlite:///x.db", "--lang", "en"]
    )
    assert result.exit_code == 2
    assert "needs a PostgreSQL database" in result.output


def test_workers_starting_at_once_on_a_new_database_all_start(postgres: PostgresServer) -> None:
    """`serve --workers N` starts its processes together on a database that may be empty: each creates the
    schema if it is missing, one at a time (two creating a table together made one fail and restart)."""
    url = postgres.database()
    ready = threading.Barrier(6)

    def start() -> Store:
        ready.wait()
        return Store(url)

    with ThreadPoolExecutor(6) as pool:
        stores = list(pool.map(lambda _: start(), range(6)))
    for store in stores:
        assert store.game("none") is None
        store.close()


def test_a_move_on_a_stale_revision_stores_nothing_and_announces_nothing(postgres: PostgresServer) -> None:
    """`Store.advance` with a move's actions, PostgreSQL's one statement: on the revision stored, the game
    moves on, its actions are stored and the change is announced once committed; on any other revision,
    `StaleGame` and nothing stored or announced."""
    url = postgres.database()
    store = Store(url)
    try:
        store.commit([lambda db: store.create_game(db, "g", "race", {}, 0, new_secret(), "running", [])])
        with psycopg.connect(url, autocommit=True) as listener:
            listener.execute(f"LISTEN {CHANNEL}")
            with pytest.raises(StaleGame):
                store.commit([lambda db: store.advance(db, "g", 5, True, 0, [(0, 7), (-1, 3)])])
            assert store.actions("g") == [] and store.revision("g") == 0
            assert [n.payload for n in listener.notifies(timeout=0.5)] == []
            store.commit([lambda db: store.advance(db, "g", 0, True, 0, [(0, 7), (-1, 3)])])
            store.commit([lambda db: store.advance(db, "g", 1, False)])  # a seat taken: no move
            assert store.actions("g") == [(0, 7), (-1, 3)]
            row = store.game("g")
            assert row is not None and (row.revision, row.moved, row.moves) == (2, 1, 2)
            assert [n.payload for n in listener.notifies(timeout=0.5, stop_after=2)] == ["g 1", "g 2"]
            with pytest.raises(IntegrityError):  # a move number taken: refused (`Table.commit`: stale)
                store.commit([lambda db: store.advance(db, "g", 2, True, 1, [(0, 9)])])
            assert store.actions("g") == [(0, 7), (-1, 3)] and store.revision("g") == 2
    finally:
        store.close()


def test_a_snapshot_in_one_statement_reads_what_the_portable_reads_read(postgres: PostgresServer) -> None:
    """PostgreSQL's one-statement `Store.snapshot` (followed at every move of another worker's) gives what
    the expression language's reads give on the same database: the row, its count of actions, the seats,
    and the actions a table holding (length, revision) may be missing, after moves, a seat taken and an
    undo."""
    store = Store(postgres.database())
    try:
        seats = [SeatRow(0, "human", None, "t0", False), SeatRow(1, "ai", "random", "", True)]
        store.commit([lambda db: store.create_game(db, "g", "race", {"target": "9"}, 4, "s", "open", seats)])
        for revision in range(6):
            steps = [(revision % 2, revision + 10), (-1, 3)]
            store.commit([lambda db, r=revision, s=steps: store.advance(db, "g", r, True, 2 * r, s)])
        store.commit([lambda db: (store.advance(db, "g", 6), store.claim(db, "g", "t0", "running"))])
        store.commit([lambda db: (store.advance(db, "g", 7, True), store.truncate(db, "g", 11))])
        for known in (None, (12, 6), (12, 7), (11, 8), (4, 2)):
            one = store.snapshot("g", known)
            store.shared = False
            portable = store.snapshot("g", known)
            store.shared = True
            assert one == portable, known
        after_undo = store.snapshot("g", (12, 7))  # one change since: the last action read again
        assert after_undo is not None and after_undo[0].moves == 11 and after_undo[1][0].claimed
        assert after_undo[2:] == ([], 11)
        assert store.snapshot("none") is None
    finally:
        store.close()


def test_a_line_of_table_talk_reaches_a_page_held_by_the_other_worker(
    pair: tuple[TestClient, TestClient],
) -> None:
    """Issue 58: a line said through one worker is stored once and sent at once to the seat whose page
    the other worker holds (announced on the moves' channel), in order, both ways."""
    first, second = pair
    game_id, tokens = new_game(first)
    with connect(first, game_id, tokens["red"]) as red, connect(second, game_id, tokens["blue"]) as blue:
        for ws in (red, blue):
            until_chat(ws, [])
        red.send_json({"type": "say", "text": "from the first worker"})
        assert until_chat(blue, ["from the first worker"]) == [("red", "from the first worker")]
        blue.send_json({"type": "say", "text": "and back"})
        assert until_chat(red, ["and back"]) == [("blue", "and back")]
    lines = [
        line["text"]
        for line in first.get(
            f"/api/games/{game_id}/chat", headers={"X-Ludoteca-Token": tokens["red"]}
        ).json()["lines"]
    ]
    assert lines == ["from the first worker", "and back"]


def until_chat(ws: WebSocketTestSession, texts: list[str]) -> list[tuple[str, str]]:
    """The next chat message (state messages skipped) whose lines are `texts`."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] == "chat" and [line["text"] for line in message["lines"]] == texts:
            return [(line["role"], line["text"]) for line in message["lines"]]
