"""While an AI seat plays a plan, the page says what it is doing and how far along it is (issue 56): in a
real headless Chromium, the Royalist AI's set-up of Guerra a Muerte reads "Realistas (IA): desplegando,
7 de 52…" in place of the plain "thinking" line, in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser import chromium, save_screenshot, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("es", r"^Realistas \(IA\): desplegando, (\d+) de (\d+)…$"),
        ("en", r"^Royalists \(AI\): setting up, (\d+) of (\d+)…$"),
    ],
)
def test_the_page_says_what_the_ai_is_doing(tmp_path: Path, lang: str, line: str) -> None:
    with served(tmp_path, ai_delay=0.3) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang={lang}")
        page.select_option("#game", "guerra-a-muerte")
        page.wait_for_load_state("networkidle")
        page.select_option("[data-option='scenario']", "1815-1818")
        page.wait_for_load_state("networkidle")
        page.select_option("[data-seat='0']", "me")
        page.select_option("[data-seat='1']", "ai")
        page.select_option("[data-level='1']", "ismcts:level=easy")
        page.fill("#seed", "4")
        page.click("#create-button")
        page.wait_for_selector("#board svg .area")
        shown = page.wait_for_selector("#prompt .waiting[data-doing]", timeout=60_000)
        assert shown is not None
        first = re.match(line, shown.inner_text())
        assert first, shown.inner_text()
        n, of = int(first[1]), int(first[2])
        assert 2 <= n <= of
        save_screenshot(page, f"ai-progress-{lang}")
        moved = None
        for _ in range(300):  # the next placements, 0.3 s apart (read from Python: the page's policy
            page.wait_for_timeout(100)  # forbids evaluating script strings)
            text = page.locator("#prompt .waiting").first.inner_text()
            moved = re.match(line, text)
            if moved and int(moved[1]) > n:
                break
        assert moved and int(moved[1]) > n and int(moved[2]) == of  # it counts on through the plan
        assert errors == []
