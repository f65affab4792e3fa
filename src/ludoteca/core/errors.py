"""Precise exceptions: each names what was wrong and what is allowed (DESIGN §2, Errors)."""


class LudotecaError(Exception):
    """Base of every error Ludoteca raises on bad input."""


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
