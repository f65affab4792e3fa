"""What a newcomer met in the game pages (issue 25), in a real Chromium: every choice named without
hovering, the Maquis board's locations and patrol cards, a disabled undo that says why, prompts and
move lists in the page's language, a header that fits 400 px, lobby options with labels, and for every
game's page in both languages no clipped text and no string of the other language."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page

from browser import chromium, served, watch_errors
from ludoteca.core.game import get_game
from ludoteca.core.match import Match

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser

GAMES = {"maquis": 1, "mar-y-acero": 2, "patria-libre": 2}
"""The games with a map of locations, areas or provinces, and how many seats each page's game has."""
EVERY_GAME = {**GAMES, "guerra-a-muerte": 2, "pax-porfiriana": 2}

CLIPPED = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.getClientRects().length || el.closest("svg")) continue;
    const style = getComputedStyle(el);
    const hides = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    const cut = el.scrollWidth > el.clientWidth + 1;
    if (hides && cut && el.textContent.trim()) out.push(el.textContent.slice(0, 60));
  }
  // a numbered list leaves room for its longest number ("10. "), which would else stick out on the left
  const pen = document.createElement("canvas").getContext("2d");
  for (const list of document.querySelectorAll("ol")) {
    const items = [...list.querySelectorAll(":scope > li")];
    if (!list.getClientRects().length || !items.length) continue;
    const last = Math.max(items.length + Math.max(list.start, 1) - 1, ...items.map((li) => li.value));
    const style = getComputedStyle(items[0]);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    if (pen.measureText(`${last}. `).width > parseFloat(getComputedStyle(list).paddingLeft)) {
      out.push(`ol: ${last}. ${items[0].textContent.slice(0, 40)}`);
    }
  }
  for (const text of document.querySelectorAll("svg text")) {
    const box = text.getBoundingClientRect();
    const room = text.ownerSVGElement.getBoundingClientRect();
    if (!box.width) continue;
    const outside = box.left < room.left - 1 || box.top < room.top - 1;
    if (outside || box.right > room.right + 1 || box.bottom > room.bottom + 1) {
      out.push(`svg: ${text.textContent.slice(0, 60)}`);
    }
  }
  return out;
}"""


def open_game(page: Page, base: str, game_id: str, seats: int, lang: str, seed: int = 3) -> dict[str, Any]:
    body = {"game": game_id, "seats": [{"kind": "me"}] * seats, "seed": seed}
    made: dict[str, Any] = httpx.post(f"{base}/api/games", json=body).json()
    page.goto(f"{base}/play/{made['id']}?lang={lang}#token={made['token']}")
    page.wait_for_selector("body[data-move] #board svg", state="attached")
    return made


def act(base: str, made: dict[str, Any], *notations: str) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for notation in notations:
        shown = httpx.get(f"{base}/api/games/{made['id']}", headers={"X-Ludoteca-Token": made["token"]})
        body = {"token": made["token"], "action": notation, "version": shown.json()["version"]}
        response = httpx.post(f"{base}/api/games/{made['id']}/act", json=body)
        assert response.status_code == 200, response.text
        state = response.json()
    return state


def other_language_strings(game_id: str, lang: str) -> list[str]:
    """Texts of the game's board, phases and terms in the other language that no text of `lang` contains,
    with the interface's own words: none of them may show on a page in `lang`."""
    catalog, other = get_game(game_id).catalog, "en" if lang == "es" else "es"
    mine = [catalog.text(key, lang) for key in catalog.keys(lang)]
    found = []
    for key in sorted(catalog.keys(other)):
        text = catalog.text(key, other)
        shown = key.split(".")[0] in ("board", "phase") and "{" not in text and len(text) >= 8
        if shown and not any(text in own for own in mine):
            found.append(text)
    words = {
        "es": ["Undo", "Hint", "Waiting for", "Moves", "Rules", "VP×"],
        "en": ["Deshacer", "Pista", "Jugadas", "Reglas", "PV×"],
    }
    return found + words[lang]


