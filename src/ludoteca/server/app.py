"""The web platform's ASGI app: pages, the JSON API, and the WebSocket of each game (DESIGN §9).

The server never trusts the browser: acting needs a seat's secret token, the seat must be the one to
act and the action legal; each connection is sent only its own seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ludoteca.ai.agents import agent_kinds
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, all_games, get_game
from ludoteca.core.i18n import LANGUAGES
from ludoteca.server.hall import Hall
from ludoteca.server.rules_page import rules_html
from ludoteca.server.table import ServerError, Table, Watcher, encode

STATIC = Path(__file__).parent / "static"


class SeatIn(BaseModel):
    kind: str = Field(description="me, human (invitation link) or ai")
    spec: str | None = None


class CreateIn(BaseModel):
    game: str
    options: dict[str, str] = {}
    seats: list[SeatIn]
    seed: int | None = None


class ActIn(BaseModel):
    token: str
    action: int | str
    move: int | None = None


class TokenIn(BaseModel):
    token: str


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ServerError(400, f"unknown language {lang!r}; use one of: {', '.join(LANGUAGES)}")
    return lang


def game_or_404(game_id: str) -> Any:
    try:
        return get_game(game_id)
    except LudotecaError as exc:
        raise ServerError(404, str(exc)) from None


def board_module(game: Game) -> str:
    """The URL of a game's board drawing module: its own if it has one, else the generic listing."""
    return f"/boards/{game.id}.js" if game.board_script() is not None else "/static/boards/generic.js"


def role_name(game: Game, role: int, lang: str) -> str:
    key = f"role.{game.roles[role]}"
    return game.catalog.text(key, lang) if game.catalog.has(key) else game.roles[role]


def catalog(lang: str) -> list[dict[str, Any]]:
    return [
        {
            "id": g.id,
            "title": g.title,
            "roles": list(g.roles),
            "role_names": [role_name(g, r, lang) for r in range(len(g.roles))],
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices),
                    "help": g.catalog.text(o.help_key, lang),
                }
                for o in g.options
            ],
            "agents": sorted(agent_kinds(g)),
            "board": board_module(g),
        }
        for g in all_games()
    ]


