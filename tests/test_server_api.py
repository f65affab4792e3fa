"""The web platform's JSON API on the toy race game: seats and secret tokens, acting, refusals that
change nothing, undo within its rules, records, uploads, AI seats, the rules reference."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core.game import get_game
from ludoteca.core.record import replay_record
from ludoteca.server import create_app
from ludoteca.server.routes.lobby import catalog
from ludoteca.server.rules_page import rule_sections
from toygame import ADD, DONE, RaceGame, RaceOptions


@pytest.fixture
def client(toy: RaceGame, database_url: str) -> Iterator[TestClient]:
    """The API on each database (SQLite and PostgreSQL): every test here runs on both."""
    with TestClient(create_app(database_url, ai_delay=0)) as c:
        yield c


def create(client: TestClient, seats: list[dict[str, str]], **options: str) -> dict[str, Any]:
    seed = {} if any(s["kind"] == "human" for s in seats) else {"seed": 7}  # no seed with invited people
    response = client.post("/api/games", json={"game": "race", "options": options, "seats": seats, **seed})
    assert response.status_code == 201, response.text
    return dict(response.json())


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", params={"lang": "en"}, headers=auth(token))
    assert response.status_code == 200, response.text
    return dict(response.json())


def auth(token: str | None) -> dict[str, str]:
    """The header a seat's token travels in (never the URL)."""
    return {"X-Ludoteca-Token": token} if token else {}


def act(client: TestClient, game_id: str, token: str, action: int | str, **extra: Any) -> Any:
    """Act on the position shown now (its version, the same for every seat, unless the test names one)."""
    extra.setdefault("version", state(client, game_id)["version"])
    return client.post(f"/api/games/{game_id}/act?lang=en", json={"token": token, "action": action, **extra})


def two_people(client: TestClient, **options: str) -> tuple[str, str, str]:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], **options)
    return made["id"], made["invitations"]["red"], made["invitations"]["blue"]


def test_the_catalog_lists_games_with_their_options_and_agents(client: TestClient) -> None:
    (race,) = [g for g in client.get("/api/catalog").json() if g["id"] == "race"]
    assert race["roles"] == ["red", "blue"]
    assert {o["name"]: o["choices"] for o in race["options"]} == {
        "target": ["10", "15"],
        "secret": ["no", "yes"],
    }
    assert "random" in race["agents"]
    assert race["planner"] is False  # no plans: no "without plans" level in the lobby
    assert race["board"] == "/static/boards/generic.js"


def test_invited_seats_keep_a_game_open_until_each_person_opens_their_link(client: TestClient) -> None:
    game_id, red, blue = two_people(client)
    assert red != blue
    assert [g["id"] for g in client.get("/api/games").json()["open"]] == [game_id]
    state(client, game_id, red)
    assert state(client, game_id)["status"] == "open"
    state(client, game_id, blue)
    assert [g["id"] for g in client.get("/api/games").json()["running"]] == [game_id]


