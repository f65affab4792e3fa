"""Turn notices (issue 58) through the API, on each database (SQLite and PostgreSQL), on the toy race
game, with a local SMTP server and a local HTTP server the tests start themselves: an address is confirmed
by its link before anything else is sent to it; a turn that comes to a seat with no page open sends one
e-mail (whose link opens that seat) and one webhook call, after the quiet delay; a quick exchange, or a
page open, sends nothing; the stop link stops it; bad input is a clear 4xx and stores nothing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app
from ludoteca.server.hall import Hall
from ludoteca.server.mailer import MailSettingsError, SmtpServer
from ludoteca.server.notice_settings import NoticeSettings
from ludoteca.server.webhooks import QUEUE, Webhooks
from noticesupport import Hooked, Inbox, hook_server, link_in, smtp_server, wait_for
from pgserver import PostgresServer
from toygame import ADD, DONE, PASS, RaceGame
from wssupport import connect

pytestmark = pytest.mark.timeout(120)
DELAY = 0.8
"""The quiet delay in these tests, in seconds."""
BEA = "bea@example.org"


def settings(smtp: str | None) -> NoticeSettings:
    return NoticeSettings(
        smtp=SmtpServer.parse(smtp) if smtp else None,
        public_url="http://testserver",
        delay=DELAY,
        webhook_local=True,
        backoff=0.05,
    )


@pytest.fixture
def mail() -> Iterator[tuple[str, Inbox]]:
    with smtp_server() as served:
        yield served


@pytest.fixture
def hook() -> Iterator[tuple[str, Hooked]]:
    with hook_server(fail=1) as served:  # the first call fails: it is tried again
        yield served


@pytest.fixture
def client(toy: RaceGame, database_url: str, mail: tuple[str, Inbox]) -> Iterator[TestClient]:
    with TestClient(create_app(database_url, ai_delay=0, notice_settings=settings(mail[0]))) as c:
        yield c


def new_key(client: TestClient, name: str) -> dict[str, str]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return {"X-Ludoteca-Key": made.json()["key"]}


def shown(client: TestClient, key: dict[str, str]) -> dict[str, Any]:
    answer = client.get("/api/players/me/notices", headers=key)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def confirmed_address(client: TestClient, key: dict[str, str], inbox: Inbox, address: str = BEA) -> None:
    given = client.put("/api/players/me/email", json={"email": address, "lang": "en"}, headers=key)
    assert given.status_code == 200, given.text
    assert (given.json()["email"], given.json()["confirmed"]) == (address, False)
    wait_for(lambda: len(inbox.to(address)) == 1)
    code = link_in(inbox.to(address)[0], "#confirm=").split("#confirm=")[1]
    assert client.post("/api/notices/confirm", json={"code": code}).status_code == 204
    assert shown(client, key)["confirmed"] is True


def game_for(client: TestClient, ana: dict[str, str], bea: dict[str, str]) -> tuple[str, str, str]:
    """Ana plays red here, Bea takes blue with her key (bound to it); red is to act."""
    made = client.post(
        "/api/games", json={"game": "race", "seats": [{"kind": "me"}, {"kind": "human"}]}, headers=ana
    )
    assert made.status_code == 201, made.text
    game_id, red, blue = made.json()["id"], made.json()["token"], made.json()["invitations"]["blue"]
    assert look(client, game_id, blue, bea)["view"]["current_role"] == "red"
    return game_id, red, blue


def look(client: TestClient, game_id: str, token: str, key: dict[str, str] | None = None) -> dict[str, Any]:
    headers = {"X-Ludoteca-Token": token, **(key or {})}
    answer = client.get(f"/api/games/{game_id}", params={"lang": "en"}, headers=headers)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def act(client: TestClient, game_id: str, token: str, *actions: int) -> None:
    for action in actions:
        version = look(client, game_id, token)["version"]
        body = {"token": token, "action": action, "version": version}
        answer = client.post(f"/api/games/{game_id}/act?lang=en", json=body)
        assert answer.status_code == 200, answer.text


def quiet() -> None:
    """Long enough for any notice that would be sent to be sent."""
    time.sleep(DELAY + 1.5)


# ------------------------------------------------------------------------------------------- the settings
def test_an_address_is_confirmed_by_its_link_before_anything_else(
    client: TestClient, mail: tuple[str, Inbox]
) -> None:
    inbox = mail[1]
    bea = new_key(client, "Bea")
    assert shown(client, bea) == {
        "mail": True, "email": None, "confirmed": False, "digest": False, "webhook": None, "lang": None
    }  # fmt: skip
    given = client.put("/api/players/me/email", json={"email": BEA, "lang": "es"}, headers=bea)
    assert given.status_code == 200, given.text
    wait_for(lambda: len(inbox.to(BEA)) == 1)
    (sent,) = inbox.to(BEA)
    assert sent["Subject"] == "Confirma tu correo en Ludoteca"  # in the language asked for
    link = link_in(sent, "#confirm=")
    assert urlsplit(link).path == "/notices" and client.get(urlsplit(link).path).status_code == 200
    code = link.split("#confirm=")[1]
    wrong = client.post("/api/notices/confirm?lang=en", json={"code": code[::-1]})
    assert wrong.status_code == 404 and "unknown" in wrong.json()["error"]
    assert shown(client, bea)["confirmed"] is False
    digest = client.patch("/api/players/me/notices?lang=en", json={"digest": True}, headers=bea)
    assert digest.status_code == 409 and "confirm" in digest.json()["error"]  # unconfirmed: refused
    assert client.post("/api/notices/confirm", json={"code": code}).status_code == 204
    assert shown(client, bea)["confirmed"] is True
    assert client.post("/api/notices/confirm", json={"code": code}).status_code == 404  # used once
    assert client.patch("/api/players/me/notices", json={"digest": True}, headers=bea).json()["digest"]
    assert len(inbox.mails) == 1  # nothing but the confirmation


@pytest.mark.parametrize(
    "address", ["", "bea", "bea@", "@example.org", "bea@example", "bea@exa mple.org", "a@b.c\r\nBcc: x@y.z",
                "bea@example.org>", "x" * 250 + "@example.org"]
)  # fmt: skip
def test_a_malformed_address_is_refused_and_nothing_stored_or_sent(
    client: TestClient, mail: tuple[str, Inbox], address: str
) -> None:
    bea = new_key(client, "Bea")
    refused = client.put("/api/players/me/email?lang=en", json={"email": address}, headers=bea)
    assert refused.status_code == 400 and "e-mail address" in refused.json()["error"], refused.text
    assert address not in refused.json()["error"] or not address
    assert shown(client, bea)["email"] is None
    time.sleep(0.2)
    assert mail[1].mails == []


def test_a_wrong_key_or_code_is_refused(client: TestClient) -> None:
    for headers in ({}, {"X-Ludoteca-Key": "nobody"}):
        assert client.get("/api/players/me/notices", headers=headers).status_code == 401
        assert client.put("/api/players/me/email", json={"email": BEA}, headers=headers).status_code == 401
    for body in ({"code": ""}, {"code": 7}, {"code": "x" * 65}, {}):
        assert client.post("/api/notices/stop", json=body).status_code == 400
    assert client.post("/api/notices/stop", json={"code": "x" * 24}).status_code == 404


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.org/hook",
        "http://example.org/hook",  # plain http: only to this machine, and only where allowed
        "https://user:secret@example.org/hook",
        "https://10.0.0.7/hook",
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://exa mple.org/",
        "https://example.org/" + "x" * 500,
        "not a url",
        "https://exa\x00mple.org/hook",  # a NUL: no URL, and no text PostgreSQL stores
        "https://example.org/\x07hook",
        "https://0x7f.1/hook",  # 127.0.0.1 as the system's resolver reads it (inet_aton)
        "https://127.1/hook",
        "https://0177.0.0.1/hook",
        "https://10.1/hook",
    ],
)
def test_a_bad_webhook_url_is_a_400_and_nothing_stored(client: TestClient, url: str) -> None:
    bea = new_key(client, "Bea")
    refused = client.put("/api/players/me/webhook?lang=en", json={"url": url}, headers=bea)
    assert refused.status_code == 400 and "https://" in refused.json()["error"], refused.text
    assert shown(client, bea)["webhook"] is None


def test_a_webhook_is_kept_and_removed(client: TestClient) -> None:
    bea = new_key(client, "Bea")
    url = "https://ntfy.sh/ludoteca-bea"
    assert client.put("/api/players/me/webhook", json={"url": url}, headers=bea).json()["webhook"] == url
    assert client.delete("/api/players/me/webhook", headers=bea).status_code == 204
    assert shown(client, bea)["webhook"] is None


def test_without_an_smtp_server_there_is_no_email_and_the_lobby_is_told(
    toy: RaceGame, database_url: str
) -> None:
    with TestClient(create_app(database_url, ai_delay=0, notice_settings=settings(None))) as client:
        bea = new_key(client, "Bea")
        refused = client.put("/api/players/me/email?lang=en", json={"email": BEA}, headers=bea)
        assert refused.status_code == 503 and "no e-mail" in refused.json()["error"]
        assert shown(client, bea)["mail"] is False and shown(client, bea)["email"] is None


# ------------------------------------------------------------------------------------------- the turns
def test_a_turn_sends_one_email_and_one_webhook_call_and_its_link_opens_the_seat(
    client: TestClient, mail: tuple[str, Inbox], hook: tuple[str, Hooked]
) -> None:
    inbox, (hook_url, hooked) = mail[1], hook
    ana, bea = new_key(client, "Ana"), new_key(client, "Bea")
    confirmed_address(client, bea, inbox)
    assert client.put("/api/players/me/webhook", json={"url": hook_url}, headers=bea).status_code == 200
    game_id, red, blue = game_for(client, ana, bea)

    act(client, game_id, red, PASS)  # blue's turn, no page of hers open
    wait_for(lambda: len(inbox.to(BEA)) == 2 and len(hooked.calls) == 1)
    turn = inbox.to(BEA)[1]
    assert turn["Subject"] == "Your turn in Race to the target"
    link = link_in(turn, "#token=")
    assert link.startswith(f"http://testserver/play/{game_id}?lang=en#token=")
    assert look(client, game_id, link.split("#token=")[1])["my_roles"] == ["blue"]  # the right seat
    assert "blue: add the roll or pass?" in turn.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    call = hooked.calls[0]
    assert (call["id"], call["role"], call["link"]) == (game_id, "blue", link)
    assert call["prompt"] == "blue: add the roll or pass?" and hooked.refused == 1  # tried again
    quiet()
    assert (len(inbox.to(BEA)), len(hooked.calls)) == (2, 1)  # once per turn

    act(client, game_id, blue, ADD, DONE)  # red's turn: Ana asked for no notice
    act(client, game_id, red, PASS)  # blue's turn again: …
    act(client, game_id, blue, PASS)  # … answered at once: a quick exchange sends nothing
    quiet()
    assert (len(inbox.to(BEA)), len(hooked.calls)) == (2, 1)

    with connect(client, game_id, blue):  # Bea's page is open: nothing
        act(client, game_id, red, ADD, DONE)
        quiet()
    assert (len(inbox.to(BEA)), len(hooked.calls)) == (2, 1)
    assert all(BEA not in str(look(client, game_id, token)) for token in (red, blue, ""))  # in no view


def test_the_stop_link_stops_the_emails(client: TestClient, mail: tuple[str, Inbox]) -> None:
    inbox = mail[1]
    ana, bea = new_key(client, "Ana"), new_key(client, "Bea")
    confirmed_address(client, bea, inbox)
    game_id, red, blue = game_for(client, ana, bea)
    act(client, game_id, red, PASS)
    wait_for(lambda: len(inbox.to(BEA)) == 2)
    stop = link_in(inbox.to(BEA)[1], "#stop=")
    assert urlsplit(stop).path == "/notices"
    assert client.post("/api/notices/stop", json={"code": stop.split("#stop=")[1]}).status_code == 204
    assert shown(client, bea)["email"] is None
    act(client, game_id, blue, PASS)
    act(client, game_id, red, ADD, DONE)
    quiet()
    assert len(inbox.to(BEA)) == 2


def test_the_daily_digest_replaces_the_turn_emails(
    toy: RaceGame, database_url: str, mail: tuple[str, Inbox]
) -> None:
    inbox = mail[1]
    daily = NoticeSettings(**{**settings(mail[0]).__dict__, "digest_every": 1.0})
    with TestClient(create_app(database_url, ai_delay=0, notice_settings=daily)) as client:
        ana, bea = new_key(client, "Ana"), new_key(client, "Bea")
        confirmed_address(client, bea, inbox)
        assert client.patch("/api/players/me/notices", json={"digest": True}, headers=bea).status_code == 200
        game_id, red, _blue = game_for(client, ana, bea)
        act(client, game_id, red, PASS)
        wait_for(lambda: len(inbox.to(BEA)) >= 2)
        subjects = [m["Subject"] for m in inbox.to(BEA)[1:]]
        assert subjects and all(s == "Ludoteca: games waiting for your move (1)" for s in subjects), subjects
        assert f"/play/{game_id}?lang=en#token=" in link_in(inbox.to(BEA)[1], "#token=")


# ------------------------------------------------------------------------------------------- two workers
@pytest.fixture
def pair(
    toy: RaceGame, postgres: PostgresServer, mail: tuple[str, Inbox]
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two workers (each a whole server in this process) on one new PostgreSQL database, one SMTP server."""
    url = postgres.database()
    with (
        TestClient(create_app(url, ai_delay=0, ai_workers=1, notice_settings=settings(mail[0]))) as first,
        TestClient(create_app(url, ai_delay=0, ai_workers=1, notice_settings=settings(mail[0]))) as second,
    ):
        yield first, second


