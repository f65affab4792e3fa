"""Table talk and "play again" in a real headless Chromium (issue 58): two people at one game chat both
ways, a line is shown as the text it is (never as HTML), and one mutes the other; a finished game's
rematch seats each person one seat on, the other told at once; in both languages, at 1280 px and
400 px (screenshots under test-artifacts/)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import httpx2 as httpx
import pytest

from browser import ARTIFACTS, chromium, create_inviting, served, watch_errors
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
        invitation = create_inviting(ana, GAME.id)
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


def play_out(base: str, game_id: str, tokens: dict[str, str], seed: int = 1) -> None:
    """Play a game to its end over HTTP, each seat choosing at random among its legal moves."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base) as http:
        for _ in range(5_000):
            shown = http.get(
                f"/api/games/{game_id}", headers={"X-Ludoteca-Token": next(iter(tokens.values()))}
            )
            view = shown.json()["view"]
            if view["terminal"]:
                return
            token = tokens[view["current_role"]]
            mine = http.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": token}).json()
            action = rng.choice(mine["view"]["actions"])["id"]
            body = {"token": token, "action": action, "version": mine["version"]}
            assert http.post(f"/api/games/{game_id}/act", json=body).status_code == 200
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_play_again_seats_each_person_one_seat_on(tmp_path: Path, lang: str) -> None:
    game = get_game("patria-libre")
    with served(tmp_path) as server, chromium() as browser:
        body = {"game": game.id, "options": {"players": "2"}, "seats": [{"kind": "human"}] * 2}
        made = httpx.post(f"{server.base}/api/games", json=body).json()
        tokens = made["invitations"]
        first, second = list(tokens)
        play_out(server.base, made["id"], tokens)
        pages = {}
        for role, width in ((first, 1280), (second, 400)):
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.goto(f"{server.base}/play/{made['id']}?lang={lang}#token={tokens[role]}")
            page.wait_for_selector("#rematch-row:not([hidden]) #rematch")
            pages[role] = page
        errors = watch_errors(pages[first]) + watch_errors(pages[second])
        pages[first].click("#rematch")
        pages[first].wait_for_url("**/play/**", timeout=30_000)
        pages[second].wait_for_selector("#rematch-link:not([hidden])")  # told at once, with its own seat
        pages[second].screenshot(path=ARTIFACTS / f"rematch-{lang}-400.png", full_page=True)
        pages[second].click("#rematch-link")
        name = {role: game.catalog.text(f"role.{role}", lang) for role in (first, second)}
        pages[first].wait_for_selector(f"#who:has-text('{name[second]}')")  # one seat on
        pages[second].wait_for_selector(f"#who:has-text('{name[first]}')")
        assert made["id"] not in pages[first].url and made["id"] not in pages[second].url
        assert errors == []


def test_an_overdue_seat_is_handed_to_an_ai_by_agreement_in_the_page(tmp_path: Path) -> None:
    """Issue 58's time per move in the page: the clock's votes appear for the other seat once the silent
    seat is overdue (its last change moved two days back in the server's database), and one click hands
    it to an AI."""
    with served(tmp_path) as server, chromium() as browser:
        body = {"game": GAME.id, "seats": [{"kind": "human"}] * 2, "per_move": "1d"}
        made = httpx.post(f"{server.base}/api/games", json=body).json()
        tokens = made["invitations"]
        with sqlite3.connect(tmp_path / "browser.db") as db:
            db.execute("UPDATE games SET touched = touched - 172800 WHERE id = ?", (made["id"],))
        shown = httpx.get(
            f"{server.base}/api/games/{made['id']}", headers={"X-Ludoteca-Token": tokens[GAME.roles[0]]}
        )
        silent = shown.json()["view"]["current_role"]
        other = next(role for role in tokens if role != silent)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        page.goto(f"{server.base}/play/{made['id']}?lang=en#token={tokens[other]}")
        page.wait_for_selector("#clock [data-vote='ai:easy']")
        page.screenshot(path=ARTIFACTS / "clock-overdue-en-1280.png", full_page=True)
        page.click("#clock [data-vote='ai:easy']")
        seats = {}
        for _ in range(100):
            seats = {s["role"]: s for s in httpx.get(f"{server.base}/api/games/{made['id']}").json()["seats"]}
            if seats[silent]["kind"] == "ai":
                break
            page.wait_for_timeout(100)
        assert seats[silent]["spec"] == "ismcts:level=easy"
        assert errors == []
