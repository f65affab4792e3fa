"""Several workers, one database (issue 28): how `ludoteca serve` processes sharing one PostgreSQL database
serve the same games, with no sticky sessions and nothing home-made between them.

PostgreSQL is the one source of truth and the one message bus:

- Every change of a game (a move with the chance outcomes after it, an undo, a seat taken) is committed on
  the game's revision its worker holds (`Store.advance`): the game's row stays locked until the commit, so
  two workers never both commit on one revision, and the actions' primary key (game, index) never lets two
  moves share a number. A worker that loses reloads the game (`follow`). Where a move was made meanwhile,
  it took the loser's own turn (decisions are made one at a time, secret commitments included), and the
  client is told that the game moved on (HTTP 409; over a WebSocket the same error, after the fresh view);
  where none was (a seat was taken elsewhere), the position and its version are unchanged and the action
  is made on it.
- Each commit announces ``<game id> <revision>`` on the channel `CHANNEL` (delivered only if it commits),
  in the statement that moves the revision. Each worker listens on one connection of its own (`Listener`,
  a thread) and, for the games it holds with connections open and behind the revision announced, reads the
  game (no read of the revision first) and pushes every connection its new view at once; its own
  announcements are no news (`Table.committing`).
- A worker catches up before every request (one read of the game's revision by primary key, outside any
  transaction; the game itself only when it changed) and before an undo; an action is checked against the
  table as held and committed on its revision, the commit itself being the check (`Table.act`): its tables
  may be stale, never wrong. Catching up reads only the stored actions a change since the table's revision
  may have touched (each change removes at most one: `Store.snapshot`). A worker that has not seen a game
  rebuilds it from its stored actions; where the stored actions are no longer an extension of its own (an
  undo made elsewhere) it replays them from the start.
- AI seats: the worker through which a game's last change was made drives its AI seats (the one that
  loaded it, at first). Two drivers are harmless — the revision lets one move in — and one that loses a
  race, or learns of another worker's change while it thinks, stops driving that game. A worker whose
  held game has waited on an AI seat for `AI_TAKEOVER` seconds with no change (its driver may have died)
  takes the AI seats over (`Bus.sweep`).

On SQLite (one process, the default) none of this runs: the table in memory is the game.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import psycopg

from ludoteca.server.labels import LabelledMatch
from ludoteca.server.storage import CHANNEL, GameRow, SeatRow

if TYPE_CHECKING:
    from ludoteca.server.hall import Hall
    from ludoteca.server.table import Table

log = logging.getLogger(__name__)

AI_TAKEOVER = 20.0
"""Seconds a held game may wait on an AI seat, unchanged, before this worker drives its AI seats itself.
Longer than any search the ceiling allows, so that a driver still thinking is rarely doubled."""
SWEEP_EVERY = 2.0
"""Seconds between two looks at the held games waiting on an AI seat."""


def follow(
    table: Table, row: GameRow, seats: Sequence[SeatRow], steps: Sequence[tuple[int, int]], start: int = 0
) -> bool | None:
    """Bring `table` to the game as stored (its row, seats and its actions from index `start` on) and push
    each connection its view. New actions after the table's own are applied; stored actions that no longer
    extend the table's (an undo, or a different move after one) are replayed from the start — which needs
    them all: given only those from `start` > 0, the table is left as it was and None returned (read them
    all, and follow again). Returns whether the stored actions extended the table's. The position's
    version changes only with its actions (a seat taken elsewhere leaves a request made on it valid).
    The caller holds the table's lock."""
    history = table.match.history
    length = len(history)
    mine = [(step.actor, step.action) for step in history[start:]]
    extends = start <= length and list(steps[: len(mine)]) == mine
    if not extends and start > 0:
        return None
    if not extends:
        old = table.match
        table.match = LabelledMatch(table.game, old.options, old.seed, old.chance)
        length = 0
    for _actor, action in steps[length - start :]:
        table.match.apply(action)
    table.seats = list(seats)
    table.status = row.status
    table.revision, table.moved = row.revision, row.moved
    table.followed += 1
    table.changed_at = time.monotonic()
    table.broadcast(everything=not extends)
    return extends


