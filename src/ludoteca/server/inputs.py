"""What a client sends, checked before a route uses it: the language asked for, the game named, a seat's
token (a header on a GET, never the URL), JSON text, and who is asking. Each refusal is a `ServerError`
that names what was wrong and does not echo it (SECURITY.md)."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import Header, Request, WebSocket

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game, get_game
from ludoteca.core.i18n import LANGUAGES, check_language
from ludoteca.server.errors import ServerError

TOKEN_HEADER = "X-Ludoteca-Token"
"""Where a seat's secret token travels on a GET (never in a URL, which servers and proxies log)."""
Token = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=64)]
KEY_HEADER = "X-Ludoteca-Key"
"""Where a player's key travels (`players.py`): a header, never the URL."""
Key = Annotated[str | None, Header(alias=KEY_HEADER, max_length=64)]


def check_lang(lang: str) -> str:
    try:
        return check_language(lang)
    except LudotecaError as exc:
        raise ServerError.of(400, exc) from None


def page_lang(lang: str | None) -> str:
    """The language to refuse a request in: the page's, or English for a client that names none."""
    return lang if lang in LANGUAGES else "en"


def game_or_404(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except LudotecaError as exc:
        raise ServerError.of(404, exc) from None


def client_of(connection: Request | WebSocket) -> str:
    """Who a request comes from, for the rate limits: the peer's address."""
    return connection.client.host if connection.client else "?"


def parse_json(data: bytes | str, what: str) -> Any:
    """JSON from a client (`what`: "record" or "message"); malformed or too deeply nested input is a 400
    that does not echo it, and so is text with a lone surrogate (an escape such as ``\\ud800`` alone:
    no Unicode text, which no reply, log or database could carry; RFC 8259 §8.2)."""
    try:
        value = json.loads(data, parse_constant=_no_constant)
        json.dumps(value, ensure_ascii=False).encode()  # UnicodeEncodeError: a lone surrogate
    except (ValueError, RecursionError):
        raise ServerError(400, f"{what}_not_json") from None
    return value


def _no_constant(name: str) -> Any:
    """`NaN`, `Infinity` and `-Infinity` are not JSON (RFC 8259 §6): refused, never read as numbers."""
    raise ValueError(f"{name} is not JSON")
