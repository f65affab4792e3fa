"""Whole games of random play with every invariant of DESIGN §10 checked by the core fuzzer, for every
player count and the solitaire against Díaz."""

from __future__ import annotations

import pytest

from ludoteca.core.fuzz import run_fuzz
from ludoteca.games.pax_porfiriana import PaxPorfiriana
from ludoteca.games.pax_porfiriana.tests.positions import registered  # noqa: F401

MODES = [{"players": str(n)} for n in range(2, 7)] + [{"players": "2", "solo": "diaz"}]


@pytest.mark.parametrize("options", MODES, ids=lambda o: "-".join(o.values()))
def test_fuzz_whole_games(registered: PaxPorfiriana, options: dict[str, str]) -> None:  # noqa: F811
    report = run_fuzz(registered, games=3, seed=11, options=options)
    assert report.failures == [], report.failures[0]["traceback"]
    assert report.games == 3 and sum(report.outcomes.values()) == 3
