"""Time per move (issue 58): a game's creator may give each move a time (a day, three, seven); once the
seat to act has let it run out, the lobby shows it overdue and the other seats may agree to hand the
silent seat to an AI level or to end the game as abandoned.

The time counts from the position's last change (`games.touched`: a move or an undo). Agreement is
every other person's seat voting the same (`POST /api/games/ID/overdue`, one vote a seat, changed by
voting again); a vote names ``ai:easy|normal|hard`` (no stronger than the server's AI ceiling) or
``abandon``. Handing the seat over makes it an AI seat with that spec (its person's token no longer plays
it); ending it makes the game finished, its result naming the seat that did not move. Votes are kept
with the game until the next move makes them moot (they name the overdue seat and the position's
revision).
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Connection, Integer, String, Table, delete, insert, select, update

from ludoteca.core.game import CHANCE
from ludoteca.server.errors import ServerError
from ludoteca.server.players import player_seats
from ludoteca.server.storage import StaleGame, games, metadata, seats
from ludoteca.server.watchers import role_label

if TYPE_CHECKING:
    from ludoteca.server.hall import Hall
    from ludoteca.server.table import Table as GameTable

PER_MOVE = {"none": 0, "1d": 86_400, "3d": 3 * 86_400, "7d": 7 * 86_400}
"""The times a creator may give each move, by the name the lobby sends."""
LEVELS = ("easy", "normal", "hard")


def now() -> float:
    """The time the clocks read (a test moves it on)."""
    return time.time()


game_clocks = Table(
    "game_clocks",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seconds", Integer, nullable=False),
)
"""A game with a time per move (no row: none)."""

clock_votes = Table(
    "clock_votes",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("role", Integer, primary_key=True),
    Column("moved", Integer, nullable=False),
    Column("choice", String(16), nullable=False),
)
"""Each seat's vote on an overdue seat, made on the position of revision `moved`."""


def set_clock(game_id: str, per_move: str) -> Any:
    """The write that gives a new game its time per move (nothing for ``none``)."""
    seconds = PER_MOVE[per_move]

    def write(db: Connection) -> None:
        if seconds:
            db.execute(insert(game_clocks).values(game_id=game_id, seconds=seconds))

    return write


