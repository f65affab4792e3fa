"""What the pages promise a person (SECURITY.md), in a real Chromium: a crafted language never blanks the
lobby, invitation links keep their token out of what a server sees, and the pages run under the server's
Content Security Policy without a refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import chromium, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser


def test_a_crafted_language_is_not_kept_and_the_lobby_still_works(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=%3Cimg%20src%3Dx%3E")
        page.wait_for_selector("#game option", state="attached")
        assert page.evaluate("localStorage.getItem('ludoteca.lang')") == "es"
        assert page.locator("html").get_attribute("lang") == "es"
        page.goto(f"{server.base}/")  # and the next visit is not blank either
        page.wait_for_selector("#game option", state="attached")
        assert errors == []


def test_invitation_links_carry_the_token_after_the_hash(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=en")
        page.select_option("#game", "maquis")
        page.wait_for_load_state("networkidle")
        page.select_option("[data-seat='0']", "human")
        page.click("#create-button")
        link = page.locator("#created input.link").first.input_value()
        assert "/play/" in link and "#token=" in link and "?token=" not in link
        page.goto(link)
        page.wait_for_selector("svg .target, #actions button")
        assert page.locator("#who").inner_text() != ""
        assert errors == []
