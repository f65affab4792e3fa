"""The server's heavy work, in worker processes shared fairly between the people who asked for it
(SECURITY.md, issues 22 and 54).

An AI seat's search, a hint and the replay of an uploaded record would hold the server's interpreter lock
while people's requests wait, so they run in a small pool of worker processes instead, at a lower
scheduling priority than the server. Every job is asked for by somebody — an *asker*: the address that
created the game of an AI seat, asked for a hint or uploaded a record — and the pool serves the askers in
turn, one job each, so that ten games of one person never make another person's game wait behind them
all. An asker may have only `ASKER_QUEUE` jobs waiting, and the whole server `QUEUE` (beyond them: `Busy`).

A search the server allows is bounded by the ceiling's iterations, time and rollout depth (`limits.py`);
whatever its knobs say, a job still running after `HARD_LIMIT` seconds is stopped: the pool's workers are
stopped and started again, and the jobs that were running fail (an AI seat asks again later).

An agent travels to a worker with a copy of the state and comes back with its decision: the agent as it
is after deciding (its random generator moved on, the tree it keeps for its next decision, what
`explain()` tells) replaces the one sent. An agent that decides in no time (`random`: its `light`)
decides in a thread of the server, at once. On shutdown the workers
are stopped at once: a job in progress is thrown away, never a move that was acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from typing import Any, Protocol, TypeVar

from ludoteca.ai.agents import Agent
from ludoteca.core.state import State
from ludoteca.server.errors import ServerError

log = logging.getLogger(__name__)

AgentT = TypeVar("AgentT", bound=Agent)

AI_NICENESS = 19
"""The workers' scheduling priority, the lowest: a busy search takes only the CPU that the people playing
leave (the load run's p99 with two AI seats at the ceiling: 85–90 ms at 19, 96–105 ms at 10)."""
DEFAULT_WORKERS = max(1, (os.cpu_count() or 2) - 1)
"""One worker process per core but one: the server's own process keeps a core for the people playing."""
THINK_TIMEOUT = 300.0
"""Seconds after which a job that never came back (its worker died) is given up, so that the table asks
again: far above the ceiling's 10 s a decision, waiting in turn included."""
PRELOAD = ["ludoteca.ai.agents", "ludoteca.server.thinkers", "ludoteca.server.uploads"]
"""What the fork server imports once, so that a worker started from it (again, after the hard limit) runs
its first job at once, not after importing the server (seconds, which the hard limit would count)."""
HARD_LIMIT = 60.0
"""Seconds a job may run in a worker, whatever it asked for: six times the ceiling's 10 s a decision."""
ASKER_QUEUE = 16
"""Jobs one asker may have waiting at once (an AI move and a hint per game, a record upload or two)."""
QUEUE = 1024
"""Jobs the whole server may have waiting at once."""


class Busy(Exception):
    """A job refused because its asker (`mine`) or the whole server has as many waiting as it may."""

    def __init__(self, mine: bool) -> None:
        self.mine = mine
        super().__init__(f"{'this asker' if mine else 'the server'} has too many jobs waiting")

    def refusal(self, mine: str) -> ServerError:
        """What to answer: 429 with the message `mine` when the asker has too many waiting, else 503."""
        return ServerError(429, mine) if self.mine else ServerError(503, "server_busy")


def _think_politely() -> None:
    """Run in each worker as it starts: lower its priority."""
    os.nice(AI_NICENESS)


def _decide(agent: AgentT, state: State) -> tuple[int, AgentT]:
    """The agent's action at `state`, and the agent after deciding."""
    return agent.step(state), agent


class Decide(Protocol):
    """How a table has its AI decide (`Thinkers.decide`): the action, and the agent after deciding, for
    the person who asked (`asker`)."""

    def __call__(self, agent: AgentT, state: State, asker: str) -> Awaitable[tuple[int, AgentT]]: ...


@dataclass(eq=False)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    answer: asyncio.Future[Any]
    started: float = 0.0
    generation: int = 0


@dataclass
class _Queues:
    """The jobs waiting, per asker, served in turn: the asker served last goes to the back."""

    waiting: OrderedDict[str, deque[_Job]] = field(default_factory=OrderedDict)
    count: int = 0

    def add(self, asker: str, job: _Job, waiting: int) -> None:
        mine = self.waiting.setdefault(asker, deque())
        if len(mine) >= waiting:
            raise Busy(mine=True)
        if self.count >= QUEUE:
            raise Busy(mine=False)
        mine.append(job)
        self.count += 1

    def next(self) -> _Job | None:
        """The next job to run: the first of the asker whose turn it is (jobs no longer awaited skipped)."""
        while self.waiting:
            asker, mine = next(iter(self.waiting.items()))
            job = mine.popleft()
            self.count -= 1
            del self.waiting[asker]
            if mine:
                self.waiting[asker] = mine  # to the back of the line
            if not job.answer.done():
                return job
        return None


class Thinkers:
    """A pool of `workers` processes (by default one per core but one) started at the first job (a server
    without AI seats starts none), fed fairly (`_Queues`). The processes come from a fork server: safe
    beside the server's threads, and quick to start."""

    def __init__(self, workers: int = DEFAULT_WORKERS, hard_limit: float = HARD_LIMIT) -> None:
        if workers < 1:
            raise ValueError(f"the AI needs at least one worker process, not {workers}")
        self.workers = workers
        self.hard_limit = hard_limit
        self._pool: Pool | None = None
        self._queues = _Queues()
        self._running: set[_Job] = set()
        self._generation = 0
        self._watchdog: asyncio.Task[None] | None = None
        self.stopped = 0
        """How many times a job ran past the hard limit and the workers were started again."""

    def _ready(self) -> Pool:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            self._pool = context.Pool(self.workers, initializer=_think_politely)
        return self._pool

    async def decide(self, agent: AgentT, state: State, asker: str = "?") -> tuple[int, AgentT]:
        """`agent.step(state)`: the action, and the agent as it is after deciding — in a worker, in
        `asker`'s turn; an agent that decides in no time (`light`), in a thread at once. Raises what the
        agent raised, `Busy`, or `TimeoutError`."""
        if getattr(agent, "light", False):
            return await asyncio.to_thread(_decide, agent, state)
        result: tuple[int, AgentT] = await self.run(asker, _decide, agent, state)
        return result

    async def run(self, asker: str, fn: Callable[..., Any], *args: Any, waiting: int = ASKER_QUEUE) -> Any:
        """`fn(*args)` in a worker (a module-level function and picklable arguments), in `asker`'s turn.
        Raises what `fn` raised, `Busy` if the asker already has `waiting` jobs waiting or the server
        `QUEUE`, or `TimeoutError` if no answer came in `THINK_TIMEOUT` seconds or the job ran past the
        hard limit."""
        loop = asyncio.get_running_loop()
        job = _Job(fn, args, loop.create_future())
        self._queues.add(asker, job, waiting)
        self._dispatch()
        return await asyncio.wait_for(job.answer, THINK_TIMEOUT)

    def waiting(self) -> int:
        """How many jobs are waiting for a worker."""
        return self._queues.count

    def _dispatch(self) -> None:
        """Start waiting jobs while a worker is free."""
        while len(self._running) < self.workers:
            job = self._queues.next()
            if job is None:
                return
            self._start(job)

    def _start(self, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        job.started, job.generation = time.monotonic(), self._generation
        self._running.add(job)
        if self._watchdog is None or self._watchdog.done():
            self._watchdog = loop.create_task(self._watch())

        def settle(result: Any, error: BaseException | None) -> None:
            if job.generation != self._generation:  # stopped past the hard limit: already failed
                return
            self._running.discard(job)
            if not job.answer.done():  # else the asker stopped waiting (a shutdown, a timeout)
                if error is not None:
                    job.answer.set_exception(error)
                else:
                    job.answer.set_result(result)
            self._dispatch()

        def back(result: Any) -> None:
            with contextlib.suppress(RuntimeError):  # the event loop is closed: nobody waits any more
                loop.call_soon_threadsafe(settle, result, None)

        def failed(error: BaseException) -> None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(settle, None, error)

        self._ready().apply_async(job.fn, job.args, callback=back, error_callback=failed)

    async def _watch(self) -> None:
        """While jobs run, stop the workers when one has run past the hard limit."""
        while self._running:
            await asyncio.sleep(min(1.0, self.hard_limit / 4))
            now = time.monotonic()
            if any(now - job.started > self.hard_limit for job in self._running):
                self._stop_running()

    def _stop_running(self) -> None:
        """Stop every worker (a job cannot be stopped alone), fail the jobs that ran, start afresh."""
        log.warning("a job ran past %g s: the AI workers are started again", self.hard_limit)
        self.stopped += 1
        self._generation += 1
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
        running, self._running = self._running, set()
        for job in running:
            if not job.answer.done():
                job.answer.set_exception(TimeoutError(f"stopped after {self.hard_limit:g} s"))
        self._dispatch()

    def close(self) -> None:
        """Stop every worker at once; the jobs in progress are abandoned."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
