"""The web platform's ASGI app: pages, the JSON API, and the WebSocket of each game (DESIGN §9).

The server never trusts the browser: acting needs a seat's secret token, the seat must be the one to
act and the action legal; each connection is sent only its own seat's view. What it promises, and the
limits it keeps, are in SECURITY.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, StringConstraints

from ludoteca.ai.agents import agent_kinds
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, all_games, get_game
from ludoteca.core.i18n import LANGUAGES, check_language
from ludoteca.server.errors import ServerError
from ludoteca.server.hall import Hall
from ludoteca.server.limits import BodyLimit, BodyTooLarge, RateLimit
from ludoteca.server.rules_page import rule_sections, rules_html
from ludoteca.server.table import Table
from ludoteca.server.thinkers import DEFAULT_WORKERS
from ludoteca.server.watchers import Watcher, encode, role_label

STATIC = Path(__file__).parent / "static"
log = logging.getLogger(__name__)


TOKEN_HEADER = "X-Ludoteca-Token"
"""Where a seat's secret token travels on a GET (never in a URL, which servers and proxies log)."""
MAX_MESSAGE = 16_384
"""The largest WebSocket message read, in bytes: a larger one is refused before it is parsed."""
MAX_RECORD = 8 * 1024 * 1024
"""The largest record upload, in bytes."""
MAX_BODY = 64 * 1024
"""The largest request body but a record upload's, in bytes: a game's creation is well under 4 KiB."""
SEED_LIMIT = 2**31
MAX_REPLAY_STEP = 10**9
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=64)]
OptionText = Annotated[StrictStr, StringConstraints(max_length=64)]
"""An option's name or value: the longest of every game's is under 30 characters."""


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


class ActIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr = Field(max_length=64)
    action: StrictInt | StrictStr
    version: StrictStr = Field(max_length=32, description="the version of the position acted on")


class TokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: StrictStr = Field(max_length=64)


def check_lang(lang: str) -> str:
    try:
        return check_language(lang)
    except LudotecaError as exc:
        raise ServerError.of(400, exc) from None


def page_lang(lang: str | None) -> str:
    """The language to refuse a request in: the page's, or English for a client that names none."""
    return lang if lang in LANGUAGES else "en"


def game_or_404(game_id: str) -> Any:
    try:
        return get_game(game_id)
    except LudotecaError as exc:
        raise ServerError.of(404, exc) from None


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
            "board": board_module(g),
        }
        for g in all_games()
    ]


