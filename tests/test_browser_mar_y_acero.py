"""Mar y Acero in a real headless Chromium: a person plays the Spaniards by clicking against an AI that
plays the Indigenous faction, for at least one full turn; the board shows this seat's hand only."""

from __future__ import annotations

import time
from pathlib import Path

import httpx2 as httpx
import pytest

from browser import chromium, click_once, save_screenshot, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser


def test_a_turn_of_mar_y_acero_against_the_ai(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=es")
        page.select_option("#game", "mar-y-acero")
        page.wait_for_load_state("networkidle")  # the seats are drawn for the game chosen
        page.select_option("[data-seat='0']", "me")
        page.select_option("[data-seat='1']", "ai")
        page.select_option("[data-level='1']", "random")
        page.fill("#seed", "5")
        page.click("#create-button")
        page.wait_for_selector("#board svg .area")
        game_id = page.url.split("/play/")[1].split("?")[0]
        token = page.url.split("token=")[1].split("&")[0]

        def mine() -> dict:
            return httpx.get(f"{server.base}/api/games/{game_id}", headers={"X-Ludoteca-Token": token}).json()

        assert mine()["view"]["board"]["turn"] == 1
        clicks = 0
        while mine()["view"]["board"]["turn"] < 2 and not mine()["view"]["terminal"]:
            click_once(page)
            clicks += 1
            if clicks == 3:
                save_screenshot(page, "mar-y-acero-board")
            assert clicks < 600, "a turn should end"
        state = mine()
        assert state["view"]["board"]["turn"] >= 2 or state["view"]["terminal"]
        deadline = time.monotonic() + 60  # the AI seat thinks in a worker process: its move may come later
        while not state["view"]["actions"] and not state["view"]["terminal"] and time.monotonic() < deadline:
            time.sleep(0.1)
            state = mine()
        actors = {m["actor"] for m in state["moves"]}
        assert {"espanoles", "indigenas"} <= actors  # both seats played: the person and the AI
        hand = state["view"]["board"]["hands"]
        assert isinstance(hand["ind"], int)  # the AI's hand: only its size
        page.wait_for_selector(f"body[data-move='{state['view']['move']}']", state="attached")
        assert page.locator("svg [data-card]").count() == len(hand["es"])
        save_screenshot(page, "mar-y-acero-turn-2")
        assert errors == []
