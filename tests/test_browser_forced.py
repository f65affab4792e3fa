"""A decision with one choice is played at once on the game page, as the terminal plays it (issue 55),
and the page says so; an undo comes back past it to the seat's last real choice."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from browser import chromium, served, watch_errors

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # a real server and browser
OPTIONS = {"scenario": "1815-1818", "setup": "historical", "intelligence": "open"}


def state(base: str, game_id: str, token: str) -> dict[str, Any]:
    return dict(httpx.get(f"{base}/api/games/{game_id}?lang=es", headers={"X-Ludoteca-Token": token}).json())


def to_a_forced_decision(base: str, game_id: str, token: str) -> dict[str, Any]:
    """Play at random (both seats are this token's) until a decision offers one action right after a
    decision of ours (so that an undo may reach back past it)."""
    rng = random.Random(5)
    before_was_ours = False
    for _ in range(2000):
        now = state(base, game_id, token)
        actions = now["view"]["actions"]
        if len(actions) == 1 and before_was_ours and now["undoable"] > 0:
            return now
        before_was_ours = len(actions) > 1
        action = rng.choice(actions)["id"] if len(actions) > 1 else actions[0]["id"]
        body = {"token": token, "action": action, "version": now["version"]}
        assert httpx.post(f"{base}/api/games/{game_id}/act", json=body).status_code == 200
    raise AssertionError("no forced decision came")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_forced_decision_is_played_by_the_page_and_undone_past(tmp_path: Path, lang: str) -> None:
    with served(tmp_path) as server, chromium() as browser:
        body = {
            "game": "guerra-a-muerte",
            "options": OPTIONS,
            "seats": [{"kind": "me"}, {"kind": "me"}],
            "seed": 3,
        }
        made = httpx.post(f"{server.base}/api/games", json=body).json()
        game_id, token = made["id"], made["token"]
        forced = to_a_forced_decision(server.base, game_id, token)
        move = forced["view"]["move"]
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        page.goto(f"{server.base}/play/{game_id}?lang={lang}#token={token}")
        deadline = time.monotonic() + 30
        while state(server.base, game_id, token)["view"]["move"] == move:  # no click: the page plays it
            assert time.monotonic() < deadline, "the page did not play the only choice"
            time.sleep(0.2)
        after = state(server.base, game_id, token)
        assert after["moves"][move]["label"] == forced["view"]["actions"][0]["label"]  # the only choice
        page.wait_for_selector(f"body[data-move='{after['view']['move']}']", state="attached")
        page.screenshot(path=f"/tmp/gam-forced-{lang}.png")
        assert len(after["view"]["actions"]) > 1 and after["undoable"] > 0  # a choice of ours, undoable
        page.click("#undo")
        deadline = time.monotonic() + 30
        while (back := state(server.base, game_id, token))["view"]["move"] >= move:
            assert time.monotonic() < deadline, "the undo stopped at the forced decision"
            time.sleep(0.2)
        assert len(back["view"]["actions"]) > 1  # the seat's last real choice, asked again
        assert errors == []
