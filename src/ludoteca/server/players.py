"""Players' keys (issue 58): a personal secret that gathers a person's seats on any device.

Anyone may get a key from the lobby (no password, no e-mail). Every seat taken or created with it is bound
to it, so opening the key's link on another device lists all of them there. A key is a secret like a
seat's token (SECURITY.md): it travels after ``#`` in links and in the ``X-Ludoteca-Key`` header, never in
a URL the server sees. The database keeps only its SHA-256 digest, so a copy of the database opens no
seat's list; a player's lasting identity is `id`, which the key names until it is replaced (the old key
stops working at once, the seats stay bound).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Connection, Float, Integer, String, Table, insert, select, update

from ludoteca.core.game import get_game
from ludoteca.server.errors import ServerError
from ludoteca.server.storage import games, metadata

if TYPE_CHECKING:
    from ludoteca.server.hall import Hall
    from ludoteca.server.table import Table as GameTable

NAME_LENGTH = 40
"""The longest name a player may give (the name shown at the table)."""

players = Table(
    "players",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("name", String(NAME_LENGTH), nullable=False),
    Column("created", Float, nullable=False),
)
"""One row per player: the digest of their present key and the name they go by."""

player_seats = Table(
    "player_seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("token", String(64), primary_key=True),
    Column("player_id", String(32), nullable=False, index=True),
    Column("bound", Integer, nullable=False, server_default="0"),
)
"""Which player holds a seat's token in a game (a token bound once stays with its first player)."""


def digest(key: str) -> str:
    """What the database keeps of a key."""
    return hashlib.sha256(key.encode()).hexdigest()


def new_key() -> str:
    """A player's key: 192 bits from the operating system's generator."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class Player:
    id: str
    name: str


@dataclass(frozen=True)
class PlayerSeat:
    """One of a player's seats: the game, the seat's token (which opens it) and the game's stored state."""

    game_id: str
    token: str
    game: str
    status: str
    created: float
    touched: float


def create(db: Connection, key: str, name: str) -> Player:
    player = Player(secrets.token_urlsafe(12), name)
    db.execute(insert(players).values(id=player.id, key_hash=digest(key), name=name, created=time.time()))
    return player


def find(db: Connection, key: str) -> Player | None:
    """The player a key names now, or None (an unknown or replaced key)."""
    row = db.execute(select(players.c.id, players.c.name).where(players.c.key_hash == digest(key))).first()
    return None if row is None else Player(row.id, row.name)


def rename(db: Connection, player_id: str, name: str) -> None:
    db.execute(update(players).where(players.c.id == player_id).values(name=name))


def replace(db: Connection, player_id: str, key: str) -> None:
    """Make `key` the player's key: the one before names nobody from this commit on."""
    db.execute(update(players).where(players.c.id == player_id).values(key_hash=digest(key)))


def bind(db: Connection, player_id: str, game_id: str, token: str) -> None:
    """Bind a seat's token to a player, unless it is bound already (to them or to another player)."""
    taken = select(player_seats.c.token).where(
        player_seats.c.game_id == game_id, player_seats.c.token == token
    )
    if db.execute(taken).first() is None:
        row = {"game_id": game_id, "token": token, "player_id": player_id, "bound": int(time.time())}
        db.execute(insert(player_seats).values(**row))


def rebind(db: Connection, old_id: str, new_id: str, tokens: dict[str, str]) -> None:
    """A rematch: each seat of the old game bound to a player binds its new token (`tokens`: old → new)
    to that player in the new game."""
    query = select(player_seats).where(player_seats.c.game_id == old_id)
    for row in db.execute(query).all():
        if row.token in tokens:
            bind(db, row.player_id, new_id, tokens[row.token])


def seats_of(db: Connection, player_id: str, limit: int = 200) -> list[PlayerSeat]:
    """A player's seats, the most recently changed game first, at most `limit`; uploaded records and
    games since deleted are not listed."""
    query = (
        select(
            player_seats.c.game_id,
            player_seats.c.token,
            games.c.game,
            games.c.status,
            games.c.created,
            games.c.touched,
        )
        .join(games, games.c.id == player_seats.c.game_id)
        .where(player_seats.c.player_id == player_id, games.c.status != "record")
        .order_by(games.c.touched.desc(), games.c.created.desc())
        .limit(limit)
    )
    return [
        PlayerSeat(r.game_id, r.token, r.game, r.status, r.created, r.touched or r.created)
        for r in db.execute(query)
    ]


