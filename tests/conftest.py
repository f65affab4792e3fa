"""Shared fixtures: the toy game registered on its own, apart from the real games; the two databases the
server stores games in."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.core import game as game_module
from pgserver import PostgresServer
from toygame import LeakyGame, RaceGame


def pytest_configure(config: pytest.Config) -> None:
    """The tests read Spanish where they name no language, whatever the machine's locale (the command line
    follows `LANG`): set before any test module imports the command line."""
    os.environ["LUDOTECA_LANG"] = "es"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[RaceGame]:
    """The race game (and its leaky variant) as the only registered games."""
    monkeypatch.setattr(game_module, "_discovered", True)
    monkeypatch.setattr(game_module, "_REGISTRY", {})
    game = RaceGame()
    game_module.register(game)
    game_module.register(LeakyGame())
    yield game


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the test run (one for each xdist worker)."""
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database of each kind the server supports (README, "Storage"), by URL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ludoteca.db'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.database()
