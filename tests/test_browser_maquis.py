"""A whole game of Maquis in a real headless Chromium, created in the lobby and played by clicking the
board's highlighted targets and the buttons, to the rulebook's result; then the rules reference, the
replay viewer and the record download."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2 as httpx
import pytest

from browser import chromium, click_once, save_screenshot, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser


def test_a_whole_maquis_game_is_played_by_clicking(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=en")
        page.select_option("#game", "maquis")
        page.select_option("[data-option=difficulty]", "normal")
        page.wait_for_load_state("networkidle")  # the seats are drawn again for the options chosen
        page.select_option("[data-seat='0']", "me")
        page.fill("#seed", "3")
        page.click("#create-button")
        page.wait_for_selector("svg .target")
        assert "/play/" in page.url and "#token=" in page.url  # the token stays out of what the server sees
        assert page.locator(".prompt.my-turn a.rule").count() == 1
        page.click("#hint")  # the search's suggestion for this seat, highlighted on the board or buttons
        page.wait_for_selector("#hint-box .hint-sentence")
        sentence = page.locator("#hint-box .hint-sentence").inner_text()  # what to play and why, in English
        assert "chance of winning" in sentence and "“" in sentence, sentence
        assert page.locator("#hint-box .hint-table tbody tr").count() >= 2
        # the move is marked once where it is shown: its button, and its target on the board if it has one
        assert page.locator("#actions .hinted").count() == 1 and page.locator("#board .hinted").count() <= 1

        clicks = 0
        while page.locator("body").get_attribute("data-terminal") != "true":
            click_once(page)
            clicks += 1
            if clicks == 6:
                save_screenshot(page, "maquis-board")
            assert clicks < 400, "the game should have ended"
        save_screenshot(page, "maquis-final")

        game_id = page.url.split("/play/")[1].split("?")[0]
        result = httpx.get(f"{server.base}/api/games/{game_id}?lang=en").json()["view"]["result"]
        assert page.locator("#result-text").inner_text() == result["text"]
        assert page.locator("#actions button").count() == 0
        assert page.locator("#moves li").count() > clicks  # chance outcomes are moves too

        with page.expect_download() as download:
            page.click("#record-link")
        record = json.loads(Path(download.value.path()).read_text("utf-8"))
        assert record["game"] == "maquis" and record["result"]["outcome"] == result["outcome"]

        citation = page.locator("#log a.rule").first
        section = citation.get_attribute("href").split("#")[1]
        with page.context.expect_page() as opened:
            citation.click()
        rules = opened.value
        rules.wait_for_load_state()
        assert rules.locator(f"[id='{section}']").count() == 1

        page.goto(f"{server.base}/replay/{game_id}?lang=en")
        page.wait_for_selector("#board svg")
        page.click("#next")
        page.wait_for_selector("body[data-step='1']", state="attached")
        page.click("#last")
        page.wait_for_selector(f"body[data-step='{len(record['actions'])}']", state="attached")
        assert page.locator("#result-text").inner_text() == result["text"]
        assert page.locator("#moves > *").count() == len(record["actions"])  # the list, asked for once
        assert errors == []