def hall_of(client: TestClient) -> Hall:
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    return hall


@pytest.mark.slow
def test_on_two_workers_the_notice_is_sent_once_and_a_page_on_either_counts(
    pair: tuple[TestClient, TestClient], mail: tuple[str, Inbox], hook: tuple[str, Hooked]
) -> None:
    first, second = pair
    inbox, (hook_url, hooked) = mail[1], hook
    ana, bea = new_key(first, "Ana"), new_key(second, "Bea")
    confirmed_address(second, bea, inbox)
    assert first.put("/api/players/me/webhook", json={"url": hook_url}, headers=bea).status_code == 200
    game_id, red, blue = game_for(first, ana, bea)

    with connect(second, game_id, blue):  # Bea's page is open on the other worker: nothing
        act(first, game_id, red, PASS)
        quiet()
        assert (len(inbox.to(BEA)), len(hooked.calls)) == (1, 0)
        act(second, game_id, blue, PASS)

    act(first, game_id, red, ADD, DONE)  # blue's turn, no page open anywhere
    # the other worker, holding the game too, is made to wait for the same turn: still one notice
    table = second.portal.call(hall_of(second).table, game_id)
    assert table.moved == hall_of(first).tables[game_id].moved
    second.portal.call(hall_of(second).notices.moved, table)
    wait_for(lambda: len(inbox.to(BEA)) == 2 and len(hooked.calls) == 1)
    quiet()
    assert (len(inbox.to(BEA)), len(hooked.calls)) == (2, 1)
    link = link_in(inbox.to(BEA)[1], "#token=")
    assert look(second, game_id, link.split("#token=")[1])["my_roles"] == ["blue"]


# ------------------------------------------------------------------------------------------- the pieces
def test_the_smtp_settings_are_read_from_the_environment_or_refused() -> None:
    read = NoticeSettings.from_env(
        {
            "LUDOTECA_SMTP_URL": "smtps://ana%40x:p%3Ass@mail.example.org",
            "LUDOTECA_PUBLIC_URL": "https://l.org/",
        }
    )
    assert read.smtp == SmtpServer("smtps", "mail.example.org", 465, "ana@x", "p:ss")
    assert read.public_url == "https://l.org" and read.delay == 60
    assert NoticeSettings.from_env({}).smtp is None  # no SMTP server: no e-mail
    for bad in ("http://mail.example.org", "smtp://", "mail.example.org:25"):
        with pytest.raises(MailSettingsError):
            NoticeSettings.from_env({"LUDOTECA_SMTP_URL": bad})


def test_the_webhook_queue_is_bounded() -> None:
    async def fill() -> int:
        hooks = Webhooks()  # not started: nothing takes calls off the queue
        for n in range(QUEUE + 5):
            hooks.post("https://example.org/hook", {"n": n})
        return hooks.queue.qsize()

    assert asyncio.run(fill()) == QUEUE
