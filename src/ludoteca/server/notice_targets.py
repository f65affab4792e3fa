"""Where a player's turn notices go (issue 58): an e-mail address, confirmed by a link before anything
else is sent to it, and a webhook URL; each kept with the player's key and shown to nobody else.

The confirmation code is sent once and kept only as its SHA-256 digest; the stop code, which every notice
e-mail carries, is kept as it is (whoever reads the database could at most stop someone's e-mails). Both
travel after ``#`` in links (`/notices#confirm=…`, `/notices#stop=…`): the small page posts them.
"""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Connection, Float, Integer, String, Table, insert, select, update

from ludoteca.server.errors import MESSAGES, ServerError
from ludoteca.server.mailer import Mail, Mailer
from ludoteca.server.notice_settings import NoticeSettings
from ludoteca.server.players import Player, digest
from ludoteca.server.storage import metadata
from ludoteca.server.webhooks import MAX_URL, checked_url

if TYPE_CHECKING:
    from ludoteca.server.hall import Hall

MAX_ADDRESS = 254
"""The longest e-mail address (RFC 5321 §4.5.3.1.3, a path of 256 less its brackets)."""
ADDRESS = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+"
)
"""An address as this server takes it: an ASCII local part and a dotted domain name (no quoted local
parts, no address literals, nothing that could break an e-mail's header)."""
MAX_CODE = 64

notice_targets = Table(
    "notice_targets",
    metadata,
    Column("player_id", String(32), primary_key=True),
    Column("email", String(MAX_ADDRESS)),
    Column("confirmed", Integer, nullable=False, server_default="0"),
    Column("confirm_hash", String(64), index=True),
    Column("stop_code", String(32), index=True),
    Column("lang", String(8), nullable=False, server_default="es"),
    Column("digest", Integer, nullable=False, server_default="0"),
    Column("last_digest", Float, nullable=False, server_default="0"),
    Column("webhook", String(MAX_URL)),
)
"""A player's notice settings: their e-mail address (confirmed or not), the codes of its links, the
language of their e-mails, the daily digest, and their webhook URL."""


def new_code() -> str:
    """A confirmation or stop code: 144 bits from the operating system's generator."""
    return secrets.token_urlsafe(18)


def checked_address(address: object) -> str:
    if not isinstance(address, str) or len(address) > MAX_ADDRESS or not ADDRESS.fullmatch(address):
        raise ServerError(400, "email_address", length=MAX_ADDRESS)
    return address


def _upsert(db: Connection, player_id: str, **values: Any) -> None:
    found = select(notice_targets.c.player_id).where(notice_targets.c.player_id == player_id)
    if db.execute(found).first() is None:
        db.execute(insert(notice_targets).values(player_id=player_id, **values))
    else:
        db.execute(update(notice_targets).where(notice_targets.c.player_id == player_id).values(**values))


class Targets:
    """The routes' operations on a player's notice settings."""

    def __init__(self, hall: Hall, settings: NoticeSettings, mailer: Mailer) -> None:
        self.hall, self.settings, self.mailer = hall, settings, mailer

    def _row(self, player_id: str) -> dict[str, Any] | None:
        with self.hall.store.engine.connect() as db:
            row = db.execute(select(notice_targets).where(notice_targets.c.player_id == player_id)).first()
            return None if row is None else dict(row._mapping)

    async def shown(self, player: Player) -> dict[str, Any]:
        """What the player's own lobby shows (to them only: the key asks for it)."""
        row = await self.hall.read(self._row, player.id) or {}
        return {
            "mail": self.mailer.enabled,
            "email": row.get("email"),
            "confirmed": bool(row.get("confirmed")),
            "digest": bool(row.get("digest")),
            "webhook": row.get("webhook"),
            "lang": row.get("lang"),
        }

    async def set_email(self, player: Player, address: object, lang: str) -> dict[str, Any]:
        """Keep `address` unconfirmed and send it the confirmation link; nothing else is sent to it until
        the link is opened. No SMTP server, or a malformed address: refused, nothing stored."""
        if not self.mailer.enabled:
            raise ServerError(503, "mail_off")
        address = checked_address(address)
        code = new_code()
        values = {"email": address, "confirmed": 0, "confirm_hash": digest(code), "stop_code": None}
        await self.hall.persist(lambda db: _upsert(db, player.id, lang=lang, digest=0, **values))
        link = f"{self.settings.public_url}/notices?lang={lang}#confirm={code}"
        body = MESSAGES.text("notice.confirm_body", lang, {"link": link, "name": player.name})
        if not await self.mailer.send(Mail(address, MESSAGES.text("notice.confirm_subject", lang), body)):
            await self.remove_email(player)
            raise ServerError(502, "mail_failed")
        return await self.shown(player)

    async def remove_email(self, player: Player) -> None:
        values = {"email": None, "confirmed": 0, "confirm_hash": None, "stop_code": None, "digest": 0}
        await self.hall.persist(lambda db: _upsert(db, player.id, **values))

    async def set_digest(self, player: Player, on: bool) -> dict[str, Any]:
        row = await self.hall.read(self._row, player.id)
        if row is None or not row["email"] or not row["confirmed"]:
            raise ServerError(409, "email_unconfirmed")
        await self.hall.persist(lambda db: _upsert(db, player.id, digest=int(on)))
        return await self.shown(player)

    async def set_webhook(self, player: Player, url: object) -> dict[str, Any]:
        url = checked_url(url, self.settings.webhook_local)
        await self.hall.persist(lambda db: _upsert(db, player.id, webhook=url))
        return await self.shown(player)

    async def remove_webhook(self, player: Player) -> None:
        await self.hall.persist(lambda db: _upsert(db, player.id, webhook=None))

    async def confirm(self, code: object) -> None:
        """The confirmation link opened: the address is confirmed and gets its stop code."""
        self._checked_code(code)
        done: list[int] = []
        stop = new_code()

        def write(db: Connection) -> None:
            where = notice_targets.c.confirm_hash == digest(str(code))
            values = {"confirmed": 1, "confirm_hash": None, "stop_code": stop}
            done.append(db.execute(update(notice_targets).where(where).values(**values)).rowcount)

        await self.hall.persist(write)
        if done != [1]:
            raise ServerError(404, "notice_code")

    async def stop(self, code: object) -> None:
        """The stop link opened: no more e-mail to that address (it is forgotten)."""
        self._checked_code(code)
        done: list[int] = []

        def write(db: Connection) -> None:
            where = notice_targets.c.stop_code == str(code)
            values = {"email": None, "confirmed": 0, "stop_code": None, "digest": 0}
            done.append(db.execute(update(notice_targets).where(where).values(**values)).rowcount)

        await self.hall.persist(write)
        if done != [1]:
            raise ServerError(404, "notice_code")

    @staticmethod
    def _checked_code(code: object) -> None:
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
            raise ServerError(400, "notice_code_text", length=MAX_CODE)
