"""Companion mode in a real headless Chromium (issue 29): a Maquis game created in the lobby with "dice and
cards from the table"; the host tells each draw by clicking its large button, plays a few moves, and the
record downloaded replays. On a 400 px wide screen the outcomes' buttons fit the screen. Then the issue's
Done-when: a Maquis game and a Mar y Acero solo game against the Nitayno, each with the table's dice and
cards, played to the end by clicking (tests/browser.py's mouse-only driver), and their records replay."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Page

from browser import (
    chromium,
    click_once,
    create_in_lobby,
    play_to_the_end,
    save_screenshot,
    served,
    watch_errors,
)
from ludoteca.core.game import CHANCE, get_game
from ludoteca.core.match import Match
from ludoteca.core.record import replay_record

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser


def test_maquis_with_the_table_s_cards_is_played_by_clicking(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 900}, accept_downloads=True)
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=en")
        page.select_option("#game", "maquis")
        page.wait_for_load_state("networkidle")
        page.select_option("[data-seat='0']", "me")
        page.check("#table-chance")
        assert "Dice and cards from the table" in page.locator("label.check:has(#table-chance)").inner_text()
        page.click("#create-button")
        page.wait_for_selector("body[data-table='ask'] #actions button.table-outcome")
        assert "what came up?" in page.locator("#prompt").inner_text()
        first = page.locator("#actions button.table-outcome").first
        box = first.bounding_box()
        assert box is not None and box["height"] >= 40 and box["x"] + box["width"] <= 400  # large, on screen
        save_screenshot(page, "maquis-table-400")
        game_id = page.url.split("/play/")[1].split("?")[0]
        # a spectator is told that the table is asked, never what it may show
        spectator = httpx.get(f"{server.base}/api/games/{game_id}?lang=en").json()["table_chance"]
        assert spectator["asker"] == "resistencia" and spectator["choices"] is None

        told, moves = 0, 0
        while moves < 6 and page.locator("body").get_attribute("data-terminal") != "true":
            move = page.locator("body").get_attribute("data-move")
            page.wait_for_selector("svg .target, #actions button")
            if page.locator("body").get_attribute("data-table") == "ask":
                page.locator("#actions button.table-outcome").first.click()  # the first card still possible
                page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
                told += 1
            else:
                click_once(page)
                moves += 1
        assert told >= 3 and moves >= 1

        with page.expect_download() as download:
            page.click("#record-link")
        record = json.loads(Path(download.value.path()).read_text("utf-8"))
        assert record["game"] == "maquis" and record["chance"] == "table"
        assert replay_record(record).state.digest() == record["digests"][-1]
        # every chance outcome in the record is the first one that could come up: the one clicked
        match = Match(get_game("maquis"), record["options"], 0)
        for actor, notation in record["actions"]:
            if actor == "chance":
                assert match.state.current_player() == CHANCE
                assert match.game.actions.parse(notation) == match.state.chance_outcomes()[0][0]
            match.apply_notation(notation)
        assert errors == []


# (game, its options in the lobby, the seed of the lobby and of the clicks, how the table's outcomes are
# chosen): a Maquis game at very easy, the shortest, its cards drawn at random among those still possible;
# and Mar y Acero solo against the Nitayno (§5), told the first outcome each time (a die's 1), so that the
# Spanish lose their fights and the game ends by §2's wipeout in some 150 clicks (told at random, a game
# runs 400 to 700 clicks, two minutes and more on this machine)
WHOLE_TABLE_GAMES = [
    ("maquis", {"difficulty": "very-easy"}, 3, "random"),
    ("mar-y-acero", {"mode": "solo"}, 8, "first"),
]


@pytest.mark.parametrize(
    ("game_id", "options", "seed", "outcomes"), WHOLE_TABLE_GAMES, ids=[g[0] for g in WHOLE_TABLE_GAMES]
)
def test_a_whole_game_with_the_table_s_dice_and_cards_is_played_by_clicking_and_replays(
    tmp_path: Path, game_id: str, options: dict[str, str], seed: int, outcomes: str
) -> None:
    """Done-when of issue 29: created in the lobby with the table's dice and cards, played to its result
    with the mouse alone (this seat's moves drawn at random among the visible buttons and targets, and
    every outcome the table showed clicked on its large button); the record, downloaded, says it was told
    by the table, holds the outcomes clicked, and replays to the same end."""
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 800}, accept_downloads=True)
        errors = watch_errors(page)
        started = time.monotonic()
        game, token = create_in_lobby(page, server.base, game_id, options, seed=seed, table=True)
        clicks = play_to_the_end(
            page, server.base, game, token, seed=seed, widths=(400,), limit=600, outcomes=outcomes
        )
        save_screenshot(page, f"{game_id}-table-final")
        state = httpx.get(f"{server.base}/api/games/{game}?lang=es").json()
        assert state["view"]["terminal"] and state["view"]["result"]
        assert page.locator("#result-text").inner_text() == state["view"]["result"]["text"]

        with page.expect_download() as download:
            page.click("#record-link")
        record = json.loads(Path(download.value.path()).read_text("utf-8"))
        assert record["game"] == game_id and record["chance"] == "table"
        assert all(record["options"][name] == value for name, value in options.items())
        told = sum(1 for actor, _ in record["actions"] if actor == "chance")
        assert told > 0
        if outcomes == "first":  # each outcome in the record is the one clicked: the first still possible
            match = Match(get_game(game_id), record["options"], 0)
            for actor, notation in record["actions"]:
                if actor == "chance":
                    assert match.game.actions.parse(notation) == match.state.chance_outcomes()[0][0]
                match.apply_notation(notation)
        replayed = replay_record(record).state
        assert replayed.is_terminal() and replayed.digest() == record["digests"][-1]
        print(
            f"{game_id} with the table: {clicks} clicks ({told} outcomes told)"
            f" in {time.monotonic() - started:.0f} s"
        )
        assert errors == []


def tell(page: Page, entry: str) -> None:
    """Type what came up at the table into the page's entry and press Enter, as a person does; wait until
    the game moved on."""
    move = page.locator("body").get_attribute("data-move")
    page.fill("#table-text", entry)
    page.press("#table-text", "Enter")
    page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")


def place(page: Page) -> None:
    """The Resistance's placement, clicked on the board; then the table is asked for the patrol card."""
    move = page.locator("body").get_attribute("data-move")
    click_once(page)
    page.wait_for_selector(f"body:not([data-move='{move}'])[data-table='ask']", state="attached")


