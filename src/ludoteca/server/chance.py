"""Where a live game's chance comes from (SECURITY.md): a secret of the server's, or the physical table."""

from __future__ import annotations

import hashlib
import hmac
import random

from ludoteca.core.match import Match

TABLE_CHANCE = "table:"
"""A game's `secret` that starts so takes its chance from the physical table (companion mode, issue 29,
`core.table`): nothing is sampled; the host seat (the role index after the colon, a seat of the creator's)
says what came up."""


def table_host(secret: str) -> int | None:
    """The host seat of a game whose chance comes from the table, None for a game that samples it."""
    return int(secret[len(TABLE_CHANCE) :]) if secret.startswith(TABLE_CHANCE) else None


def secret_chance(match: Match, secret: str) -> None:
    """Play chance outcomes until someone must decide. Each outcome's generator is derived from the game's
    secret (256 bits the server keeps, SECURITY.md) and the move's index by HMAC-SHA256, so no player can
    foresee a draw from anything public, and nothing about the generator needs storing across restarts.
    A game whose chance comes from the table samples nothing: a person says what came up (`Table.act`)."""
    if table_host(secret) is not None:
        return
    key = secret.encode()
    while match.state.is_chance_node():
        index = str(len(match.history)).encode()
        match.rng = random.Random(hmac.new(key, index, hashlib.sha256).digest())
        match.play_chance()


def public_seed(text: str) -> int:
    """A seed derived from something public (a game's id): for what needs repeatability but no secret, the
    hints, so that it never reveals anything about the chance secret."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
