"""The hall: every table the server holds, created, loaded back from storage, listed for the lobby.

Storage writes go to one writer thread that commits them in groups (`writer.py`), reads to a small
pool; AI agents think in worker processes (`thinkers.py`). The event loop never waits on the database
nor on a search.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Connection

from ludoteca.ai.agents import HUMAN, make_agent
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import get_game
from ludoteca.core.record import replay_record
from ludoteca.server.bus import Bus
from ludoteca.server.chance import TABLE_CHANCE, secret_chance
from ludoteca.server.errors import ServerError
from ludoteca.server.limits import over_ceiling
from ludoteca.server.storage import GameRow, SeatRow, Store, Write, new_secret
from ludoteca.server.table import Table
from ludoteca.server.thinkers import DEFAULT_WORKERS, Thinkers
from ludoteca.server.writer import GroupWriter

SEAT_KINDS = ("me", "human", "ai")
"""A seat is played by the creator at this screen, by a person invited by link, or by an agent."""


class Hall:
    def __init__(
        self,
        db_url: str,
        ai_delay: float = 0.0,
        ai_workers: int = DEFAULT_WORKERS,
        ai_ceiling: str = "hard",
    ) -> None:
        self.store = Store(db_url)
        self.ai_delay = ai_delay
        self.ai_ceiling = ai_ceiling
        """The most an AI seat or a hint may think, as an `ismcts` level (SECURITY.md)."""
        self.tables: dict[str, Table] = {}
        self._writer = GroupWriter(self.store)
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ludoteca-db")
        self.thinkers = Thinkers(ai_workers)
        self._loading = asyncio.Lock()
        self.bus = Bus(self) if self.store.shared else None
        """Other workers' changes, on a shared (PostgreSQL) database only (`bus.py`)."""

    async def persist(self, write: Write) -> None:
        await self._writer.write(write)

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._readers, fn, *args)

    # --------------------------------------------------------------------------------- tables
    async def start(self) -> None:
        """After a restart: load every unfinished game and let its AI seats move again; on a shared
        database, listen for the other workers' changes."""
        if self.bus is not None:
            self.bus.start()
        for row in await self.read(self.store.games, ("open", "running"), 10_000):
            table = await self.table(row.id)
            table.kick_ai()

    async def table(self, game_id: str) -> Table:
        """The live table of a stored game, rebuilt from its actions when first needed."""
        table = self.tables.get(game_id)
        if table is not None:
            await table.refresh()  # another worker may have changed it (a shared database only)
            return table
        async with self._loading:
            if game_id in self.tables:
                return self.tables[game_id]
            stored = await self.read(self.store.snapshot, game_id)
            if stored is None:
                raise ServerError(404, "no_game", game=game_id)
            table = Table.rebuild(*stored[:3], **self._table_kw())
            self.tables[game_id] = table
        if self.bus is not None:
            table.kick_ai()  # the game may have been left waiting on an AI seat by a worker now gone
        return table

    def _table_kw(self) -> dict[str, Any]:
        return {
            "persist": self.persist,
            "store": self.store,
            "ai_run": self.thinkers.decide,
            "ai_delay": self.ai_delay,
            "ai_ceiling": self.ai_ceiling,
            "read": self.read,
        }

    async def create(
        self,
        game_id: str,
        options: Mapping[str, str],
        seats: Sequence[Mapping[str, str]],
        seed: int | None,
        chance: str = "sample",
    ) -> dict[str, Any]:
        """A new game. Returns its id, the creator's token (for "me" seats) and one invitation token
        per invited person. Its chance comes from a new secret (SECURITY.md); a `seed` may be chosen
        instead, to replay a game exactly, only where nobody else is invited. With `chance` ``table``
        (companion mode, issue 29) the physical dice and cards give it: the creator's first seat, the host,
        is asked what came up."""
        try:
            game = get_game(game_id)
            parsed = game.parse_options(options)
        except LudotecaError as exc:
            raise ServerError.of(400, exc) from None
        in_play = game.roles_in_play(parsed)
        if len(seats) != len(in_play):
            names = ", ".join(game.roles[r] for r in in_play)
            raise ServerError(
                400, "seat_count", game=game.id, count=len(in_play), names=names, given=len(seats)
            )
        if seed is not None and any(s.get("kind") == "human" for s in seats):
            raise ServerError(400, "seed_with_people")
        secret = new_secret() if seed is None else f"seed:{seed}"
        if chance == "table":
            host = next((r for r, seat in zip(in_play, seats, strict=True) if seat.get("kind") == "me"), None)
            if host is None:
                raise ServerError(400, "table_host")
            secret = f"{TABLE_CHANCE}{host}"
        mine = secrets.token_urlsafe(16)
        rows, invitations = [], {}
        for role, seat in zip(in_play, seats, strict=True):
            kind = seat.get("kind")
            if kind not in SEAT_KINDS:
                raise ServerError(400, "seat_kind", role=game.roles[role], kinds=", ".join(SEAT_KINDS))
            if kind == "ai":
                spec = seat.get("spec") or "random"
                try:
                    if spec.split(":")[0] == HUMAN:
                        raise ServerError(400, "seat_human", role=game.roles[role])
                    too_much = over_ceiling(make_agent(spec, game, role, 0), game, self.ai_ceiling)
                except LudotecaError as exc:
                    raise ServerError.of(400, exc, "seat_agent", role=game.roles[role]) from None
                if too_much:
                    raise ServerError(400, "ceiling", role=game.roles[role], **too_much)
                rows.append(SeatRow(role, "ai", spec, "", True))
            elif kind == "me":
                rows.append(SeatRow(role, "human", None, mine, True))
            else:
                token = secrets.token_urlsafe(16)
                invitations[game.roles[role]] = token
                rows.append(SeatRow(role, "human", None, token, False))
        new_id = secrets.token_urlsafe(6)
        status = "open" if invitations else "running"
        await self.persist(
            lambda db: self.store.create_game(
                db, new_id, game.id, parsed.as_strings(), seed or 0, secret, status, rows
            )
        )
        table = await self.table(new_id)
        async with table.lock:
            first = len(table.match.history)
            secret_chance(table.match, secret)
            if table.match.history:
                steps = [(s.actor, s.action) for s in table.match.history[first:]]
                await table.commit(None, moved=True, first=first, steps=steps)
        table.kick_ai()
        has_me = any(s.token == mine for s in rows)
        return {"id": new_id, "token": mine if has_me else None, "invitations": invitations}

    async def upload(self, record: Any) -> str:
        """Store an uploaded record for the replay viewer, after replaying and verifying it."""
        if not isinstance(record, dict):
            raise ServerError(400, "record_object")
        try:
            match = replay_record(record, verify="digests" in record)
        except LudotecaError as exc:
            raise ServerError.of(422, exc, "record_replay") from None
        new_id = secrets.token_urlsafe(6)
        steps = [(s.actor, s.action) for s in match.history]
        result = match.state.result("en")

        def write(db: Connection) -> None:
            self.store.create_game(
                db, new_id, match.game.id, match.options.as_strings(), match.seed, "", "record", []
            )
            self.store.append(db, new_id, 0, steps, "record", result)

        await self.persist(write)
        return new_id

    async def listing(self) -> dict[str, list[dict[str, Any]]]:
        rows: list[GameRow] = await self.read(self.store.games, ("open", "running", "finished"), 300)
        out: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
        for row in rows:
            table = self.tables.get(row.id)
            out[row.status].append(
                {
                    "id": row.id,
                    "game": row.game,
                    "title": get_game(row.game).title,
                    "options": row.options,
                    "moves": row.moves,
                    "created": row.created,
                    "result": row.result,
                    "seats": table.seat_info() if table else None,
                }
            )
        return out

    async def close(self) -> None:
        """Shut down promptly: searches in progress stop at once, and every move acknowledged is already
        committed, so nothing is lost."""
        if self.bus is not None:
            self.bus.close()
        self.thinkers.close()
        for table in self.tables.values():
            await table.close()
        self._writer.close()
        self._readers.shutdown(wait=True)
        self.store.close()
