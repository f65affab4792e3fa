"""Players' keys (issue 58): a key gathers a person's seats on any device, lists their games with whose
turn it is, can be renamed and replaced (the old key stops at once); a wrong key is refused and binds
nothing. On each database (SQLite and PostgreSQL), on the toy race game."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app
from toygame import RaceGame


@pytest.fixture
def client(toy: RaceGame, database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, ai_delay=0)) as c:
        yield c


def new_key(client: TestClient, name: str) -> str:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    assert made.json()["name"] == name
    return str(made.json()["key"])


def me(client: TestClient, key: str) -> dict[str, Any]:
    answer = client.get("/api/players/me", headers={"X-Ludoteca-Key": key})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def invite_two(client: TestClient, key: str) -> tuple[str, str, str]:
    """A game made with `key`: its creator plays red here, blue is invited."""
    made = client.post(
        "/api/games",
        json={"game": "race", "seats": [{"kind": "me"}, {"kind": "human"}]},
        headers={"X-Ludoteca-Key": key},
    )
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["token"], made.json()["invitations"]["blue"]


def open_seat(client: TestClient, game_id: str, token: str, key: str | None = None) -> Any:
    headers = {"X-Ludoteca-Token": token, **({"X-Ludoteca-Key": key} if key else {})}
    return client.get(f"/api/games/{game_id}", params={"lang": "en"}, headers=headers)


def test_a_key_lists_the_seats_made_and_taken_with_it_and_whose_turn_it_is(client: TestClient) -> None:
    ana, bea = new_key(client, "Ana"), new_key(client, "Bea")
    assert me(client, ana) == {"name": "Ana", "games": []}
    game_id, red, blue = invite_two(client, ana)
    assert open_seat(client, game_id, blue, bea).status_code == 200
    (ana_game,) = me(client, ana)["games"]
    (bea_game,) = me(client, bea)["games"]
    assert (ana_game["id"], ana_game["token"], ana_game["game"]) == (game_id, red, "race")
    assert bea_game["token"] == blue  # the seat's link on another device comes from the key alone
    to_act = open_seat(client, game_id, red).json()["view"]["current_role"]
    yours, waiting = (ana_game, bea_game) if to_act == "red" else (bea_game, ana_game)
    assert (yours["turn"], waiting["turn"]) == ("yours", "waiting")
    assert yours["touched"] > 0 and yours["moves"] >= 0


def test_your_turn_comes_first_then_waiting_then_finished(client: TestClient) -> None:
    ana = new_key(client, "Ana")
    headers = {"X-Ludoteca-Key": ana}
    seats = [{"kind": "me"}, {"kind": "ai", "spec": "random"}]
    made = [
        client.post("/api/games", json={"game": "race", "seats": seats}, headers=headers) for _ in range(2)
    ]
    assert all(m.status_code == 201 for m in made)
    turns = [g["turn"] for g in me(client, ana)["games"]]
    assert turns and all(t in ("yours", "waiting", "finished") for t in turns)
    order = {"yours": 0, "waiting": 1, "finished": 2}
    assert [order[t] for t in turns] == sorted(order[t] for t in turns)


def test_a_key_is_renamed_and_a_bad_name_changes_nothing(client: TestClient) -> None:
    key = new_key(client, "Ana")
    headers = {"X-Ludoteca-Key": key}
    assert client.patch("/api/players/me", json={"name": "  Ana   María "}, headers=headers).json() == {
        "name": "Ana María"
    }
    for bad in ("", "   ", "x" * 41, "tab\there\x00"):
        refused = client.patch("/api/players/me", json={"name": bad}, headers=headers)
        assert refused.status_code == 400 and "1 to 40 printable" in refused.json()["error"], bad
    assert me(client, key)["name"] == "Ana María"


def test_a_replaced_key_stops_at_once_and_the_new_one_keeps_the_games(client: TestClient) -> None:
    old = new_key(client, "Ana")
    game_id, _red, _blue = invite_two(client, old)
    replaced = client.post("/api/players/me/key", headers={"X-Ludoteca-Key": old})
    assert replaced.status_code == 200
    new = replaced.json()["key"]
    assert new != old
    refused = client.get("/api/players/me", headers={"X-Ludoteca-Key": old})
    assert refused.status_code == 401 and "replaced" in refused.json()["error"]
    assert [g["id"] for g in me(client, new)["games"]] == [game_id]


def test_a_missing_or_wrong_key_is_refused_and_binds_nothing(client: TestClient) -> None:
    assert client.get("/api/players/me").status_code == 401
    assert client.get("/api/players/me", headers={"X-Ludoteca-Key": "x" * 65}).status_code == 400
    ana = new_key(client, "Ana")
    game_id, _red, blue = invite_two(client, ana)
    wrong = open_seat(client, game_id, blue, "not-a-key")
    assert wrong.status_code == 401 and "key" in wrong.json()["error"]
    assert client.get(f"/api/games/{game_id}").json()["status"] == "open"  # the seat was not taken
    listed = client.get("/api/games").json()
    made = client.post(
        "/api/games",
        json={"game": "race", "seats": [{"kind": "me"}, {"kind": "human"}]},
        headers={"X-Ludoteca-Key": "not-a-key"},
    )
    assert made.status_code == 401
    assert [g["id"] for g in me(client, ana)["games"]] == [game_id]
    assert client.get("/api/games").json() == listed  # no game made


def test_the_database_keeps_no_key(client: TestClient) -> None:
    key = new_key(client, "Ana")
    hall = client.app.state.hall  # type: ignore[attr-defined]
    with hall.store.engine.connect() as db:
        stored = [tuple(row) for row in db.exec_driver_sql("SELECT * FROM players")]
    assert stored and all(key not in str(value) for row in stored for value in row)


def finish(client: TestClient, game_id: str, tokens: dict[str, str]) -> None:
    """Play the race to its end, each seat adding when it is its turn."""
    for _ in range(200):
        shown = open_seat(client, game_id, next(iter(tokens.values()))).json()
        if shown["view"]["terminal"]:
            return
        role = shown["view"]["current_role"]
        legal = [a["id"] for a in open_seat(client, game_id, tokens[role]).json()["view"]["actions"]]
        answer = client.post(
            f"/api/games/{game_id}/act",
            json={"token": tokens[role], "action": legal[0], "version": shown["version"]},
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the race did not end")


def test_play_again_moves_each_person_one_seat_on_and_keeps_their_keys(client: TestClient) -> None:
    ana, bea = new_key(client, "Ana"), new_key(client, "Bea")
    game_id, red, blue = invite_two(client, ana)
    assert open_seat(client, game_id, blue, bea).status_code == 200
    early = client.post(f"/api/games/{game_id}/rematch", json={"token": red})
    assert early.status_code == 409 and "over" in early.json()["error"]
    finish(client, game_id, {"red": red, "blue": blue})
    assert client.post(f"/api/games/{game_id}/rematch", json={"token": "nobody"}).status_code == 403
    again = client.post(f"/api/games/{game_id}/rematch", json={"token": red})
    assert again.status_code == 200, again.text
    new_id, ana_token = again.json()["id"], again.json()["token"]
    also = client.post(f"/api/games/{game_id}/rematch", json={"token": blue}).json()
    assert also["id"] == new_id and also["token"] not in (ana_token, red, blue)  # made once
    assert open_seat(client, new_id, ana_token).json()["my_roles"] == ["blue"]  # Ana moved one seat on
    assert open_seat(client, new_id, also["token"]).json()["my_roles"] == ["red"]
    assert new_id in [g["id"] for g in me(client, ana)["games"]]  # the keys follow their people
    assert new_id in [g["id"] for g in me(client, bea)["games"]]


def test_the_table_shows_each_seat_s_player_name_never_a_key_or_token(client: TestClient) -> None:
    ana, bea = new_key(client, "Ana"), new_key(client, "Bea")
    game_id, red, blue = invite_two(client, ana)
    assert open_seat(client, game_id, blue, bea).status_code == 200
    shown = client.get(f"/api/games/{game_id}")  # a spectator's view
    players = {seat["role"]: seat["player"] for seat in shown.json()["seats"]}
    assert players == {"red": "Ana", "blue": "Bea"}
    assert all(secret not in shown.text for secret in (ana, bea, red, blue))
    plain = client.post("/api/games", json={"game": "race", "seats": [{"kind": "me"}, {"kind": "ai"}]})
    seats = client.get(f"/api/games/{plain.json()['id']}").json()["seats"]
    assert [seat["player"] for seat in seats] == [None, None]  # no key, no name


def test_a_key_that_is_no_text_a_key_could_be_is_refused_over_the_websocket(client: TestClient) -> None:
    ana = new_key(client, "Ana")
    game_id, _red, blue = invite_two(client, ana)
    # JSON escapes: a lone surrogate (no text at all), not ASCII, a NUL
    for key, status in (("\\ud800", 400), ("clé-ñ", 401), ("\\u0000", 401)):
        with client.websocket_connect(f"/ws/{game_id}?lang=en") as ws:
            ws.send_text(f'{{"type": "join", "token": "{blue}", "key": "{key}"}}')
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["status"] == status, refused
    assert client.get(f"/api/games/{game_id}").json()["status"] == "open"  # the seat was not taken


def test_two_seats_asking_for_the_rematch_at_once_both_get_a_game_that_exists(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = client.post("/api/games", json={"game": "race", "seats": [{"kind": "human"}] * 2}).json()
    game_id, tokens = made["id"], made["invitations"]
    finish(client, game_id, tokens)
    hall = client.app.state.hall  # type: ignore[attr-defined]
    open_game = hall.open_game

    async def slowly(*args: Any, **kwargs: Any) -> str:  # the first asker's game takes a while to store
        await asyncio.sleep(0.3)
        return str(await open_game(*args, **kwargs))

    monkeypatch.setattr(hall, "open_game", slowly)

    def play_again(token: str) -> tuple[int, int]:
        again = client.post(f"/api/games/{game_id}/rematch", json={"token": token})
        new = again.json()
        return again.status_code, open_seat(client, new["id"], new["token"]).status_code

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(play_again, tokens.values()))
    assert answers == [(200, 200), (200, 200)]  # each opens the new game at once
