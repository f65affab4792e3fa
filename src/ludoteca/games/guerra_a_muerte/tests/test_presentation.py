"""The drawings of a Guerra a Muerte position and its rules reference: the terminal shows every scenario to
both seats in both languages and never what limited intelligence hides (§5.1.3); the browser's component
data holds no position; every rule the procedures cite has its section in the reference; and the board
script draws the map in a real Chromium, with the other seat's forces only as markers."""

from __future__ import annotations

import functools
import http.server
import io
import json
import random
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludoteca.core.i18n import LANGUAGES
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.terminal import render
from ludoteca.games.guerra_a_muerte.view import SIDE_OF_ROLE

GAME = GuerraAMuerte()
PACKAGE = Path(__file__).parent.parent
SCENARIOS = ("campaign", "1810-1814", "1815-1818", "1820-1824")
RULEBOOK_SECTIONS = (
    "1.0",
    "1.1",
    "1.1.1",
    "1.2",
    "1.3",
    "1.3.1",
    "1.3.2",
    "1.3.3",
    "1.3.4",
    "1.3.5",
    "1.3.6",
    "2.0",
    "2.1",
    "2.2",
    "2.3",
    "3.0",
    "3.1",
    "3.2",
    "3.3",
    "3.4",
    "3.4.1",
    "4.0",
    "4.1",
    "4.2",
    "4.2.1",
    "4.2.2",
    "4.2.3",
    "4.2.4",
    "4.3",
    "4.4",
    "4.5",
    "4.5.1",
    "4.6",
    "4.7",
    "4.8",
    "4.9",
    "4.9.1",
    "4.10",
    "5.0",
    "5.1",
    "5.1.1",
    "5.1.2",
    "5.1.3",
    "5.2",
    "5.3",
    "6.0",
    "6.1",
    "6.2",
    "6.3",
    "6.3.1",
    "6.4",
    "6.5",
    "6.6",
    "6.7",
    "7.0",
    "7.1",
    "7.2",
    "7.3",
    "7.4",
    "7.5",
    "7.5.1",
    "7.6",
    "7.7",
    "7.8",
    "7.9",
    "7.10",
    "8.0",
    "8.1",
    "8.2",
    "8.3",
    "9.0",
    "9.1",
    "9.2",
    "9.3",
    "9.4",
    "9.5",
    "10.0",
    "10.1",
    "10.2",
    "10.2.1",
    "10.2.2",
    "10.3",
    "10.4",
    "10.5",
    "10.6",
    "10.7",
    "11.0",
    "11.1",
    "11.1.1",
    "11.1.2",
    "11.1.3",
    "12.0",
    "12.1",
    "12.1.1",
    "12.1.2",
    "12.1.3",
    "12.1.4",
    "12.2",
    "12.2.1",
    "12.2.2",
    "12.2.3",
    "12.2.4",
    "12.3",
    "12.3.1",
    "12.3.2",
    "12.3.3",
    "12.3.4",
)
"""Every numbered section heading of the rulebook (`rulebooks/guerra-a-muerte.es.txt`, §1.0–§12.3.4)."""
PLACES = {*BOARD.areas, *BOARD.seas, *BOARD.boxes}


def text_of(view: dict[str, Any], lang: str) -> str:
    """The whole drawing (as the `board` command prints it, whatever the terminal's height)."""
    console = Console(width=220, record=True, file=io.StringIO(), color_system=None)
    console.print(render(view, lang).whole())
    return console.export_text()


@functools.cache
def set_up(scenario: str, intelligence: str = "limited") -> GamState:
    """The scenario's position once both sides have set up: the campaign's deployment (§2) played by
    seeded random choices; the short scenarios start set up (§12)."""
    state = GAME.new_initial_state({"scenario": scenario, "intelligence": intelligence})
    rng = random.Random(7)
    while state.d["phase"] == "setup":
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, GamState)
    return state


def on_map(state: GamState, side: str) -> tuple[list[str], list[str]]:
    """The counters and leaders of `side` on the map, at sea or in a box."""
    units = [u for u, s in state.d["units"].items() if s["at"] in PLACES and COUNTERS[u].side == side]
    leaders = [
        x for x, s in state.d["leaders"].items() if s["at"] in PLACES and BOARD.leaders[x].side == side
    ]
    return units, leaders


