"""A notice when it is your turn (issue 58): an e-mail, a webhook call, or both, to a player whose game
comes to their seat while no page of it is open for that seat on any worker.

- **When.** After a move is committed (`Table._apply` calls `Notices.moved`), if a person's seat is now
  to act and the last decision was another seat's (a turn came to it, not a step inside its own turn),
  the worker that committed the move waits `NoticeSettings.delay` seconds. If the game is still at that
  move (a quick exchange sends nothing), the seat is still to act, and no page of the game is open for
  it on any worker (`notice_pages`), a row (game, role, moved revision) is inserted in `notices_sent`:
  the one worker whose insert commits sends the notice, so it is sent once however many workers there
  are. A worker that stops during the wait sends nothing for that move (the next move schedules anew).
- **Who.** The seat's token must be bound to a player's key (`players.py`) whose notice settings
  (`notice_targets`) name a confirmed e-mail address or a webhook URL. An address is confirmed by a link
  (`/notices#confirm=<code>`) sent to it before anything else is; each notice carries a link that stops
  the e-mail (`/notices#stop=<code>`). With the daily digest chosen, turn e-mails are replaced by one
  e-mail a day listing the games where it is the player's turn (webhooks are still called per turn).
- **Open pages.** Each worker keeps a row per (worker, game, role) while a WebSocket of that seat is
  open there, and refreshes its rows every `PAGE_BEAT` seconds; a row older than `PAGE_STALE` seconds
  (its worker died) counts for nothing and is deleted.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Connection, Float, Integer, String, Table, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import Executable

from ludoteca.core.game import CHANCE
from ludoteca.server.errors import MESSAGES
from ludoteca.server.mailer import Mail, Mailer
from ludoteca.server.notice_settings import NoticeSettings
from ludoteca.server.notice_targets import Targets, notice_targets
from ludoteca.server.players import Player, player_seats, players
from ludoteca.server.storage import Write, metadata
from ludoteca.server.webhooks import Webhooks

if TYPE_CHECKING:
    from ludoteca.server.hall import Hall
    from ludoteca.server.table import Table as LiveTable

log = logging.getLogger(__name__)

PAGE_BEAT = 20.0
"""Seconds between a worker's refreshes of its open pages' rows."""
PAGE_STALE = 3 * PAGE_BEAT
"""A page row not refreshed for this long belongs to a worker gone."""

notice_pages = Table(
    "notice_pages",
    metadata,
    Column("worker", String(24), primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("role", Integer, primary_key=True),
    Column("seen", Float, nullable=False),
)
"""The pages of a game open for a role, by worker (refreshed every `PAGE_BEAT` seconds)."""

notices_sent = Table(
    "notices_sent",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("role", Integer, primary_key=True),
    Column("moved", Integer, primary_key=True),
    Column("at", Float, nullable=False),
)
"""One row per notice sent: a game's turn (the revision of the move that brought it) for a role."""


def executing(statement: Executable) -> Write:
    """The write that executes one statement."""

    def write(db: Connection) -> None:
        db.execute(statement)

    return write


def text(key: str, lang: str, **params: Any) -> str:
    return MESSAGES.text(f"notice.{key}", lang, params)


