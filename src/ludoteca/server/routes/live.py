"""Live play (DESIGN §9): the WebSocket of each game. The page joins as a seat (its token in the first
message, never the URL) or a spectator, is sent its own seat's view after every move, and acts, undoes
and asks for hints over it. Pages of another origin are refused; a client sending too fast is answered,
then closed (SECURITY.md)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ludoteca.server.errors import ServerError
from ludoteca.server.inputs import check_lang, client_of, page_lang, parse_json
from ludoteca.server.services import Shared
from ludoteca.server.table import Table
from ludoteca.server.watchers import Watcher, encode

MAX_MESSAGE = 16_384
"""The largest WebSocket message read, in bytes: a larger one is refused before it is parsed."""
FLOOD = 100
"""Messages refused for their rate in a row after which a WebSocket is closed (`CLOSE_FLOOD`)."""
CLOSE_FLOOD = 1008
"""The close code of a WebSocket that kept sending too fast: policy violation (RFC 6455 §7.4.1)."""
CLOSE_SECONDS = 5.0
"""How long a closing connection is given to take the messages queued for it and the close frame."""
JOIN_SECONDS = 10.0
"""How long a new WebSocket may wait before it says who it is."""
router = APIRouter()


@router.websocket("/ws/{game_id}")
async def live(socket: WebSocket, game_id: str, shared: Shared, lang: str = "es") -> None:
    """A live game. The page opens it and sends ``{"type": "join", "token": ..., "key": ...}`` first (no
    token: a spectator; a player's key, optional, binds the seat to that player); neither travels in the
    URL. Pages of another origin are refused."""
    if not same_origin(socket, shared.origins):
        await socket.close(code=4403)
        return
    await socket.accept()
    try:
        join = await asyncio.wait_for(receive(socket), JOIN_SECONDS)
        if not isinstance(join, dict) or join.get("type") != "join":
            raise ServerError(400, "join_first")
        token, key = join.get("token"), join.get("key")
        if any(given is not None and not isinstance(given, str) for given in (token, key)):
            raise ServerError(400, "token_text")
        table, roles = await shared.seat(game_id, token, key)
        watcher = Watcher(roles, check_lang(lang))
    except (ServerError, TimeoutError) as exc:
        error = exc if isinstance(exc, ServerError) else ServerError(408, "no_join")
        await socket.send_json(error.sent(page_lang(lang)))
        await socket.close(code=4000 + error.status)
        return
    except WebSocketDisconnect:
        return
    await table.chat.load()
    notices = shared.hall.notices
    await notices.opened(table.id, roles)  # no turn notice while this page is open (issue 58)
    table.watch(watcher)
    table.chat.joined(watcher)
    sender = asyncio.create_task(pump(socket, watcher))
    client = client_of(socket)
    refused = 0  # messages refused in a row for their rate
    try:
        while not watcher.dropped:
            try:
                message = await receive(socket)
                if not shared.messages.allow(client):
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
        notices.closed(table.id, roles)
        if watcher.dropped:  # the queued messages, then the close frame with its code and reason
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(sender, CLOSE_SECONDS)
        sender.cancel()


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
    ``{"type": "undo"}``, ``{"type": "hint"}``, or table talk (`chat.py`): ``{"type": "say", "text": t}``,
    ``{"type": "mute", "role": r, "muted": true|false}``. A refusal, and a hint, are answered to that
    connection only, and never repeat what was sent."""
    try:
        if not isinstance(message, dict) or message.get("type") not in ("act", "undo", "hint", "say", "mute"):
            raise ServerError(400, "bad_message")
        if message["type"] == "say":
            await table.chat.say(watcher.roles, message.get("text"), table.watchers)
            return
        if message["type"] == "mute":
            await table.chat.mute(watcher.roles, message.get("role"), message.get("muted"))
            watcher.send(encode(table.chat.message(watcher.roles, watcher.lang, [])))
            return
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
