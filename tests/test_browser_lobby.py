"""The lobby in a real headless Chromium (issue 55): Guerra a Muerte's rule readings folded under one
heading, an option shown only where it has an effect (the historical placement, §12.2–§12.3), an AI seat
offered by its levels with a line each (the spec field for experts), and an invitation link that carries
the page's language and has a copy button; in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from browser import chromium, served, watch_errors
from ludoteca.core.game import get_game

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser
GAM = get_game("guerra-a-muerte")
READINGS = [o.name for o in GAM.options_type.specs() if o.reading]
SUMMARY = {"es": "Lecturas de las reglas", "en": "Rule readings"}


def choose_game(page: Page, base: str, lang: str) -> None:
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("[data-seat='0']", state="attached")
    with page.expect_response(lambda response: "/api/seats/" in response.url):
        page.select_option("#game", "guerra-a-muerte")
    page.wait_for_load_state("networkidle")


def choose_scenario(page: Page, scenario: str) -> None:
    with page.expect_response(lambda response: "/api/seats/" in response.url):
        page.select_option("[data-option='scenario']", scenario)
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_rule_readings_are_folded_and_an_option_shows_where_it_acts(tmp_path: Path, lang: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        choose_game(page, server.base, lang)
        assert len(READINGS) >= 7
        assert SUMMARY[lang] in page.locator("#readings > summary").inner_text()
        for name in READINGS:
            assert page.locator(f"#readings [data-option='{name}']").count() == 1, name
        assert not page.locator("[data-option='leader-ops']").is_visible()  # folded
        assert page.locator("[data-option='scenario']").is_visible()
        assert page.locator("[data-option='intelligence']").is_visible()
        page.screenshot(path=f"/tmp/gam-lobby-{lang}-1280.png", full_page=True)
        shown = {}
        for scenario in ("campaign", "1810-1814", "1815-1818", "1820-1824"):
            choose_scenario(page, scenario)
            shown[scenario] = page.locator("[data-option='setup']").is_visible()
        assert shown == {"campaign": False, "1810-1814": False, "1815-1818": True, "1820-1824": True}
        page.click("#readings > summary")
        assert page.locator("[data-option='leader-ops']").is_visible()
        assert page.locator("[data-option='liberals-1820']").is_visible()  # the scenario is 1820-1824
        choose_scenario(page, "1810-1814")
        if not page.locator("#readings[open]").count():  # the fold is drawn again with the seats' options
            page.click("#readings > summary")
        assert not page.locator("[data-option='liberals-1820']").is_visible()
        page.set_viewport_size({"width": 400, "height": 800})
        page.screenshot(path=f"/tmp/gam-lobby-{lang}-400.png", full_page=True)
        assert errors == []


def test_an_ai_seat_offers_its_levels_by_name_and_a_spec_for_experts(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        choose_game(page, server.base, "en")
        choose_scenario(page, "1815-1818")
        page.select_option("[data-seat='0']", "me")
        assert not page.locator("[data-level='1']").is_visible()
        page.select_option("[data-seat='1']", "ai")
        levels = page.locator("[data-level='1'] option").all_inner_texts()
        assert levels[:3] == [
            "Easy — thinks up to 1 s a move; to learn",
            "Normal — up to 3 s a move; a fair opponent",
            "Hard — up to 10 s a move; the strongest opponent",
        ]
        # Guerra a Muerte has plans (issue 56): the search over single moves stays selectable
        assert levels[3] == "Normal without plans — searches move by move, as before plans; to compare"
        values = page.eval_on_selector_all("[data-level='1'] option", "options => options.map(o => o.value)")
        assert values[3] == "ismcts:level=normal:plans=0"
        assert page.input_value("[data-level='1']") == "ismcts:level=normal"
        assert not page.locator("[data-spec='1']").is_visible()
        page.select_option("[data-level='1']", "spec")
        assert page.locator("[data-spec='1']").is_visible()
        page.fill("[data-spec='1']", "random")
        with page.expect_request(
            lambda request: request.url.endswith("/api/games") and request.method == "POST"
        ) as sent:
            page.click("#create-button")
        body = json.loads(sent.value.post_data or "{}")
        assert body["seats"][1] == {"kind": "ai", "spec": "random"}
        assert "setup" in body["options"] and "liberals-1820" not in body["options"]  # only what acts
        page.wait_for_selector("#board svg .area")
        choose_game(page, server.base, "es")
        page.select_option("[data-seat='1']", "ai")
        page.select_option("[data-level='1']", "ismcts:level=easy")
        with page.expect_request(
            lambda request: request.url.endswith("/api/games") and request.method == "POST"
        ) as sent:
            page.click("#create-button")
        assert json.loads(sent.value.post_data or "{}")["seats"][1] == {
            "kind": "ai",
            "spec": "ismcts:level=easy",
        }
        assert errors == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_invitation_link_carries_the_language_and_copies(tmp_path: Path, lang: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
        page = context.new_page()
        errors = watch_errors(page)
        choose_game(page, server.base, lang)
        page.select_option("[data-seat='0']", "me")
        page.select_option("[data-seat='1']", "human")
        page.click("#create-button")
        page.wait_for_selector("#created input.link", state="attached")
        link = page.locator("#created input.link").first.input_value()
        assert f"?lang={lang}#token=" in link
        page.locator("#created button.copy").first.click()
        page.wait_for_selector(
            "#created button.copy:text('{}')".format({"es": "Copiado", "en": "Copied"}[lang])
        )
        assert page.evaluate("navigator.clipboard.readText()") == link
        page.screenshot(path=f"/tmp/gam-invitation-{lang}.png", full_page=True)
        guest = browser.new_context().new_page()  # another browser: no language remembered
        guest.goto(link)
        guest.wait_for_selector(f"html[lang='{lang}']", state="attached")
        guest.wait_for_selector("#board svg .area")
        assert errors == []
