"""Helpers for the browser tests: the system Chromium driven by Playwright (never a browser build of
Playwright's own), a real server process, and clicking through a game as a person would."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
from playwright.sync_api import Browser, FilePayload, Page, sync_playwright

from ludoteca.core.record import replay_record
from serverproc import ServerProcess

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent.parent / "test-artifacts"
SWITCH = 40
"""How many clicks `play_to_the_end` makes at each of its widths before it takes the next."""


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def served(tmp_path: Path, ai_delay: float = 0.0) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path / "browser.db", ai_delay=ai_delay).start()
    try:
        yield server
    finally:
        server.stop()


def watch_errors(page: Page) -> list[str]:
    """Collect the page's script errors and anything its Content Security Policy refused (the pages run
    under the server's policy, SECURITY.md), so a test can assert there were none. The tests wait on CSS
    selectors, never on script strings, which that policy forbids to evaluate."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: errors.append(message.text) if "Content Security Policy" in message.text else None,
    )
    return errors


def click_once(page: Page) -> None:
    """Make one choice by clicking: the first legal target on the board, else the first button; when a
    target holds several actions, its buttons follow. Waits until the page shows the game moved on."""
    page.wait_for_selector("svg .target, #actions button", timeout=120_000)  # an AI seat may be thinking
    body = page.locator("body")
    move = body.get_attribute("data-move")
    if body.get_attribute("data-selected") is None:
        page.locator("svg .target, #actions button").first.click()
        page.wait_for_selector(f"body:not([data-move='{move}']), body[data-selected]", state="attached")
    if body.get_attribute("data-selected") is not None:
        page.locator("#actions button").first.click()
        page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")


def save_screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# ------------------------------------------------ a whole game, with the mouse alone (issue 25)
CHOICES = "#board svg .target, #actions button"

# What is shown to a person at each decision: the buttons' actions and the board's targets, each only if
# it is drawn with a size, inside the page's width (a phone scrolls down, and sideways only inside the
# board's own frame, which a click may have left scrolled), and not covered by anything else where it
# would be clicked.
DRAWN = "nodes => nodes.map(n => [n.getAttribute('class'), JSON.stringify(n.getBoundingClientRect())])"
"""Where each of the nodes is drawn, to say why an action is not shown."""
SHOWN = """() => {
  const pageWidth = document.documentElement.clientWidth;
  const seen = (el) => {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") return false;
    const board = el.closest(".board");  // its whole scrolled width, wherever it is scrolled to now
    const left = board ? board.getBoundingClientRect().left - board.scrollLeft : 0;
    const right = board ? left + board.scrollWidth : pageWidth;
    return box.right > left && box.left < right;
  };
  const buttons = [...document.querySelectorAll("#actions button")].filter(seen)
    .map((b) => ({ action: Number(b.dataset.action), name: b.textContent.trim() }));
  const targets = [...document.querySelectorAll("#board svg .target")].filter(seen)
    .map((t) => t.dataset.target);
  return { buttons, targets };
}"""


def create_in_lobby(
    page: Page, base: str, game_id: str, options: dict[str, str], seed: int, table: bool = False
) -> tuple[str, str]:
    """Choose the game, its options and the seats in the lobby (the first seat mine, any other the
    `random` AI), and with `table` the dice and cards of the table (issue 29), then create it; returns the
    game's id and this seat's token."""
    page.goto(f"{base}/?lang=es")
    page.wait_for_selector("[data-seat='0']", state="attached")
    for select, value in [("#game", game_id)] + [(f"[data-option='{n}']", v) for n, v in options.items()]:
        if page.input_value(select) != value:  # the seats are drawn again for what is chosen
            if page.locator(f"#readings:not([open]) {select}").count():  # folded with the rule readings
                page.click("#readings > summary")
            with page.expect_response(lambda response: "/api/seats/" in response.url):
                page.select_option(select, value)
    page.wait_for_load_state("networkidle")  # the seats drawn for the game and options chosen
    seats = page.locator("[data-seat]").count()
    page.select_option("[data-seat='0']", "me")
    for seat in range(1, seats):
        page.select_option(f"[data-seat='{seat}']", "ai")
        page.select_option(f"[data-level='{seat}']", "random")
    page.fill("#seed", str(seed))
    if table:
        page.check("#table-chance")
    page.click("#create-button")
    page.wait_for_selector("body[data-move] #board svg", state="attached")
    game = page.url.split("/play/")[1].split("?")[0]
    token = page.url.split("token=")[1].split("&")[0]
    return game, token


