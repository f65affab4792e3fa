"""What one client or one seat may spend on a shared server (SECURITY.md): the search an AI seat or a hint
may do, and how fast a client may create games or send messages."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludoteca.ai.agents import Agent
from ludoteca.ai.ismcts import LEVELS, IsmctsAgent, level_budget
from ludoteca.core.game import Game


def over_ceiling(agent: Agent, game: Game, ceiling: str) -> dict[str, Any] | None:
    """The ceiling `agent` would think beyond (the search level `ceiling` on this game: its level,
    iterations, seconds and rollout depth), or None if it stays within. A search stays within when its
    iterations or its time are bounded by the ceiling's and its rollouts are no deeper than the ceiling's:
    a search whose iterations and time are both unbounded, or whose every iteration plays a rollout of
    any length, could hold an AI worker for as long as it likes."""
    if not isinstance(agent, IsmctsAgent):
        return None
    cap, asked = level_budget(ceiling, game), agent.budget
    iters_ok = 0 < asked.iters <= cap.iters
    time_ok = 0 < asked.seconds <= cap.seconds
    if (iters_ok or time_ok) and asked.depth <= cap.depth:
        return None
    return {"level": ceiling, "iters": cap.iters, "seconds": f"{cap.seconds:g}", "depth": cap.depth}


def within_ceiling(agent: Agent, game: Game, ceiling: str) -> Agent:
    """`agent` thinking no more than the ceiling in any way, whatever its spec says: its iterations, its
    time and its rollouts each cut to the ceiling's (a search bounded by its iterations alone gets the
    ceiling's time too, so a slow game cannot stretch it)."""
    if not isinstance(agent, IsmctsAgent):
        return agent
    cap, asked = level_budget(ceiling, game), agent.budget
    agent.budget = replace(
        asked,
        iters=min(asked.iters or cap.iters, cap.iters),
        seconds=min(asked.seconds or cap.seconds, cap.seconds),
        depth=min(asked.depth, cap.depth),
    )
    return agent


CEILINGS = tuple(LEVELS)
"""The levels an operator may name as the ceiling (`ludoteca serve --ai-ceiling`)."""


@dataclass
class RateLimit:
    """A token bucket per client: `burst` at once, then `rate` a second."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def allow(self, client: str) -> bool:
        """Whether `client` may do one more; if so it is counted."""
        now = self.clock()
        tokens, last = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return False
        self._buckets[client] = (tokens - 1, now)
        if len(self._buckets) > MAX_CLIENTS:  # forget the longest-idle clients: memory stays bounded
            for key in sorted(self._buckets, key=lambda k: self._buckets[k][1])[: MAX_CLIENTS // 2]:
                del self._buckets[key]
        return True


MAX_CLIENTS = 10_000
"""How many clients' buckets a limit remembers at most."""


class BodyTooLarge(HTTPException):
    """A request body over its limit (`BodyLimit`): answered 413, naming the limit (`app.py`). An
    `HTTPException`, which FastAPI's reading of a body passes on as it is."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(413)


class BodyLimit:
    """ASGI middleware: a request body larger than its path's limit (`larger`, else `default` bytes) is
    refused before it is read — at once when its declared length is over, else as soon as the bytes read
    pass the limit — so that no client makes the server hold more than the limit (SECURITY.md)."""

    def __init__(self, app: ASGIApp, default: int, larger: Mapping[str, int]) -> None:
        self.app, self.default, self.larger = app, default, dict(larger)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.default)
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        over = not declared.isdigit() or int(declared) > limit
        read = 0

        async def bounded() -> Message:
            nonlocal read
            if over:
                raise BodyTooLarge(limit)
            message = await receive()
            read += len(message.get("body", b""))
            if read > limit:
                raise BodyTooLarge(limit)
            return message

        await self.app(scope, bounded, send)
