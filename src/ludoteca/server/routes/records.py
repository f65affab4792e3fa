"""Records and replays (DESIGN §9): a game's record downloaded (by whoever may have it), a record uploaded
to be replayed, and the position after any number of moves as a seat or a spectator saw it."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import Token, check_lang, client_of, parse_json
from ludoteca.server.services import Shared

MAX_RECORD = 8 * 1024 * 1024
"""The largest record upload, in bytes (`BodyLimit`, in `create_app`)."""
MAX_REPLAY_STEP = 10**9
router = APIRouter()


@router.post("/api/records", status_code=201)
async def upload(request: Request, shared: Shared) -> dict[str, Any]:
    if not shared.creations.allow(client_of(request)):
        raise ServerError(429, "too_many_uploads")
    body = await request.body()  # at most MAX_RECORD bytes (`BodyLimit`)
    return {"id": await shared.hall.upload(parse_json(body, "record"), client_of(request))}


@router.get("/api/games/{game_id}/record")
async def record(
    game_id: str, shared: Shared, token: Token = None, lang: str = "es", chat: bool = False
) -> JSONResponse:
    """The record (to whoever may have it: `Table.record_allowed`); a refusal in `lang`. With `chat`, the
    table talk too, for whoever may read it (`chat.py`), as the record's ``chat`` list."""
    check_lang(lang)
    table, roles = await shared.seat(game_id, token)
    if not table.record_allowed(roles):
        raise ServerError(403, "record_later")
    headers = {"Content-Disposition": f'attachment; filename="{table.game.id}-{game_id}.record.json"'}
    record = table.match.record()
    if table.over() and table.row.secret:
        record["chance_secret"] = table.row.secret  # revealed once the game is over (SECURITY.md)
    if chat:
        await table.chat.load()
        if not table.chat.may_read(roles):
            raise ServerError(403, "chat_spectator")
        record["chat"] = table.chat.record(roles)
    return JSONResponse(record, headers=headers)


@router.get("/api/games/{game_id}/chat")
async def chat(game_id: str, shared: Shared, token: Token = None, lang: str = "es") -> dict[str, Any]:
    """The table talk as the token's seat hears it (a spectator: where the chat is open to them)."""
    lang = check_lang(lang)
    table, roles = await shared.seat(game_id, token)
    await table.chat.load()
    if not table.chat.may_read(roles):
        raise ServerError(403, "chat_spectator")
    return table.chat.message(roles, lang, table.chat.lines)


@router.get("/api/games/{game_id}/replay")
async def replay(
    request: Request,
    game_id: str,
    step: Annotated[int, Query(ge=0, le=MAX_REPLAY_STEP)],
    shared: Shared,
    token: Token = None,
    lang: str = "es",
    moves: bool = True,
) -> dict[str, Any]:
    """The position after `step` moves, as the token's seat (or a spectator) saw it, and the move list
    (unless `moves` is false: a viewer stepping through has it already). Each client may step
    `DEFAULT_REPLAYS` times a second; a step replays at most `table.SNAPSHOT_EVERY` moves."""
    if not shared.replays.allow(client_of(request)):
        raise ServerError(429, "too_many_messages")
    table, roles = await shared.seat(game_id, token)
    lang = check_lang(lang)
    count = len(table.match.history)
    if not 0 <= step <= count:
        raise ServerError(400, "step_range", count=count)
    role = roles[0] if roles else None
    steps = table.match.history[:step]
    view = await asyncio.get_running_loop().run_in_executor(None, table.view_after, steps, role, lang)
    return {
        "id": game_id,
        "game": table.game.id,
        "count": count,
        "step": step,
        "record_available": table.record_allowed(roles),
        "view": view,
        "moves": table.moves(role, 0, lang) if moves else None,
    }