def token(uid: str) -> str | None:
    """How the terminal writes a printed counter (``Tv·``), if its code is distinctive enough to look for."""
    code = BOARD.units[uid].code if uid in BOARD.units else ""
    return f"{code}·" if len(code) >= 3 else None


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_terminal_draws_the_initial_view_of_every_scenario(scenario: str) -> None:
    state = GAME.new_initial_state({"scenario": scenario})
    for role in (0, 1):
        for lang in LANGUAGES:
            text = text_of(state.view(role, lang), lang)
            for area in BOARD.areas:
                assert GAME.catalog.text(f"area.{area}", lang) in text, (area, lang)
            for region in ("new_spain", "el_plata"):
                assert GAME.catalog.text(f"region.{region}", lang) in text
            assert "RP" in text and "XV" in text


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_terminal_shows_the_other_side_only_its_markers_5_1_3(scenario: str) -> None:
    state = set_up(scenario)
    checked = 0
    for role in (0, 1):
        mine, other = SIDE_OF_ROLE[role], SIDE_OF_ROLE[1 - role]
        own_codes = {token(u) for u in on_map(state, mine)[0]} | {token(u) for u in on_map(state, "rebel")[0]}
        for lang in LANGUAGES:
            text = text_of(state.view(role, lang), lang)
            units, leaders = on_map(state, other)
            assert units or leaders, "each side has forces on the map after the set-up"
            assert f": ▣ {GAME.catalog.text('board.hidden', lang)} (" in text
            for leader in leaders:
                assert GAME.catalog.text(f"leader.{leader}", lang) not in text, (role, leader)
                checked += 1
            for uid in units:
                shown = token(uid)
                if shown and shown not in own_codes:
                    assert shown not in text, (role, uid)
                    checked += 1
            own_units, own_leaders = on_map(state, mine)
            for leader in own_leaders:
                assert GAME.catalog.text(f"leader.{leader}", lang) in text, (role, leader)
            assert any(token(u) and str(token(u)) in text for u in own_units)
    assert checked > 10


def test_with_open_intelligence_the_terminal_shows_both_sides() -> None:
    state = set_up("1820-1824", "open")
    text = text_of(state.view(0, "es"), "es")
    assert f": ▣ {GAME.catalog.text('board.hidden', 'es')} (" not in text
    assert GAME.catalog.text("leader.pezuela", "es") in text  # a Royalist leader, seen by the Patriot


def test_the_terminal_shows_another_seats_prompt_only_as_whose_turn() -> None:
    """The deploying side's prompt names the counter it places (§2.1): the other seat sees who decides."""
    state = GAME.new_initial_state({"scenario": "campaign"})
    assert state.current_player() == 1
    royalist, patriot = text_of(state.view(1, "en"), "en"), text_of(state.view(0, "en"), "en")
    prompt = state.view(1, "en")["prompt"]
    assert prompt in royalist and prompt not in patriot
    assert "[§2.1]" in royalist and "[§2.1]" in patriot


def test_a_siege_is_marked_in_the_terminal_6_2() -> None:
    """A garrison inside Lima's city with a Patriot force in the field is besieged."""
    state = set_up("1815-1818", "open").clone()
    units = state.d["units"]
    garrison = next(u for u, s in units.items() if s["at"] == "lima" and not COUNTERS[u].naval)
    besieger = next(
        u
        for u, s in units.items()
        if s["at"] in BOARD.areas and COUNTERS[u].side == "patriot" and not COUNTERS[u].naval
    )
    mark = f"⚔ {GAME.catalog.text('board.siege', 'en')}: {GAME.catalog.text('side.royalist', 'en')} ⌂"
    before = text_of(state.view(0, "en"), "en").count(mark)
    for uid, slot in units.items():
        if slot["at"] == "lima" and uid != garrison:
            state.move(uid, "pool")
    units[garrison]["city"] = True
    state.move(besieger, "lima", city=False, guerrilla=False)
    assert text_of(state.view(0, "en"), "en").count(mark) == before + 1


