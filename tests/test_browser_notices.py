"""Turn notices in a real headless Chromium (issue 58): Bea takes a seat with her key, gives an e-mail
address and a webhook in the lobby's "Your key" panel, confirms the address by the link e-mailed to a local
SMTP server the test starts, and leaves the game's page; when the game comes to her seat, the turn e-mail
arrives (once) and so does the webhook call, and the e-mail's link, opened on another device (a new
browser context), shows her seat. In both languages."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx
import pytest

from browser import ARTIFACTS, chromium, create_inviting, get_key, served, watch_errors
from ludoteca.core.game import get_game
from noticesupport import hook_server, link_in, smtp_server, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser
GAME = get_game("mar-y-acero")
BEA = "bea@example.org"


def play_until_it_comes(base: str, game_id: str, tokens: dict[str, str], role: str) -> None:
    """Each seat plays its first legal moves, through the API (no page open), until the turn comes to
    `role` from another seat (whoever the game's chance made first)."""
    left = False
    for _ in range(400):
        current = httpx.get(f"{base}/api/games/{game_id}").json()["view"]["current_role"]
        if current == role and left:
            return
        left = left or current != role
        headers = {"X-Ludoteca-Token": tokens[current]}
        state = httpx.get(f"{base}/api/games/{game_id}", headers=headers).json()
        body = {
            "token": tokens[current],
            "action": state["view"]["actions"][0]["id"],
            "version": state["version"],
        }
        assert httpx.post(f"{base}/api/games/{game_id}/act", json=body).status_code == 200
    raise AssertionError(f"{role} never came to act")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_turn_email_opens_the_right_seat(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with smtp_server() as (smtp_url, inbox), hook_server() as (hook_url, hooked):
        monkeypatch.setenv("LUDOTECA_SMTP_URL", smtp_url)
        monkeypatch.setenv("LUDOTECA_NOTICE_DELAY", "0.5")
        monkeypatch.setenv("LUDOTECA_WEBHOOK_LOCAL", "1")
        monkeypatch.delenv("LUDOTECA_PUBLIC_URL", raising=False)  # the server's own address
        with served(tmp_path) as server, chromium() as browser:
            base = server.base
            ana = get_key(browser, base, lang, "Ana")
            errors = watch_errors(ana)
            invitation = create_inviting(ana, GAME.id)
            game_id = invitation.split("/play/")[1].split("?")[0]
            ana_key = ana.locator("#key-link").input_value().split("#key=")[1]

            bea = get_key(browser, base, lang, "Bea")
            errors += watch_errors(bea)
            bea.goto(invitation)
            seat = GAME.catalog.text("role." + GAME.roles[1], lang)
            bea.wait_for_selector(f"#who:has-text('{seat}')")  # the seat is bound to Bea's key
            bea.goto(f"{base}/?lang={lang}")  # and her page of the game is closed
            bea.fill("#notice-email", BEA)
            bea.click("#notice-email-form button")
            bea.wait_for_selector("#notice-email-state")
            wait_for(lambda: len(inbox.to(BEA)) == 1)
            bea.goto(link_in(inbox.to(BEA)[0], "#confirm="))
            bea.wait_for_selector("#notice-done:not(:empty)")
            assert "#confirm=" not in bea.url  # the code leaves the address bar
            bea.goto(f"{base}/?lang={lang}")
            bea.wait_for_selector("#notice-digest")  # confirmed: the digest may be chosen
            bea.fill("#notice-webhook", hook_url)
            bea.click("#notice-webhook-form button")
            bea.wait_for_selector(f"#notice-webhook[value='{hook_url}']")
            bea.screenshot(path=ARTIFACTS / f"notices-bea-{lang}-1280.png", full_page=True)
            bea.goto("about:blank")

            mine = httpx.get(f"{base}/api/players/me", headers={"X-Ludoteca-Key": ana_key}).json()
            tokens = {GAME.roles[0]: mine["games"][0]["token"], GAME.roles[1]: invitation.split("#token=")[1]}
            play_until_it_comes(base, game_id, tokens, GAME.roles[1])
            wait_for(lambda: len(inbox.to(BEA)) == 2 and len(hooked.calls) == 1, seconds=30)
            link = link_in(inbox.to(BEA)[1], "#token=")
            assert link.startswith(f"{base}/play/{game_id}?lang={lang}#token=")
            assert hooked.calls[0]["link"] == link

            phone = browser.new_context(viewport={"width": 400, "height": 800}).new_page()  # another device
            errors += watch_errors(phone)
            phone.goto(link)
            phone.wait_for_selector("#board svg")
            phone.wait_for_selector(f"#who:has-text('{seat}')")  # Bea's seat, not a spectator's view
            phone.screenshot(path=ARTIFACTS / f"notices-seat-{lang}-400.png", full_page=True)
            assert len(inbox.to(BEA)) == 2
            assert errors == []
