"""Guerra a Muerte's map on a phone and on a desktop in a real headless Chromium (issue 55): at 400 px it
starts at its own size, so that an area's name reads at 8 px or more and an area is a finger wide, panned
to the decision's first target; it zooms out, in and to the screen's width, and keeps the zoom chosen. The
screenshots (both languages, 400 and 1280 px) go to /tmp for a person to look at."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Page

from browser import chromium, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser
OPTIONS = {"scenario": "1815-1818", "setup": "historical"}
SIZES = """() => {
  const box = (node) => node.getBoundingClientRect();
  const all = (selector) => [...document.querySelectorAll(selector)].map(box);
  const frame = box(document.querySelector("#board"));
  const svg = box(document.querySelector("#board svg"));
  const names = all("#board .area .place-name").map((b) => b.height);
  const areas = all("#board .area").map((b) => b.width);
  const inside = (b) => b.left >= frame.left - 1 && b.right <= frame.right + 1;
  const seen = all("#board svg .area.target").filter(inside).length;
  return { frame: frame.width, svg: svg.width, name: Math.min(...names), area: Math.min(...areas), seen };
}"""


def open_game(page: Page, base: str, lang: str) -> None:
    body = {
        "game": "guerra-a-muerte",
        "options": OPTIONS,
        "seats": [{"kind": "me"}, {"kind": "ai", "spec": "random"}],
        "seed": 4,
    }
    made = httpx.post(f"{base}/api/games", json=body).json()
    page.goto(f"{base}/play/{made['id']}?lang={lang}#token={made['token']}")
    page.wait_for_selector("#board svg .area.target")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_on_a_phone_the_map_reads_and_zooms(tmp_path: Path, lang: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 800})
        errors = watch_errors(page)
        open_game(page, server.base, lang)
        sizes = page.evaluate(SIZES)
        assert sizes["svg"] >= 1270  # the map's own size, 1280 px
        assert sizes["name"] >= 8 and sizes["area"] >= 120  # a name reads, an area takes a finger
        assert sizes["seen"] >= 1  # the frame is panned to a target of the decision
        page.screenshot(path=f"/tmp/gam-board-{lang}-400.png")
        page.click("#board .zoom-bar [data-zoom='out']")
        smaller = page.evaluate(SIZES)["svg"]
        assert 600 < smaller < sizes["svg"]
        page.click("#board .zoom-bar [data-zoom='in']")
        page.click("#board .zoom-bar [data-zoom='in']")
        assert page.evaluate(SIZES)["svg"] > sizes["svg"]
        page.click("#board .zoom-bar [data-zoom='fit']")
        fitted = page.evaluate(SIZES)
        assert abs(fitted["svg"] - fitted["frame"]) < 2
        page.reload()
        page.wait_for_selector("#board svg .area.target")
        assert abs(page.evaluate(SIZES)["svg"] - fitted["frame"]) < 2  # the zoom chosen is kept
        label = {"es": "Ajustar a la pantalla", "en": "Fit to the screen"}[lang]
        assert page.locator("#board .zoom-bar [data-zoom='fit']").inner_text() == label
        assert errors == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_on_a_desktop_the_map_fits_its_frame(tmp_path: Path, lang: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        open_game(page, server.base, lang)
        sizes = page.evaluate(SIZES)
        assert abs(sizes["svg"] - sizes["frame"]) < 2
        page.screenshot(path=f"/tmp/gam-board-{lang}-1280.png", full_page=True)
        assert errors == []


@pytest.mark.parametrize(
    ("lang", "words"), [("es", "Pulsa una fuerza del mapa"), ("en", "Click a force on the map")]
)
def test_a_spectator_is_not_told_to_click_a_force_of_their_own(tmp_path: Path, lang: str, words: str) -> None:
    """Issue 55: the spectator's side panel said "Pulsa una fuerza tuya"; a spectator has no force."""
    with served(tmp_path) as server, chromium() as browser:
        body = {"game": "guerra-a-muerte", "options": OPTIONS, "seats": [{"kind": "me"}, {"kind": "me"}]}
        made = httpx.post(f"{server.base}/api/games", json={**body, "seed": 4}).json()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        page.goto(f"{server.base}/play/{made['id']}?lang={lang}")
        page.wait_for_selector("#board svg .area")
        text = page.locator("#board svg").text_content() or ""
        assert words in text and "tuya" not in text and "your forces on the map" not in text
        assert errors == []
