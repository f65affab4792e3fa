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
from ludoteca.ai.ismcts import IsmctsAgent
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import get_game
from ludoteca.server.bus import Bus
from ludoteca.server.chance import TABLE_CHANCE, secret_chance
from ludoteca.server.clocks import clocks_of, described
from ludoteca.server.errors import Said, ServerError
from ludoteca.server.limits import over_ceiling
from ludoteca.server.notice_settings import NoticeSettings
from ludoteca.server.notices import Notices
from ludoteca.server.players import Players
from ludoteca.server.storage import GameRow, SeatRow, Store, Write, new_secret
from ludoteca.server.table import Table
from ludoteca.server.thinkers import DEFAULT_WORKERS, Busy, Thinkers
from ludoteca.server.uploads import replay_upload
from ludoteca.server.writer import GroupWriter

SEAT_KINDS = ("me", "human", "ai")
"""A seat is played by the creator at this screen, by a person invited by link, or by an agent."""
AI_GAMES = 3
"""Games with a searching AI seat that one address may have unfinished at once (on each worker process)."""
UPLOADS_WAITING = 2
"""Record uploads of one address that may wait for a worker process at once."""
SEED_LIMIT = 2**31
"""A stored game's seed is below this (the database keeps it as a 32-bit integer)."""


class Hall:
    def __init__(
        self,
        db_url: str,
        ai_delay: float = 0.0,
        ai_workers: int = DEFAULT_WORKERS,
        ai_ceiling: str = "hard",
        notices: NoticeSettings | None = None,
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
        self.players = Players(self)
        """Players' keys and the seats bound to them (issue 58)."""
        self.notices = Notices(self, notices or NoticeSettings())
        """Turn notices by e-mail and webhook (issue 58)."""
        self.ai_games: dict[str, set[str]] = {}
        """The games with a searching AI seat each address created, while they are unfinished."""

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
        await self.notices.start()
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
            table.on_moved = self.notices.moved
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
        asker: str = "?",
    ) -> dict[str, Any]:
        """A new game. Returns its id, the creator's token (for "me" seats) and one invitation token
        per invited person. Its chance comes from a new secret (SECURITY.md); a `seed` may be chosen
        instead, to replay a game exactly, only where nobody else is invited. With `chance` ``table``
        (companion mode, issue 29) the physical dice and cards give it: the creator's first seat, the host,
        is asked what came up. `asker` is the address that asks: its AI seats share the AI's time with
        other people's in turn, and it may have at most `AI_GAMES` unfinished games with a searching AI
        seat at once."""
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
        rows, invitations, searches = [], {}, False
        for role, seat in zip(in_play, seats, strict=True):
            kind = seat.get("kind")
            if kind not in SEAT_KINDS:
                raise ServerError(400, "seat_kind", role=game.roles[role], kinds=", ".join(SEAT_KINDS))
            if kind == "ai":
                spec = seat.get("spec") or "random"
                try:
                    if spec.split(":")[0] == HUMAN:
                        raise ServerError(400, "seat_human", role=game.roles[role])
                    agent = make_agent(spec, game, role, 0)
                except LudotecaError as exc:
                    raise ServerError.of(400, exc, "seat_agent", role=game.roles[role]) from None
                too_much = over_ceiling(agent, game, self.ai_ceiling)
                if too_much:
                    raise ServerError(400, "ceiling", role=game.roles[role], **too_much)
                searches = searches or isinstance(agent, IsmctsAgent)
                rows.append(SeatRow(role, "ai", spec, "", True))
            elif kind == "me":
                rows.append(SeatRow(role, "human", None, mine, True))
            else:
                token = secrets.token_urlsafe(16)
                invitations[game.roles[role]] = token
                rows.append(SeatRow(role, "human", None, token, False))
        new_id = await self.open_game(game.id, parsed.as_strings(), seed or 0, secret, rows, asker, searches)
        has_me = any(s.token == mine for s in rows)
        return {"id": new_id, "token": mine if has_me else None, "invitations": invitations}

    async def open_game(
        self,
        game_id: str,
        options: dict[str, str],
        seed: int,
        secret: str,
        rows: list[SeatRow],
        asker: str,
        searches: bool,
        new_id: str | None = None,
    ) -> str:
        """Store a new game with its seats, play the chance outcomes before its first decision, and let its
        AI seats move; returns its id (`new_id` if given). `searches`: whether a seat is a searching AI
        (`AI_GAMES`)."""
        self.check_ai_quota(asker, searches)
        new_id = new_id or secrets.token_urlsafe(6)
        status = "open" if any(s.kind == "human" and not s.claimed for s in rows) else "running"
        await self.persist(
            lambda db: self.store.create_game(db, new_id, game_id, options, seed, secret, status, rows)
        )
        table = await self.table(new_id)
        table.asker = asker
        if searches:
            self.ai_games.setdefault(asker, set()).add(new_id)
        async with table.lock:
            first = len(table.match.history)
            secret_chance(table.match, secret)
            if table.match.history:
                steps = [(s.actor, s.action) for s in table.match.history[first:]]
                await table.commit(None, moved=True, first=first, steps=steps)
        table.kick_ai()
        return new_id

    def check_ai_quota(self, asker: str, searches: bool) -> None:
        """Refuse a new game with a searching AI seat to an address that has `AI_GAMES` unfinished."""
        if searches and len(self._unfinished_ai_games(asker)) >= AI_GAMES:
            raise ServerError(429, "too_many_ai_games", limit=AI_GAMES)

    def _unfinished_ai_games(self, asker: str) -> set[str]:
        """The games with a searching AI seat that `asker` created and that are not over yet."""
        games = self.ai_games.get(asker, set())
        games = {g for g in games if g in self.tables and not self.tables[g].match.state.is_terminal()}
        self.ai_games[asker] = games
        return games

    async def upload(self, record: Any, asker: str = "?") -> str:
        """Store an uploaded record for the replay viewer, after replaying and verifying it in a worker
        process, in `asker`'s turn (`thinkers.py`): at most `UPLOADS_WAITING` of one address wait at once,
        and none when the server's queue is full."""
        if not isinstance(record, dict):
            raise ServerError(400, "record_object")
        seed = record.get("seed")
        if isinstance(seed, int) and not isinstance(seed, bool) and not 0 <= seed < SEED_LIMIT:
            raise ServerError(422, "record_seed", limit=SEED_LIMIT - 1)
        name = record.get("game")
        try:
            game = get_game(name) if isinstance(name, str) else None
        except LudotecaError as exc:
            raise ServerError.of(422, exc, "record_replay") from None
        try:
            replayed = await self.thinkers.run(asker, replay_upload, record, game, waiting=UPLOADS_WAITING)
        except Busy as exc:
            raise exc.refusal("uploads_busy") from None
        if isinstance(replayed, Said):
            raise ServerError(422, "record_replay", message=replayed)
        game_id, options, match_seed, steps, result = replayed
        new_id = secrets.token_urlsafe(6)

        def write(db: Connection) -> None:
            self.store.create_game(db, new_id, game_id, options, match_seed, "", "record", [])
            self.store.append(db, new_id, 0, steps, "record", result)

        await self.persist(write)
        return new_id

    async def listing(self) -> dict[str, list[dict[str, Any]]]:
        rows: list[GameRow] = await self.read(self.store.games, ("open", "running", "finished"), 300)
        clocks = await self.read(clocks_of, self, [r.id for r in rows if r.status != "finished"])
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
                    "clock": described(table, clocks.get(row.id, 0), row.touched),
                }
            )
        return out

    async def close(self) -> None:
        """Shut down promptly: searches in progress stop at once, and every move acknowledged is already
        committed, so nothing is lost."""
        if self.bus is not None:
            self.bus.close()
        await self.notices.close()
        self.thinkers.close()
        for table in self.tables.values():
            await table.close()
        self._writer.close()
        self._readers.shutdown(wait=True)
        self.store.close()