def test_a_seat_acts_only_with_its_own_token_and_only_on_its_turn(client: TestClient) -> None:
    game_id, red, blue = two_people(client)
    to_act = state(client, game_id, red)["view"]["current_role"]
    mine, theirs = (red, blue) if to_act == "red" else (blue, red)
    before = state(client, game_id)
    refused = act(client, game_id, theirs, ADD)
    assert refused.status_code == 403 and "not your turn" in refused.json()["error"]
    stranger = act(client, game_id, "not-a-token", ADD)
    assert stranger.status_code == 403 and "holds no seat" in stranger.json()["error"]
    assert state(client, game_id)["view"] == before["view"]
    done = act(client, game_id, mine, "add")
    assert done.status_code == 200
    assert done.json()["view"]["move"] == before["view"]["move"] + 1


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"action": ADD}, 400, "token: Field required"),
        ({"token": "T"}, 400, "action: Field required"),
        ({"token": "T", "action": [1]}, 400, "action"),
        ({"token": "T", "action": "fly away"}, 422, "unknown notation 'fly away'"),
        ({"token": "T", "action": DONE}, 422, "'done' (2) is not legal now; legal actions: add, pass"),
        ({"token": "T", "action": 99}, 422, "not legal now"),
        ({"token": "T", "action": ADD, "version": "an-older-one"}, 409, "stale request"),
        ({"token": "T", "action": ADD, "version": "-"}, 400, "version: Field required"),
        ({"token": "T", "action": float(ADD)}, 400, "action"),  # a float is not an action id
        ({"token": "T", "action": True}, 400, "action"),  # nor is a boolean
        ({"token": "T", "action": ADD, "move": 0}, 400, "move: Extra inputs are not permitted"),
    ],
)
def test_malformed_and_illegal_requests_get_a_clear_4xx_and_change_nothing(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    game_id, token = made["id"], made["token"]
    before = state(client, game_id, token)
    if body.get("token") == "T":
        body = {**body, "token": token}
    body = {"version": before["version"], **body}  # the position shown, unless the case names another
    if body["version"] == "-":
        del body["version"]
    response = client.post(f"/api/games/{game_id}/act?lang=en", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]
    after = state(client, game_id, token)
    assert after["view"] == before["view"] and after["moves"] == before["moves"]


def test_requests_that_are_not_json_or_name_no_game_are_refused(client: TestClient) -> None:
    bad = client.post("/api/games", content=b"{not json", headers={"Content-Type": "application/json"})
    assert bad.status_code == 400 and "malformed request" in bad.json()["error"]
    assert client.get("/api/games/nope").status_code == 404
    assert "no game 'nope'" in client.get("/api/games/nope").json()["error"]
    assert client.get("/api/catalog?lang=fr").status_code == 400


@pytest.mark.parametrize(
    ("game", "options", "seats", "words"),
    [
        ("chess", {}, [{"kind": "me"}], "unknown game 'chess'"),
        ("race", {"target": "99"}, [{"kind": "me"}, {"kind": "me"}], "target=99 is not allowed"),
        ("race", {}, [{"kind": "me"}], "race has 2 seats (red, blue); 1 given"),
        ("race", {}, [{"kind": "me"}, {"kind": "robot"}], "kind must be one of me, human, ai"),
        ("race", {}, [{"kind": "me"}, {"kind": "ai", "spec": "genius"}], "unknown agent 'genius'"),
    ],
)
def test_a_game_that_cannot_be_created_is_refused_with_the_reason(
    client: TestClient, game: str, options: dict[str, str], seats: list[dict[str, str]], words: str
) -> None:
    response = client.post("/api/games", json={"game": game, "options": options, "seats": seats})
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert client.get("/api/games").json() == {"open": [], "running": [], "finished": []}


def test_undo_takes_back_a_decision_but_never_a_chance_outcome(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    game_id, token = made["id"], made["token"]
    start = state(client, game_id, token)
    assert start["undoable"] == 0
    assert client.post(f"/api/games/{game_id}/undo?lang=en", json={"token": token}).status_code == 409
    after_add = act(client, game_id, token, ADD).json()
    assert after_add["undoable"] == 1
    undone = client.post(f"/api/games/{game_id}/undo?lang=en", json={"token": token})
    assert undone.status_code == 200
    assert undone.json()["view"] == start["view"]
    act(client, game_id, token, ADD)
    act(client, game_id, token, DONE)  # the next roll is a chance outcome: nothing before it comes back
    refused = client.post(f"/api/games/{game_id}/undo?lang=en", json={"token": token})
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["error"]


def play_out(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    current = state(client, game_id, token)
    while not current["view"]["terminal"]:
        current = act(client, game_id, token, current["view"]["actions"][0]["id"]).json()
    return current


def test_the_record_is_given_to_the_other_seats_and_spectators_only_after_the_game(
    client: TestClient,
) -> None:
    game_id, red, blue = two_people(client)
    for token in (red, blue, None):
        response = client.get(f"/api/games/{game_id}/record", headers=auth(token))
        assert response.status_code == 403 and "once the game is over" in response.json()["error"]
    spanish = client.get(f"/api/games/{game_id}/record", params={"lang": "es"}, headers=auth(red))
    assert "se da cuando la partida termina" in spanish.json()["error"]  # the page's language (issue 55)
    both = create(client, [{"kind": "me"}, {"kind": "me"}])
    early = client.get(f"/api/games/{both['id']}/record", headers=auth(both["token"]))
    assert early.status_code == 200 and "chance_secret" not in early.json()  # not before the end
    final = play_out(client, both["id"], both["token"])
    record = client.get(f"/api/games/{both['id']}/record").json()
    assert record["chance_secret"] == "seed:7"  # once it is over, where its chance came from
    assert record["result"]["text"] == state(client, both["id"])["view"]["result"]["text"]
    assert len(replay_record(record).history) == final["view"]["move"]
    assert [g["id"] for g in client.get("/api/games").json()["finished"]] == [both["id"]]


def test_an_uploaded_record_is_replayed_step_by_step_and_a_bad_one_is_refused(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    final = play_out(client, made["id"], made["token"])
    record = client.get(f"/api/games/{made['id']}/record").json()
    uploaded = client.post("/api/records", json=record)
    assert uploaded.status_code == 201
    replay_id = uploaded.json()["id"]
    end = client.get(
        f"/api/games/{replay_id}/replay", params={"step": len(record["actions"]), "lang": "en"}
    ).json()
    assert end["view"]["result"] == final["view"]["result"] and end["count"] == len(record["actions"])
    first = client.get(f"/api/games/{replay_id}/replay", params={"step": 0}).json()
    assert first["view"]["move"] == 0
    assert client.get(f"/api/games/{replay_id}/replay", params={"step": 10_000}).status_code == 400
    broken = {
        **record,
        "actions": [*record["actions"][:3], [record["actions"][3][0], "fly"]],
        "digests": None,
    }
    refused = client.post("/api/records", json=broken)
    assert refused.status_code == 422 and "unknown notation 'fly'" in refused.json()["error"]
    assert client.post("/api/records", content=b"[]").status_code == 400


def test_secret_choices_show_to_others_only_as_chosen(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], secret="yes")
    game_id, red, blue = made["id"], made["invitations"]["red"], made["invitations"]["blue"]
    chooser = state(client, game_id, red)["view"]["current_role"]
    mine, other = (red, blue) if chooser == "red" else (blue, red)
    act(client, game_id, mine, ADD)
    own = state(client, game_id, mine)
    assert own["moves"][-1] == {
        "n": 2,
        "actor": chooser,
        "actor_name": chooser,
        "notation": "add",
        "label": "Add the roll",
        "secret": False,
    }
    assert own["view"]["board"]["roll"] is not None
    for token in (other, None):
        seen = state(client, game_id, token)
        hidden = {"n": 2, "actor": chooser, "notation": None, "label": None, "secret": True}
        assert {k: v for k, v in seen["moves"][-1].items() if k != "actor_name"} == hidden
        assert seen["moves"][0]["notation"] is None  # the roll: chance, told only by the game's log
        assert seen["view"]["board"]["roll"] is None


def test_an_ai_seat_moves_by_itself(client: TestClient) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "ai", "spec": "random"}])
    game_id, token = made["id"], made["token"]
    current = state(client, game_id, token)
    deadline = time.monotonic() + 30
    moved_by_ai = 0
    while not current["view"]["terminal"] and time.monotonic() < deadline:
        if current["view"]["actions"]:
            current = act(client, game_id, token, current["view"]["actions"][0]["id"]).json()
        else:
            time.sleep(0.02)
            current = state(client, game_id, token)
        moved_by_ai = sum(1 for m in current["moves"] if m["actor"] == "blue")
    assert current["view"]["terminal"]
    assert moved_by_ai > 0
    ai = act(client, game_id, token, ADD)
    assert ai.status_code == 409  # over


