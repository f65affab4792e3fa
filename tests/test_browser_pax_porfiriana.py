"""Pax Porfiriana in a real headless Chromium: a three-player game made in the lobby with an invitation for
every seat; each seat's page is opened from its link and the players move by clicking the board. After
every move no page's board shows a card of another player's hand (neither its id nor its name), and each
page shows its own hand; screenshots at 1280 and 400 px are kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page

from browser import chromium, click_once, save_screenshot, served, watch_errors
from ludoteca.core.game import get_game

pytestmark = pytest.mark.timeout(600)
CATALOG = get_game("pax-porfiriana").catalog
CARD_IDS = "nodes => nodes.map(n => n.dataset.card)"


def hand_names(cards: list[str]) -> list[str]:
    return [CATALOG.text(f"card.{card}.name", "es") for card in cards]


def test_three_seats_by_invitation_never_see_each_others_hands(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        lobby = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(lobby)
        lobby.goto(f"{server.base}/?lang=es")
        lobby.select_option("#game", "pax-porfiriana")
        lobby.wait_for_load_state("networkidle")
        lobby.select_option("[data-option='players']", "3")
        lobby.wait_for_selector("[data-seat='2']")  # the seats are drawn again for three players
        assert lobby.locator("[data-seat]").count() == 3
        for seat in range(3):
            lobby.select_option(f"[data-seat='{seat}']", "human")
        lobby.click("#create-button")
        lobby.wait_for_selector("#created input.link", state="attached")
        links = [field.input_value() for field in lobby.locator("#created input.link").all()]
        assert len(links) == 3
        game_id = links[0].split("/play/")[1].split("#")[0].split("?")[0]
        tokens = [link.split("#token=")[1].split("&")[0] for link in links]

        def seat_state(token: str) -> dict[str, Any]:
            reply = httpx.get(f"{server.base}/api/games/{game_id}", headers={"X-Ludoteca-Token": token})
            return dict(reply.json())

        roles = [seat_state(token)["my_roles"][0] for token in tokens]
        pages: list[Page] = []
        for link in links:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors += watch_errors(page)
            page.goto(link)
            page.wait_for_selector("#board svg .seat")
            pages.append(page)

        def check_hands() -> None:
            states = [seat_state(token) for token in tokens]
            move = states[0]["view"]["move"]
            hands = {roles[i]: states[i]["view"]["board"]["players"][roles[i]]["hand"] for i in range(3)}
            for i, page in enumerate(pages):
                page.wait_for_selector(f"body[data-move='{move}']", state="attached")
                board = page.locator("#board")
                text = board.text_content() or ""
                shown = set(board.locator("[data-card]").evaluate_all(CARD_IDS))
                in_hand = board.locator(".in-hand").evaluate_all(CARD_IDS)
                assert sorted(in_hand) == sorted(hands[roles[i]]), roles[i]
                for other, cards in hands.items():
                    if other == roles[i]:
                        continue
                    assert not shown & set(cards), (roles[i], other)
                    assert not [name for name in hand_names(cards) if name in text], (roles[i], other)

        check_hands()
        moves = 0
        while moves < 24:
            states = [seat_state(token) for token in tokens]
            if states[0]["view"]["terminal"]:
                break
            mover = next(i for i, state in enumerate(states) if state["view"]["actions"])
            click_once(pages[mover])
            moves += 1
            check_hands()
            if moves == 6:
                save_screenshot(pages[mover], "pax-porfiriana-board")
        assert moves >= 12
        finals = [seat_state(token)["view"]["board"]["players"] for token in tokens]
        assert any(finals[i][role]["hand"] for i, role in enumerate(roles))  # some hand was there to hide
        pages[0].set_viewport_size({"width": 400, "height": 900})
        save_screenshot(pages[0], "pax-porfiriana-400")
        assert errors == []
