"""Webhooks (issue 58): "your turn" posted as JSON to a URL a player gives (a Discord or Matrix room's hook,
an ntfy topic), from a bounded queue, with a bounded number of tries.

A webhook URL is a secret of its player (whoever has it may post to the room): it is kept with their key
and shown to nobody else. It must be ``https://`` to a named host or a public address; ``http://`` to this
machine (``localhost``, ``127.0.0.1``, ``::1``) only where the settings allow it (`local`, for tests).
Each call is one POST with a short timeout, redirects not followed; a failure is tried again after a pause
that doubles (`TRIES` tries at most); when `QUEUE` calls already wait, a new one is dropped (and logged).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import socket
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

from ludoteca.server.errors import ServerError

log = logging.getLogger(__name__)

MAX_URL = 500
"""The longest webhook URL accepted."""
QUEUE = 200
"""Calls that may wait at once on one worker; more are dropped."""
TRIES = 4
"""Tries of one call at most."""
TIMEOUT = 10.0
"""Seconds one try may take."""
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def checked_url(url: object, local: bool) -> str:
    """A webhook URL as given, or a 400 naming what is allowed (and not echoing it)."""
    if not isinstance(url, str) or not 0 < len(url) <= MAX_URL or any(_blank(c) for c in url):
        raise ServerError(400, "webhook_url", length=MAX_URL)
    try:
        parts = urlsplit(url)
        host, _ = parts.hostname or "", parts.port
    except ValueError:
        raise ServerError(400, "webhook_url", length=MAX_URL) from None
    if parts.username or parts.password or not host:
        raise ServerError(400, "webhook_url", length=MAX_URL)
    if local and parts.scheme == "http" and host in LOCAL_HOSTS:
        return url
    if parts.scheme != "https" or host in LOCAL_HOSTS or not _public(host):
        raise ServerError(400, "webhook_url", length=MAX_URL)
    return url


def _blank(c: str) -> bool:
    """A space or a control character (a NUL, a bell): never in a URL."""
    return c.isspace() or not c.isprintable()


def _public(host: str) -> bool:
    """Whether a host named by its address is a public one (a name is taken as given). An address is
    read as the system's resolver reads it too: `inet_aton` takes ``127.1``, ``0x7f.1`` or ``0177.0.0.1``
    for 127.0.0.1, with no lookup."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        try:
            address = ipaddress.ip_address(socket.inet_aton(host))
        except (OSError, ValueError):  # not an address in any spelling (or text it cannot read)
            return "." in host
    return address.is_global


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: Any, **_kw: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


class Webhooks:
    """The queue of calls and the task that makes them, one at a time, in a thread (urllib blocks)."""

    def __init__(self, backoff: float = 2.0) -> None:
        self.backoff = backoff
        self.queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue(QUEUE)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-hooks")
        self._task: asyncio.Task[None] | None = None
        self.delivered = 0

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def post(self, url: str, payload: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait((url, payload))
        except asyncio.QueueFull:
            log.warning("the webhook queue is full: a call was dropped")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            url, payload = await self.queue.get()
            pause = self.backoff
            for attempt in range(TRIES):
                try:
                    await loop.run_in_executor(self._thread, _call, url, payload)
                    self.delivered += 1
                    break
                except (OSError, ValueError) as exc:
                    log.warning("a webhook call failed (try %d of %d): %s", attempt + 1, TRIES, exc)
                    if attempt + 1 < TRIES:
                        await asyncio.sleep(pause)
                        pause *= 2

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._thread.shutdown(wait=False, cancel_futures=True)


def _call(url: str, payload: dict[str, Any]) -> None:
    """One POST; an answer other than 2xx raises (`urllib.error.HTTPError` is an `OSError`)."""
    body = json.dumps(payload).encode()
    request = urllib.request.Request(
        url, body, {"Content-Type": "application/json", "User-Agent": "Ludoteca"}, method="POST"
    )
    with _OPENER.open(request, timeout=TIMEOUT) as answer:
        if not 200 <= answer.status < 300:
            raise urllib.error.HTTPError(url, answer.status, "not 2xx", answer.headers, None)