def assert_fits(page: Page, width: int, where: str) -> None:
    """The header's items fit its width, and nothing widens the page past the window: a wide board
    scrolls inside its own frame."""
    header = page.locator("header.top")
    assert header.evaluate("(node) => node.scrollWidth <= node.clientWidth"), (where, width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (where, width)


NUMBERED = re.compile(r"[0-9]+(\.([0-9]+|[IVX]+|[A-Z]))*")


def assert_citations_read_in(page: Page, base: str, game_id: str, lang: str) -> None:
    """Every rule citation on the page reads as the rulebook's number or its section's name in `lang`
    (the rules reference's heading), never as an anchor's words: `§ placement.patrol` on a Spanish page
    is English."""
    sections = httpx.get(f"{base}/api/rules/{game_id}/sections?lang={lang}").json()
    links = page.locator("a.rule").all()
    assert links, game_id
    for link in links:
        rule = (link.get_attribute("href") or "").split("#")[1]
        text = link.inner_text()
        if NUMBERED.fullmatch(rule):
            assert text == f"§ {rule}", (game_id, text)
        else:
            assert sections[rule] in text and text != f"§ {rule}", (game_id, rule, text)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_page_clips_its_text_or_mixes_languages(tmp_path: Path, lang: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        for game_id, seats in EVERY_GAME.items():
            for width in (1280, 400):
                page = browser.new_page(viewport={"width": width, "height": 800})
                errors = watch_errors(page)
                made = open_game(page, server.base, game_id, seats, lang)
                page.locator("details.panel summary").click()  # the move list open too
                assert page.evaluate(CLIPPED) == [], (game_id, width)
                text = page.locator("body").inner_text()
                for foreign in other_language_strings(game_id, lang):
                    assert foreign not in text, (game_id, foreign)
                assert_citations_read_in(page, server.base, game_id, lang)
                assert_fits(page, width, game_id)
                # a phone is told that the board, wider than its screen, scrolls sideways
                assert page.locator(".scroll-hint").is_visible() == (width < 700), (game_id, width)
                # the replay viewer and the rules reference fit the same window
                page.goto(f"{server.base}/replay/{made['id']}?lang={lang}#token={made['token']}")
                page.wait_for_selector("body[data-step='0'] #board svg", state="attached")
                assert page.evaluate(CLIPPED) == [], (game_id, width, "replay")
                assert_fits(page, width, f"{game_id} replay")
                page.goto(f"{server.base}/rules/{game_id}?lang={lang}")
                assert page.evaluate("document.documentElement.scrollWidth") <= width, (game_id, "rules")
                assert errors == []
                page.close()
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.goto(f"{server.base}/?lang={lang}")
            page.wait_for_selector("#list-running li[data-game]")
            assert page.evaluate(CLIPPED) == [] and page.locator("label[for='upload']").is_visible()
            assert_fits(page, width, "lobby")


def test_maquis_names_every_choice_and_shows_locations_and_patrol_cards(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = watch_errors(page)
        made = open_game(page, server.base, "maquis", 1, "es")
        # every location with its actions, cost and effect, without hovering
        assert "Comprar un arma (1 dinero)" in page.locator(".board-legend .locations").inner_text()
        assert page.locator(".board-legend .patrols li").count() == 10
        state = act(server.base, made, "place grocer", "place radio_a", "place fence")
        page.reload()
        page.wait_for_selector("body[data-move] #board svg .target", state="attached")
        discarded = state["view"]["board"]["patrol_discard"]
        assert page.locator(".board-legend .patrols li.discarded").count() == len(discarded) > 0
        assert "descartada" in page.locator(".board-legend .patrols li.discarded").first.inner_text()
        # the action phase: every worker's activation is a named button
        activate = page.locator("#actions button.group-activate")
        assert activate.count() == len([a for a in state["view"]["actions"] if a["group"] == "activate"]) > 0
        # a click on the highlighted Radio A does what it promises: its worker is activated, and its two
        # actions are named buttons at once (no second click, no tooltip)
        move = page.locator("body").get_attribute("data-move")
        page.locator("#board [data-target='radio_a']").click()
        page.wait_for_selector(f"body:not([data-move='{move}'])", state="attached")
        names = page.locator("#actions button.group-do").all_inner_texts()
        assert "Conseguir 1 información" in names and "Pedir un lanzamiento aéreo" in names
        # undo is possible now; after a chance outcome, a disabled undo says why
        assert page.locator("#undo").is_enabled() and not page.locator("#undo-why").is_visible()
        page.locator("#actions button.group-do", has_text="Conseguir 1 información").click()
        page.wait_for_selector(
            "#actions button.group-home, #actions button.group-activate, #undo-why:not([hidden])"
        )
        page.goto(f"{server.base}/play/{made['id']}?lang=es#token={made['token']}")
        page.wait_for_selector("body[data-move] #board svg", state="attached")
        # the move list: each move once, in Spanish, by the role's name
        page.locator("details.panel summary").click()
        items = page.locator("#moves li").all_inner_texts()
        assert "Resistencia: Colocar en Tendero" in items
        assert not any(re.match(r"\d", item) or "place " in item or "resistencia:" in item for item in items)
        assert errors == []


def test_a_disabled_undo_says_which_rule_stops_it(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        open_game(page, server.base, "maquis", 1, "es")
        page.wait_for_selector("#undo-why:not([hidden])")
        why = page.locator("#undo-why").inner_text()
        assert page.locator("#undo").is_disabled() and "azar" in why
        assert page.locator("#undo").get_attribute("title") == why


def test_hotseat_prompts_name_the_role_once(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        open_game(page, server.base, "patria-libre", 2, "es")
        prompt = page.locator("#prompt").inner_text()
        assert prompt.startswith("Turno de ")
        role = prompt.removeprefix("Turno de ").split(":")[0]
        assert f"{role}: {role}" not in prompt and prompt.count(f"{role}:") == 1


WAITING = {
    "es": ("Esperando a Hidalgo…", "Esperando a Hidalgo (IA), que piensa…"),
    "en": ("Waiting for Hidalgo…", "Waiting for Hidalgo (AI), who is thinking…"),
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_seat_that_waits_reads_whom_it_waits_for_once(tmp_path: Path, lang: str) -> None:
    """An invited two-person game: while Hidalgo decides, Calleja's page names him once and shows no
    prompt addressed to him; Hidalgo's own page shows his prompt and never says it waits. With Hidalgo
    an AI that takes its time, the page says it is thinking, still naming him once."""
    waiting, thinking = WAITING[lang]
    with served(tmp_path, ai_delay=30) as server, chromium() as browser:

        def prompt_of(game_id: str, token: str) -> str:
            page = browser.new_page()
            errors = watch_errors(page)
            page.goto(f"{server.base}/play/{game_id}?lang={lang}#token={token}")
            page.wait_for_selector("body[data-move] #prompt:not(:empty)", state="attached")
            text = page.locator("#prompt").inner_text().strip()
            assert errors == []
            page.close()
            return text

        body = {"game": "patria-libre", "seats": [{"kind": "me"}, {"kind": "human"}]}
        made = httpx.post(f"{server.base}/api/games", json=body).json()
        assert prompt_of(made["id"], made["invitations"]["calleja"]) == waiting
        hidalgo = prompt_of(made["id"], made["token"])
        assert waiting.split(" ")[0] not in hidalgo and hidalgo.count("Hidalgo") <= 1 and len(hidalgo) > 10
        body = {"game": "patria-libre", "seats": [{"kind": "ai", "spec": "random"}, {"kind": "me"}]}
        made = httpx.post(f"{server.base}/api/games", json=body).json()
        assert prompt_of(made["id"], made["token"]) == thinking


@pytest.mark.parametrize(
    ("lang", "shown", "raw"), [("es", "muy difícil", "very-hard"), ("en", "very hard", "level1")]
)
def test_lobby_option_values_have_labels(tmp_path: Path, lang: str, shown: str, raw: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{server.base}/?lang={lang}")
        page.select_option("#game", "maquis")
        page.wait_for_selector("[data-option='difficulty'] option", state="attached")
        texts = page.locator("#options").inner_text()
        assert shown in texts and raw not in texts
        assert page.locator("[data-option='difficulty'] option[value='very-hard']").count() == 1
        # the games listed say their options as the form does, never by their ids
        body = {"game": "maquis", "options": {"difficulty": "very-hard"}, "seats": [{"kind": "me"}]}
        game_id = httpx.post(f"{server.base}/api/games", json=body).json()["id"]
        page.reload()
        listed = page.locator(f"#list-running li[data-game='{game_id}']").inner_text()
        assert {"es": "Dificultad: muy difícil", "en": "Difficulty: very hard"}[lang] in listed
        assert "difficulty" not in listed and "very-hard" not in listed and "missions" not in listed


def test_the_replay_viewer_speaks_the_pages_language(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{server.base}/replay/nosuchgame?lang=es")
        page.wait_for_selector("#error:not(:empty)")
        message = page.locator("#error").inner_text()
        assert "nosuchgame" in message or "partida" in message
        assert not re.search(r"\b(not found|unknown|game)\b", message, re.IGNORECASE), message


LABELS = """(node) => [...node.querySelectorAll(":scope > text")].map((text) => {
  const style = getComputedStyle(text);
  const box = text.getBoundingClientRect();
  const outline = node.querySelector(":scope > rect");
  return {
    text: text.textContent, fill: style.fill, stroke: style.stroke, strokeWidth: style.strokeWidth,
    box: { x: box.x, y: box.y, width: box.width, height: box.height },
    above: Boolean(outline.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING),
  };
})"""

# Every location's labels (its name, its marks) lie inside its outline, clear of the hint's stroke (5
# board units wide, half of it inside the box): the names of the labels that do not.
UNDER_THE_STROKE = """() => {
  const out = [];
  for (const place of document.querySelectorAll("#board svg .loc, #board svg .area, #board svg .province")) {
    const outline = place.querySelector(":scope > rect").getBoundingClientRect();
    const inset = 2.5 * place.ownerSVGElement.getScreenCTM().a;
    for (const text of place.querySelectorAll(":scope > text")) {
      const box = text.getBoundingClientRect();
      const inside = box.top >= outline.top + inset && box.bottom <= outline.bottom - inset
        && box.left >= outline.left + inset && box.right <= outline.right - inset;
      if (box.width && !inside) out.push(text.textContent);
    }
  }
  return out;
}"""


@pytest.mark.parametrize(("game_id", "seats"), list(GAMES.items()))
def test_no_locations_label_lies_under_the_hints_stroke(tmp_path: Path, game_id: str, seats: int) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        open_game(page, server.base, game_id, seats, "es")
        assert page.locator("#board svg .loc, #board svg .area, #board svg .province").count() >= 15
        assert page.evaluate(UNDER_THE_STROKE) == []


def test_the_hint_marks_a_locations_box_and_leaves_its_label_readable(tmp_path: Path) -> None:
    """The hint's highlight is the target's outline: the label inside keeps its own paint, is drawn above
    the outline, and its pixels are the same with the hint shown as without (Maquis: every placement
    the hint may suggest is a location on the board)."""
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = watch_errors(page)
        open_game(page, server.base, "maquis", 1, "es")
        page.wait_for_selector("#hint:not([disabled])")
        before, shots = {}, {}
        for target in page.locator("#board svg .target").all():
            name = target.get_attribute("data-target")
            before[name] = target.evaluate(LABELS)
            shots[name] = [page.screenshot(clip=label["box"]) for label in before[name]]
        page.click("#hint")
        page.wait_for_selector("#hint-box .hint-sentence")
        hinted = page.locator("#board svg .hinted")
        assert hinted.count() == 1, page.locator("#hint-box").inner_text()
        name = hinted.get_attribute("data-target")
        outline = hinted.locator(":scope > rect").first
        assert outline.evaluate("(rect) => getComputedStyle(rect).strokeWidth") == "5px"
        after = hinted.evaluate(LABELS)
        assert [label["text"] for label in after] == [label["text"] for label in before[name]]
        for old, new in zip(before[name], after, strict=True):
            assert [new[key] for key in ("fill", "stroke", "strokeWidth")] == [
                old[key] for key in ("fill", "stroke", "strokeWidth")
            ]
            assert new["stroke"] == "none" and new["above"], new
        drawn = [page.screenshot(clip=label["box"]) for label in after]
        assert drawn == shots[name], "the label looks different under the hint"
        assert errors == []


HINT_BOX = """() => {
  const sentence = document.querySelector("#hint-box .hint-sentence").getBoundingClientRect();
  return { left: sentence.left, right: sentence.right, width: sentence.width,
    font: parseFloat(getComputedStyle(document.querySelector("#hint-box .hint-sentence")).fontSize),
    page: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth };
}"""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_hint_says_what_to_play_and_why_readably_on_a_wide_screen_and_a_phone(
    tmp_path: Path, lang: str
) -> None:
    """Issue 27: the hint panel leads with the server's sentence in the page's language (the move to play,
    its estimated chance of winning and the alternatives'), whole and inside the page at 1280 and 400 px,
    over a table of the moves weighed with their chances in percent."""
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = watch_errors(page)
        made = open_game(page, server.base, "mar-y-acero", 2, lang)
        headers = {"X-Ludoteca-Token": made["token"]}
        url = f"{server.base}/api/games/{made['id']}/hint?lang={lang}"
        hint = httpx.get(url, headers=headers, timeout=60).json()  # a search: as long as the page waits
        assert ("probabilidades de ganar" if lang == "es" else "chance of winning") in hint["sentence"]
        for width in (1280, 400):
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_selector("#hint:not([disabled])")
            page.click("#hint")
            sentence = page.locator("#hint-box .hint-sentence")
            sentence.wait_for(timeout=60_000)
            # The same position and seed: the same hint, unless a loaded machine stops either search at the
            # level's time cap first; then the chances may differ by a point, the moves weighed do not.
            labels = [weighed["label"] for weighed in hint["alternatives"]]
            assert any(label in sentence.inner_text() for label in labels), (sentence.inner_text(), labels)
            assert sentence.is_visible()
            box = page.evaluate(HINT_BOX)
            assert box["left"] >= 0 and box["right"] <= box["page"] and box["scroll"] <= box["page"], box
            assert box["font"] >= 16 and box["width"] >= min(300, width / 2), box
            assert page.evaluate(CLIPPED) == [], width
            chances = page.locator("#hint-box .hint-table tbody td.num:last-child").all_inner_texts()
            assert len(chances) >= 2 and all(re.fullmatch(r"\d+\u00a0?%", c) for c in chances), chances
            space = "\u00a0" if lang == "es" else ""  # Spanish writes a (non-breaking) space before %
            assert all(c.endswith(f"{space}%") for c in chances), chances
        assert errors == []


@pytest.mark.parametrize(("lang", "button"), [("es", "Elegir un registro…"), ("en", "Choose a record…")])
def test_a_record_is_chosen_with_a_button_in_the_pages_language(
    tmp_path: Path, lang: str, button: str
) -> None:
    """The browser's own file button speaks the browser's language: the lobby's is a label of its own,
    and choosing a record through it opens the replay at that record."""
    match = Match(get_game("maquis"), seed=2)
    chooser = random.Random(2)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(chooser.choice(match.state.legal_actions()))
    record = json.dumps(match.record()).encode()
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang={lang}")
        label = page.locator("label[for='upload']")
        assert label.inner_text() == button and label.is_visible()
        assert label.bounding_box()["width"] < 300  # a button, not a bar across the panel
        assert page.locator("#upload").bounding_box()["width"] <= 1  # only the label shows
        with page.expect_file_chooser() as chosen:
            label.click()
        chosen.value.set_files(files=[{"name": "g.json", "mimeType": "application/json", "buffer": record}])
        page.wait_for_url("**/replay/**")
        page.wait_for_selector("body[data-step='0'] #board svg", state="attached")
        assert errors == []


def test_the_rules_reference_leads_back_and_to_the_other_language_at_the_same_section(tmp_path: Path) -> None:
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 400, "height": 800})
        errors = watch_errors(page)
        page.goto(f"{server.base}/rules/maquis?lang=es#action")
        page.wait_for_selector("#action.cited")
        assert page.locator("header.top a.brand").get_attribute("href") == "/?lang=es"
        other = page.locator("header.top a.lang")
        assert other.inner_text() == "English"
        other.click()
        page.wait_for_selector("html[lang='en'] #action.cited")
        assert page.locator("#action").inner_text() == "Action phase"
        assert page.locator("header.top a.lang").inner_text() == "Español"
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        assert errors == []
