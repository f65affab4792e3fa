"""Random play of whole games with every invariant of the core fuzzer (DESIGN §10), the game registered
only inside the test (it is not registered for the other games' tests while its rules are unfinished)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.core import game as core_game
from ludoteca.core.fuzz import run_fuzz
from ludoteca.games.guerra_a_muerte import GuerraAMuerte

GAME = GuerraAMuerte()


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[GuerraAMuerte]:
    monkeypatch.setitem(core_game._REGISTRY, GAME.id, GAME)
    yield GAME


@pytest.mark.parametrize("intelligence", ["limited", "open"])
def test_fuzz_1815_1818(registered: GuerraAMuerte, intelligence: str) -> None:
    report = run_fuzz(registered, 1, seed=3, options={"scenario": "1815-1818", "intelligence": intelligence})
    assert not report.failures, report.failures[0]["traceback"]
    assert report.games == 1 and report.actions > 100
