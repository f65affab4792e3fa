"""A whole game of each playable game in a real headless Chromium, created in the lobby against AI
seats and played to its result with the mouse alone (issue 25): at every decision each legal action is
on the page as a visible named button or a highlighted board target (nothing is found by hovering),
and the test only clicks what it sees, at a phone's 400 px and at 1280 × 800.

The choices are drawn at random among the visible buttons and targets (a seeded generator), as a
newcomer trying things would, so that a game ends in a few hundred clicks; the AI seats play `random`,
the fastest the lobby offers. Maquis (one seat) and Patria Libre (two players, the second an AI) are
played whole at each width; Mar y Acero (two players, some 250 clicks) once, its window changing width
every 40 clicks, so that each kind of its decisions is met at both."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page

from browser import chromium, save_screenshot, served, watch_errors
from serverproc import ServerProcess

pytestmark = pytest.mark.timeout(600)

CHOICES = "#board svg .target, #actions button"

# What is shown to a person at each decision: the buttons' actions and the board's targets, each only if
# it is drawn with a size, inside the page's width (a phone scrolls down, and sideways only inside the
# board's own frame), and not covered by anything else where it would be clicked.
SHOWN = """() => {
  const pageWidth = document.documentElement.clientWidth;
  const seen = (el) => {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") return false;
    const frame = el.closest(".board")?.getBoundingClientRect();
    const left = frame ? frame.left : 0;
    const right = frame ? frame.left + el.closest(".board").scrollWidth : pageWidth;
    return box.right > left && box.left < right;
  };
  const buttons = [...document.querySelectorAll("#actions button")].filter(seen)
    .map((b) => ({ action: Number(b.dataset.action), name: b.textContent.trim() }));
  const targets = [...document.querySelectorAll("#board svg .target")].filter(seen)
    .map((t) => t.dataset.target);
  return { buttons, targets };
}"""


def create_in_lobby(
    page: Page, base: str, game_id: str, options: dict[str, str], seed: int
) -> tuple[str, str]:
    """Choose the game, its options and the seats in the lobby (the first seat mine, any other the
    `random` AI), then create it; returns the game's id and this seat's token."""
    page.goto(f"{base}/?lang=es")
    page.wait_for_selector("[data-seat='0']", state="attached")
    for select, value in [("#game", game_id)] + [(f"[data-option='{n}']", v) for n, v in options.items()]:
        if page.input_value(select) != value:  # the seats are drawn again for what is chosen
            with page.expect_response(lambda response: "/api/seats/" in response.url):
                page.select_option(select, value)
    seats = page.locator("[data-seat]").count()
    page.select_option("[data-seat='0']", "me")
    for seat in range(1, seats):
        page.select_option(f"[data-seat='{seat}']", "ai")
        page.fill(f"[data-spec='{seat}']", "random")
    page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_selector("body[data-move] #board svg", state="attached")
    game = page.url.split("/play/")[1].split("?")[0]
    token = page.url.split("token=")[1].split("&")[0]
    return game, token


def play_to_the_end(
    page: Page, base: str, game: str, token: str, seed: int, widths: tuple[int, ...], limit: int
) -> int:
    """Click visible choices until the game is over; at each decision of this seat, check first that
    every legal action is shown (a button of its own, or its target highlighted on the board, whose
    click offers it). The window takes each of `widths` in turn, `SWITCH` clicks each. Returns the
    number of clicks."""
    rng = random.Random(seed)
    body = page.locator("body")
    clicks = 0
    while True:
        width = widths[(clicks // SWITCH) % len(widths)]
        if page.viewport_size != {"width": width, "height": 800}:
            page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_selector(f"{CHOICES}, body[data-terminal='true']", state="attached", timeout=120_000)
        if body.get_attribute("data-terminal") == "true":
            return clicks
        move = body.get_attribute("data-move")
        state = httpx.get(f"{base}/api/games/{game}?lang=es", headers={"X-Ludoteca-Token": token}).json()
        if str(state["view"]["move"]) != move or not state["view"]["actions"]:
            page.wait_for_timeout(50)  # the page has not shown the latest move yet
            continue
        shown = page.evaluate(SHOWN)
        by_button = {button["action"] for button in shown["buttons"]}
        for action in state["view"]["actions"]:
            offered = action["id"] in by_button or action.get("target") in shown["targets"]
            assert offered, f"move {move}: {action['label']} is not shown"
        assert all(button["name"] for button in shown["buttons"]), "a button without a name"
        if shown["targets"] and (not shown["buttons"] or rng.random() < 0.5):
            target = rng.choice(shown["targets"])
            page.locator(f"#board svg .target[data-target='{target}']").first.click()
        else:
            action = rng.choice(shown["buttons"])["action"]
            page.locator(f"#actions button[data-action='{action}']").click()
        clicks += 1
        assert clicks <= limit, "the game should have ended"
        page.wait_for_selector(f"body:not([data-move='{move}']), body[data-selected]", state="attached")
        if body.get_attribute("data-selected") is not None:
            # a target holding several actions: they are named buttons now, one is clicked
            names = page.locator("#actions button").all()
            assert names and all(button.is_visible() and button.inner_text() for button in names)
            rng.choice(names).click()
            clicks += 1
            page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")


# (game, options, the widths it is played at: a whole game at each, or for the longest one a single game
# whose width changes every `SWITCH` clicks, so that each kind of its decisions meets both)
WHOLE_GAMES = [
    ("maquis", {"difficulty": "very-easy"}, (400,)),
    ("maquis", {"difficulty": "very-easy"}, (1280,)),
    ("patria-libre", {}, (400,)),
    ("patria-libre", {}, (1280,)),
    ("mar-y-acero", {"mode": "two-player"}, (400, 1280)),
]
SWITCH = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory.mktemp("whole")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.mark.parametrize(
    ("game_id", "options", "widths"), WHOLE_GAMES, ids=[f"{g[0]}-{g[2]}" for g in WHOLE_GAMES]
)
def test_a_whole_game_is_played_with_the_mouse_alone(
    server: ServerProcess, browser: Browser, game_id: str, options: dict[str, str], widths: tuple[int, ...]
) -> None:
    page = browser.new_page(viewport={"width": widths[0], "height": 800})
    errors = watch_errors(page)
    started = time.monotonic()
    game, token = create_in_lobby(page, server.base, game_id, options, seed=7)
    clicks = play_to_the_end(page, server.base, game, token, seed=7, widths=widths, limit=800)
    save_screenshot(page, f"{game_id}-{widths[-1]}-final")
    state: dict[str, Any] = httpx.get(f"{server.base}/api/games/{game}?lang=es").json()
    assert state["view"]["terminal"] and state["view"]["result"]
    assert page.locator("#result-text").inner_text() == state["view"]["result"]["text"]
    assert page.locator("#actions button").count() == 0
    print(f"{game_id} at {widths} px: {clicks} clicks in {time.monotonic() - started:.0f} s")
    assert errors == []
    page.close()