def ended(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A stored result that ended the game by agreement (`abandon`), else None."""
    return result if result is not None and "abandoned" in result else None


def _clock(hall: Hall, game_id: str) -> tuple[int, float, dict[int, str], dict[str, str]]:
    """The game's time per move, when it last changed, the votes made on its present position, and the
    player each seat's token is bound to (`players.py`)."""
    with hall.store.engine.connect() as db:
        seconds = db.execute(select(game_clocks.c.seconds).where(game_clocks.c.game_id == game_id)).scalar()
        row = db.execute(
            select(games.c.moved, games.c.touched, games.c.created).where(games.c.id == game_id)
        ).first()
        moved = row.moved if row is not None else -1
        votes = db.execute(
            select(clock_votes.c.role, clock_votes.c.choice).where(
                clock_votes.c.game_id == game_id, clock_votes.c.moved == moved
            )
        ).all()
        bound = select(player_seats.c.token, player_seats.c.player_id).where(
            player_seats.c.game_id == game_id
        )
        persons = {b.token: b.player_id for b in db.execute(bound)}
    touched = (row.touched or row.created) if row is not None else now()
    return int(seconds or 0), float(touched), {v.role: v.choice for v in votes}, persons


def overdue(table: GameTable, seconds: int, touched: float) -> int | None:
    """The seat of a person that has let its time run out, if any."""
    state = table.match.state
    if not seconds or table.status == "finished" or state.is_terminal():
        return None
    player = state.current_player()
    if player == CHANCE or player in table.agents:
        return None
    return player if now() - touched > seconds else None


def clocks_of(hall: Hall, game_ids: list[str]) -> dict[str, int]:
    """The time per move of each of these games that has one (one read for a whole listing)."""
    with hall.store.engine.connect() as db:
        query = select(game_clocks).where(game_clocks.c.game_id.in_(game_ids))
        return {row.game_id: row.seconds for row in db.execute(query)}


def described(table: GameTable | None, seconds: int, touched: float) -> dict[str, Any] | None:
    """What a list of games says of one game's clock: its time per move, the seat overdue if any (by its
    role's id), and when its time runs or ran out."""
    if not seconds:
        return None
    late = None if table is None else overdue(table, seconds, touched)
    return {
        "per_move": seconds,
        "overdue": None if late is None or table is None else table.game.roles[late],
        "until": touched + seconds,
    }


async def state_of(hall: Hall, table: GameTable, roles: tuple[int, ...]) -> dict[str, Any]:
    """A game's clock as a seat's page shows it: the time per move, when it runs out, the overdue seat,
    and the votes made on it (by role), with whether this seat may vote."""
    seconds, touched, votes, persons = await hall.read(_clock, hall, table.id)
    late = overdue(table, seconds, touched)
    mine = {s.token for s in table.seats if s.role in roles}
    return {
        **(described(table, seconds, touched) or {"per_move": 0, "overdue": None, "until": None}),
        "votes": {table.game.roles[r]: c for r, c in votes.items()},
        "may_vote": late is not None and bool(roles) and not mine & held(table, late, persons),
        "choices": [f"ai:{level}" for level in LEVELS] + ["abandon"],
    }


async def vote(hall: Hall, table: GameTable, roles: tuple[int, ...], choice: object) -> dict[str, Any]:
    """A seat's vote on the overdue seat; when every other person's seat agrees, it is done."""
    if not roles:
        raise ServerError(403, "clock_spectator")
    allowed = [f"ai:{level}" for level in LEVELS] + ["abandon"]
    if choice not in allowed:
        raise ServerError(400, "clock_choice", choices=", ".join(allowed))
    seconds, touched, votes, persons = await hall.read(_clock, hall, table.id)
    late = overdue(table, seconds, touched)
    if late is None:
        raise ServerError(409, "clock_not_overdue")
    silent = held(table, late, persons)
    if late in roles or silent & {s.token for s in table.seats if s.role in roles}:
        raise ServerError(403, "clock_own_seat")
    voters = {s.role for s in table.seats if s.kind == "human" and s.role != late and s.token not in silent}
    mine = set(roles) & voters
    moved = table.moved

    def write(db: Connection) -> None:
        for role in mine:
            mine_before = (clock_votes.c.game_id == table.id) & (clock_votes.c.role == role)
            db.execute(delete(clock_votes).where(mine_before))
            db.execute(insert(clock_votes).values(game_id=table.id, role=role, moved=moved, choice=choice))

    await hall.persist(write)
    votes.update({role: str(choice) for role in mine})
    agreed = {votes.get(role) for role in voters}
    if len(agreed) == 1 and choice in agreed:
        await apply(hall, table, late, str(choice), moved)
        return {"done": choice}
    return {"votes": {table.game.roles[r]: c for r, c in votes.items()}, "waiting": len(voters - set(votes))}


def abandoned_text(table: GameTable, late: int, lang: str) -> str:
    """The result of a game ended as abandoned, in `lang`."""
    return ServerError(409, "clock_abandoned", role=role_label(table.game, late, lang)).text(lang)


def held(table: GameTable, role: int, persons: dict[str, str]) -> set[str]:
    """The tokens of `role`'s person (none of whose seats votes on it): the one holding it, and every
    token bound to the same player's key (`persons`: token → player)."""
    tokens = {s.token for s in table.seats if s.role == role and s.kind == "human"}
    players = {persons[t] for t in tokens if t in persons}
    return tokens | {t for t, p in persons.items() if p in players}


async def apply(hall: Hall, table: GameTable, late: int, choice: str, moved: int) -> None:
    """Hand the overdue seat to an AI, or end the game as abandoned, as agreed on the position of
    revision `moved`: refused (409) where a move or an undo came meanwhile (the seat may have moved)."""
    async with table.lock:
        if table.moved != moved:
            raise ServerError(409, "moved_on")
        if choice == "abandon":
            result = {"abandoned": table.game.roles[late], "text": abandoned_text(table, late, "en")}
            write = hall.store.finisher(table.id, "finished", result)
        else:
            spec = f"ismcts:level={choice.split(':')[1]}"
            where = (seats.c.game_id == table.id) & (seats.c.role == late)

            def write(db: Connection) -> None:
                db.execute(update(seats).where(where).values(kind="ai", spec=spec, token="", claimed=True))

        try:
            await table.commit(write)
        except StaleGame:
            raise ServerError(409, "moved_on") from None
        if choice == "abandon":
            table.status, table.ended = "finished", result
            table.row = dataclasses.replace(table.row, status="finished", result=result)
        else:
            table.seats = [
                dataclasses.replace(s, kind="ai", spec=spec, token="", claimed=True) if s.role == late else s
                for s in table.seats
            ]
            table.agents[late] = table.seat_agent(spec, late, hall.ai_ceiling)
            for watcher in table.watchers:  # a page open on the seat no longer plays it, nor speaks for it
                watcher.roles = tuple(r for r in watcher.roles if r != late)
        table.broadcast(everything=True)
    table.kick_ai()
