"""What a newcomer met first in the pages (issue 25), in a real Chromium: nothing offered that cannot be
used (undo and hint for a spectator or after the end), and no failed request in the console."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Response

from browser import chromium, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser


def test_a_spectator_is_offered_no_undo_and_no_hint_and_nothing_fails_to_load(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        body = {"game": "maquis", "seats": [{"kind": "human"}]}  # in progress: its record is not given yet
        game_id = httpx.post(f"{server.base}/api/games", json=body).json()["id"]
        page = browser.new_page()
        errors = watch_errors(page)
        failed: list[str] = []

        def note(response: Response) -> None:
            if response.status >= 400:
                failed.append(f"{response.status} {response.url}")

        page.on("response", note)
        page.goto(f"{server.base}/play/{game_id}?lang=es")
        page.wait_for_selector("body[data-move]", state="attached")
        assert page.locator("#who").inner_text() == "Espectador"
        assert not page.locator("#undo").is_visible() and not page.locator("#hint").is_visible()
        page.goto(f"{server.base}/replay/{game_id}?lang=es")
        page.wait_for_selector("body[data-step='0']", state="attached")
        assert not page.locator("#record-link").is_visible()  # asked without a 403 in the console
        page.goto(f"{server.base}/?lang=es")
        page.wait_for_selector("#game option", state="attached")
        assert failed == [] and errors == []
