"""The web platform's refusals: an HTTP status and a message of the core catalog's ``server`` section, in
the asker's language (SECURITY.md: input is never echoed back)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import LANGUAGES, Catalog

MAX_TEXT = 500
"""The longest refusal sent, in characters: a refusal that quotes what it refused (a game's option
error names the value) says at most this much of it."""


def excerpt(text: str) -> str:
    """`text`, cut to `MAX_TEXT` characters."""
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def kind_of(value: object) -> str:
    """What a refused value is, named in the asker's language without echoing it back (SECURITY.md: input
    is never echoed): a reference to the catalog's ``server.kind`` words."""
    kinds = {bool: "boolean", float: "fraction", list: "list", dict: "object", type(None): "null"}
    return f"@server.kind.{kinds.get(type(value), 'other')}"


class ServerError(Exception):
    """A request the server refuses: an HTTP status and a message naming what was wrong and what is
    allowed, a key of the core catalog's ``server`` section with its parameters, said in the asker's
    language (`text`); `message` is the English one."""

    def __init__(self, status: int, key: str, /, **params: Any) -> None:
        self.status, self.key, self.params = status, f"server.{key}", params
        self.message = self.text("en")
        super().__init__(self.message)

    @classmethod
    def of(cls, status: int, error: LudotecaError, key: str = "refused", /, **params: Any) -> ServerError:
        """A refusal that the rules or the core made (`error`), in its own words in each language."""
        return cls(status, key, message=_LocalizedError(error), **params)

    def text(self, lang: str) -> str:
        values = {
            k: v.text(lang) if isinstance(v, _LocalizedError | Said) else v for k, v in self.params.items()
        }
        return excerpt(MESSAGES.text(self.key, lang, values))

    def sent(self, lang: str) -> dict[str, Any]:
        """The error as a message for a WebSocket."""
        return {"type": "error", "status": self.status, "message": self.text(lang)}


@dataclass(frozen=True)
class _LocalizedError:
    error: LudotecaError

    def text(self, lang: str) -> str:
        return self.error.localized(MESSAGES, lang)


@dataclass(frozen=True)
class Said:
    """A message already said in every language: a refusal worked out in a worker process, where the
    error itself stays (`thinkers.py`)."""

    texts: Mapping[str, str]

    def text(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts["en"]

    @classmethod
    def of(cls, error: LudotecaError) -> Said:
        return cls({lang: error.localized(MESSAGES, lang) for lang in LANGUAGES})


MESSAGES = Catalog()
"""The core catalog: the server's refusals and the core's errors, in both languages."""
