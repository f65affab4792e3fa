"""Hints that speak as a general (issue 56): at a decision Guerra a Muerte plans, the hint names the plan
in the page's language with its estimated chance beside the next best plans', and the move it begins
with — in `ai.hint`, on the web platform and in the terminal."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from ludoteca.ai.hint import describe
from ludoteca.ai.ismcts import Budget, IsmctsAgent, hint_agent
from ludoteca.core.game import get_game
from ludoteca.core.match import Match
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.server import create_app
from ludoteca.terminal import Session

GAME = GuerraAMuerte()
ROYALIST = 1
OPTIONS = {"scenario": "1815-1818"}


def labels(lang: str) -> dict[int, str]:
    state = GAME.new_initial_state(OPTIONS)
    return {a["id"]: a["label"] for a in state.view(ROYALIST, lang)["actions"]}


def test_the_sentence_names_the_plan_and_the_next_best_in_each_language() -> None:
    state = GAME.new_initial_state(OPTIONS)
    agent = IsmctsAgent(ROYALIST, 2, Budget(iters=30, seconds=0.0, depth=0), planner=PLANNER)
    agent.step(state)
    explained = agent.explain()
    es = describe(explained, labels("es"), "es", GAME.catalog)
    en = describe(explained, labels("en"), "en", GAME.catalog)
    chosen = es["plan"]
    assert chosen["name"].startswith("deploy ") and chosen["text"].startswith("desplegar")
    assert en["plan"]["text"].startswith("set up")
    assert {p["name"] for p in es["plans"]} == {
        f"deploy {s}" for s in ("concentrate", "spread", "forward", "hold", "mixed")
    }
    assert all(p["chance"] == round(50 * (p["value"] + 1)) for p in es["plans"])
    mine = next(p for p in es["plans"] if p["name"] == chosen["name"])
    others = [p for p in es["plans"] if p is not mine][:2]
    assert es["sentence"].startswith(
        f"Como general: {chosen['text']}. La búsqueda estima en torno a un {mine['chance']}\u00a0%"
    )
    assert all(f"un {p['chance']}\u00a0% con «{p['text']}»" in es["sentence"] for p in others)
    assert es["sentence"].endswith(f"Empieza con «{labels('es')[explained['action']]}».")
    assert en["sentence"].startswith(
        f"As a general: {en['plan']['text']}. The search estimates about a {mine['chance']}%"
    )
    assert describe(explained, labels("en"), "en")["sentence"].startswith(
        "Only one move"
    )  # without the catalog


def test_the_hint_agent_weighs_plans_only_where_the_game_has_them() -> None:
    assert hint_agent(GAME, ROYALIST, 1, 0).plans is not None
    assert hint_agent(get_game("maquis"), 0, 1, 0).plans is None


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hint.db'}", ai_delay=0)) as c:
        yield c


def test_the_web_hint_speaks_as_a_general(client: TestClient) -> None:
    body = {"game": GAME.id, "options": OPTIONS, "seats": [{"kind": "ai", "spec": "random"}, {"kind": "me"}]}
    made = client.post("/api/games", json=body).json()
    response = client.get(
        f"/api/games/{made['id']}/hint", params={"lang": "es"}, headers={"X-Ludoteca-Token": made["token"]}
    )
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["plan"]["name"].startswith("deploy ") and hint["sentence"].startswith(
        "Como general: desplegar"
    )
    assert [p["text"] for p in hint["plans"]] and all(
        p["text"].startswith("desplegar") for p in hint["plans"]
    )
    assert hint["action"] in labels("es") and hint["iterations"] > 0


def test_the_terminal_hint_speaks_as_a_general() -> None:
    console = Console(file=io.StringIO(), width=200)
    session = Session(Match(GAME, OPTIONS, seed=1), {ROYALIST}, {}, "es", console)
    view = session.match.state.view(ROYALIST, "es")
    session.hint(ROYALIST, view, {n: a for n, a in enumerate(view["actions"], 1)})
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert re.search(r"Como general: desplegar [^.]+\. La búsqueda estima", output), output
    assert "plan" in output and output.count("desplegar") >= 5  # the sentence, then the plans weighed
