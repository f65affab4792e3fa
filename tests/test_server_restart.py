"""Games survive anything: a real server process killed with SIGKILL mid-game and started again on the
same database finds every game where it was — position, move list, undo, AI seats still moving."""

from __future__ import annotations

import time
from typing import Any

import httpx2 as httpx
import pytest

from serverproc import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server process


def get(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Ludoteca-Token": token} if token else {}
    response = httpx.get(f"{base}/api/games/{game_id}", params={"lang": "en"}, headers=headers, timeout=30)
    response.raise_for_status()
    return dict(response.json())


def act(base: str, game_id: str, token: str, action: int) -> dict[str, Any]:
    shown = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Ludoteca-Token": token}, timeout=30)
    body = {"token": token, "action": action, "version": shown.json()["version"]}
    response = httpx.post(f"{base}/api/games/{game_id}/act?lang=en", json=body, timeout=30)
    response.raise_for_status()
    return dict(response.json())


def create(base: str, seat: dict[str, str], seed: int) -> dict[str, Any]:
    body = {"game": "maquis", "options": {"difficulty": "normal"}, "seats": [seat], "seed": seed}
    response = httpx.post(f"{base}/api/games", json=body, timeout=30)
    response.raise_for_status()
    return dict(response.json())


def test_a_killed_server_restarts_with_every_game_where_it_was(database_url: str) -> None:
    """On each database the server supports (SQLite and PostgreSQL)."""
    db = database_url
    first = ServerProcess(db, ai_delay=0.05).start()
    try:
        mine = create(first.base, {"kind": "me"}, seed=3)
        game_id, token = mine["id"], mine["token"]
        current = get(first.base, game_id, token)
        for _ in range(12):  # a few moves in, stopping where undo is allowed
            current = act(first.base, game_id, token, current["view"]["actions"][0]["id"])
            if current["undoable"]:
                break
        assert current["undoable"] > 0 and not current["view"]["terminal"]
        robot = create(first.base, {"kind": "ai", "spec": "cautious"}, seed=4)["id"]
        deadline = time.monotonic() + 60
        while get(first.base, robot)["view"]["move"] < 10 and time.monotonic() < deadline:
            time.sleep(0.1)
        before = get(first.base, game_id, token)
        robot_before = get(first.base, robot)
        assert not robot_before["view"]["terminal"]
    finally:
        first.kill()

    second = ServerProcess(db, ai_delay=0.0).start()
    try:
        after = get(second.base, game_id, token)
        assert after["view"] == before["view"]
        assert after["moves"] == before["moves"]
        assert after["undoable"] == before["undoable"] > 0
        undone = httpx.post(
            f"{second.base}/api/games/{game_id}/undo?lang=en", json={"token": token}, timeout=30
        )
        assert undone.status_code == 200
        assert undone.json()["view"]["move"] < before["view"]["move"]
        current = undone.json()
        while not current["view"]["terminal"]:
            current = act(second.base, game_id, token, current["view"]["actions"][0]["id"])
        assert current["view"]["result"]["text"]

        robot_moves = robot_before["moves"]
        deadline = time.monotonic() + 120
        robot_after = get(second.base, robot)
        while not robot_after["view"]["terminal"] and time.monotonic() < deadline:
            time.sleep(0.2)
            robot_after = get(second.base, robot)
        assert robot_after["view"]["terminal"]
        assert (
            robot_after["moves"][: len(robot_moves)] == robot_moves
        )  # nothing stored before the kill is lost
    finally:
        second.stop()
