"""A local SMTP server (aiosmtpd) and a local HTTP server that keep what they are sent, for the turn
notices' tests (issue 58): nothing leaves the machine."""

from __future__ import annotations

import email
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.policy import default
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller

from serverproc import free_port


class Inbox:
    """aiosmtpd's handler: every e-mail received, parsed."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = email.message_from_bytes(envelope.content, policy=default)
        assert isinstance(parsed, EmailMessage)
        self.mails.append(parsed)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.mails if m["To"] == address]


def body(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def link_in(mail: EmailMessage, marker: str) -> str:
    """The first link of an e-mail whose text holds `marker` (``#token=``, ``#confirm=``, ``#stop=``)."""
    found = re.search(r"https?://\S*" + re.escape(marker) + r"\S+", body(mail))
    assert found, body(mail)
    return found.group(0)


@contextmanager
def smtp_server() -> Iterator[tuple[str, Inbox]]:
    """A local SMTP server: its URL (``smtp://127.0.0.1:port``) and its inbox."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{port}", inbox
    finally:
        controller.stop()


class Hooked:
    """What the local HTTP server was posted: each JSON body, in order; it fails the first `fail` calls."""

    def __init__(self, fail: int = 0) -> None:
        self.calls: list[dict[str, Any]] = []
        self.fail = fail
        self.refused = 0


@contextmanager
def hook_server(fail: int = 0) -> Iterator[tuple[str, Hooked]]:
    """A local HTTP server taking webhook calls: its URL and what it was posted."""
    hooked = Hooked(fail)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            data = self.rfile.read(int(self.headers["Content-Length"]))
            if hooked.refused < hooked.fail:
                hooked.refused += 1
                self.send_response(503)
            else:
                hooked.calls.append(json.loads(data))
                self.send_response(204)
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", hooked
    finally:
        server.shutdown()
        server.server_close()


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)
