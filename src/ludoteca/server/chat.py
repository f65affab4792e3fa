"""Table talk (issue 58): each game's chat for its seats, stored with the game, live on every worker.

A seat says a line over its WebSocket (``{"type": "say", "text": …}``): plain text (never rendered as
HTML by the page), at most `MAX_TEXT` characters, at most `BURST` lines at once and then one every
`EVERY` seconds per seat. Lines are stored (`chat_lines`) before anyone is told, and sent to every
connection that may read them: the seats always, spectators only where the game's creator opened the
chat to them (`chat_rooms`). A seat may mute another (``{"type": "mute", "role": …, "muted": true}``):
it is sent none of that seat's lines from then on, nor that seat's earlier lines when it comes back.
On a shared database each line is announced on the moves' channel as ``<game id> chat <index>`` (in its
transaction), and every worker holding the game sends it to its own connections (`bus.py`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Boolean, Column, Connection, Float, Integer, String, Table, Text, insert, select
from sqlalchemy.exc import IntegrityError

from ludoteca.server.errors import ServerError
from ludoteca.server.limits import RateLimit
from ludoteca.server.storage import CHANNEL, Persist, Read, Write, metadata
from ludoteca.server.watchers import Watcher, encode, role_label

if TYPE_CHECKING:
    from ludoteca.core.game import Game
    from ludoteca.server.storage import Store

MAX_TEXT = 500
"""The longest line, in characters."""
HISTORY = 200
"""The lines a connection is sent when it joins: the latest ones."""
BURST, EVERY = 5, 2.0
"""A seat may say `BURST` lines at once, then one every `EVERY` seconds."""

chat_lines = Table(
    "chat_lines",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("role", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""Every line said at a game's table, in order."""

chat_mutes = Table(
    "chat_mutes",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("role", Integer, primary_key=True),
    Column("muted", Integer, primary_key=True),
)
"""Which seat (`role`) muted which (`muted`)."""

chat_rooms = Table(
    "chat_rooms",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("spectators", Boolean, nullable=False),
)
"""A game whose creator opened its chat to spectators (no row: the seats only)."""


@dataclass(frozen=True)
class Line:
    idx: int
    role: int
    text: str
    at: float


def checked_text(text: object) -> str:
    """A line as said: text of 1 to `MAX_TEXT` characters once trimmed, no control characters but line
    breaks and tabs; else a 400 that does not echo it."""
    if not isinstance(text, str):
        raise ServerError(400, "chat_text", length=MAX_TEXT)
    text = text.strip()
    if not 1 <= len(text) <= MAX_TEXT or any(not c.isprintable() and c not in "\n\t" for c in text):
        raise ServerError(400, "chat_text", length=MAX_TEXT)
    return text


def open_room(game_id: str) -> Write:
    """The write that opens a new game's chat to spectators."""

    def write(db: Connection) -> None:
        db.execute(insert(chat_rooms).values(game_id=game_id, spectators=True))

    return write


