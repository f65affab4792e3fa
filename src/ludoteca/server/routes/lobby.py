"""The lobby (DESIGN §9): the games that can be played with their options, seats and AI kinds, the games
being played, and a new game's creation, which each client may do `DEFAULT_CREATIONS` times a while."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, StringConstraints

from ludoteca.ai.agents import agent_kinds
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, all_games
from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import check_lang, client_of, game_or_404
from ludoteca.server.services import Shared
from ludoteca.server.watchers import role_label

SEED_LIMIT = 2**31
OptionText = Annotated[StrictStr, StringConstraints(max_length=64)]
"""An option's name or value: the longest of every game's is under 30 characters."""
router = APIRouter()


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: StrictStr = Field(description="me, human (invitation link) or ai", max_length=8)
    spec: StrictStr | None = Field(default=None, max_length=128)


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(max_length=64)
    options: dict[OptionText, OptionText] = Field(default={}, max_length=32)
    seats: list[SeatIn] = Field(max_length=16)
    seed: StrictInt | None = Field(default=None, ge=0, lt=SEED_LIMIT)
    chance: Literal["sample", "table"] = Field(
        default="sample", description="table: the physical dice and cards"
    )


def board_module(game: Game) -> str:
    """The URL of a game's board drawing module: its own if it has one, else the generic listing."""
    return f"/boards/{game.id}.js" if game.board_script() is not None else "/static/boards/generic.js"


def choice_label(game: Game, option: str, value: str, lang: str) -> str:
    """An option value as a person reads it (the catalog's ``choice.<option>.<value>``), else the value."""
    key = f"choice.{option}.{value}"
    return game.catalog.text(key, lang) if game.catalog.has(key) else value


def catalog(lang: str) -> list[dict[str, Any]]:
    return [
        {
            "id": g.id,
            "title": g.title,
            "roles": list(g.roles),
            "role_names": [role_label(g, r, lang) for r in range(len(g.roles))],
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices),
                    "labels": [choice_label(g, o.name, c, lang) for c in o.choices],
                    "help": g.catalog.text(o.help_key, lang),
                    "reading": o.reading,
                    "when": o.when,
                }
                for o in g.options
            ],
            "agents": sorted(agent_kinds(g)),
            "planner": g.planner is not None,
            "board": board_module(g),
        }
        for g in all_games()
    ]


@router.get("/api/catalog")
async def games_catalog(lang: str = "es") -> list[dict[str, Any]]:
    return catalog(check_lang(lang))


@router.get("/api/seats/{game_id}")
async def seats_in_play(request: Request, game_id: str, lang: str = "es") -> list[dict[str, str]]:
    """The seats a game has with the options given as query parameters (`?players=3`)."""
    game = game_or_404(game_id)
    given = {k: v for k, v in request.query_params.items() if k != "lang"}
    if len(given) > 32 or any(len(k) > 64 or len(v) > 64 for k, v in given.items()):
        raise ServerError(400, "options_long", count=32, length=64)
    try:
        options = game.parse_options(given)
    except LudotecaError as exc:
        raise ServerError.of(400, exc) from None
    lang = check_lang(lang)
    return [{"role": game.roles[r], "name": role_label(game, r, lang)} for r in game.roles_in_play(options)]


@router.get("/api/games")
async def games(shared: Shared) -> dict[str, list[dict[str, Any]]]:
    return await shared.hall.listing()


@router.post("/api/games", status_code=201)
async def create(request: Request, body: CreateIn, shared: Shared) -> dict[str, Any]:
    if not shared.creations.allow(client_of(request)):
        raise ServerError(429, "too_many_games")
    seats, client = [s.model_dump() for s in body.seats], client_of(request)
    return await shared.hall.create(body.game, body.options, seats, body.seed, body.chance, client)
