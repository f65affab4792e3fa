"""What a game's board module draws from (DESIGN §9): the game's public component data, its own drawing
module, its message catalog, and the sections of its rules reference. None of it is a position: the same
for every game of that kind and every person."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import check_lang, game_or_404
from ludoteca.server.rules_page import rule_sections

router = APIRouter()


@router.get("/api/rules/{game_id}/sections")
async def sections(game_id: str, lang: str = "es") -> dict[str, str]:
    """The rules reference's sections by anchor, each named by its heading in `lang`."""
    return rule_sections(game_or_404(game_id), check_lang(lang))


@router.get("/api/data/{game_id}")
async def component_data(game_id: str) -> dict[str, Any]:
    """The game's public component data (board graph, layout, cards — never a position) for its board
    module to draw from (`Game.component_data`)."""
    return dict(game_or_404(game_id).component_data())


@router.get("/boards/{game_id}.js")
async def board_script(game_id: str) -> Response:
    """The game's own board drawing module (`Game.board_script`)."""
    script = game_or_404(game_id).board_script()
    if script is None:
        raise ServerError(404, "no_board", game=game_id)
    return Response(script, media_type="text/javascript")


@router.get("/api/messages/{game_id}")
async def messages(game_id: str, lang: str = "es") -> dict[str, str]:
    """The game's message catalog in `lang` (labels of phases, cards, tracks) for its board module."""
    game, lang = game_or_404(game_id), check_lang(lang)
    return {key: game.catalog.text(key, lang) for key in sorted(game.catalog.keys(lang))}