def test_the_rules_reference_carries_each_section_anchor(client: TestClient) -> None:
    page = client.get("/rules/race", params={"lang": "en"}).text
    assert 'id="turn.decide"' in page
    assert "{#" not in page


def test_the_rules_sections_are_named_by_their_headings_in_each_language(client: TestClient) -> None:
    sections = client.get("/api/rules/race/sections", params={"lang": "en"}).json()
    assert sections and all(name and "{#" not in name for name in sections.values())
    assert "turn.decide" in sections
    page = client.get("/rules/race", params={"lang": "en"}).text
    assert all(f'id="{anchor}"' in page for anchor in sections)
    assert client.get("/api/rules/nosuchgame/sections").status_code == 404


def test_a_real_games_sections_read_in_the_pages_language() -> None:
    maquis = get_game("maquis")
    assert rule_sections(maquis, "es")["action"] == "Fase de acción"
    assert rule_sections(maquis, "en")["action"] == "Action phase"
    assert rule_sections(get_game("mar-y-acero"), "es")["4.3.2.I.conflict"] == "Conflicto Indígena"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_options_help_names_its_values_as_their_labels_do(lang: str) -> None:
    """The lobby shows an option's help beside its values' labels: a value's id (`even`, `printed`) may
    appear in the help only where its label says the same word, so a Spanish page is not left with an
    English id (issue 25)."""
    for entry in catalog(lang):
        for option in entry["options"]:
            for value, label in zip(option["choices"], option["labels"], strict=True):
                word = rf"(?<![\w-]){re.escape(value)}(?![\w-])"
                if re.fullmatch(r"[a-z-]{3,}", value) and re.search(word, option["help"]):
                    assert re.search(word, label), (entry["id"], option["name"], value, option["help"])


def test_only_the_roles_in_play_get_seats(
    client: TestClient, toy: RaceGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    def in_play(self: RaceGame, options: RaceOptions) -> tuple[int, ...]:
        return (1,) if options.target == "15" else (0, 1)

    monkeypatch.setattr(RaceGame, "roles_in_play", in_play)
    assert client.get("/api/seats/race?target=15&lang=en").json() == [{"role": "blue", "name": "blue"}]
    assert len(client.get("/api/seats/race").json()) == 2
    assert "target=99 is not allowed" in client.get("/api/seats/race?target=99").json()["error"]
    body = {"game": "race", "options": {"target": "15"}, "seats": [{"kind": "me"}] * 2}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400
    assert "race has 1 seat (blue); 2 given" in refused.json()["error"]
    made = client.post("/api/games", json={**body, "seats": [{"kind": "me"}]}).json()
    assert state(client, made["id"], made["token"])["my_roles"] == ["blue"]


def test_a_move_that_cannot_be_stored_is_not_made(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client, [{"kind": "me"}, {"kind": "me"}])
    game_id, token = made["id"], made["token"]
    before = state(client, game_id, token)
    store = client.app.state.hall.store  # type: ignore[attr-defined]
    real_advance = store.advance  # stores a move's actions (on PostgreSQL in the same statement)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "advance", broken)
    refused = act(client, game_id, token, ADD)
    assert refused.status_code == 503 and "not made" in refused.json()["error"]
    assert state(client, game_id, token)["view"] == before["view"]
    monkeypatch.setattr(store, "advance", real_advance)
    assert act(client, game_id, token, ADD).status_code == 200
    assert state(client, game_id, token)["view"]["move"] == before["view"]["move"] + 1
