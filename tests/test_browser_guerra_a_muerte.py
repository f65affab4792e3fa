"""Guerra a Muerte in a real headless Chromium: a person deploys the Patriots by clicking against an AI
that plays the Royalists; and two people invited to one game, where the Patriot's page never shows what
the Royalist's forces hold (limited intelligence, §5.1.3)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page

from browser import (
    check_the_record_replays,
    choose_a_shown_choice,
    chromium,
    click_once,
    create_in_lobby,
    play_to_the_end,
    save_screenshot,
    served,
    settled,
    watch_errors,
)
from ludoteca.core.game import get_game
from ludoteca.core.i18n import LANGUAGES

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser
GAME = get_game("guerra-a-muerte")
GAME_DATA = GAME.component_data()


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
        page.select_option("[data-level='1']", "random")
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


def secrets(view: dict[str, Any], side: str = "royalist") -> set[str]:
    """The names and ids of the counters and leaders `side`'s own view shows inside its forces on the
    map, left out the names some other counter or leader also bears (they would name nothing)."""
    out: set[str] = set()
    for entry in view["board"]["places"].values():
        force = entry["forces"].get(side, {})
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


def find_word(text: str, word: str) -> int:
    """Where `word` stands whole in `text` (not inside a longer id: `mil_american_i1` is not in
    `mil_american_i10`), or -1."""
    found = re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text)
    return found.start() if found else -1


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
                assert find_word(page_text, secret) < 0, secret
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


# ------------------------------------------------ whole games of the shortest scenario (issue 23)
SCENARIO = "1815-1818"
"""The shortest scenario (§12.2): some 750 decisions at random, 1,200 and more for the others."""
PREFER = {"enter": 0.9, "attack": 0.5, "stop": 0.5, "done": 0.5, "pass": 0.25}
"""The choice policy of the whole games: a force enters a city (§5.0, issue 55) nine times in ten it may
and attacks half the time it may (so that combats reveal forces, §5.1.3), a shown "stop" (the activation
ends) or "done" button is clicked half the time it is offered, "pass" (the nation is done) a quarter, else
any shown choice at random.
Engine playouts of 1815-1818 with this policy took 120–250 decisions (median 160, 12 seeds), at random
600–840; "pass" more often leaves too few battles and moves."""
WHOLE_LIMIT = 600
"""Decisions after which a whole game of the scenario with `PREFER` should have ended."""
SIDES = {"patriotas": "patriot", "realistas": "royalist"}


def excused(state: dict[str, Any]) -> str:
    """What the rules tell a seat of the other side's counters, as its own view from the server says it:
    its decision's labels, notations and prompt (the enemy ships to fire at, the guerrillas to hunt,
    the units to subvert, §5.1.3 "revealed only to fight") and its log (a counter bought from the
    public recruit pool, §4.6; a battle's losses). What the engine's views and logs may say is checked
    by the game's own tests (`test_intelligence.py`); this one checks that a page shows nothing more.
    The move list names a counter only in a recruit, bought from the public pool (§4.6), in a
    subversion, whose target the rules reveal to try it and whose outcome the log tells both sides
    (§10.2.1.4, §10.2.2), in a step lost in a combat, which shows both forces (§5.1.3; a loss to attrition
    stays hidden, "chose"); and in the seat's own moves, each chosen from what its page showed then (a
    guerrilla hunted, §10.1)."""
    view = state["view"]
    said = [view["prompt"] or ""]
    public = [
        move
        for move in state["moves"]
        if (move["notation"] or "").startswith(("recruit ", "subvert ", "lose "))
        or move["actor"] in state["my_roles"]
    ]
    said += [f"{move['notation']} {move['label']}" for move in public]
    said += [action[key] for action in view["actions"] for key in ("label", "notation")]
    return " ".join(said) + json.dumps(view["log"], ensure_ascii=False)


def test_a_whole_game_by_two_people_by_invitation_hides_each_side_and_replays(tmp_path: Path) -> None:
    """Both seats people invited from the lobby, each page opened from its link (the Patriot's 1280 px
    wide, the Royalist's a phone's 400 px) and moving only by clicking what it shows; after every move
    neither page shows a counter or leader inside the other side's forces (§5.1.3), except what a combat
    reveals, which both pages show while it runs (issue 55); a force garrisons a city (§5.0); the game
    ends with the same result on both pages, then replays from its record. The move list is read too: a
    private decision's choice (a deployment's place, a force's `leave`, a guerrilla or a promotion) shows
    there to the other side only as made."""
    started = time.monotonic()
    rng = random.Random(23)
    with served(tmp_path) as server, chromium() as browser:
        lobby = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(lobby)
        lobby.goto(f"{server.base}/?lang=es")
        with lobby.expect_response(lambda response: "/api/seats/" in response.url):
            lobby.select_option("#game", "guerra-a-muerte")
        with lobby.expect_response(lambda response: "/api/seats/" in response.url):
            lobby.select_option("[data-option='scenario']", SCENARIO)
        with lobby.expect_response(lambda response: "/api/seats/" in response.url):
            lobby.select_option("[data-option='setup']", "historical")  # deployment: the campaign's test
        lobby.wait_for_load_state("networkidle")
        lobby.select_option("[data-seat='0']", "human")
        lobby.select_option("[data-seat='1']", "human")
        lobby.click("#create-button")
        lobby.wait_for_selector("#created input.link", state="attached")
        links = {
            role: lobby.locator("#created li", has_text=GAME.catalog.text(f"role.{role}", "es"))
            .locator("input.link")
            .input_value()
            for role in SIDES
        }
        game_id = links["patriotas"].split("/play/")[1].split("#")[0].split("?")[0]
        tokens = {role: link.split("token=")[1].split("&")[0] for role, link in links.items()}
        pages: dict[str, Page] = {}
        for role, width in (("patriotas", 1280), ("realistas", 400)):
            pages[role] = browser.new_page(viewport={"width": width, "height": 900}, accept_downloads=True)
            errors += watch_errors(pages[role])
            pages[role].goto(links[role])
            pages[role].wait_for_selector("#board svg .area")
        assert {role: api(server.base, game_id, tokens[role])["my_roles"] for role in SIDES} == {
            role: [role] for role in SIDES
        }
        checked = decisions = 0
        combats = dict.fromkeys(SIDES, 0)  # the moves at which each page showed enemy counters fighting

        def check_the_pages() -> dict[str, dict[str, Any]]:
            """Each page shows the latest move and nothing inside the other side's forces but what a combat
            reveals (which it shows); returns each seat's state."""
            nonlocal checked
            in_turn = settled(lambda: [api(server.base, game_id, tokens[role]) for role in SIDES])
            states = dict(zip(SIDES, in_turn, strict=True))
            move = states["patriotas"]["view"]["move"]
            assert states["realistas"]["view"]["move"] == move
            for role, page in pages.items():
                other = next(r for r in SIDES if r != role)
                page.wait_for_selector(f"body[data-move='{move}']", state="attached")
                page_text = page.content()
                allowed = excused(states[role])
                for secret in secrets(states[other]["view"], SIDES[other]):
                    at = find_word(page_text, secret)
                    assert at < 0 or find_word(allowed, secret) >= 0, (
                        move,
                        role,
                        secret,
                        page_text[at - 300 : at + 100],
                    )
                    checked += 1
                shown = [x["id"] for x in states[role]["view"]["board"].get("revealed", ()) if "steps" in x]
                enemy = [
                    u
                    for u in shown
                    if u in GAME_DATA["counters"] and GAME_DATA["counters"][u]["side"] != SIDES[role]
                ]
                names = {GAME.catalog.text(f"unit.{u}", "es") for u in enemy if GAME.catalog.has(f"unit.{u}")}
                if names:  # a combat runs: this page shows the enemy counters that fight
                    assert any(find_word(page_text, name) >= 0 for name in names), (move, role, names)
                    combats[role] += 1
            return states

        states = check_the_pages()
        while not states["patriotas"]["view"]["terminal"]:
            asked = [role for role in SIDES if states[role]["view"]["actions"]]
            assert len(asked) == 1, f"move {states['patriotas']['view']['move']}: asked {asked}"
            choose_a_shown_choice(pages[asked[0]], states[asked[0]], rng, PREFER)
            decisions += 1
            assert decisions <= WHOLE_LIMIT, "the game should have ended"
            if decisions == 30:
                save_screenshot(pages[asked[0]], f"guerra-a-muerte-{SIDES[asked[0]]}-playing")
            states = check_the_pages()
        result = states["patriotas"]["view"]["result"]
        assert result["text"] and states["realistas"]["view"]["result"] == result
        for page in pages.values():
            assert page.locator("#result-text").inner_text() == result["text"]
            assert page.locator("#actions button").count() == 0
        save_screenshot(pages["patriotas"], "guerra-a-muerte-final-1280")
        save_screenshot(pages["realistas"], "guerra-a-muerte-final-400")
        record = check_the_record_replays(pages["realistas"], server.base, game_id, tokens["realistas"])
        assert record["options"]["scenario"] == SCENARIO and len(record["actions"]) > decisions
        assert record["options"]["setup"] == "historical"
        assert checked > 1000
        assert all(combats.values()), f"a combat shown on both pages: {combats}"
        assert any(notation.startswith("enter ") for _actor, notation in record["actions"]), "a city entered"
        assert errors == []
    print(f"two people: {decisions} decisions, {checked} secrets checked, {time.monotonic() - started:.0f} s")


def test_a_whole_game_against_the_ai_from_the_lobby_replays(tmp_path: Path) -> None:
    """One person plays the Patriots against the `random` AI from the lobby, by clicking what the page
    shows, its window 400 and 1280 px wide by turns; the game ends and replays from its record."""
    started = time.monotonic()
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 800}, accept_downloads=True)
        errors = watch_errors(page)
        game_id, token = create_in_lobby(
            page, server.base, "guerra-a-muerte", {"scenario": SCENARIO, "setup": "historical"}, seed=7
        )
        assert api(server.base, game_id, token)["my_roles"] == ["patriotas"]
        clicks = play_to_the_end(
            page, server.base, game_id, token, seed=7, widths=(400, 1280), limit=WHOLE_LIMIT, prefer=PREFER
        )
        state = api(server.base, game_id, token)
        assert state["view"]["terminal"] and state["view"]["result"]["text"]
        assert page.locator("#result-text").inner_text() == state["view"]["result"]["text"]
        save_screenshot(page, "guerra-a-muerte-ai-final")
        record = check_the_record_replays(page, server.base, game_id, token)
        assert record["options"]["scenario"] == SCENARIO
        assert errors == []
    print(f"against the AI: {clicks} clicks, {time.monotonic() - started:.0f} s")
