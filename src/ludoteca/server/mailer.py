"""Sending e-mail (issue 58): through the SMTP server the settings name (`LUDOTECA_SMTP_URL`), with the
standard library's `smtplib` in a thread of its own, never on the event loop.

The URL is ``smtp://user:password@host:port`` (plain, upgraded with STARTTLS where the server offers it),
``smtp+starttls://…`` (STARTTLS required) or ``smtps://…`` (TLS from the start); user and password are
optional. No URL: no e-mail at all (`Mailer.enabled` is false, and the lobby says so).
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import unquote, urlsplit

log = logging.getLogger(__name__)

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
"""The URL schemes read, with their default ports."""
TIMEOUT = 20.0
"""Seconds one conversation with the SMTP server may take."""


class MailSettingsError(ValueError):
    """An SMTP URL this module cannot read."""


@dataclass(frozen=True)
class SmtpServer:
    scheme: str
    host: str
    port: int
    user: str | None
    password: str | None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES or not parts.hostname:
            raise MailSettingsError(
                f"an SMTP URL is {', '.join(s + '://[user:password@]host[:port]' for s in SCHEMES)}"
            )
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        return cls(parts.scheme, parts.hostname, parts.port or SCHEMES[parts.scheme], user, password)


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str


class Mailer:
    """Sends `Mail` from `sender` through `server` (None: sends nothing), one at a time in its thread."""

    def __init__(self, server: SmtpServer | None, sender: str) -> None:
        self.server, self.sender = server, sender
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-mail")
        self.sent = 0

    @property
    def enabled(self) -> bool:
        return self.server is not None

    async def send(self, mail: Mail) -> bool:
        """Send one e-mail; False (and logged) when the SMTP server refused it or could not be reached."""
        if self.server is None:
            return False
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._send, mail)
        except (OSError, smtplib.SMTPException):
            log.exception("an e-mail could not be sent")
            return False
        self.sent += 1
        return True

    def _send(self, mail: Mail) -> None:
        server = self.server
        assert server is not None
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, mail.to, mail.subject
        message["Date"], message["Message-ID"] = formatdate(localtime=False), make_msgid(domain="ludoteca")
        message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no autoresponder answers it
        message.set_content(mail.text)
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if server.scheme == "smtps":
            smtp = smtplib.SMTP_SSL(server.host, server.port, timeout=TIMEOUT, context=context)
        else:
            smtp = smtplib.SMTP(server.host, server.port, timeout=TIMEOUT)
        with smtp:
            if server.scheme != "smtps":
                smtp.ehlo()
                if server.scheme == "smtp+starttls" or smtp.has_extn("starttls"):
                    smtp.starttls(context=context)
                    smtp.ehlo()
            if server.user is not None:
                smtp.login(server.user, server.password or "")
            smtp.send_message(message)

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)