def test_maquis_cards_are_typed_as_printed_said_back_and_a_slip_is_undone(tmp_path: Path) -> None:
    """Issue 54 in the browser's table mode: a mission is told by the start of its printed name, a patrol
    card by the number printed on it (shown on its button, and kept as cards leave), each outcome is said
    back, and a slip is taken back with Undo before anything else happens. Typed into the page."""
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 900}, accept_downloads=True)
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=es")
        page.select_option("#game", "maquis")
        page.wait_for_load_state("networkidle")
        page.select_option("[data-seat='0']", "me")
        page.check("#table-chance")
        page.click("#create-button")
        page.wait_for_selector("body[data-table='ask'] #table-text")
        tell(page, "mensajes")
        assert page.locator("#told").inner_text() == (
            "Anotado: 12 · Misión: Mensajes cifrados (mission coded-messages). ¿No es lo que salió? Deshacer,"
            " antes de que pase nada más."
        )
        tell(page, "volar")
        place(page)
        tell(page, "4")
        place(page)
        assert not page.locator("#actions button[data-number='4']").count()  # card 4 is gone...
        assert page.locator("#actions button[data-number='5']").inner_text().startswith("5")  # ...5 stays 5
        move = page.locator("body").get_attribute("data-move")
        page.fill("#table-text", "4")
        page.press("#table-text", "Enter")
        page.wait_for_selector("#error:not(:empty)")
        assert "no es ninguno de los resultados aún posibles: escribe su número (1–3, 5–10)" in (
            page.locator("#error").inner_text()
        )
        assert page.locator("body").get_attribute("data-move") == move  # nothing was recorded
        save_screenshot(page, "maquis-table-typed-400")
        tell(page, "5")
        assert "Anotado: 5 · Carta de patrulla 5 (patrol 5)." in page.locator("#told").inner_text()
        place(page)
        tell(page, "7")  # a slip: card 6 came up
        save_screenshot(page, "maquis-table-told-400")
        page.click("#undo")
        page.wait_for_selector("body[data-table='ask'] #told[hidden]", state="attached")
        tell(page, "6")
        with page.expect_download() as download:
            page.click("#record-link")
        record = json.loads(Path(download.value.path()).read_text("utf-8"))
        told = [notation for actor, notation in record["actions"] if actor == "chance"]
        assert told == [
            "mission coded-messages", "mission take-out-the-bridges", "patrol 4", "patrol 5", "patrol 6",
        ]  # fmt: skip
        assert errors == []