class Listener:
    """One connection of its own that LISTENs on `CHANNEL`, in a thread; each announcement is handed to
    the event loop (`on_change(game_id, revision)`; a line of table talk, ``<game id> chat <index>``, to
    `on_chat(game_id)`). Reconnects after an error; since announcements may
    have been missed meanwhile, `on_gap` is called each time it (re)connects."""

    def __init__(
        self,
        conninfo: str,
        loop: asyncio.AbstractEventLoop,
        on_change: Callable[[str, int], None],
        on_gap: Callable[[], None],
        on_chat: Callable[[str], None],
    ) -> None:
        self.conninfo, self.loop = conninfo, loop
        self.on_change, self.on_gap, self.on_chat = on_change, on_gap, on_chat
        self.listening = threading.Event()
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ludoteca-listen", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._closing.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self.loop.call_soon_threadsafe(self.on_gap)
                    while not self._closing.is_set():
                        for note in connection.notifies(timeout=0.5):
                            game_id, _, rest = note.payload.partition(" ")
                            if rest.startswith("chat "):  # a line of table talk (`chat.py`)
                                self.loop.call_soon_threadsafe(self.on_chat, game_id)
                            else:
                                self.loop.call_soon_threadsafe(self.on_change, game_id, int(rest))
            except (psycopg.Error, OSError, RuntimeError):  # the database went away: try again soon
                self.listening.clear()
                if not self._closing.is_set():
                    log.exception("lost the connection listening for other workers' moves")
                    self._closing.wait(1.0)

    def close(self) -> None:
        self._closing.set()
        self._thread.join(timeout=5)


class Bus:
    """What a worker does with the other workers' changes: the `Listener`, and the sweep that takes over AI
    seats left waiting. Started by `Hall.start` on a shared store only."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.listener: Listener | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        url = self.hall.store.engine.url.set(drivername="postgresql")
        loop = asyncio.get_running_loop()
        conninfo = url.render_as_string(hide_password=False)
        self.listener = Listener(conninfo, loop, self.changed, self.gap, self.chatted)
        self._sweeper = loop.create_task(self.sweep())

    def changed(self, game_id: str, revision: int) -> None:
        """Another worker (or this one) committed `revision` of a game: a held game with connections open
        catches up now and pushes them their views; the others catch up when next asked."""
        table = self.hall.tables.get(game_id)
        if table is None or revision <= table.revision or revision == table.committing:
            return  # known already, or this worker's own commit (its waiter holds the table)
        if table.watchers:
            self._spawn(table, revision)

    def chatted(self, game_id: str) -> None:
        """A line was said at a game's table (here or on another worker): a held game whose chat is loaded
        reads the new lines and sends them to its connections (`chat.py`)."""
        table = self.hall.tables.get(game_id)
        if table is not None and table.watchers and table.chat.loaded:
            task = asyncio.get_running_loop().create_task(table.chat.catch_up(table.watchers))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    def gap(self) -> None:
        """Announcements may have been missed: every held game with connections open catches up."""
        for table in list(self.hall.tables.values()):
            if table.watchers:
                self._spawn(table)

    def _spawn(self, table: Table, revision: int | None = None) -> None:
        task = asyncio.get_running_loop().create_task(table.refresh(revision))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def sweep(self) -> None:
        """Every `SWEEP_EVERY` seconds: a held game waiting on an AI seat that nobody here drives, unchanged
        for `AI_TAKEOVER` seconds even after catching up, gets its AI seats driven by this worker."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            for table in list(self.hall.tables.values()):
                if not table.ai_waiting() or time.monotonic() - table.changed_at < AI_TAKEOVER:
                    continue
                try:
                    await table.refresh()
                except Exception:  # the database is away: the next sweep tries again
                    log.exception("game %s: could not catch up", table.id)
                    continue
                if table.ai_waiting() and time.monotonic() - table.changed_at >= AI_TAKEOVER:
                    log.info("game %s: taking over its AI seats", table.id)
                    table.changed_at = time.monotonic()
                    table.kick_ai()

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in self._pending:
            task.cancel()
        if self.listener is not None:
            self.listener.close()
