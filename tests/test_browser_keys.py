"""Players' keys in a real headless Chromium (issue 58): two people with keys, one game; each finds it in
the lobby's "Your key" panel, and a second device of the first person (a third browser context, which
has never seen the game) finds it by the key's link alone and opens the right seat. In both languages, at
1280 px and 400 px (screenshots under test-artifacts/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import ARTIFACTS, chromium, create_inviting, get_key, served, watch_errors
from ludoteca.core.game import get_game

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser
GAME = get_game("mar-y-acero")
TURN = {"es": ("Te toca", "Esperando"), "en": ("Your turn", "Waiting")}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_two_people_with_keys_and_a_second_device_find_their_game(tmp_path: Path, lang: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with served(tmp_path) as server, chromium() as browser:
        ana = get_key(browser, server.base, lang, "Ana")
        errors = watch_errors(ana)
        assert "Ana" in ana.locator("#key-as").inner_text()
        no_mail = {"es": "no envía correo", "en": "sends no e-mail"}[lang]
        ana.wait_for_selector(f"#notice-no-mail:has-text('{no_mail}')")  # no SMTP server: the lobby says so
        invitation = create_inviting(ana, GAME.id)
        game_id = invitation.split("/play/")[1].split("?")[0]

        bea = get_key(browser, server.base, lang, "Bea", width=400)
        errors += watch_errors(bea)
        bea.goto(invitation)
        seat = GAME.catalog.text("role." + GAME.roles[1], lang)
        bea.wait_for_selector(f"#who:has-text('{seat}')")  # joined: the seat is bound to Bea's key
        bea.goto(f"{server.base}/?lang={lang}")
        bea.wait_for_selector(f"#player [data-game='{game_id}']")
        bea.screenshot(path=ARTIFACTS / f"keys-bea-{lang}-400.png", full_page=True)

        ana.reload()
        ana.wait_for_selector(f"#player [data-game='{game_id}']")
        turns = {
            ana.locator(f"#player [data-game='{game_id}']").get_attribute("data-turn"),
            bea.locator(f"#player [data-game='{game_id}']").get_attribute("data-turn"),
        }
        assert turns == {"yours", "waiting"}  # one of the two is to move
        assert any(word in ana.locator("#player").inner_text() for word in TURN[lang])
        ana.screenshot(path=ARTIFACTS / f"keys-ana-{lang}-1280.png", full_page=True)
        key_link = ana.locator("#key-link").input_value()
        assert "#key=" in key_link and game_id not in key_link

        phone = browser.new_page(viewport={"width": 400, "height": 800})  # Ana's second device
        errors += watch_errors(phone)
        phone.goto(key_link.replace("/#", f"/?lang={lang}#"))
        phone.wait_for_selector(f"#player [data-game='{game_id}'] a")
        assert "#key=" not in phone.url  # the key leaves the address bar once kept
        assert "Ana" in phone.locator("#key-as").inner_text()
        phone.screenshot(path=ARTIFACTS / f"keys-phone-{lang}-400.png", full_page=True)
        phone.click(f"#player [data-game='{game_id}'] a")
        phone.wait_for_selector("#board svg")
        seat = GAME.catalog.text("role." + GAME.roles[0], lang)
        phone.wait_for_selector(f"#who:has-text('{seat}')")  # Ana's own seat, not a spectator's view
        assert errors == []
