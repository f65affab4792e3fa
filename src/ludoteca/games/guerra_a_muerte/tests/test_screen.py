"""What a Guerra a Muerte player reads on the screen (issue 55): a recruit's button says its cost and the
pool that pays (§4.2, §4.4) and tells apart two counters of one name; a militia's change of mode says the
mode it goes to (§10.1); the force activated now shows as operating, not as having operated (§3.3), to its
own side only; the English map names its seas and boxes in English. The board draws these in Chromium."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludoteca.core.i18n import LANGUAGES
from ludoteca.games.guerra_a_muerte.actions import ID
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.terminal import REGION_OF, REGIONS, focus_regions, render, room
from ludoteca.games.guerra_a_muerte.tests.test_presentation import GAME, draw_in_chromium, set_up, site

__all__ = ["site"]  # the Chromium fixture of the board tests


def label(state: GamState, notation: str, lang: str) -> str:
    return str(state.action_view(ID[notation], lang)["label"])


def play_until(state: GamState, wanted: Callable[[GamState], bool], seed: int = 3) -> GamState:
    rng = random.Random(seed)
    for _ in range(20_000):
        if wanted(state):
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the position wanted never came")


@pytest.mark.parametrize(
    ("notation", "es", "en"),
    [
        (
            "recruit gc_cr",
            "Reclutar Caracas (Cr): 1 RP de Gran Colombia",
            "Recruit Caracas (Cr): 1 RP from Gran Colombia",
        ),
        (
            "recruit ch_fr2",
            "Reclutar Fragata 2 (FRI) de Chile: 5 RP de Chile (o de El Plata)",
            "Recruit the Chilean Fragata 2 (FRI): 5 RP from Chile (or from El Plata)",
        ),
        (
            "recruit mx_fr2",
            "Reclutar Fragata 2 (FRI) de México: 5 RP de México",
            "Recruit the Mexican Fragata 2 (FRI): 5 RP from Mexico",
        ),
        (
            "recruit mil_chile_i1",
            "Reclutar milicia de infantería chilena 1: ½ RP de Chile (o de El Plata)",
            "Recruit Chilean militia infantry 1: ½ RP from Chile (or from El Plata)",
        ),
        (
            "recruit es_a",
            "Reclutar Americano (A): 1 RP de los realistas",
            "Recruit Americano (A): 1 RP from the Royalists",
        ),
    ],
)
def test_a_recruit_says_its_cost_and_the_pool_that_pays(notation: str, es: str, en: str) -> None:
    state = GAME.new_initial_state()
    assert label(state, notation, "es") == es
    assert label(state, notation, "en") == en


def test_no_two_recruits_read_the_same() -> None:
    state = GAME.new_initial_state()
    for lang in LANGUAGES:
        labels = [label(state, f"recruit {uid}", lang) for uid in BOARD.units]
        assert len(set(labels)) == len(labels), lang


def test_a_change_of_mode_says_the_mode_it_goes_to() -> None:
    state = set_up("1810-1814").clone()
    militia = next(
        u for u, r in state.d["units"].items() if u.startswith("mil_mexico") and r["at"] in BOARD.areas
    )
    assert label(state, f"guerrilla {militia}", "es").startswith("Pasar milicia")
    assert label(state, f"guerrilla {militia}", "es").endswith("a modo guerrilla")
    assert label(state, f"guerrilla {militia}", "en").endswith("into a guerrilla")
    state.set_unit(militia, guerrilla=True)
    assert label(state, f"guerrilla {militia}", "es").endswith("a modo milicia")
    assert label(state, f"guerrilla {militia}", "en").endswith("back into militia")


def activated(state: GamState) -> bool:
    frames = [f for f in state.frames() if f["p"] == "activation"]
    return bool(frames and frames[-1].get("ops") and frames[-1]["units"]) and not state.is_chance_node()


def test_the_force_activated_shows_as_operating_to_its_side_only() -> None:
    state = play_until(set_up("1815-1818").clone(), activated)
    frame = next(f for f in reversed(state.frames()) if f["p"] == "activation")
    own = 0 if frame["side"] == "patriot" else 1
    assert frame["units"] and all(state.d["units"][u]["done"] for u in frame["units"])
    assert state.view(own, "es")["board"]["operating"] == frame["units"]
    assert state.view(1 - own, "es")["board"]["operating"] == []  # limited intelligence (§5.1.3)
    assert state.view(None, "es")["board"]["operating"] == []


@pytest.mark.timeout(300)
def test_the_board_shows_the_operating_force_and_the_recruits_costs(site: tuple[Path, str]) -> None:
    state = play_until(set_up("1815-1818", "open").clone(), activated)
    frame = next(f for f in reversed(state.frames()) if f["p"] == "activation")
    own = 0 if frame["side"] == "patriot" else 1
    view = state.view(own, "es")
    place = frame["area"]
    html = draw_in_chromium(
        site, view, "es", click=f'svg .force[data-place="{place}"][data-side="{frame["side"]}"]'
    )
    assert "operando ahora" in html
    recruiting = play_until(
        set_up("1815-1818", "open").clone(),
        lambda s: s.d["wait"] is not None and s.d["wait"].get("prompt") == "prompt.recruit",  # §4.6
    )
    for lang in LANGUAGES:
        view = recruiting.view(recruiting.current_player(), lang)
        html = draw_in_chromium(site, view, lang)
        recruits = [a for a in view["actions"] if a["group"] == "recruit"]
        for action in recruits[:4]:  # the rows the panel has room for, from the first
            assert action["label"] in html
        assert " RP " in html


def evaluate_in_chromium(site: tuple[Path, str], view: dict[str, Any], lang: str, script: str) -> Any:
    """Draw `view` as `draw_in_chromium` does and return what `script` (a JavaScript function of no
    argument) gives on the drawn page."""
    from playwright.sync_api import sync_playwright

    folder, url = site
    data = GAME.component_data() | {
        "messages": {k: GAME.catalog.text(k, lang) for k in GAME.catalog.keys(lang)}
    }
    (folder / "payload.json").write_text(json.dumps({"data": data, "view": view}), "utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url)
            page.wait_for_selector("body[data-ready]", timeout=20_000)
            return page.evaluate(script)
        finally:
            browser.close()


@pytest.mark.timeout(300)
def test_a_target_in_an_enemy_held_area_wears_the_target_border(site: tuple[Path, str]) -> None:
    state = play_until(set_up("1815-1818", "open").clone(), activated)
    frame = next(f for f in reversed(state.frames()) if f["p"] == "activation")
    view = state.view(0 if frame["side"] == "patriot" else 1, "es")
    targets = [a["target"] for a in view["actions"] if a["target"] in BOARD.areas]
    assert targets
    enemy = "royalist" if frame["side"] == "patriot" else "patriot"
    for area in targets:  # each held by the enemy, as where a force attacks
        view["board"]["places"][area] = {**view["board"]["places"][area], "control": [enemy]}
    strokes = evaluate_in_chromium(
        site,
        view,
        "es",
        """() => [...document.querySelectorAll('.area.target > .area-box')].map((r) => {
             const style = getComputedStyle(r);
             return [r.getAttribute('class'), style.stroke, style.filter];
           })""",
    )
    assert len(strokes) == len(set(targets))
    for cls, stroke, glow in strokes:
        assert f"held-{enemy}" in cls
        assert stroke == "rgb(224, 161, 6)" and "drop-shadow" in glow


def test_the_english_map_names_its_seas_and_boxes_in_english() -> None:
    for table, names in (("sea", BOARD.seas), ("box", BOARD.boxes)):
        for place in names:
            assert GAME.catalog.text(f"{table}.{place}", "en") != GAME.catalog.text(f"{table}.{place}", "es")
    assert GAME.catalog.text("sea.caribe_i", "en") == "Caribbean Sea I"
    assert GAME.catalog.text("box.spain", "en") == "Spain"


# --------------------------------------------------------------------------------------- the terminal
def printed(view: dict[str, Any], lang: str, height: int) -> str:
    console = Console(width=110, height=height, record=True, file=io.StringIO(), color_system=None)
    console.print(render(view, lang))
    return console.export_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_drawing_fits_the_terminals_height(lang: str) -> None:
    state = play_until(set_up("1815-1818", "open").clone(), activated)
    frame = next(f for f in reversed(state.frames()) if f["p"] == "activation")
    view = state.view(0 if frame["side"] == "patriot" else 1, lang)
    small = printed(view, lang, 50)
    assert len(small.splitlines()) <= 50 - room(view)  # room for the log, the prompt and the actions
    assert room(view) >= len(view["actions"]) + 4
    who = GAME.catalog.text(f"role.{view['current_role']}", lang)
    assert f"→ {who}: {view['prompt']}" in small.replace("\n", " ")
    for region in REGION_OF.values():
        assert GAME.catalog.text(f"region.{region}", lang) in small
    home = REGION_OF[frame["area"]]
    assert home in focus_regions(view)
    if len(REGIONS[home]) <= 6:  # a region of a few areas is drawn in full: each area with its RP
        for area in REGIONS[home]:
            assert f"{GAME.catalog.text(f'area.{area}', lang)} {BOARD.areas[area].rp} RP" in small
    assert GAME.catalog.text("board.whole_map", lang) in small
    tall = printed(view, lang, 200)
    assert GAME.catalog.text("board.whole_map", lang) not in tall and len(tall.splitlines()) > 80  # whole
    assert "▶" in tall  # the force activated now operates (§3.3), it has not operated yet


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_tells_a_run_of_secret_choices_once_and_helps_with_this_games_rules(lang: str) -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app

    words = {
        "es": ("ayuda", "salir", "Realistas ha hecho 23 elecciones en secreto", "ayuda reglas 1.1)"),
        "en": ("help", "quit", "Royalists has made 23 secret choices", "help rules 1.1)"),
    }[lang]
    result = CliRunner(env={"COLUMNS": "200", "LINES": "50"}).invoke(
        app,
        ["play", "guerra-a-muerte", "--ai", "realistas=random", "--lang", lang, "--seed", "1"],
        input=f"{words[0]}\n{words[1]}\n",
    )
    assert "Traceback" not in result.output
    assert result.output.count(words[2]) == 1  # the Royalist's whole deployment (§2.1), told once
    assert words[3] in result.output  # help's example is a section of this game's rules
    assert "placement" not in result.output  # not Maquis's


@pytest.mark.parametrize(("lang", "word"), [("es", "Alzar "), ("en", "Raise ")])
def test_an_uprisings_militia_is_raised_and_costs_nothing(lang: str, word: str) -> None:
    state = play_until(
        set_up("1815-1818", "open").clone(),
        lambda s: s.d["wait"] is not None and s.d["wait"].get("prompt") == "prompt.uprising_militia",
    )
    labels = [a["label"] for a in state.view(state.current_player(), lang)["actions"]]
    assert labels and all(label.startswith(word) and "RP" not in label for label in labels)