class Notices:
    """The notices of one worker: its open pages, the waits after moves, the e-mails and webhook calls."""

    def __init__(self, hall: Hall, settings: NoticeSettings) -> None:
        self.hall, self.settings = hall, settings
        self.mailer = Mailer(settings.smtp, settings.sender)
        self.webhooks = Webhooks(settings.backoff)
        self.targets = Targets(hall, settings, self.mailer)
        self.worker = secrets.token_urlsafe(12)
        self.pages: Counter[tuple[str, int]] = Counter()
        self._tasks: set[asyncio.Task[Any]] = set()

    async def start(self) -> None:
        self.webhooks.start()
        self._spawn(self._beat())
        if self.mailer.enabled:
            self._spawn(self._digests())

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.webhooks.close()
        self.mailer.close()

    # ------------------------------------------------------------------------------- open pages
    async def opened(self, game_id: str, roles: tuple[int, ...]) -> None:
        """A page of a game opened for `roles` on this worker: stored before it is told anything (a failed
        write is logged; the page still opens). A spectator's counts for nothing."""
        if not roles:
            return
        for role in roles:
            self.pages[(game_id, role)] += 1
        try:
            await self.hall.persist(self._pages_of(game_id, roles))
        except Exception:
            log.exception("game %s: could not store an open page", game_id)

    def closed(self, game_id: str, roles: tuple[int, ...]) -> None:
        if not roles:
            return
        for role in roles:
            self.pages[(game_id, role)] -= 1
            if self.pages[(game_id, role)] <= 0:
                del self.pages[(game_id, role)]
        self._spawn(self.hall.persist(self._pages_of(game_id, roles)))

    def _pages_of(self, game_id: str, roles: tuple[int, ...]) -> Write:
        """The write that stores whether pages of a game are open here for `roles`, as they are when it
        runs: writes queued in any order leave the rows as the pages are."""

        def write(db: Connection) -> None:
            where = (notice_pages.c.worker == self.worker, notice_pages.c.game_id == game_id)
            db.execute(delete(notice_pages).where(*where, notice_pages.c.role.in_(roles)))
            rows = [
                {"worker": self.worker, "game_id": game_id, "role": role, "seen": time.time()}
                for role in roles
                if self.pages.get((game_id, role), 0) > 0
            ]
            if rows:
                db.execute(insert(notice_pages), rows)

        return write

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(PAGE_BEAT)
            try:
                await self.hall.persist(self._refresh_pages)
            except Exception:  # the database is away: the next beat tries again
                log.exception("could not refresh the open pages")

    def _refresh_pages(self, db: Connection) -> None:
        now = time.time()
        db.execute(update(notice_pages).where(notice_pages.c.worker == self.worker).values(seen=now))
        db.execute(delete(notice_pages).where(notice_pages.c.seen < now - PAGE_STALE))

    def _open_anywhere(self, game_id: str, role: int) -> bool:
        with self.hall.store.engine.connect() as db:
            query = select(notice_pages.c.worker).where(
                notice_pages.c.game_id == game_id,
                notice_pages.c.role == role,
                notice_pages.c.seen >= time.time() - PAGE_STALE,
            )
            return db.execute(query.limit(1)).first() is not None

    # ------------------------------------------------------------------------------- after a move
    def moved(self, table: LiveTable) -> None:
        """A move was committed here: where a turn came to a person's seat, wait, then perhaps notify."""
        state = table.match.state
        if state.is_terminal() or state.is_chance_node():
            return
        role = state.current_player()
        if not any(s.role == role and s.kind == "human" for s in table.seats):
            return
        last = next((s.actor for s in reversed(table.match.history) if s.actor != CHANCE), None)
        if last == role:
            return  # a step inside the seat's own turn: its page is open
        self._spawn(self._after_quiet(table, role, table.moved))

    async def _after_quiet(self, table: LiveTable, role: int, moved: int) -> None:
        await asyncio.sleep(self.settings.delay)
        try:
            await table.refresh()
            if table.moved != moved or table.match.state.current_player() != role:
                return  # the game went on meanwhile: a quick exchange
            if self.pages[(table.id, role)] or await self.hall.read(self._open_anywhere, table.id, role):
                return
            token = next((s.token for s in table.seats if s.role == role and s.kind == "human"), None)
            target = await self.hall.read(self._target_of_seat, table.id, token)
            if target is None or not (target["webhook"] or (target["email"] and target["confirmed"])):
                return
            row = {"game_id": table.id, "role": role, "moved": moved, "at": time.time()}
            try:
                await self.hall.persist(executing(insert(notices_sent).values(**row)))
            except IntegrityError:
                return  # another worker sent it
            await self._send_turn(table, role, token or "", target)
        except Exception:
            log.exception("game %s: the turn notice failed", table.id)

    def _target_of_seat(self, game_id: str, token: str | None) -> dict[str, Any] | None:
        with self.hall.store.engine.connect() as db:
            query = (
                select(notice_targets)
                .join(player_seats, player_seats.c.player_id == notice_targets.c.player_id)
                .where(player_seats.c.game_id == game_id, player_seats.c.token == token)
            )
            row = db.execute(query).first()
            return None if row is None else dict(row._mapping)

    def seat_link(self, game_id: str, token: str, lang: str) -> str:
        return f"{self.settings.public_url}/play/{game_id}?lang={lang}#token={token}"

    def stop_link(self, code: str, lang: str) -> str:
        return f"{self.settings.public_url}/notices?lang={lang}#stop={code}"

    async def _send_turn(self, table: LiveTable, role: int, token: str, target: dict[str, Any]) -> None:
        lang = target["lang"]
        title = table.game.title
        prompt = str(table.match.state.view(role, lang).get("prompt") or "")
        link = self.seat_link(table.id, token, lang)
        if target["webhook"]:
            said = text("turn_subject", lang, game=title)
            self.webhooks.post(
                target["webhook"],
                {
                    "content": f"{said}: {prompt} {link}",  # Discord
                    "text": f"{said}: {prompt} {link}",  # Matrix hookshot, Slack-like hooks
                    "game": table.game.id,
                    "title": title,
                    "id": table.id,
                    "role": table.game.roles[role],
                    "prompt": prompt,
                    "link": link,
                },
            )
        if target["email"] and target["confirmed"] and not target["digest"]:
            body = text(
                "turn_body",
                lang,
                game=title,
                prompt=prompt,
                link=link,
                stop=self.stop_link(target["stop_code"], lang),
            )
            await self.mailer.send(Mail(target["email"], text("turn_subject", lang, game=title), body))

    # ------------------------------------------------------------------------------- the daily digest
    async def _digests(self) -> None:
        every = self.settings.digest_every
        while True:
            await asyncio.sleep(min(every / 4, 3600.0))
            try:
                for target in await self.hall.read(self._digest_due, time.time() - every):
                    await self._digest(target)
            except Exception:
                log.exception("the daily digests failed")

    def _digest_due(self, before: float) -> list[dict[str, Any]]:
        with self.hall.store.engine.connect() as db:
            query = (
                select(notice_targets, players.c.name)
                .join(players, players.c.id == notice_targets.c.player_id)
                .where(
                    notice_targets.c.digest == 1,
                    notice_targets.c.confirmed == 1,
                    notice_targets.c.last_digest < before,
                )
            )
            return [dict(row._mapping) for row in db.execute(query)]

    async def _digest(self, target: dict[str, Any]) -> None:
        """One player's digest, claimed first (the one worker whose update moves `last_digest` sends it)."""
        claimed: list[int] = []
        old, now = target["last_digest"], time.time()

        def claim(db: Connection) -> None:
            where = and_(
                notice_targets.c.player_id == target["player_id"], notice_targets.c.last_digest == old
            )
            claimed.append(db.execute(update(notice_targets).where(where).values(last_digest=now)).rowcount)

        await self.hall.persist(claim)
        if claimed != [1]:
            return
        lang = target["lang"]
        games = await self.hall.players.games(Player(target["player_id"], target["name"]))
        yours = [g for g in games if g["turn"] == "yours"]
        if not yours:
            return
        lines = "\n".join(f"- {g['title']}: {self.seat_link(g['id'], g['token'], lang)}" for g in yours)
        body = text("digest_body", lang, games=lines, stop=self.stop_link(target["stop_code"], lang))
        await self.mailer.send(Mail(target["email"], text("digest_subject", lang, count=len(yours)), body))
