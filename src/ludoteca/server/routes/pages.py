"""The pages a person opens: the lobby, a game's table, a replay, and a game's rules reference. The first
three are static HTML that fetch the rest from the JSON API; the rules are drawn here."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from ludoteca.server.inputs import check_lang, game_or_404
from ludoteca.server.rules_page import rules_html

STATIC = Path(__file__).parent.parent / "static"
router = APIRouter()


@router.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "lobby.html")


@router.get("/play/{game_id}", include_in_schema=False)
async def game_page(game_id: str) -> FileResponse:
    return FileResponse(STATIC / "game.html")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(game_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules(game_id: str, lang: str = "es") -> str:
    return rules_html(game_or_404(game_id), check_lang(lang))
