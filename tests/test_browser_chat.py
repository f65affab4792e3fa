"""Table talk in a real headless Chromium (issue 58): two people at one game chat both ways, a line is
shown as the text it is (never as HTML), and one mutes the other; in both languages, at 1280 px and
400 px (screenshots under test-artifacts/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import ARTIFACTS, chromium, served, watch_errors
from ludoteca.core.game import get_game

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser
GAME = get_game("mar-y-acero")
MUTE = {"es": "Silenciar a", "en": "Mute"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_two_people_chat_both_ways_and_one_mutes_the_other(tmp_path: Path, lang: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with served(tmp_path) as server, chromium() as browser:
        ana = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(ana)
        ana.goto(f"{server.base}/?lang={lang}")
        with ana.expect_response(lambda response: "/api/seats/" in response.url):
            ana.select_option("#game", GAME.id)
        ana.wait_for_load_state("networkidle")
        ana.select_option("[data-seat='0']", "me")
        ana.select_option("[data-seat='1']", "human")
        ana.click("#create-button")
        invitation = ana.locator("#created input.link").first.input_value()
        ana.click("#go")
        bea = browser.new_page(viewport={"width": 400, "height": 900})
        errors += watch_errors(bea)
        bea.goto(invitation)
        for page in (ana, bea):
            page.wait_for_selector("#chat-form:not([hidden])")

        ana.fill("#chat-text", "<b>hola</b> & bienvenida")
        ana.press("#chat-text", "Enter")
        bea.wait_for_selector("#chat-lines li:has-text('bienvenida')")
        line = bea.locator("#chat-lines li .chat-text").last
        assert line.inner_text() == "<b>hola</b> & bienvenida"  # shown as text: no bold element made
        assert bea.locator("#chat-lines b:has-text('hola')").count() == 0
        bea.fill("#chat-text", "¡gracias!")
        bea.click("#chat-form button")
        ana.wait_for_selector("#chat-lines li:has-text('gracias')")

        ana.click("#chat-mutes button.mute")
        ana.wait_for_selector("#chat-mutes button.mute:not(:has-text('" + MUTE[lang] + "'))")
        assert ana.locator("#chat-lines li:has-text('gracias')").count() == 0  # the muted seat's lines go
        bea.fill("#chat-text", "¿me oyes?")
        bea.press("#chat-text", "Enter")
        bea.wait_for_selector("#chat-lines li:has-text('me oyes')")
        ana.fill("#chat-text", "sigo aquí")
        ana.press("#chat-text", "Enter")
        bea.wait_for_selector("#chat-lines li:has-text('sigo aquí')")  # Bea still hears Ana
        assert ana.locator("#chat-lines li:has-text('me oyes')").count() == 0  # Ana does not hear Bea
        ana.screenshot(path=ARTIFACTS / f"chat-ana-{lang}-1280.png", full_page=True)
        bea.screenshot(path=ARTIFACTS / f"chat-bea-{lang}-400.png", full_page=True)
        assert errors == []
