"""Group commit: every storage write goes to one writer thread, which commits all the writes waiting at
that moment in one transaction, then wakes each waiter. Under load many games share one commit; alone,
a write is committed at once. A write that fails fails alone: the others of its group are committed
without it (`Store.commit`). The event loop never waits on the database."""

from __future__ import annotations

import asyncio
import queue
import threading

from ludoteca.server.storage import Store, Write

Pending = tuple[Write, asyncio.Future[None]]


class GroupWriter:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="ludoteca-db-writer", daemon=True)
        self._thread.start()

    async def write(self, write: Write) -> None:
        """Queue `write` and wait until it is committed (or raise what the commit raised)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put((write, done))
        await done

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[Pending]) -> None:
        try:
            errors = self.store.commit([write for write, _ in batch])
        except Exception as exc:  # the database itself failed: every waiter learns it
            errors = [exc] * len(batch)
        loop = batch[0][1].get_loop()
        loop.call_soon_threadsafe(_settle, [done for _, done in batch], errors)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)


def _settle(waiters: list[asyncio.Future[None]], errors: list[BaseException | None]) -> None:
    for done, error in zip(waiters, errors, strict=True):
        if done.cancelled():
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
