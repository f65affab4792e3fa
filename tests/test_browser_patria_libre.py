"""Patria Libre in a real headless Chromium: two players, the person holding Hidalgo against an AI
holding Calleja, a few decisions made by clicking the board; a screenshot of the board is kept."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx
import pytest

from browser import chromium, click_once, save_screenshot, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser


def test_patria_libre_is_played_by_clicking_against_the_ai(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=es")
        page.select_option("#game", "patria-libre")
        page.wait_for_load_state("networkidle")  # the seats are drawn for the game chosen
        assert page.locator("[data-seat]").count() == 2  # two players: only their seats
        page.select_option("[data-seat='1']", "ai")
        page.fill("#seed", "5")
        page.click("#create-button")
        page.wait_for_selector("#board svg .province")
        game_id = page.url.split("/play/")[1].split("?")[0]
        token = page.url.split("token=")[1].split("&")[0]
        for _ in range(12):
            click_once(page)
        save_screenshot(page, "patria-libre-board")
        state = httpx.get(f"{server.base}/api/games/{game_id}", headers={"X-Ludoteca-Token": token}).json()
        actors = {m["actor"] for m in state["moves"]}
        assert "hidalgo" in actors
        assert state["view"]["move"] > 12
        assert errors == []