def create_app(db_url: str = "sqlite:///ludoteca.db", ai_delay: float = 0.3) -> FastAPI:
    hall = Hall(db_url, ai_delay=ai_delay)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hall.start()
        yield
        await hall.close()

    app = FastAPI(title="Ludoteca", lifespan=lifespan)
    app.state.hall = hall
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}" for e in exc.errors()
        )
        return JSONResponse({"error": f"malformed request: {problems}"}, status_code=400)

    # ------------------------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(game_id: str, lang: str = "es") -> str:
        return rules_html(game_or_404(game_id), check_lang(lang))

    # ------------------------------------------------------------------------------------ API
    @app.get("/api/catalog")
    async def games_catalog(lang: str = "es") -> list[dict[str, Any]]:
        return catalog(check_lang(lang))

    @app.get("/api/seats/{game_id}")
    async def seats_in_play(request: Request, game_id: str, lang: str = "es") -> list[dict[str, str]]:
        """The seats a game has with the options given as query parameters (`?players=3`)."""
        game = game_or_404(game_id)
        given = {k: v for k, v in request.query_params.items() if k != "lang"}
        try:
            options = game.parse_options(given)
        except LudotecaError as exc:
            raise ServerError(400, str(exc)) from None
        return [
            {"role": game.roles[r], "name": role_name(game, r, check_lang(lang))}
            for r in game.roles_in_play(options)
        ]

    @app.get("/api/data/{game_id}")
    async def component_data(game_id: str) -> dict[str, Any]:
        """The game's public component data (board graph, layout, cards — never a position) for its board
        module to draw from (`Game.component_data`)."""
        return dict(game_or_404(game_id).component_data())

    @app.get("/boards/{game_id}.js")
    async def board_script(game_id: str) -> Response:
        """The game's own board drawing module (`Game.board_script`)."""
        script = game_or_404(game_id).board_script()
        if script is None:
            raise ServerError(404, f"{game_id} has no board drawing of its own")
        return Response(script, media_type="text/javascript")

    @app.get("/api/messages/{game_id}")
    async def messages(game_id: str, lang: str = "es") -> dict[str, str]:
        """The game's message catalog in `lang` (labels of phases, cards, tracks) for its board module."""
        game = game_or_404(game_id)
        return {key: game.catalog.text(key, check_lang(lang)) for key in sorted(game.catalog.keys(lang))}

    @app.get("/api/games")
    async def games() -> dict[str, list[dict[str, Any]]]:
        return await hall.listing()

    @app.post("/api/games", status_code=201)
    async def create(body: CreateIn) -> dict[str, Any]:
        return await hall.create(body.game, body.options, [s.model_dump() for s in body.seats], body.seed)

    @app.post("/api/records", status_code=201)
    async def upload(request: Request) -> dict[str, Any]:
        try:
            record = await request.json()
        except ValueError:
            raise ServerError(400, "the record is not JSON") from None
        return {"id": await hall.upload(record)}

    async def seat(game_id: str, token: str | None) -> tuple[Table, tuple[int, ...]]:
        table = await hall.table(game_id)
        if table.status == "record" and token:
            raise ServerError(403, "an uploaded record has no seats")
        roles = table.roles_of(token)
        if token:
            await table.claim(token)
        return table, roles

    @app.get("/api/games/{game_id}")
    async def game_state(game_id: str, token: str | None = None, lang: str = "es") -> dict[str, Any]:
        table, roles = await seat(game_id, token)
        return table.message(roles, check_lang(lang))

    @app.post("/api/games/{game_id}/act")
    async def act(game_id: str, body: ActIn, lang: str = "es") -> dict[str, Any]:
        table, roles = await seat(game_id, body.token)
        await table.act(roles, body.action, body.move)
        return table.message(roles, check_lang(lang))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: TokenIn, lang: str = "es") -> dict[str, Any]:
        table, roles = await seat(game_id, body.token)
        await table.undo(roles)
        return table.message(roles, check_lang(lang))

    @app.get("/api/games/{game_id}/hint")
    async def hint(game_id: str, token: str | None = None, lang: str = "es") -> dict[str, Any]:
        """The search's suggestion for the token's seat, which must be the one to act."""
        table, roles = await seat(game_id, token)
        if not roles:
            raise ServerError(403, "a spectator has no move to be suggested: give a seat's token")
        return await table.hint(roles, check_lang(lang))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: str | None = None) -> JSONResponse:
        table, roles = await seat(game_id, token)
        if not table.record_allowed(roles):
            raise ServerError(
                403, "the record holds everything, hidden cards included: it is given once the game is over"
            )
        headers = {"Content-Disposition": f'attachment; filename="{table.game.id}-{game_id}.record.json"'}
        return JSONResponse(table.match.record(), headers=headers)

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, step: int, token: str | None = None, lang: str = "es") -> dict[str, Any]:
        """The position after `step` moves, as the token's seat (or a spectator) saw it."""
        table, roles = await seat(game_id, token)
        check_lang(lang)
        count = len(table.match.history)
        if not 0 <= step <= count:
            raise ServerError(400, f"step must be between 0 and {count}")
        actions = [s.action for s in table.match.history[:step]]
        state = await asyncio.get_running_loop().run_in_executor(None, table.state_after, actions)
        role = roles[0] if roles else None
        return {
            "id": game_id,
            "game": table.game.id,
            "count": count,
            "step": step,
            "view": state.view(role, lang),
            "moves": table.moves(role),
        }

    # ------------------------------------------------------------------------------------ live
    @app.websocket("/ws/{game_id}")
    async def live(socket: WebSocket, game_id: str, token: str | None = None, lang: str = "es") -> None:
        await socket.accept()
        try:
            table, roles = await seat(game_id, token)
            watcher = Watcher(roles, check_lang(lang))
        except ServerError as exc:
            await socket.send_json({"type": "error", "status": exc.status, "message": exc.message})
            await socket.close(code=4000 + exc.status)
            return
        table.watch(watcher)
        sender = asyncio.create_task(pump(socket, watcher))
        try:
            while True:
                text = await socket.receive_text()
                try:
                    message = json.loads(text)
                except ValueError:
                    message = None
                await handle(table, watcher, message)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.watchers.discard(watcher)
            sender.cancel()

    return app


async def pump(socket: WebSocket, watcher: Watcher) -> None:
    """Send a watcher's queued messages in order."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await socket.send_text(await watcher.queue.get())


async def handle(table: Table, watcher: Watcher, message: Any) -> None:
    """One message from a browser: ``{"type": "act", "action": id|notation, "move": n}``,
    ``{"type": "undo"}`` or ``{"type": "hint"}``. A refusal, and a hint, are answered to that connection
    only."""
    try:
        if not isinstance(message, dict) or message.get("type") not in ("act", "undo", "hint"):
            raise ServerError(
                400,
                'a message must be {"type": "act", "action": ..., "move": n}, {"type": "undo"} '
                'or {"type": "hint"}',
            )
        if not watcher.roles:
            raise ServerError(403, "a spectator cannot act")
        if message["type"] == "hint":
            watcher.queue.put_nowait(encode(await table.hint(watcher.roles, watcher.lang)))
        elif message["type"] == "undo":
            await table.undo(watcher.roles)
        else:
            move = message.get("move")
            if move is not None and not isinstance(move, int):
                raise ServerError(400, "'move' must be an integer")
            await table.act(watcher.roles, message.get("action"), move)
    except ServerError as exc:
        watcher.queue.put_nowait(encode({"type": "error", "status": exc.status, "message": exc.message}))