def play_to_the_end(
    page: Page,
    base: str,
    game: str,
    token: str,
    seed: int,
    widths: tuple[int, ...],
    limit: int,
    outcomes: str = "random",
    prefer: Mapping[str, float] | None = None,
) -> int:
    """Click visible choices until the game is over; at each decision of this seat, check first that
    every legal action is shown (a button of its own, or its target highlighted on the board, whose
    click offers it). In a game played with the table's dice and cards, when this seat is asked what
    came up, every outcome still possible is a large button and one is clicked: drawn at random, or with
    `outcomes="first"` always the first (a die's 1, the first card in the list). The choices are drawn
    with a generator seeded by `seed` (and `prefer`, as `choose_a_shown_choice` takes it). The window
    takes each of `widths` in turn, `SWITCH` clicks each. Returns the number of clicks."""
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
        asked = (state.get("table_chance") or {}).get("choices")
        if str(state["view"]["move"]) != move or not (state["view"]["actions"] or asked):
            page.wait_for_timeout(50)  # the page has not shown the latest move yet
            continue
        if asked:
            tell_the_table(page, asked, rng if outcomes == "random" else None)
            clicks += 1
            assert clicks <= limit, "the game should have ended"
            page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
            continue
        clicks += choose_a_shown_choice(page, state, rng, prefer)
        assert clicks <= limit, "the game should have ended"


def choose_a_shown_choice(
    page: Page, state: dict[str, Any], rng: random.Random, prefer: Mapping[str, float] | None = None
) -> int:
    """One decision of this page's seat, whose `state` (the server's, at the move the page shows) offers
    actions: check first that every legal action is shown (a button of its own, or its target
    highlighted on the board, whose click offers it), then click one of the visible choices drawn with
    `rng`; when a target holds several actions, one of the named buttons it brings. With `prefer`, an
    action's verb (its notation's first word) and a chance, in order: a legal action of that verb is
    chosen with that chance first, by its button or its target on the board (a long game kept short by
    ending activations and turns more often than at random; a rule exercised more often). Waits until the
    page shows the game moved on; returns the number of clicks."""
    body = page.locator("body")
    move = str(state["view"]["move"])
    shown = page.evaluate(SHOWN)
    by_button = {button["action"] for button in shown["buttons"]}
    for action in state["view"]["actions"]:
        offered = action["id"] in by_button or action.get("target") in shown["targets"]
        if not offered:  # what the page draws for it, to say why
            drawn = page.locator(f"#board svg [data-target='{action.get('target')}']").evaluate_all(DRAWN)
            save_screenshot(page, "not-shown")
            raise AssertionError(f"move {move}: {action} is not shown ({page.viewport_size}; drawn: {drawn})")
    assert all(button["name"] for button in shown["buttons"]), "a button without a name"
    for verb, chance in (prefer or {}).items():
        wanted = [a for a in state["view"]["actions"] if a["notation"].split()[0] == verb]
        if not wanted or rng.random() >= chance:
            continue
        chosen = wanted[0]
        if chosen["id"] not in by_button:  # offered through its target on the board: click it first
            page.locator(f"#board svg .target[data-target='{chosen['target']}']").first.click()
            page.wait_for_selector(f"body:not([data-move='{move}']), body[data-selected]", state="attached")
        if body.get_attribute("data-move") == move:
            page.locator(f"#actions button[data-action='{chosen['id']}']").click()
        page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
        return 1
    if shown["targets"] and (not shown["buttons"] or rng.random() < 0.5):
        target = rng.choice(shown["targets"])
        page.locator(f"#board svg .target[data-target='{target}']").first.click()
    else:
        action = rng.choice(shown["buttons"])["action"]
        page.locator(f"#actions button[data-action='{action}']").click()
    page.wait_for_selector(f"body:not([data-move='{move}']), body[data-selected]", state="attached")
    if body.get_attribute("data-selected") is None:
        return 1
    # a target holding several actions: they are named buttons now, one is clicked
    names = page.locator("#actions button").all()
    assert names and all(button.is_visible() and button.inner_text() for button in names)
    rng.choice(names).click()
    page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
    return 2


# What the page shows when it asks what the table's dice or cards showed: the outcomes' buttons, any other
# button, and the height of the smallest outcome button.
ASKED = """() => {
  const buttons = [...document.querySelectorAll("#actions button")];
  const outcomes = buttons.filter((b) => b.classList.contains("table-outcome"));
  return {
    outcomes: outcomes.map((b) => Number(b.dataset.action)),
    others: buttons.length - outcomes.length,
    smallest: Math.min(...outcomes.map((b) => b.getBoundingClientRect().height)),
  };
}"""


