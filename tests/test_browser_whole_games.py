"""A whole game of each playable game in a real headless Chromium, created in the lobby against AI
seats and played to its result with the mouse alone (issue 25): at every decision each legal action is
on the page as a visible named button or a highlighted board target (nothing is found by hovering),
and the test only clicks what it sees, at a phone's 400 px and at 1280 × 800.

The choices are drawn at random among the visible buttons and targets (a seeded generator), as a
newcomer trying things would, so that a game ends in a few hundred clicks; the AI seats play `random`,
the fastest the lobby offers. Maquis (one seat) and Patria Libre (two players, the second an AI) are
played whole at each width; Mar y Acero (two players, some 250 clicks) once, its window changing width
every 40 clicks, so that each kind of its decisions is met at both; so is Pax Porfiriana's solitaire
against Díaz (some 100 clicks), which then replays from its record."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser

from browser import (
    check_the_record_replays,
    chromium,
    create_in_lobby,
    play_to_the_end,
    save_screenshot,
    served,
    watch_errors,
)
from serverproc import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser

# (game, options, the widths it is played at: a whole game at each, or for the longest one a single game
# whose width changes every `SWITCH` clicks, so that each kind of its decisions meets both)
WHOLE_GAMES = [
    ("maquis", {"difficulty": "very-easy"}, (400,)),
    ("maquis", {"difficulty": "very-easy"}, (1280,)),
    ("patria-libre", {}, (400,)),
    ("patria-libre", {}, (1280,)),
    ("mar-y-acero", {"mode": "two-player"}, (400, 1280)),
    ("pax-porfiriana", {"solo": "diaz"}, (400, 1280)),
]
REPLAYED = {"pax-porfiriana"}
"""The games whose record is then replayed: by the engine, in the replay viewer, and uploaded (issue 24)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory.mktemp("whole")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.mark.parametrize(
    ("game_id", "options", "widths"), WHOLE_GAMES, ids=[f"{g[0]}-{g[2]}" for g in WHOLE_GAMES]
)
def test_a_whole_game_is_played_with_the_mouse_alone(
    server: ServerProcess, browser: Browser, game_id: str, options: dict[str, str], widths: tuple[int, ...]
) -> None:
    page = browser.new_page(viewport={"width": widths[0], "height": 800}, accept_downloads=True)
    errors = watch_errors(page)
    started = time.monotonic()
    game, token = create_in_lobby(page, server.base, game_id, options, seed=7)
    clicks = play_to_the_end(page, server.base, game, token, seed=7, widths=widths, limit=800)
    save_screenshot(page, f"{game_id}-{widths[-1]}-final")
    state: dict[str, Any] = httpx.get(f"{server.base}/api/games/{game}?lang=es").json()
    assert state["view"]["terminal"] and state["view"]["result"]
    assert page.locator("#result-text").inner_text() == state["view"]["result"]["text"]
    assert page.locator("#actions button").count() == 0
    if game_id in REPLAYED:
        check_the_record_replays(page, server.base, game, token)
    print(f"{game_id} at {widths} px: {clicks} clicks in {time.monotonic() - started:.0f} s")
    assert errors == []
    page.close()