def create_app(
    db_url: str = "sqlite:///ludoteca.db",
    ai_delay: float = 0.3,
    ai_ceiling: str = "hard",
    ai_workers: int = DEFAULT_WORKERS,
    origins: tuple[str, ...] = (),
    creation_rate: RateLimit | None = None,
    message_rate: RateLimit | None = None,
    replay_rate: RateLimit | None = None,
    on_ready: Callable[[], None] | None = None,
) -> FastAPI:
    """The app. `ai_ceiling` is the most an AI may think (an `ismcts` level), `ai_workers` how many
    processes think for the AI seats and hints (`thinkers.py`); `origins` the pages allowed
    to open a WebSocket besides the server's own; `creation_rate`, `message_rate` and `replay_rate` limit how
    fast one client creates games, sends WebSocket messages and steps through replays (defaults in
    `DEFAULT_CREATIONS`, `DEFAULT_MESSAGES`, `DEFAULT_REPLAYS`);
    `on_ready` is called once the games are loaded back and requests are served."""
    hall = Hall(db_url, ai_delay=ai_delay, ai_workers=ai_workers, ai_ceiling=ai_ceiling)
    creations = creation_rate or RateLimit(*DEFAULT_CREATIONS)
    message_limit = message_rate or RateLimit(*DEFAULT_MESSAGES)
    replay_limit = replay_rate or RateLimit(*DEFAULT_REPLAYS)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hall.start()
        if on_ready is not None:
            on_ready()
        yield
        await hall.close()

    app = FastAPI(title="Ludoteca", lifespan=lifespan)
    app.state.hall = hall
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # inside the headers' middleware (added later, so outside it): a body over its limit is refused in the
    # route's own task, where FastAPI passes the refusal on as it is
    app.add_middleware(BodyLimit, default=MAX_BODY, larger={"/api/records": MAX_RECORD})

    @app.middleware("http")
    async def _security_headers(request: Request, call_next: Any) -> Any:
        """Every answer carries the security headers, a failure of ours too (a 500 that names nothing)."""
        try:
            response = await call_next(request)
        except Exception:
            log.exception("%s %s failed", request.method, request.url.path)
            error = ServerError(500, "internal")
            response = JSONResponse({"error": error.text(page_lang(request.query_params.get("lang")))}, 500)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.text(page_lang(request.query_params.get("lang")))}, exc.status)

    @app.exception_handler(BodyTooLarge)
    async def _too_large(request: Request, exc: BodyTooLarge) -> JSONResponse:
        return await _server_error(request, ServerError(413, "body_too_large", kib=exc.limit // 1024))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A request of the wrong shape: each field named with what is wrong (pydantic's words)."""
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}" for e in exc.errors()
        )
        return await _server_error(request, ServerError(400, "malformed", problems=problems))

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
    @app.get("/api/rules/{game_id}/sections")
    async def sections(game_id: str, lang: str = "es") -> dict[str, str]:
        """The rules reference's sections by anchor, each named by its heading in `lang`."""
        return rule_sections(game_or_404(game_id), check_lang(lang))

    @app.get("/api/catalog")
    async def games_catalog(lang: str = "es") -> list[dict[str, Any]]:
        return catalog(check_lang(lang))

    @app.get("/api/seats/{game_id}")
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
        return [
            {"role": game.roles[r], "name": role_label(game, r, check_lang(lang))}
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
            raise ServerError(404, "no_board", game=game_id)
        return Response(script, media_type="text/javascript")

    @app.get("/api/messages/{game_id}")
    async def messages(game_id: str, lang: str = "es") -> dict[str, str]:
        """The game's message catalog in `lang` (labels of phases, cards, tracks) for its board module."""
        game, lang = game_or_404(game_id), check_lang(lang)
        return {key: game.catalog.text(key, lang) for key in sorted(game.catalog.keys(lang))}

    @app.get("/api/games")
    async def games() -> dict[str, list[dict[str, Any]]]:
        return await hall.listing()

    @app.post("/api/games", status_code=201)
    async def create(request: Request, body: CreateIn) -> dict[str, Any]:
        if not creations.allow(client_of(request)):
            raise ServerError(429, "too_many_games")
        seats = [s.model_dump() for s in body.seats]
        return await hall.create(body.game, body.options, seats, body.seed, body.chance, client_of(request))

    @app.post("/api/records", status_code=201)
    async def upload(request: Request) -> dict[str, Any]:
        if not creations.allow(client_of(request)):
            raise ServerError(429, "too_many_uploads")
        body = await request.body()  # at most MAX_RECORD bytes (`BodyLimit`)
        return {"id": await hall.upload(parse_json(body, "record"), client_of(request))}

    def client_of(connection: Request | WebSocket) -> str:
        return connection.client.host if connection.client else "?"

    async def seat(game_id: str, token: str | None) -> tuple[Table, tuple[int, ...]]:
        table = await hall.table(game_id)
        if table.status == "record" and token:
            raise ServerError(403, "record_no_seats")
        roles = table.roles_of(token)
        if token:
            await table.claim(token)
        return table, roles

    @app.get("/api/games/{game_id}")
    async def game_state(game_id: str, token: Token = None, lang: str = "es") -> dict[str, Any]:
        table, roles = await seat(game_id, token)
        return table.message(roles, check_lang(lang))

    @app.post("/api/games/{game_id}/act")
    async def act(game_id: str, body: ActIn, lang: str = "es") -> dict[str, Any]:
        table, roles = await seat(game_id, body.token)
        await table.act(roles, body.action, body.version)
        return table.message(roles, check_lang(lang))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: TokenIn, lang: str = "es") -> dict[str, Any]:
        table, roles = await seat(game_id, body.token)
        await table.undo(roles)
        return table.message(roles, check_lang(lang))

    @app.get("/api/games/{game_id}/hint")
    async def hint(request: Request, game_id: str, token: Token = None, lang: str = "es") -> dict[str, Any]:
        """The search's suggestion for the token's seat, which must be the one to act: the move, a
        `sentence` in `lang` that says what to play and why, and the moves weighed with their visits and
        estimated chances of winning (`chance`, in percent)."""
        if not message_limit.allow(client_of(request)):
            raise ServerError(429, "too_many_messages")
        table, roles = await seat(game_id, token)
        if not roles:
            raise ServerError(403, "hint_spectator")
        return await table.hint(roles, check_lang(lang), client_of(request))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: Token = None, lang: str = "es") -> JSONResponse:
        """The record (to whoever may have it: `Table.record_allowed`); a refusal in `lang`."""
        check_lang(lang)
        table, roles = await seat(game_id, token)
        if not table.record_allowed(roles):
            raise ServerError(403, "record_later")
        headers = {"Content-Disposition": f'attachment; filename="{table.game.id}-{game_id}.record.json"'}
        record = table.match.record()
        if table.match.state.is_terminal() and table.row.secret:
            record["chance_secret"] = table.row.secret  # revealed once the game is over (SECURITY.md)
        return JSONResponse(record, headers=headers)

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        request: Request,
        game_id: str,
        step: Annotated[int, Query(ge=0, le=MAX_REPLAY_STEP)],
        token: Token = None,
        lang: str = "es",
        moves: bool = True,
    ) -> dict[str, Any]:
        """The position after `step` moves, as the token's seat (or a spectator) saw it, and the move list
        (unless `moves` is false: a viewer stepping through has it already). Each client may step
        `DEFAULT_REPLAYS` times a second; a step replays at most `Table.SNAPSHOT_EVERY` moves."""
        if not replay_limit.allow(client_of(request)):
            raise ServerError(429, "too_many_messages")
        table, roles = await seat(game_id, token)
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

    # ------------------------------------------------------------------------------------ live
    @app.websocket("/ws/{game_id}")
    async def live(socket: WebSocket, game_id: str, lang: str = "es") -> None:
        """A live game. The page opens it and sends ``{"type": "join", "token": ...}`` first (no token: a
        spectator); the token never travels in the URL. Pages of another origin are refused."""
        if not same_origin(socket, origins):
            await socket.close(code=4403)
            return
        await socket.accept()
        try:
            join = await asyncio.wait_for(receive(socket), JOIN_SECONDS)
            if not isinstance(join, dict) or join.get("type") != "join":
                raise ServerError(400, "join_first")
            token = join.get("token")
            if token is not None and not isinstance(token, str):
                raise ServerError(400, "token_text")
            table, roles = await seat(game_id, token)
            watcher = Watcher(roles, check_lang(lang))
        except (ServerError, TimeoutError) as exc:
            error = exc if isinstance(exc, ServerError) else ServerError(408, "no_join")
            await socket.send_json(error.sent(page_lang(lang)))
            await socket.close(code=4000 + error.status)
            return
        except WebSocketDisconnect:
            return
        table.watch(watcher)
        sender = asyncio.create_task(pump(socket, watcher))
        client = client_of(socket)
        refused = 0  # messages refused in a row for their rate
        try:
            while not watcher.dropped:
                try:
                    message = await receive(socket)
                    if not message_limit.allow(client):
                        refused += 1
                        raise ServerError(429, "too_many_messages")
                    refused = 0
                except ServerError as exc:
                    watcher.tell_error(exc)
                    if refused > FLOOD:  # answered, then closed with a code and a reason
                        watcher.close(CLOSE_FLOOD, ServerError(429, "flood").text(watcher.lang))
                        break
                    continue
                await handle(table, watcher, message)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.watchers.discard(watcher)
            if watcher.dropped:  # the queued messages, then the close frame with its code and reason
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(sender, CLOSE_SECONDS)
            sender.cancel()

    return app


