"""A throwaway PostgreSQL server for the storage tests: a new cluster in a temporary folder, reached only
through a Unix socket in that folder (no TCP port), stopped and deleted afterwards. It runs the system's
PostgreSQL programs; `make test` installs Debian's `postgresql` package where they are missing. Run as
root, the cluster belongs to the `postgres` user, since PostgreSQL refuses to run as root."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import psycopg

USER = "ludoteca"


def server_programs() -> Path:
    """The folder holding `initdb` and `pg_ctl`: Debian keeps them off the PATH, under
    /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("pg_ctl")
    candidates = ([found] if found else []) + sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True
    )
    for pg_ctl in candidates:
        folder = Path(pg_ctl).resolve().parent
        if (folder / "initdb").exists():
            return folder
    raise RuntimeError(
        "PostgreSQL's server programs (initdb, pg_ctl) are not installed: `make test` installs Debian's "
        "postgresql package"
    )


class PostgresServer:
    """`start()` makes the cluster and starts it; `database()` gives the URL of a new, empty database;
    `stop()` stops the server and deletes everything."""

    def __init__(self) -> None:
        self.programs = server_programs()
        self.folder = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))  # short: a socket path is limited
        self.data = self.folder / "data"
        self.port = 5432  # only names the socket file: the folder is this server's own

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.programs / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=self.folder)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> PostgresServer:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-k {self.folder} -p {self.port} -c listen_addresses='' -c fsync=off"
        log = self.folder / "server.log"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(log), "-w", "start")
        return self

    def url(self, dbname: str) -> str:
        return f"postgresql://{USER}@/{dbname}?host={self.folder}&port={self.port}"

    def database(self) -> str:
        """A new, empty database on this server, by URL (the form `ludoteca serve --db` takes)."""
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(host=str(self.folder), port=self.port, user=USER, dbname="postgres") as db:
            db.autocommit = True
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