class TableChat:
    """One game's chat as a table holds it: loaded when first needed, then kept in step with the store."""

    def __init__(self, game_id: str, game: Game, store: Store, read: Read, persist: Persist) -> None:
        self.id, self.game = game_id, game
        self.store, self.read, self.persist = store, read, persist
        self.lines: list[Line] = []
        self.mutes: set[tuple[int, int]] = set()
        self.spectators = False
        self.loaded = False
        self.rate = RateLimit(1 / EVERY, BURST)

    # ------------------------------------------------------------------------------- the store
    def _read(self, after: int) -> tuple[list[Line], set[tuple[int, int]], bool]:
        with self.store.engine.connect() as db:
            query = select(chat_lines).where(chat_lines.c.game_id == self.id, chat_lines.c.idx > after)
            lines = [Line(r.idx, r.role, r.text, r.at) for r in db.execute(query.order_by(chat_lines.c.idx))]
            muted = select(chat_mutes).where(chat_mutes.c.game_id == self.id)
            mutes = {(r.role, r.muted) for r in db.execute(muted)}
            room = db.execute(select(chat_rooms.c.spectators).where(chat_rooms.c.game_id == self.id)).scalar()
        return lines, mutes, bool(room)

    async def catch_up(self, watchers: set[Watcher]) -> None:
        """Read the lines said since the ones held (another worker's, or all of them the first time) and
        send them to the connections that may read them."""
        after = self.lines[-1].idx if self.lines else -1
        lines, self.mutes, self.spectators = await self.read(self._read, after)
        self.loaded = True
        held = self.lines[-1].idx if self.lines else -1  # a line of ours may have come meanwhile
        fresh = [line for line in lines if line.idx > held]
        self.lines += fresh
        for line in fresh:
            self._deliver(line, watchers)

    async def load(self) -> None:
        """Read the chat once, before the first connection is told it (`joined`)."""
        if not self.loaded:
            await self.catch_up(set())

    # ------------------------------------------------------------------------------- what a seat does
    async def say(self, roles: tuple[int, ...], text: object, watchers: set[Watcher]) -> None:
        """A seat's line: checked, stored, then sent. Where another worker stored a line under the same
        index first (the store's key, game and index, decides), its lines are read and sent, and this
        one takes the next index."""
        if not roles:
            raise ServerError(403, "chat_spectator")
        said = checked_text(text)
        if not self.rate.allow(str(roles[0])):
            raise ServerError(429, "chat_rate", burst=BURST, seconds=EVERY)
        for _attempt in range(3):
            line = Line((self.lines[-1].idx + 1) if self.lines else 0, roles[0], said, time.time())
            try:
                await self.persist(self._insert(line))
            except IntegrityError:
                await self.catch_up(watchers)
                continue
            if not self.lines or self.lines[-1].idx < line.idx:  # not read back meanwhile (`catch_up`)
                self.lines.append(line)
                self._deliver(line, watchers)
            return
        raise ServerError(503, "chat_busy")

    def _insert(self, line: Line) -> Write:
        def write(db: Connection) -> None:
            db.execute(insert(chat_lines).values(game_id=self.id, **line.__dict__))
            if self.store.shared:
                note = {"c": CHANNEL, "n": f"{self.id} chat {line.idx}"}
                db.exec_driver_sql("SELECT pg_notify(%(c)s, %(n)s)", note)

        return write

    async def mute(self, roles: tuple[int, ...], target: object, muted: object) -> None:
        """A seat mutes (or hears again) another seat, named by its role's id."""
        if not roles:
            raise ServerError(403, "chat_spectator")
        if not isinstance(target, str) or target not in self.game.roles or not isinstance(muted, bool):
            raise ServerError(400, "chat_mute", roles=", ".join(self.game.roles))
        pair = (roles[0], self.game.roles.index(target))
        keyed = {"game_id": self.id, "role": pair[0], "muted": pair[1]}

        def write(db: Connection) -> None:
            db.execute(chat_mutes.delete().where(*(chat_mutes.c[k] == v for k, v in keyed.items())))
            if muted:
                db.execute(insert(chat_mutes).values(**keyed))

        await self.persist(write)
        (self.mutes.add if muted else self.mutes.discard)(pair)

    # ------------------------------------------------------------------------------- who reads what
    def may_read(self, roles: tuple[int, ...]) -> bool:
        return bool(roles) or self.spectators

    def heard(self, roles: tuple[int, ...], line: Line) -> bool:
        return self.may_read(roles) and not any((r, line.role) in self.mutes for r in roles)

    def message(self, roles: tuple[int, ...], lang: str, lines: list[Line]) -> dict[str, Any]:
        return {
            "type": "chat",
            "open": self.spectators,
            "muted": sorted({self.game.roles[m] for r, m in self.mutes if r in roles}),
            "lines": [
                {
                    "n": line.idx,
                    "role": self.game.roles[line.role],
                    "name": role_label(self.game, line.role, lang),
                    "text": line.text,
                    "at": line.at,
                }
                for line in lines
                if self.heard(roles, line)
            ],
        }

    def joined(self, watcher: Watcher) -> None:
        """A new connection: the latest lines it may read (and the mutes of its seat)."""
        if self.may_read(watcher.roles):
            watcher.send(encode(self.message(watcher.roles, watcher.lang, self.lines[-HISTORY:])))

    def _deliver(self, line: Line, watchers: set[Watcher]) -> None:
        for watcher in list(watchers):
            if self.heard(watcher.roles, line):
                watcher.send(encode(self.message(watcher.roles, watcher.lang, [line])))

    def record(self, roles: tuple[int, ...]) -> list[dict[str, Any]]:
        """Every line `roles` hear (none of a seat they muted), for a record asked with its chat."""
        heard = [x for x in self.lines if self.heard(roles, x)]
        return [{"role": self.game.roles[x.role], "text": x.text, "at": x.at} for x in heard]
