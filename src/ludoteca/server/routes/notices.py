"""Turn notices (issue 58): a player's e-mail address and webhook, on their key (the ``X-Ludoteca-Key``
header), and the confirmation and stop links' page, whose code travels after ``#`` and is posted here
(`notices.py`, `notice_targets.py`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import Key, check_lang, client_of
from ludoteca.server.notice_targets import MAX_ADDRESS, MAX_CODE
from ludoteca.server.routes.pages import STATIC
from ludoteca.server.services import Shared
from ludoteca.server.webhooks import MAX_URL

router = APIRouter()


class EmailIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    email: StrictStr = Field(max_length=MAX_ADDRESS * 2, description="the address turn notices go to")
    lang: StrictStr = Field("es", max_length=8, description="the language of the e-mails: es or en")


class DigestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    digest: StrictBool


class WebhookIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: StrictStr = Field(max_length=MAX_URL * 2, description="an https URL posted to when it is your turn")


class CodeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: StrictStr = Field(max_length=MAX_CODE * 2)


@router.get("/notices", include_in_schema=False)
async def notices_page() -> FileResponse:
    """The page the confirmation and stop links open: it posts the code after ``#``."""
    return FileResponse(STATIC / "notices.html")


@router.get("/api/players/me/notices")
async def shown(shared: Shared, key: Key = None) -> dict[str, Any]:
    """The key's notice settings, and whether this server sends e-mail at all (`mail`)."""
    hall = shared.hall
    return await hall.notices.targets.shown(await hall.players.who(key))


@router.put("/api/players/me/email")
async def set_email(request: Request, body: EmailIn, shared: Shared, key: Key = None) -> dict[str, Any]:
    """Give an address: it is sent a confirmation link, and nothing else until that is opened. Each
    confirmation e-mail counts as a game created (the same rate limit per client)."""
    hall = shared.hall
    player = await hall.players.who(key)
    lang = check_lang(body.lang)
    if not shared.creations.allow(client_of(request)):
        raise ServerError(429, "too_many_games")
    return await hall.notices.targets.set_email(player, body.email, lang)


@router.delete("/api/players/me/email", status_code=204)
async def remove_email(shared: Shared, key: Key = None) -> None:
    hall = shared.hall
    await hall.notices.targets.remove_email(await hall.players.who(key))


@router.patch("/api/players/me/notices")
async def set_digest(body: DigestIn, shared: Shared, key: Key = None) -> dict[str, Any]:
    """One e-mail a day listing the games waiting for the player, instead of one per turn."""
    hall = shared.hall
    return await hall.notices.targets.set_digest(await hall.players.who(key), body.digest)


@router.put("/api/players/me/webhook")
async def set_webhook(body: WebhookIn, shared: Shared, key: Key = None) -> dict[str, Any]:
    hall = shared.hall
    return await hall.notices.targets.set_webhook(await hall.players.who(key), body.url)


@router.delete("/api/players/me/webhook", status_code=204)
async def remove_webhook(shared: Shared, key: Key = None) -> None:
    hall = shared.hall
    await hall.notices.targets.remove_webhook(await hall.players.who(key))


@router.post("/api/notices/confirm", status_code=204)
async def confirm(body: CodeIn, shared: Shared) -> None:
    """The confirmation link's code: the address is confirmed."""
    await shared.hall.notices.targets.confirm(body.code)


@router.post("/api/notices/stop", status_code=204)
async def stop(body: CodeIn, shared: Shared) -> None:
    """The stop link's code: no more e-mail to that address."""
    await shared.hall.notices.targets.stop(body.code)
