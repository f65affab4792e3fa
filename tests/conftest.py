"""Shared fixtures: the toy game registered on its own, apart from the real games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.core import game as game_module
from toygame import LeakyGame, RaceGame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[RaceGame]:
    """The race game (and its leaky variant) as the only registered games."""
    monkeypatch.setattr(game_module, "GAME_MODULES", ())
    monkeypatch.setattr(game_module, "_REGISTRY", {})
    game = RaceGame()
    game_module.register(game)
    game_module.register(LeakyGame())
    yield game
