"""Helpers for the browser tests: the system Chromium driven by Playwright (never a browser build of
Playwright's own), a real server process, and clicking through a game as a person would."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

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
