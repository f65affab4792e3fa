"""A WebSocket client of the test server, for the tests of live games on one worker or several."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


@contextlib.contextmanager
def connect(client: TestClient, game_id: str, token: str | None) -> Iterator[WebSocketTestSession]:
    """A live connection that says who it is in its first message (the token never in the URL)."""
    with client.websocket_connect(f"/ws/{game_id}?lang=en") as ws:
        ws.send_json({"type": "join", "token": token})
        yield ws
