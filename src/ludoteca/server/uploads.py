"""An uploaded record, replayed and checked in a worker process (`thinkers.py`, issue 54): a whole
campaign's record is thousands of actions, seconds of work that must not hold the server."""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.record import replay_record
from ludoteca.server.errors import Said

Replayed = tuple[str, dict[str, str], int, list[tuple[int, int]], dict[str, Any] | None]
"""What the server stores of a record: its game, options, seed, actions (actor, action) and result."""


def replay_upload(record: dict[str, Any], game: Game | None) -> Replayed | Said:
    """In a worker: the record replayed with `game` (the server's, with its data; None: the one the record
    names) and its digests verified, when it has them; or why it cannot be, said in every language."""
    try:
        match = replay_record(record, verify="digests" in record, game=game)
    except LudotecaError as exc:
        return Said.of(exc)
    steps = [(s.actor, s.action) for s in match.history]
    return match.game.id, match.options.as_strings(), match.seed, steps, match.state.result("en")