# --------------------------------------------------------------------------------- the rules reference
def cited_rules() -> set[str]:
    """Every section the package's procedures, decisions and log lines cite."""
    cited = {procedure.rule for procedure in PROCS.by_name.values()}
    for path in PACKAGE.glob("*.py"):
        for line in path.read_text("utf-8").splitlines():
            if re.search(r"\brule\s*=", line):
                cited |= set(re.findall(r'"(\d+(?:\.\d+)*)"', line))
    return cited


def anchors(lang: str) -> set[str]:
    return set(re.findall(r"\{#([^}\s]+)\}", GAME.rules_reference(lang)))


def test_the_rules_reference_has_a_section_for_every_rule_cited() -> None:
    cited = cited_rules()
    assert {"2.0", "2.1", "2.2", "3.3", "6.6", "10.2.2"} <= cited
    for lang in LANGUAGES:
        assert GAME.rules_reference(lang).startswith("# Guerra a Muerte")
        assert cited <= anchors(lang), (lang, sorted(cited - anchors(lang)))


def test_the_rules_reference_follows_the_rulebook_sections_in_both_languages() -> None:
    """Every numbered heading of the rulebook has its anchor, and both languages have the same ones."""
    assert set(RULEBOOK_SECTIONS) <= anchors("es"), sorted(set(RULEBOOK_SECTIONS) - anchors("es"))
    assert anchors("es") == anchors("en")


# --------------------------------------------------------------------------------- the browser's data
def test_component_data_is_public_and_positionless() -> None:
    data = GAME.component_data()
    assert set(data) == {"areas", "seas", "boxes", "cities", "counters", "leaders", "layout"} | {
        f"{kind}_links" for kind in ("land", "sea", "box")
    }
    dumped = json.dumps(data)
    for secret in ("placement", "requirement", "setup", '"at"', "turn"):
        assert secret not in dumped, secret
    assert set(data["counters"]) == set(COUNTERS)
    assert all(set(c) == {"code", "side", "nationality", "arm", "steps", "factor", "reduced", "militia"}
               for c in data["counters"].values())  # fmt: skip
    assert data == GuerraAMuerte().component_data()  # the same for every game and seat


def test_the_layout_places_every_area_sea_and_box_once() -> None:
    layout = GAME.component_data()["layout"]
    for kind, ids in (("area", BOARD.areas), ("sea", BOARD.seas), ("box", BOARD.boxes)):
        items = layout[kind]
        assert sorted(i["id"] for i in items) == sorted(ids), kind
        assert all(i["source"] == "reconstructed" for i in items)
        assert all(0 < i["x"] < 1280 and 0 < i["y"] < 1570 for i in items)
    spots = [(i["x"], i["y"]) for kind in ("area", "sea", "box") for i in layout[kind]]
    assert len(spots) == len(set(spots))
    assert {i["region"] for i in layout["area"]} == set(layout["regions"]["order"])


def message_keys(path: Path, pattern: str) -> set[str]:
    return set(re.findall(pattern, path.read_text("utf-8")))


def test_every_text_the_drawings_use_is_in_both_catalogs() -> None:
    keys = message_keys(PACKAGE / "terminal.py", r'_t\(\s*"([a-z_.]+)"')
    keys |= message_keys(PACKAGE / "web" / "board.js", r'ctx\.msg\(\s*"([a-z_.]+)"')
    keys |= {f"phase.{p}" for p in ("setup", "events", "uprisings", "reorganization", "end")}
    keys |= {f"phase.{side}_operations" for side in ("patriot", "royalist")}
    keys |= {f"region.{r}" for r in GAME.component_data()["layout"]["regions"]["order"]}
    keys |= {f"short.{a}" for a in ("infantry", "cavalry", "artillery", "frigate", "ship_of_the_line")}
    keys |= {
        f"arm.{a}" for a in ("infantry", "cavalry", "artillery", "frigate", "ship_of_the_line", "militia")
    }
    keys |= {
        f"board.{k}" for k in ("intelligence_limited", "intelligence_open", "pro_patriot", "pro_royalist")
    }
    keys |= {f"sea.{s}" for s in BOARD.seas} | {f"box.{b}" for b in BOARD.boxes}
    keys |= {f"militia.{c.nationality}:{c.arm}" for c in COUNTERS.values() if c.militia}
    assert len(keys) > 80
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if k not in GAME.catalog.keys(lang))
        assert not missing, (lang, missing)


