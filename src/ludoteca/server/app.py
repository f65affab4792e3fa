"""The web platform's ASGI app (DESIGN §9): `create_app` builds the shared state (`Services`), includes
the routers of each concern (`routes`), and wraps them in what every answer shares: the body limits, the
security headers and the errors in the page's language.

The server never trusts the browser: acting needs a seat's secret token, the seat must be the one to
act and the action legal; each connection is sent only its own seat's view. What it promises, and the
limits it keeps, are in SECURITY.md.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ludoteca.server.errors import ServerError
from ludoteca.server.hall import Hall
from ludoteca.server.inputs import page_lang
from ludoteca.server.limits import BodyLimit, BodyTooLarge, RateLimit
from ludoteca.server.notice_settings import NoticeSettings
from ludoteca.server.routes import data, live, lobby, notices, pages, play, players, records
from ludoteca.server.routes.pages import STATIC
from ludoteca.server.services import DEFAULT_CREATIONS, DEFAULT_MESSAGES, DEFAULT_REPLAYS, Services
from ludoteca.server.thinkers import DEFAULT_WORKERS

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024
"""The largest request body but a record upload's (`MAX_RECORD`), in bytes: a game's creation is well
under 4 KiB."""
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
    notice_settings: NoticeSettings | None = None,
) -> FastAPI:
    """The app. `ai_ceiling` is the most an AI may think (an `ismcts` level), `ai_workers` how many
    processes think for the AI seats and hints (`thinkers.py`); `origins` the pages allowed
    to open a WebSocket besides the server's own; `creation_rate`, `message_rate` and `replay_rate` limit how
    fast one client creates games, sends WebSocket messages and steps through replays (defaults in
    `DEFAULT_CREATIONS`, `DEFAULT_MESSAGES`, `DEFAULT_REPLAYS`);
    `on_ready` is called once the games are loaded back and requests are served; `notice_settings`: where
    turn notices go (default: from the environment, `notice_settings.py`)."""
    services = Services(
        hall=Hall(
            db_url,
            ai_delay=ai_delay,
            ai_workers=ai_workers,
            ai_ceiling=ai_ceiling,
            notices=notice_settings or NoticeSettings.from_env(),
        ),
        creations=creation_rate or RateLimit(*DEFAULT_CREATIONS),
        messages=message_rate or RateLimit(*DEFAULT_MESSAGES),
        replays=replay_rate or RateLimit(*DEFAULT_REPLAYS),
        origins=origins,
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await services.hall.start()
        if on_ready is not None:
            on_ready()
        yield
        await services.hall.close()

    app = FastAPI(title="Ludoteca", lifespan=lifespan)
    app.state.services = services
    app.state.hall = services.hall  # for tools and tests that look into the live tables
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for concern in (pages, data, lobby, players, notices, records, play, live):
        app.include_router(concern.router)
    # inside the headers' middleware (added later, so outside it): a body over its limit is refused in the
    # route's own task, where FastAPI passes the refusal on as it is
    app.add_middleware(BodyLimit, default=MAX_BODY, larger={"/api/records": records.MAX_RECORD})
    app.middleware("http")(security_headers)
    app.exception_handler(ServerError)(server_error)
    app.exception_handler(BodyTooLarge)(too_large)
    app.exception_handler(RequestValidationError)(bad_request)
    return app


async def security_headers(request: Request, call_next: Any) -> Any:
    """Every answer carries the security headers, a failure of ours too (a 500 that names nothing)."""
    try:
        response = await call_next(request)
    except Exception:
        log.exception("%s %s failed", request.method, request.url.path)
        error = ServerError(500, "internal")
        response = JSONResponse({"error": error.text(page_lang(request.query_params.get("lang")))}, 500)
    response.headers.update(SECURITY_HEADERS)
    return response


async def server_error(request: Request, exc: ServerError) -> JSONResponse:
    """A refusal, in the page's language (`?lang=`), with its status."""
    return JSONResponse({"error": exc.text(page_lang(request.query_params.get("lang")))}, exc.status)


async def too_large(request: Request, exc: BodyTooLarge) -> JSONResponse:
    return await server_error(request, ServerError(413, "body_too_large", kib=exc.limit // 1024))


async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A request of the wrong shape: each field named with what is wrong (pydantic's words)."""
    problems = "; ".join(
        f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}" for e in exc.errors()
    )
    return await server_error(request, ServerError(400, "malformed", problems=problems))