FLOOD = 100
"""Messages refused for their rate in a row after which a WebSocket is closed (`CLOSE_FLOOD`)."""
CLOSE_FLOOD = 1008
"""The close code of a WebSocket that kept sending too fast: policy violation (RFC 6455 §7.4.1)."""
CLOSE_SECONDS = 5.0
"""How long a closing connection is given to take the messages queued for it and the close frame."""
JOIN_SECONDS = 10.0
"""How long a new WebSocket may wait before it says who it is."""
DEFAULT_CREATIONS = (1 / 6, 10)
"""Games created (or records uploaded) per client: 10 at once, then one every 6 seconds."""
DEFAULT_MESSAGES = (50.0, 100)
"""WebSocket messages per client: 100 at once, then 50 a second (no person plays faster)."""
DEFAULT_REPLAYS = (10.0, 40)
"""Replay steps per client: 40 at once, then 10 a second (a person holding the arrow key)."""
SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
}
"""Sent with every answer: no page of ours leaks its URL to another site, runs another site's script, or is
framed by one (SECURITY.md)."""


def parse_json(data: bytes | str, what: str) -> Any:
    """JSON from a client (`what`: "record" or "message"); malformed or too deeply nested input is a 400
    that does not echo it."""
    try:
        return json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ServerError(400, f"{what}_not_json") from None


