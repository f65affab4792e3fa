"""Time per move (issue 58), on each database: a game given a day per move shows its silent seat overdue
once the day has passed; the other seats agree to hand it to an AI level or to end the game as
abandoned; bad votes are refused and change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import clocks, create_app
from toygame import RaceGame
from wssupport import connect

DAY = 86_400


@pytest.fixture
def client(toy: RaceGame, database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, ai_delay=0)) as c:
        yield c


def two_people(client: TestClient, per_move: str = "1d") -> tuple[str, dict[str, str]]:
    """A race for two invited people, each of whom has opened their seat."""
    body = {"game": "race", "seats": [{"kind": "human"}] * 2, "per_move": per_move}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    tokens = made.json()["invitations"]
    for token in tokens.values():
        client.get(f"/api/games/{made.json()['id']}", headers={"X-Ludoteca-Token": token})
    return made.json()["id"], tokens


def later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The clocks read `seconds` later than now."""
    base = clocks.now()
    monkeypatch.setattr(clocks, "now", lambda: base + seconds)


def to_act(client: TestClient, game_id: str, tokens: dict[str, str]) -> tuple[str, str]:
    """The role to act and the other one."""
    role = client.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": tokens["red"]}).json()["view"]
    silent = role["current_role"]
    return silent, next(r for r in tokens if r != silent)


def listed(client: TestClient, game_id: str) -> dict[str, Any]:
    games = client.get("/api/games").json()
    (entry,) = [g for g in games["running"] + games["finished"] if g["id"] == game_id]
    return dict(entry)


def vote(client: TestClient, game_id: str, token: str, choice: Any) -> Any:
    return client.post(f"/api/games/{game_id}/overdue", json={"token": token, "choice": choice})


def test_a_silent_seat_is_shown_overdue_only_after_its_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = two_people(client)
    silent, other = to_act(client, game_id, tokens)
    assert listed(client, game_id)["clock"] == {
        "per_move": DAY,
        "overdue": None,
        "until": pytest.approx(clocks.now() + DAY, abs=60),
    }
    early = vote(client, game_id, tokens[other], "ai:easy")
    assert early.status_code == 409 and "no seat is overdue" in early.json()["error"]
    later(monkeypatch, DAY + 60)
    assert listed(client, game_id)["clock"]["overdue"] == silent
    mine = client.get(f"/api/games/{game_id}/clock", headers={"X-Ludoteca-Token": tokens[other]}).json()
    assert mine["overdue"] == silent and mine["may_vote"] is True
    theirs = client.get(f"/api/games/{game_id}/clock", headers={"X-Ludoteca-Token": tokens[silent]}).json()
    assert theirs["may_vote"] is False
    untimed, _ = two_people(client, "none")
    assert listed(client, untimed)["clock"] is None


def test_the_other_seats_hand_the_silent_seat_to_an_ai(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = two_people(client)
    silent, other = to_act(client, game_id, tokens)
    later(monkeypatch, DAY + 1)
    before = client.get(f"/api/games/{game_id}").json()
    for bad, status in (("ai:superhuman", 400), ("", 400), ("abandon!", 400)):
        refused = vote(client, game_id, tokens[other], bad)
        assert refused.status_code == status and "one of" in refused.json()["error"]
    assert vote(client, game_id, tokens[silent], "abandon").status_code == 403  # not on its own seat
    assert vote(client, game_id, "nobody", "abandon").status_code == 403
    assert client.get(f"/api/games/{game_id}").json()["view"] == before["view"]  # nothing changed
    done = vote(client, game_id, tokens[other], "ai:easy")
    assert done.status_code == 200 and done.json() == {"done": "ai:easy"}
    seats = {s["role"]: s for s in client.get(f"/api/games/{game_id}").json()["seats"]}
    assert seats[silent]["kind"] == "ai" and seats[silent]["spec"] == "ismcts:level=easy"
    refused = client.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": tokens[silent]})
    assert refused.status_code == 403  # the silent person's token no longer holds the seat


def test_the_other_seats_end_the_game_as_abandoned(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = two_people(client)
    silent, other = to_act(client, game_id, tokens)
    later(monkeypatch, 3 * DAY)
    assert vote(client, game_id, tokens[other], "abandon").json() == {"done": "abandon"}
    entry = listed(client, game_id)
    assert entry["result"]["abandoned"] == silent and "did not move in time" in entry["result"]["text"]
    shown = client.get(
        f"/api/games/{game_id}", params={"lang": "es"}, headers={"X-Ludoteca-Token": tokens[silent]}
    )
    assert shown.json()["status"] == "finished" and "no movió a tiempo" in shown.json()["ended"]
    version = shown.json()["version"]
    late_move = client.post(
        f"/api/games/{game_id}/act", json={"token": tokens[silent], "action": 0, "version": version}
    )
    assert late_move.status_code == 409  # the game is over
    record = client.get(f"/api/games/{game_id}/record")  # over: anyone may have its record, secret included
    assert record.status_code == 200 and "chance_secret" in record.json()
    again = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[other]})
    assert again.status_code == 200, again.text  # and play again