def tell_the_table(page: Page, asked: list[dict[str, Any]], rng: random.Random | None) -> None:
    """Say what the table's dice or cards showed (issue 29): the page asks with one large, named button
    for each outcome the server offers, and nothing else to click; one is clicked, at random with `rng`,
    else the first."""
    page.wait_for_selector("body[data-table='ask'] #actions button.table-outcome")
    shown = page.evaluate(ASKED)
    assert shown["outcomes"] == [choice["id"] for choice in asked] and shown["others"] == 0
    assert shown["smallest"] >= 40  # large enough for a finger
    choice = rng.choice(asked) if rng else asked[0]
    assert choice["label"]
    page.locator(f"#actions button.table-outcome[data-action='{choice['id']}']").click()


# ------------------------------------------------ a finished game replays from its record (issue 24)
def check_the_record_replays(page: Page, base: str, game: str, token: str) -> dict[str, Any]:
    """On the page of a finished game, seen with `token`: the record its link downloads replays with the
    engine through every stored digest to the server's final position (this seat's view, result
    included); the replay viewer, stepped to its last move, shows the board and result the page shows;
    and the record uploaded in the lobby opens a replay that reaches the same result. Returns the
    record."""
    state = httpx.get(f"{base}/api/games/{game}?lang=es", headers={"X-Ludoteca-Token": token}).json()
    assert state["view"]["terminal"]
    result = state["view"]["result"]["text"]
    board_text = page.locator("#board").inner_text()
    assert page.locator("#result-text").inner_text() == result
    with page.expect_download() as download:
        page.click("#record-link")
    text = Path(download.value.path()).read_text("utf-8")
    record = json.loads(text)
    match = replay_record(record, verify=True)
    assert match.state.is_terminal()
    role = match.game.roles.index(state["my_roles"][0]) if state["my_roles"] else None
    assert json.loads(json.dumps(match.state.view(role, "es"))) == state["view"]
    steps = len(record["actions"])

    page.goto(f"{base}/replay/{game}?lang=es#token={token}")
    page.wait_for_selector("body[data-step='0'] #board svg", state="attached")
    page.click("#last")
    page.wait_for_selector(f"body[data-step='{steps}'] #result-text", state="attached")
    assert page.locator("#result-text").inner_text() == result
    assert page.locator("#board").inner_text() == board_text

    page.goto(f"{base}/?lang=es")
    page.wait_for_selector("[data-seat='0']", state="attached")
    upload: FilePayload = {"name": "r.json", "mimeType": "application/json", "buffer": text.encode()}
    page.set_input_files("#upload", files=[upload])
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("body[data-step='0'] #board svg", state="attached")
    page.click("#last")
    page.wait_for_selector(f"body[data-step='{steps}'] #result-text", state="attached")
    assert page.locator("#result-text").inner_text() == result
    return dict(record)


def settled(fetch: Callable[[], list[dict[str, Any]]], seconds: float = 60.0) -> list[dict[str, Any]]:
    """Every seat's state (`fetch`) once the game rests: all seats at the same move, and none asked a
    decision with one choice, which its page plays by itself (issue 55) — so that a check of the pages
    never reads them half-way through such a move."""
    deadline = time.monotonic() + seconds
    while True:
        states = fetch()
        forced = any(len(s["view"]["actions"]) == 1 and not s.get("table_chance") for s in states)
        if (len({s["view"]["move"] for s in states}) == 1 and not forced) or time.monotonic() > deadline:
            return states
        time.sleep(0.1)


def get_key(browser: Browser, base: str, lang: str, name: str, width: int = 1280) -> Page:
    """A new person's page of the lobby, with a player's key got under `name` (issue 58)."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{base}/?lang={lang}")
    page.fill("#key-name", name)
    page.click("#key-form button")
    page.wait_for_selector("#key-link")
    return page


def create_inviting(page: Page, game_id: str) -> str:
    """Create a two-seat game from the lobby open in `page`: its first seat the creator's, the second an
    invited person's; returns that person's invitation link."""
    with page.expect_response(lambda response: "/api/seats/" in response.url):
        page.select_option("#game", game_id)
    page.wait_for_load_state("networkidle")
    page.select_option("[data-seat='0']", "me")
    page.select_option("[data-seat='1']", "human")
    page.click("#create-button")
    return page.locator("#created input.link").first.input_value()
