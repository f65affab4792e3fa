"""Guerra a Muerte in a real headless Chromium: a person deploys the Patriots by clicking against an AI
that plays the Royalists; and two people invited to one game, where the Patriot's page never shows what
the Royalist's forces hold (limited intelligence, §5.1.3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from browser import chromium, click_once, save_screenshot, served, watch_errors
from ludoteca.core.game import get_game
from ludoteca.core.i18n import LANGUAGES

pytestmark = pytest.mark.timeout(600)
GAME = get_game("guerra-a-muerte")


def api(base: str, game_id: str, token: str) -> dict[str, Any]:
    response = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Ludoteca-Token": token})
    return dict(response.json())


def test_the_patriots_deploy_by_clicking_against_the_ai(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=es")
        page.select_option("#game", "guerra-a-muerte")
        page.wait_for_load_state("networkidle")  # the seats are drawn for the game chosen
        page.select_option("[data-option='scenario']", "campaign")
        page.wait_for_load_state("networkidle")
        page.select_option("[data-seat='0']", "me")
        page.select_option("[data-seat='1']", "ai")
        page.fill("[data-spec='1']", "random")
        page.fill("#seed", "5")
        page.click("#create-button")
        page.wait_for_selector("#board svg .area")
        game_id = page.url.split("/play/")[1].split("?")[0]
        token = page.url.split("token=")[1].split("&")[0]
        clicks = 0
        while clicks < 12 and not api(server.base, game_id, token)["view"]["terminal"]:
            click_once(page)
            clicks += 1
            if clicks == 2:
                save_screenshot(page, "guerra-a-muerte-deployment")
        state = api(server.base, game_id, token)
        actors = [m["actor"] for m in state["moves"]]
        assert "realistas" in actors  # the AI deployed the Royalists first (§2.0)
        assert actors.count("patriotas") >= 12  # and the person's clicks were moves
        own = [
            unit["id"]
            for entry in state["view"]["board"]["places"].values()
            for unit in entry["forces"].get("patriot", {}).get("units", [])
        ]
        assert own  # the Patriot's forces open to their contents for their owner
        page.wait_for_selector(f"body[data-move='{state['view']['move']}']", state="attached")
        save_screenshot(page, "guerra-a-muerte-patriots")
        assert errors == []


def secrets(view: dict[str, Any]) -> set[str]:
    """The names and ids of the counters and leaders the Royalist's own view shows inside his forces on
    the map, left out the names some other counter or leader also bears (they would name nothing)."""
    out: set[str] = set()
    for entry in view["board"]["places"].values():
        force = entry["forces"].get("royalist", {})
        named = [("unit", unit["id"]) for unit in force.get("units", [])]
        named += [("leader", leader) for leader in force.get("leaders", [])]
        for kind, what in named:
            out.add(what)
            table = GAME.component_data()["counters" if kind == "unit" else "leaders"]
            for lang in LANGUAGES:
                name = GAME.catalog.text(f"{kind}.{what}", lang)
                if not any(GAME.catalog.text(f"{kind}.{x}", lang) == name for x in table if x != what):
                    out.add(name)
    return {s for s in out if len(s) > 3}  # a short id could be any word's part


def test_the_other_seat_never_sees_inside_the_royalist_forces_5_1_3(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        lobby = browser.new_page()
        errors = watch_errors(lobby)
        lobby.goto(f"{server.base}/?lang=es")
        lobby.select_option("#game", "guerra-a-muerte")
        lobby.wait_for_load_state("networkidle")
        lobby.select_option("[data-seat='0']", "human")
        lobby.select_option("[data-seat='1']", "human")
        lobby.click("#create-button")

        def link(seat: str) -> str:
            return (
                lobby.locator("#created li", has_text=GAME.catalog.text(f"role.{seat}", "es"))
                .locator("input.link")
                .input_value()
            )

        patriot_link, royalist_link = link("patriotas"), link("realistas")
        royalist = browser.new_page(viewport={"width": 1500, "height": 1000})
        patriot = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors += watch_errors(royalist) + watch_errors(patriot)
        royalist.goto(royalist_link)
        patriot.goto(patriot_link)
        royalist.wait_for_selector("#board svg .area")
        patriot.wait_for_selector("#board svg .area")
        game_id = royalist_link.split("/play/")[1].split("#")[0].split("?")[0]
        token = royalist_link.split("token=")[1].split("&")[0]
        checked = 0

        def check_the_patriot_page() -> str:
            nonlocal checked
            mine = api(server.base, game_id, token)["view"]
            patriot.wait_for_selector(f"body[data-move='{mine['move']}']", state="attached")
            page_text = patriot.content()
            for secret in secrets(mine):
                assert secret not in page_text, secret
                checked += 1
            if mine["prompt"] and mine["current_role"] == "realistas":
                assert mine["prompt"] not in page_text  # the deployment's prompt names the counter
            return page_text

        for click in range(60):
            if api(server.base, game_id, token)["view"]["current_role"] != "realistas":
                break
            click_once(royalist)
            if click % 5 == 4:
                check_the_patriot_page()
        assert api(server.base, game_id, token)["view"]["current_role"] == "patriotas"  # §2.0: his turn
        page_text = check_the_patriot_page()
        assert page_text.count("force royalist hidden") >= 5  # the Royalist's markers, closed
        assert checked > 10
        save_screenshot(patriot, "guerra-a-muerte-other-seat")
        assert errors == []
