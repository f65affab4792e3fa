"""Players' keys (issue 58): get a key, see one's games on any device, rename, replace the key. The key
travels in the ``X-Ludoteca-Key`` header, never in a URL the server sees (`players.py`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import Key, client_of
from ludoteca.server.players import NAME_LENGTH
from ludoteca.server.services import Shared

router = APIRouter()


class NameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: StrictStr = Field(max_length=NAME_LENGTH * 2, description="the name shown at the table")


@router.post("/api/players", status_code=201)
async def new_player(request: Request, body: NameIn, shared: Shared) -> dict[str, str]:
    """A new key, given once: the server keeps only its digest. It counts as a game created."""
    if not shared.creations.allow(client_of(request)):
        raise ServerError(429, "too_many_games")
    key, player = await shared.hall.players.new(body.name)
    return {"key": key, "name": player.name}


@router.get("/api/players/me")
async def me(shared: Shared, key: Key = None) -> dict[str, Any]:
    """The key's name and games: where it is the player's turn first, then waiting, then finished."""
    players = shared.hall.players
    player = await players.who(key)
    return {"name": player.name, "games": await players.games(player)}


@router.patch("/api/players/me")
async def rename(body: NameIn, shared: Shared, key: Key = None) -> dict[str, str]:
    players = shared.hall.players
    player = await players.rename(await players.who(key), body.name)
    return {"name": player.name}


@router.post("/api/players/me/key")
async def replace_key(shared: Shared, key: Key = None) -> dict[str, str]:
    """A new key for the same player; the old one stops working at once."""
    players = shared.hall.players
    return {"key": await players.replace(await players.who(key))}
