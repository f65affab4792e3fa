"""The settings of turn notices (issue 58), from the environment or `create_app`'s arguments.

- ``LUDOTECA_SMTP_URL``: the SMTP server e-mail is sent through (`mailer.py`); none, no e-mail.
- ``LUDOTECA_MAIL_FROM``: the sender's address (default ``ludoteca@localhost``).
- ``LUDOTECA_PUBLIC_URL``: the address people reach the server at, for the links in e-mails and webhook
  calls (default ``http://127.0.0.1:8000``; `ludoteca serve` passes its own).
- ``LUDOTECA_NOTICE_DELAY``: seconds a turn waits before its notice (default `DELAY`).
- ``LUDOTECA_WEBHOOK_LOCAL``: ``1`` allows ``http://`` webhooks to this machine (tests).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from ludoteca.server.mailer import SmtpServer

DELAY = 60.0
"""Seconds a turn waits before its notice: a quick exchange sends nothing."""
DIGEST_EVERY = 24 * 3600.0
"""Seconds between a player's digests."""


@dataclass(frozen=True)
class NoticeSettings:
    smtp: SmtpServer | None = None
    sender: str = "ludoteca@localhost"
    public_url: str = "http://127.0.0.1:8000"
    delay: float = DELAY
    digest_every: float = DIGEST_EVERY
    webhook_local: bool = False
    backoff: float = 2.0
    """Seconds before a failed webhook call's second try (doubling for each later one)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> NoticeSettings:
        env = os.environ if env is None else env
        url = env.get("LUDOTECA_SMTP_URL", "").strip()
        return cls(
            smtp=SmtpServer.parse(url) if url else None,
            sender=env.get("LUDOTECA_MAIL_FROM", "").strip() or cls.sender,
            public_url=(env.get("LUDOTECA_PUBLIC_URL", "").strip() or cls.public_url).rstrip("/"),
            delay=float(env.get("LUDOTECA_NOTICE_DELAY") or DELAY),
            webhook_local=env.get("LUDOTECA_WEBHOOK_LOCAL", "") == "1",
        )
