""" "Play again" (issue 58): a finished game's rematch, its occupants moved one seat on.

Asked by any seat of a finished game, made once whoever asks and on whichever worker (the store's key on
the old game and token decides): a new game with the same options; the occupant of each seat moves to the
next seat in play (a person keeps one new token for all their seats, an AI its spec); chance from a new
secret, or from the same physical table with its host moved along with the host's person; every seat
bound to a player's key bound to that player in the new game. Every connection to the old game is told
the new game and its own new token (a spectator: none), and anyone holding a seat may ask again to learn
theirs.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Connection, String, Table, insert, select
from sqlalchemy.exc import IntegrityError

from ludoteca.server.chance import TABLE_CHANCE, table_host
from ludoteca.server.errors import ServerError
from ludoteca.server.players import rebind
from ludoteca.server.storage import SeatRow, metadata, new_secret
from ludoteca.server.watchers import encode

if TYPE_CHECKING:
    from ludoteca.server.hall import Hall
    from ludoteca.server.table import Table as GameTable

rematches = Table(
    "rematches",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("token", String(64), primary_key=True),
    Column("new_id", String(32), nullable=False),
    Column("new_token", String(64), nullable=False),
)
"""A finished game's rematch: for each token of a person at it, the new game and that person's new token."""


def _stored(hall: Hall, game_id: str) -> tuple[str, dict[str, str]] | None:
    with hall.store.engine.connect() as db:
        rows = db.execute(select(rematches).where(rematches.c.game_id == game_id)).all()
    return (rows[0].new_id, {r.token: r.new_token for r in rows}) if rows else None


async def rematch(hall: Hall, old: GameTable, token: str, asker: str) -> dict[str, Any]:
    """The rematch of `old` for the seat of `token` (made now if nobody asked before): its id and token."""
    if not old.roles_of(token):
        raise ServerError(403, "rematch_spectator")
    if not old.over():
        raise ServerError(409, "rematch_not_over")
    async with old.lock:  # a second asker here waits for the game the first is making to be stored
        made: tuple[str, dict[str, str]] | None = await hall.read(_stored, hall, old.id)
        if made is None:
            made = await _make(hall, old, asker)
    new_id, tokens = made
    for watcher in list(old.watchers):
        held = [s.token for s in old.seats if s.role in watcher.roles and s.token in tokens]
        watcher.send(encode({"type": "rematch", "id": new_id, "token": tokens[held[0]] if held else None}))
    return {"id": new_id, "token": tokens[token]}


async def _make(hall: Hall, old: GameTable, asker: str) -> tuple[str, dict[str, str]]:
    in_play, by_role = old.in_play, {s.role: s for s in old.seats}
    new_id = secrets.token_urlsafe(6)
    tokens = {s.token: secrets.token_urlsafe(16) for s in old.seats if s.kind == "human"}
    rows, searches = [], False
    for i, role in enumerate(in_play):
        before = by_role[in_play[i - 1]]  # the occupant of the seat before moves here
        if before.kind == "ai":
            rows.append(SeatRow(role, "ai", before.spec, "", True))
            searches = searches or (before.spec or "random").split(":")[0] != "random"
        else:
            rows.append(SeatRow(role, "human", None, tokens[before.token], False))
    hall.check_ai_quota(asker, searches)  # before the rematch is claimed: a refused one is not made

    def claim(db: Connection) -> None:
        rows = [{"game_id": old.id, "token": t, "new_id": new_id, "new_token": n} for t, n in tokens.items()]
        db.execute(insert(rematches), rows)

    try:
        await hall.persist(claim)
    except IntegrityError:  # another seat, perhaps on another worker, asked first: that rematch
        made: tuple[str, dict[str, str]] | None = await hall.read(_stored, hall, old.id)
        if made is None:
            raise
        return made
    host = table_host(old.row.secret)
    moved_host = None if host is None else in_play[(in_play.index(host) + 1) % len(in_play)]
    secret = new_secret() if moved_host is None else f"{TABLE_CHANCE}{moved_host}"
    await hall.open_game(old.game.id, old.row.options, 0, secret, rows, asker, searches, new_id)
    await hall.persist(lambda db: rebind(db, old.id, new_id, tokens))
    return new_id, tokens
