"""Play over HTTP (DESIGN §9): a game's state as a seat (or a spectator) sees it, a move, an undo, and a
hint. Acting needs the seat's secret token, the seat must be the one to act, the move legal and made on the
position the seat last saw (`version`); the live page does the same over its WebSocket (`live`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import Key, Token, check_lang, client_of
from ludoteca.server.services import Shared

router = APIRouter()


class ActIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr = Field(max_length=64)
    action: StrictInt | StrictStr
    version: StrictStr = Field(max_length=32, description="the version of the position acted on")


class TokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr = Field(max_length=64)


@router.get("/api/games/{game_id}")
async def game_state(
    game_id: str, shared: Shared, token: Token = None, key: Key = None, lang: str = "es"
) -> dict[str, Any]:
    """The game as the token's seat sees it; with a player's key the seat is bound to that player."""
    table, roles = await shared.seat(game_id, token, key)
    return table.message(roles, check_lang(lang))


@router.post("/api/games/{game_id}/act")
async def act(game_id: str, body: ActIn, shared: Shared, lang: str = "es") -> dict[str, Any]:
    table, roles = await shared.seat(game_id, body.token)
    await table.act(roles, body.action, body.version)
    return table.message(roles, check_lang(lang))


@router.post("/api/games/{game_id}/undo")
async def undo(game_id: str, body: TokenIn, shared: Shared, lang: str = "es") -> dict[str, Any]:
    table, roles = await shared.seat(game_id, body.token)
    await table.undo(roles)
    return table.message(roles, check_lang(lang))


@router.get("/api/games/{game_id}/hint")
async def hint(
    request: Request, game_id: str, shared: Shared, token: Token = None, lang: str = "es"
) -> dict[str, Any]:
    """The search's suggestion for the token's seat, which must be the one to act: the move, a
    `sentence` in `lang` that says what to play and why, and the moves weighed with their visits and
    estimated chances of winning (`chance`, in percent). It counts against the client's message rate."""
    if not shared.messages.allow(client_of(request)):
        raise ServerError(429, "too_many_messages")
    table, roles = await shared.seat(game_id, token)
    if not roles:
        raise ServerError(403, "hint_spectator")
    return await table.hint(roles, check_lang(lang), client_of(request))
