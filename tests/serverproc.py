"""A real Ludoteca server in a child process, on a free loopback port with its own database (a SQLite
file, or a PostgreSQL URL), for the restart, browser and load tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    def __init__(
        self, db: Path | str, port: int | None = None, ai_delay: float = 0.0, extra: tuple[str, ...] = ()
    ) -> None:
        """`db`: a SQLite file's path, or a database URL; `extra`: more `ludoteca serve` arguments."""
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.port = port or free_port()
        self.ai_delay = ai_delay
        self.extra = extra
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        command = [
            sys.executable,
            "-c",
            "from ludoteca.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--ai-delay",
            str(self.ai_delay),
            *self.extra,
        ]
        self.process = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with status {self.process.returncode}")
            try:
                if httpx.get(f"{self.base}/api/catalog", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.2)
        raise RuntimeError("server did not start within 60 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as in a crash."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