# --------------------------------------------------------------------------------- the board in Chromium
@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """The board script with the shared drawing parts, served as the server serves them (`/static/…`),
    and a page that draws `payload.json` with a context like the client's (`ctx.msg`, `ctx.target`)."""
    static = PACKAGE.parents[1] / "server" / "static"
    (tmp_path / "static" / "boards").mkdir(parents=True)
    for name in ("dom.js", "i18n.js", "style.css", "boards/parts.js"):
        shutil.copy(static / name, tmp_path / "static" / name)
    shutil.copy(PACKAGE / "web" / "board.js", tmp_path / "board.js")
    (tmp_path / "index.html").write_text(PAGE, "utf-8")
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield tmp_path, f"http://127.0.0.1:{server.server_port}/index.html"
    finally:
        server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css"></head><body><div id="board" class="board"></div>
<script type="module">
import * as board from "/board.js";
import { fill } from "/static/i18n.js";
const { data, view } = await (await fetch("/payload.json")).json();
const ctx = {
  lang: "es", data, t: (key) => key,
  msg: (key, params = {}) => fill(data.messages[key] ?? key, params),
  target(node, target) {
    if (!view.actions.some((a) => a.target === String(target))) return;
    node.classList.add("target");
    node.setAttribute("data-target", String(target));
  },
};
board.draw(document.getElementById("board"), view, ctx);
document.body.dataset.ready = "1";
</script></body></html>"""


def draw_in_chromium(
    site: tuple[Path, str], view: dict[str, Any], lang: str, click: str | None = None
) -> str:
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
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on(
                "console", lambda message: errors.append(message.text) if message.type == "error" else None
            )
            page.goto(url)
            page.wait_for_selector("body[data-ready]", timeout=20_000)
            if click:
                page.locator(click).first.click()
            html = page.inner_html("#board")
        finally:
            browser.close()
    assert errors == []
    return html


@pytest.mark.timeout(300)
def test_the_board_draws_the_map_and_hides_the_other_seats_forces(site: tuple[Path, str]) -> None:
    state = set_up("1820-1824")
    for role in (0, 1):
        view = state.view(role, "es")
        html = draw_in_chromium(site, view, "es")
        for area in BOARD.areas:
            assert f'data-area="{area}"' in html
        assert html.count("data-sea=") == len(BOARD.seas) and html.count("data-box=") == len(BOARD.boxes)
        units, leaders = on_map(state, SIDE_OF_ROLE[1 - role])
        own = {GAME.catalog.text(f"unit.{u}", "es") for u in on_map(state, SIDE_OF_ROLE[role])[0]}
        for leader in leaders:
            assert GAME.catalog.text(f"leader.{leader}", "es") not in html, leader
        for uid in units:
            name = GAME.catalog.text(f"unit.{uid}", "es")
            if uid in BOARD.units and name not in own:
                assert name not in html, uid
        assert 'class="force ' + SIDE_OF_ROLE[1 - role] + ' hidden"' in html
        leader = on_map(state, SIDE_OF_ROLE[role])[1][0]
        assert GAME.catalog.text(f"leader.{leader}", "es") in html  # in its force's tooltip


@pytest.mark.timeout(300)
def test_legal_areas_are_clickable_and_an_opened_force_lists_its_units(site: tuple[Path, str]) -> None:
    state = set_up("1815-1818")
    while not (state.current_player() == 0 and state.d["phase"] == "patriot_operations"):
        rng = random.Random(len(state.d["units"]) + state.d["moves"])
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    view = state.view(0, "es")
    targets = {a["target"] for a in view["actions"] if a["target"] in BOARD.areas}
    assert targets, "the Patriot activates a force in an area (§3.3)"
    html = draw_in_chromium(site, view, "es", click="svg .force.patriot:not(.hidden)")
    for area in targets:
        assert re.search(
            rf'class="area target"[^>]*data-area="{area}"|data-area="{area}"[^>]*class="area target"', html
        )
    assert 'class="force patriot opened"' in html
    assert html.count('class="row"') >= 1  # the opened force's units, in the side panel
