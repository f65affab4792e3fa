"""The AI's thinking on a server, in worker processes (SECURITY.md, issue 22).

An AI seat's move and a hint are searches of up to the server's ceiling. In the server's own process they
would hold its interpreter lock while people's requests wait, so they run in a small pool of worker
processes instead, at a lower scheduling priority than the server. The agent travels to a worker with a
copy of the state and comes back with its decision: the agent as it is after deciding (its random
generator moved on, the tree it keeps for its next decision, what `explain()` tells) replaces the one
sent. The workers take the requests in the order they come, and each game asks for one AI move and one
hint at a time, so no game can take every worker for long. On shutdown the workers are stopped at once:
a search in progress is thrown away, never a move that was acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from collections.abc import Awaitable
from multiprocessing.pool import Pool
from typing import Protocol, TypeVar

from ludoteca.ai.agents import Agent
from ludoteca.core.state import State

AgentT = TypeVar("AgentT", bound=Agent)

AI_NICENESS = 19
"""The workers' scheduling priority, the lowest: a busy search takes only the CPU that the people playing
leave (the load run's p99 with two AI seats at the ceiling: 85–90 ms at 19, 96–105 ms at 10)."""
DEFAULT_WORKERS = max(1, (os.cpu_count() or 2) - 1)
"""One worker process per core but one: the server's own process keeps a core for the people playing."""
THINK_TIMEOUT = 300.0
"""Seconds after which a decision that never came back (its worker died) is given up, so that the table
asks again: far above the ceiling's 10 s a decision, queueing included."""


def _think_politely() -> None:
    """Run in each worker as it starts: lower its priority."""
    os.nice(AI_NICENESS)


def _decide(agent: AgentT, state: State) -> tuple[int, AgentT]:
    """In a worker: the agent's action at `state`, and the agent after deciding."""
    return agent.step(state), agent


class Decide(Protocol):
    """How a table has its AI decide (`Thinkers.decide`): the action, and the agent after deciding."""

    def __call__(self, agent: AgentT, state: State) -> Awaitable[tuple[int, AgentT]]: ...


class Thinkers:
    """A pool of `workers` processes (by default one per core but one) started at the first decision (a
    server without AI seats starts none). The processes come from a fork server: safe beside the server's
    threads, and quick to start."""

    def __init__(self, workers: int = DEFAULT_WORKERS) -> None:
        if workers < 1:
            raise ValueError(f"the AI needs at least one worker process, not {workers}")
        self.workers = workers
        self._pool: Pool | None = None

    def _ready(self) -> Pool:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["ludoteca.ai.agents"])
            self._pool = context.Pool(self.workers, initializer=_think_politely)
        return self._pool

    async def decide(self, agent: AgentT, state: State) -> tuple[int, AgentT]:
        """`agent.step(state)` in a worker: the action, and the agent as it is after deciding. Raises what
        the agent raised, or `TimeoutError` if no answer came in `THINK_TIMEOUT` seconds."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[int, AgentT]] = loop.create_future()

        def settle(result: tuple[int, AgentT] | None, error: BaseException | None) -> None:
            if answer.done():  # the table stopped waiting (a shutdown, a timeout)
                return
            if error is not None:
                answer.set_exception(error)
            else:
                answer.set_result(result)  # type: ignore[arg-type]

        def back(result: tuple[int, AgentT]) -> None:
            with contextlib.suppress(RuntimeError):  # the event loop is closed: nobody waits any more
                loop.call_soon_threadsafe(settle, result, None)

        def failed(error: BaseException) -> None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(settle, None, error)

        self._ready().apply_async(_decide, (agent, state), callback=back, error_callback=failed)
        return await asyncio.wait_for(answer, THINK_TIMEOUT)

    def close(self) -> None:
        """Stop every worker at once; the searches in progress are abandoned."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