def _no_constant(name: str) -> Any:
    """`NaN`, `Infinity` and `-Infinity` are not JSON (RFC 8259 §6): refused, never read as numbers."""
    raise ValueError(f"{name} is not JSON")


async def receive(socket: WebSocket) -> Any:
    """The next message of a WebSocket, parsed: a text frame of at most `MAX_MESSAGE` bytes holding JSON.
    Anything else is refused with a `ServerError` (the connection stays open)."""
    frame = await socket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        raise ServerError(400, "binary")
    if len(text.encode()) > MAX_MESSAGE:
        raise ServerError(413, "message_too_large", limit=MAX_MESSAGE)
    return parse_json(text, "message")


def same_origin(socket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket comes from one of our pages: no `Origin` (not a browser), the server's own
    origin, or one the operator allowed (`ludoteca serve --origin`)."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True
    host = socket.headers.get("host", "")
    return origin in allowed or origin in (f"http://{host}", f"https://{host}")


async def pump(socket: WebSocket, watcher: Watcher) -> None:
    """Send a watcher's queued messages in order; then, once the watcher is closed (too slow to keep up,
    or sending too fast), the close frame with its code and reason."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (text := await watcher.queue.get()) is not None:
            await socket.send_text(text)
        await socket.close(code=watcher.close_code, reason=watcher.close_reason)


async def handle(table: Table, watcher: Watcher, message: Any) -> None:
    """One message from a browser: ``{"type": "act", "action": id|notation, "version": v}``,
    ``{"type": "undo"}`` or ``{"type": "hint"}``. A refusal, and a hint, are answered to that connection
    only, and never repeat what was sent."""
    try:
        if not isinstance(message, dict) or message.get("type") not in ("act", "undo", "hint"):
            raise ServerError(400, "bad_message")
        if not watcher.roles:
            raise ServerError(403, "spectator_acts")
        if message["type"] == "hint":
            watcher.send(encode(await table.hint(watcher.roles, watcher.lang)))
        elif message["type"] == "undo":
            await table.undo(watcher.roles)
        else:
            version = message.get("version")
            if version is not None and not isinstance(version, str):
                raise ServerError(400, "version_text")
            await table.act(watcher.roles, message.get("action"), version)
    except ServerError as exc:
        watcher.tell_error(exc)
