"""Precise exceptions: each names what was wrong and what is allowed (DESIGN §2, Errors).

Every error has an English message (``str(exc)``, for logs and developers) and, where a person may
meet it, a message `key` with `params` so that an interface can show it in the person's language
(`LudotecaError.localized`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.core.i18n import Catalog


class LudotecaError(Exception):
    """Base of every error Ludoteca raises on bad input."""

    def __init__(self, message: str, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params

    def localized(self, catalog: Catalog, lang: str) -> str:
        """The message in `lang` when the catalog has it, else the English one. A parameter that is itself
        an error (the reason a data folder is refused) is given in `lang` too."""
        if self.key and catalog.has(self.key):
            params = {
                name: value.localized(catalog, lang) if isinstance(value, LudotecaError) else value
                for name, value in self.params.items()
            }
            return catalog.text(self.key, lang, params)
        return str(self)


class IllegalActionError(LudotecaError, ValueError):
    """An action that is not legal in the current state; the state is left untouched."""


class BadOptionError(LudotecaError, ValueError):
    """An unknown option name or a value outside the allowed ones."""


class RecordError(LudotecaError, ValueError):
    """A malformed or inconsistent game record."""


class UnknownGameError(LudotecaError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
