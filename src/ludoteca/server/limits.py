"""What one client or one seat may spend on a shared server (SECURITY.md): the search an AI seat or a hint
may do, and how fast a client may create games or send messages."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludoteca.ai.agents import Agent
from ludoteca.ai.ismcts import LEVELS, IsmctsAgent, level_budget
from ludoteca.core.game import Game


def over_ceiling(agent: Agent, game: Game, ceiling: str) -> dict[str, Any] | None:
    """The ceiling `agent` would think beyond (the search level `ceiling` on this game: its level,
    iterations and seconds), or None if it stays within: a search whose iterations and time are both
    unbounded or above the ceiling's could hold an AI worker for as long as it likes."""
    if not isinstance(agent, IsmctsAgent):
        return None
    cap, asked = level_budget(ceiling, game), agent.budget
    iters_ok = 0 < asked.iters <= cap.iters
    time_ok = 0 < asked.seconds <= cap.seconds
    if iters_ok or time_ok:
        return None
    return {"level": ceiling, "iters": cap.iters, "seconds": f"{cap.seconds:g}"}


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