def names_at(db: Connection, game_id: str) -> dict[str, str]:
    """The names of the players holding a game's seats, by seat token."""
    query = (
        select(player_seats.c.token, players.c.name)
        .join(players, players.c.id == player_seats.c.player_id)
        .where(player_seats.c.game_id == game_id)
    )
    return {row.token: row.name for row in db.execute(query)}


class Players:
    """The keys as the routes use them, on the hall's database (reads on its pool, writes by its writer)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall

    async def new(self, name: str) -> tuple[str, Player]:
        """A new player and their key (given once: the database keeps only its digest)."""
        key = new_key()
        made: list[Player] = []
        await self.hall.persist(lambda db: made.append(create(db, key, checked_name(name))))
        return key, made[0]

    async def who(self, key: str | None) -> Player:
        """The player a key names; a missing, malformed, unknown or replaced key is refused."""
        if not key or not KEY_TEXT.fullmatch(key):  # never digested: a lone surrogate could not be
            raise ServerError(401, "no_key")
        player: Player | None = await self.hall.read(self._find, key)
        if player is None:
            raise ServerError(401, "bad_key")
        return player

    def _find(self, key: str) -> Player | None:
        with self.hall.store.engine.connect() as db:
            return find(db, key)

    async def rename(self, player: Player, name: str) -> Player:
        name = checked_name(name)
        await self.hall.persist(lambda db: rename(db, player.id, name))
        return Player(player.id, name)

    async def replace(self, player: Player) -> str:
        key = new_key()
        await self.hall.persist(lambda db: replace(db, player.id, key))
        return key

    async def bind(self, player: Player, game_id: str, token: str) -> None:
        await self.hall.persist(lambda db: bind(db, player.id, game_id, token))
        table = self.hall.tables.get(game_id)
        if table is not None:
            await self.names(table)
            if token not in table.names:  # a name the other seats have not been shown yet
                table.names[token] = player.name
                table.broadcast()

    async def names(self, table: GameTable) -> None:
        """Read once the names of the players holding a table's seats (shown beside the seats)."""
        if not table.names_read:
            table.names.update(await self.hall.read(self._names, table.id))
            table.names_read = True

    def _names(self, game_id: str) -> dict[str, str]:
        with self.hall.store.engine.connect() as db:
            return names_at(db, game_id)

    async def games(self, player: Player) -> list[dict[str, Any]]:
        """The player's games for the lobby: those where it is their turn first, then those waiting for
        someone else (or for people to come), then the finished ones; each with its last change."""
        rows: list[PlayerSeat] = await self.hall.read(self._seats, player.id)
        listed: dict[str, dict[str, Any]] = {}
        for row in rows:
            if row.game_id in listed:
                continue
            entry: dict[str, Any] = {
                "id": row.game_id,
                "game": row.game,
                "title": get_game(row.game).title,
                "token": row.token,
                "touched": row.touched,
                "moves": 0,
                "turn": "finished",
            }
            if row.status != "finished":
                table = await self.hall.table(row.game_id)
                state = table.match.state
                entry["moves"] = len(table.match.history)
                mine = table.held_by(row.token)  # none once its seat was handed to an AI
                entry["turn"] = (
                    "finished"
                    if state.is_terminal()
                    else ("yours" if state.current_player() in mine else "waiting")
                )
            listed[row.game_id] = entry
        order = {"yours": 0, "waiting": 1, "finished": 2}
        return sorted(listed.values(), key=lambda e: (order[e["turn"]], -e["touched"]))

    def _seats(self, player_id: str) -> list[PlayerSeat]:
        with self.hall.store.engine.connect() as db:
            return seats_of(db, player_id)


KEY_LENGTH = 64
"""The longest key read: a longer one is refused before it is looked up."""
KEY_TEXT = re.compile(rf"[A-Za-z0-9_-]{{1,{KEY_LENGTH}}}")
"""What a key may be (`new_key`'s URL-safe alphabet): anything else is refused before it is looked up."""


def checked_name(name: str) -> str:
    """A player's name, trimmed: 1 to `NAME_LENGTH` printable characters, else a 400."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= NAME_LENGTH or not name.isprintable():
        raise ServerError(400, "player_name", length=NAME_LENGTH)
    return name