def test_a_seat_handed_to_an_ai_leaves_its_persons_key_working(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = two_people(client)
    silent, other = to_act(client, game_id, tokens)
    key = client.post("/api/players", json={"name": "Ana"}).json()["key"]
    headers = {"X-Ludoteca-Token": tokens[silent], "X-Ludoteca-Key": key}
    assert client.get(f"/api/games/{game_id}", headers=headers).status_code == 200  # bound to Ana
    later(monkeypatch, DAY + 1)
    assert vote(client, game_id, tokens[other], "ai:easy").json() == {"done": "ai:easy"}
    mine = client.get("/api/players/me", headers={"X-Ludoteca-Key": key})
    assert mine.status_code == 200, mine.text  # the seat she lost does not lock her out of her list
    (entry,) = mine.json()["games"]
    assert entry["id"] == game_id and entry["turn"] == "waiting"


def test_an_abandoned_game_takes_back_nothing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens = two_people(client)
    first, _ = to_act(client, game_id, tokens)
    seen = client.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": tokens[first]}).json()
    moved = client.post(
        f"/api/games/{game_id}/act",
        json={"token": tokens[first], "action": "add", "version": seen["version"]},
    )
    assert moved.status_code == 200, moved.text
    silent, other = to_act(client, game_id, tokens)
    assert silent == first  # its turn goes on: it may take back the move it made
    later(monkeypatch, DAY + 1)
    assert vote(client, game_id, tokens[other], "abandon").json() == {"done": "abandon"}
    seat = {"X-Ludoteca-Token": tokens[first]}
    before = client.get(f"/api/games/{game_id}", headers=seat).json()
    undone = client.post(f"/api/games/{game_id}/undo", json={"token": tokens[first]})
    assert undone.status_code == 409 and "result stands" in undone.json()["error"]
    after = client.get(f"/api/games/{game_id}", headers=seat).json()
    assert after["version"] == before["version"] and after["view"] == before["view"]
    hint = client.get(f"/api/games/{game_id}/hint", headers=seat)
    assert hint.status_code == 409 and "no move to suggest" in hint.json()["error"]


def test_a_seat_that_moves_while_the_vote_is_stored_is_not_abandoned(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = two_people(client)
    silent, other = to_act(client, game_id, tokens)
    later(monkeypatch, DAY + 1)
    hall = client.app.state.hall  # type: ignore[attr-defined]
    table = client.portal.call(hall.table, game_id)  # type: ignore[union-attr]
    store_vote, moved = hall.persist, []

    async def moving_meanwhile(write: Any) -> None:
        if not moved:  # the silent seat moves just as the vote is being stored
            moved.append(True)
            late = table.game.roles.index(silent)
            await table.act((late,), table.match.state.legal_actions()[0], table.version)
        await store_vote(write)

    monkeypatch.setattr(hall, "persist", moving_meanwhile)
    answer = vote(client, game_id, tokens[other], "abandon")
    assert moved and answer.status_code == 409, answer.text
    shown = client.get(f"/api/games/{game_id}", headers={"X-Ludoteca-Token": tokens[silent]}).json()
    assert shown["status"] != "finished" and not shown.get("ended")


def test_the_silent_person_does_not_vote_through_another_seat_of_their_key(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, tokens = two_people(client)
    key = client.post("/api/players", json={"name": "Ana"}).json()["key"]
    for token in tokens.values():  # Ana opened both invitations with her key: both seats are hers
        opened = client.get(
            f"/api/games/{game_id}", headers={"X-Ludoteca-Token": token, "X-Ludoteca-Key": key}
        )
        assert opened.status_code == 200
    silent, other = to_act(client, game_id, tokens)
    later(monkeypatch, DAY + 1)
    shown = client.get(f"/api/games/{game_id}/clock", headers={"X-Ludoteca-Token": tokens[other]}).json()
    assert shown["overdue"] == silent and shown["may_vote"] is False
    refused = vote(client, game_id, tokens[other], "abandon")
    assert refused.status_code == 403 and "does not vote on itself" in refused.json()["error"]
    assert client.get(f"/api/games/{game_id}").json()["status"] != "finished"
    assert (
        client.get(f"/api/games/{game_id}/clock", headers={"X-Ludoteca-Token": tokens[other]}).json()["votes"]
        == {}
    )


def test_a_page_open_on_a_seat_handed_to_an_ai_no_longer_plays_it(
    toy: RaceGame, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(database_url, ai_delay=5)) as slow:  # the AI waits: the page tries first
        game_id, tokens = two_people(slow)
        silent, other = to_act(slow, game_id, tokens)
        with connect(slow, game_id, tokens[silent]) as page:
            shown = page.receive_json()
            later(monkeypatch, DAY + 1)
            assert vote(slow, game_id, tokens[other], "ai:easy").json() == {"done": "ai:easy"}
            page.send_json({"type": "act", "action": "add", "version": shown["version"]})
            page.send_json({"type": "say", "text": "still here"})
            errors = []
            while len(errors) < 2:  # each refused; a move or a line said would come first
                message = page.receive_json()
                assert message["type"] != "chat" or not message["lines"]
                assert message["type"] != "state" or message["view"]["move"] == shown["view"]["move"]
                if message["type"] == "error":
                    errors.append(message["status"])
            assert errors == [403, 403]
        seen = slow.get(f"/api/games/{game_id}").json()
        assert seen["view"]["move"] == shown["view"]["move"]  # the person's page made no move for the AI
        assert (
            slow.get(f"/api/games/{game_id}/chat", headers={"X-Ludoteca-Token": tokens[other]}).json()[
                "lines"
            ]
            == []
        )
