"""A live connection to a game (`Watcher`) and the messages it is sent: encoded once, a seat's view with
only the log lines the connection does not have yet, the roles' names in its language."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import orjson

from ludoteca.core.game import Game
from ludoteca.server.errors import ServerError

MAX_QUEUE = 256
"""Messages waiting for one connection at most: a watcher that falls further behind is dropped."""


CLOSE_SLOW = 4008
"""The close code of a connection too slow to read its messages."""


@dataclass(eq=False)
class Watcher:
    """One live connection: the roles its token holds (none for a spectator), its language, and the
    queue of messages still to send it (bounded: a watcher too slow to read is dropped, never allowed to
    grow the server's memory; None in the queue tells its sender to close the connection, with
    `close_code` and `close_reason`)."""

    roles: tuple[int, ...]
    lang: str
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUE))
    sent_moves: int = 0
    sent_logs: int = 0
    dropped: bool = False
    close_code: int = CLOSE_SLOW
    close_reason: str = ""

    def send(self, text: str) -> None:
        if self.dropped:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_SLOW, ServerError(408, "too_slow").text(self.lang))

    def close(self, code: int, reason: str) -> None:
        """Close the connection once the messages queued for it are sent (all of them dropped if it is too
        slow to take them: the close goes first), with `code` and `reason`."""
        if self.dropped:
            return
        self.close_code, self.close_reason, self.dropped = code, reason, True
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)

    def tell_error(self, error: ServerError) -> None:
        """A refusal, to this connection only, in its language."""
        self.send(encode(error.sent(self.lang)))


def role_label(game: Game, role: int, lang: str) -> str:
    """A role's name as the rulebook writes it, in `lang` (the catalog's ``role.<id>``), else its id."""
    key = f"role.{game.roles[role]}"
    return game.catalog.text(key, lang) if game.catalog.has(key) else game.roles[role]


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: views are encoded at every move, for every seat)."""
    return orjson.dumps(message).decode()
