"""Storage through SQLAlchemy: games, their seats and every applied action (DESIGN §9).

A SQLite file by default, PostgreSQL by URL; the schema is created on start. A match is never stored
as a blob: it is rebuilt by replaying its actions, so undo keeps working after a restart. Every write is
one transaction, committed before the server tells anyone about it.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    Select,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("secret", String(64)),
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", Text),
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("moved", Integer, nullable=False, server_default="0"),
    Column("touched", Float),
)
"""One row per game; `status` is open (waiting for invited people), running, finished, or record (an
uploaded record, only for the replay viewer). `secret` is where the game's chance comes from (SECURITY.md):
it never leaves the server until the game is over. `revision` counts the game's changes (moves, undos,
seats taken): a change is committed only on the revision it was made on (`Store.advance`), so that several
workers sharing one PostgreSQL database never commit on a position they had not seen (`bus.py`). `moved` is
the revision of the last move or undo: it names the position (`Table.version`) alike on every worker.
`touched` is when the game's position last changed (its creation, a move, an undo; not a seat taken): a
player's list of games says how long ago (`players.py`), and a game's time per move counts from it
(`clocks.py`)."""

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("role", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("spec", String(128)),
    Column("token", String(64), nullable=False, index=True),
    Column("claimed", Boolean, nullable=False),
)
"""Who sits at each role: a person (`human`, holding a secret token) or an agent (`ai`, by spec)."""

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("actor", Integer, nullable=False),
    Column("action", Integer, nullable=False),
)
"""Every applied action, chance outcomes included, in order."""


@dataclass(frozen=True)
class SeatRow:
    role: int
    kind: str
    spec: str | None
    token: str
    claimed: bool


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    options: dict[str, str]
    seed: int
    secret: str
    created: float
    status: str
    moves: int
    result: dict[str, Any] | None
    revision: int = 0
    moved: int = 0
    touched: float = 0.0
    """When the game last changed (`games.touched`; its creation where the database is older)."""


class StaleGame(Exception):
    """A change made on a revision of a game that is no longer the stored one: another worker changed the
    game first. Nothing of the change was committed."""


CHANNEL = "ludoteca_moves"
"""The PostgreSQL channel every committed change of a game is announced on, as "<game id> <revision>"."""


def connect(url: str) -> Engine:
    """An engine for `url` with the schema created. SQLite runs in WAL mode, so a commit survives the
    process being killed, and readers never wait for the writer."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.execute("PRAGMA wal_autocheckpoint=0")  # see Store._checkpoints
            cursor.close()

    with engine.begin() as db:
        if engine.dialect.name == "postgresql":  # workers starting at once: one creates, the others wait
            db.execute(select(func.pg_advisory_xact_lock(SCHEMA_LOCK)))
        metadata.create_all(db)
        _add_secrets(db)
        _add_revisions(db)
    return engine


SCHEMA_LOCK = 0x4C55444F  # "LUDO"
"""The PostgreSQL advisory lock held while the schema is created or brought up to date, in the same
transaction: `ludoteca serve --workers N` starts N processes on one database at once, and two of them
creating a table together made one fail (a duplicate key in PostgreSQL's catalog) and start again."""


def _add_revisions(db: Connection) -> None:
    """A database made before games had a revision gets the columns, each game at revision 0."""
    present = {c["name"] for c in inspect(db).get_columns("games")}
    for column in ("revision", "moved"):
        if column not in present:
            db.exec_driver_sql(f"ALTER TABLE games ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
    if "touched" not in present:  # a database made before players' lists of games: no time known
        db.exec_driver_sql("ALTER TABLE games ADD COLUMN touched FLOAT")


def _add_secrets(db: Connection) -> None:
    """A database made before games had a chance secret gets the column, and each of its games a new
    secret (their past draws are stored; only their future ones change)."""
    if "secret" not in {c["name"] for c in inspect(db).get_columns("games")}:
        db.exec_driver_sql("ALTER TABLE games ADD COLUMN secret VARCHAR(64)")
    for row in db.execute(select(games.c.id).where(games.c.secret.is_(None))).all():
        db.execute(update(games).where(games.c.id == row.id).values(secret=new_secret()))


def new_secret() -> str:
    """A game's chance secret: 256 bits from the operating system's generator."""
    return secrets.token_hex(32)


Write = Callable[[Connection], None]
"""One write: statements run on a connection inside a transaction the caller commits."""
Persist = Callable[[Write], Awaitable[None]]
"""Runs a storage write off the event loop and waits for its commit."""
Read = Callable[..., Awaitable[Any]]
"""Runs a storage read (a `Store` method and its arguments) off the event loop."""


class Store:
    """The server's only access to the database. Methods are synchronous: the server calls them from
    worker threads, never from the event loop. Writes take the connection of a transaction, so that
    several can be committed together (`commit`)."""

    def __init__(self, url: str) -> None:
        self.engine = connect(url)
        self.shared = self.engine.dialect.name == "postgresql"
        """Whether other workers may share this database (PostgreSQL): then a table catches up with the
        stored game before each change, and every change is announced on `CHANNEL`."""
        self._closing = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = threading.Thread(target=self._checkpoints, name="ludoteca-wal", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self, every: float = 1.0) -> None:
        """Copy SQLite's write-ahead log into the database once a second, off the writer's path: a
        checkpoint inside a commit (SQLite's default) would hold every game waiting on that commit."""
        while not self._closing.wait(every):
            with self.engine.connect() as db:
                db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def commit(self, writes: list[Write]) -> list[BaseException | None]:
        """Commit `writes`, together in one transaction when they all succeed; when one fails, each is
        tried again in a transaction of its own, so a bad write fails alone. Returns each write's error
        (None where it was committed)."""
        try:
            with self.engine.begin() as db:
                for write in writes:
                    write(db)
            return [None] * len(writes)
        except Exception:
            if len(writes) == 1:
                raise
        errors: list[BaseException | None] = []
        for write in writes:
            try:
                with self.engine.begin() as db:
                    write(db)
                errors.append(None)
            except Exception as exc:  # this write alone is refused; the others go on
                errors.append(exc)
        return errors

    @staticmethod
    def create_game(
        db: Connection,
        game_id: str,
        game: str,
        options: dict[str, str],
        seed: int,
        secret: str,
        status: str,
        seat_rows: list[SeatRow],
    ) -> None:
        now = time.time()
        db.execute(
            insert(games).values(
                id=game_id,
                game=game,
                options=json.dumps(options),
                seed=seed,
                secret=secret,
                created=now,
                touched=now,
                status=status,
            )
        )
        if seat_rows:
            db.execute(insert(seats), [{"game_id": game_id, **s.__dict__} for s in seat_rows])

    @staticmethod
    def append(
        db: Connection,
        game_id: str,
        first: int,
        steps: list[tuple[int, int]],
        status: str | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Store actions `first`, `first+1`, ... and, when it changed, the game's status and result."""
        if steps:
            db.execute(
                insert(actions),
                [
                    {"game_id": game_id, "idx": first + i, "actor": actor, "action": action}
                    for i, (actor, action) in enumerate(steps)
                ],
            )
        if status is not None:
            result_text = None if result is None else json.dumps(result, ensure_ascii=False)
            db.execute(update(games).where(games.c.id == game_id).values(status=status, result=result_text))

    def advance(
        self,
        db: Connection,
        game_id: str,
        revision: int,
        moved: bool = False,
        first: int = 0,
        steps: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Move a game from `revision` to the next, first thing in a change's transaction: the game's row
        stays locked until the commit, so changes of one game are committed one at a time, each on the
        revision its worker had seen, else `StaleGame` (nothing is committed). A change that moves the
        position (a move or an undo, `moved`) records its revision as the game's `moved`; a move's `steps`
        are stored as its actions from index `first` on (`append`).

        On PostgreSQL the change is announced on `CHANNEL`, delivered when (and only if) the transaction
        commits, and all of it is one statement (`ADVANCE`: one round trip, no statement built per call):
        the row moved returns the announcement, and the actions are inserted only if a row moved."""
        if self.shared:
            values = {
                "id": game_id,
                "revision": revision,
                "after": revision + 1,
                "moving": moved,
                "now": time.time(),
                "channel": CHANNEL,
                "note": f"{game_id} {revision + 1}",
                "idx": list(range(first, first + len(steps))),
                "actor": [actor for actor, _ in steps],
                "action": [action for _, action in steps],
            }
            if db.exec_driver_sql(ADVANCE, values).scalar() != 1:
                raise StaleGame(game_id)
            return
        after: dict[str, Any] = {"revision": revision + 1}
        if moved:
            after.update(moved=revision + 1, touched=time.time())
        moving = update(games).where(games.c.id == game_id, games.c.revision == revision).values(**after)
        if db.execute(moving).rowcount != 1:
            raise StaleGame(game_id)
        if steps:
            self.append(db, game_id, first, list(steps))

    @staticmethod
    def truncate(db: Connection, game_id: str, keep: int) -> None:
        """Forget every action from index `keep` on (an undo). A change removes at most one action
        (`snapshot` relies on it): an undo takes back one decision, the last action stored."""
        db.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.idx >= keep))

    @staticmethod
    def claim(db: Connection, game_id: str, token: str, status: str) -> None:
        mine = (seats.c.game_id == game_id) & (seats.c.token == token)
        db.execute(update(seats).where(mine).values(claimed=True))
        db.execute(update(games).where(games.c.id == game_id).values(status=status))

    @classmethod
    def claimer(cls, game_id: str, token: str, status: str) -> Write:
        """`claim` as one write."""
        return lambda db: cls.claim(db, game_id, token, status)

    @classmethod
    def finisher(cls, game_id: str, status: str, result: dict[str, Any] | None) -> Write:
        """A game's new status and result (a move that ended it) as one write."""
        return lambda db: cls.append(db, game_id, 0, [], status, result)

    # ----------------------------------------------------------------------------------- reading
    def game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as db:
            row = db.execute(_with_moves().where(games.c.id == game_id)).first()
        return None if row is None else _game_row(row)

    def games(self, statuses: tuple[str, ...], limit: int = 200) -> list[GameRow]:
        query = (
            _with_moves().where(games.c.status.in_(statuses)).order_by(games.c.created.desc()).limit(limit)
        )
        with self.engine.connect() as db:
            return [_game_row(row) for row in db.execute(query)]

    def seats(self, game_id: str) -> list[SeatRow]:
        query = select(seats).where(seats.c.game_id == game_id).order_by(seats.c.role)
        with self.engine.connect() as db:
            return [SeatRow(r.role, r.kind, r.spec, r.token, r.claimed) for r in db.execute(query)]

    def actions(self, game_id: str) -> list[tuple[int, int]]:
        query = select(actions.c.actor, actions.c.action).where(actions.c.game_id == game_id)
        with self.engine.connect() as db:
            return [(r.actor, r.action) for r in db.execute(query.order_by(actions.c.idx))]

    def revision(self, game_id: str) -> int | None:
        """The game's stored revision (None: no such game): one read by primary key, outside any
        transaction (no BEGIN and ROLLBACK around it)."""
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
            return db.execute(select(games.c.revision).where(games.c.id == game_id)).scalar()

    def snapshot(
        self, game_id: str, known: tuple[int, int] | None = None
    ) -> tuple[GameRow, list[SeatRow], list[tuple[int, int]], int] | None:
        """A game as stored — its row, seats and actions from index `start` on (the fourth item) — read in
        one transaction that sees one moment (REPEATABLE READ on PostgreSQL; SQLite's reads in a
        transaction always do). `start` is 0, unless `known` gives the (number of actions, revision) a
        table holds: each change removes at most one stored action (an undo, `truncate`), so between that
        revision and the stored one at most their difference of its actions can have changed, and only
        those from there on are read (a move no longer reads the whole game)."""
        if self.shared:
            return self._snapshot_postgresql(game_id, known)
        with self.engine.connect() as db, db.begin():
            row = db.execute(_with_moves().where(games.c.id == game_id)).first()
            if row is None:
                return None
            query = select(seats).where(seats.c.game_id == game_id).order_by(seats.c.role)
            seat_rows = [SeatRow(r.role, r.kind, r.spec, r.token, r.claimed) for r in db.execute(query)]
            game_row = _game_row(row)
            start = 0 if known is None else max(0, known[0] - max(0, game_row.revision - known[1]))
            query = select(actions.c.actor, actions.c.action).where(
                actions.c.game_id == game_id, actions.c.idx >= start
            )
            steps = [(r.actor, r.action) for r in db.execute(query.order_by(actions.c.idx))]
        return game_row, seat_rows, steps, start

    def _snapshot_postgresql(
        self, game_id: str, known: tuple[int, int] | None
    ) -> tuple[GameRow, list[SeatRow], list[tuple[int, int]], int] | None:
        """`snapshot` on PostgreSQL: one statement (`SNAPSHOT`), which sees one moment by itself, outside
        any transaction. Another worker's move is followed this way at every move (`bus.py`): the three
        reads of SQLAlchemy's expression language in a REPEATABLE READ transaction cost about a
        millisecond and a half of CPU each time."""
        length, revision = known or (0, 0)
        values = {"id": game_id, "length": length, "revision": revision}
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
            row = db.exec_driver_sql(SNAPSHOT, values).first()
        if row is None:
            return None
        seat_rows = [SeatRow(*seat) for seat in row.seats or ()]
        steps = [(actor, action) for actor, action in row.steps or ()]
        return _game_row(row), seat_rows, steps, row.start

    def close(self) -> None:
        self._closing.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        self.engine.dispose()


ADVANCE = """
WITH moving AS (
    UPDATE games SET revision = %(after)s, moved = CASE WHEN %(moving)s THEN %(after)s ELSE moved END,
        touched = CASE WHEN %(moving)s THEN %(now)s ELSE touched END
    WHERE id = %(id)s AND revision = %(revision)s
    RETURNING pg_notify(%(channel)s, %(note)s)
), added AS (
    INSERT INTO actions (game_id, idx, actor, action)
    SELECT %(id)s, step.idx, step.actor, step.action
    FROM unnest(%(idx)s::integer[], %(actor)s::integer[], %(action)s::integer[]) AS step(idx, actor, action)
    WHERE EXISTS (SELECT FROM moving)
)
SELECT count(*) FROM moving
"""
"""`Store.advance` on PostgreSQL, in one statement: the game moved on from the revision its worker saw (the
row stays locked until the commit), the change announced, and a move's actions stored only where the game
moved (a data-modifying WITH runs to completion even where its rows are not read). Its text is written
once: building the two statements of SQLAlchemy's expression language at every move cost the writer thread
about four times the CPU (docs/experiments/web-load-postgresql.md, issue 28)."""


SNAPSHOT = """
SELECT games.*, since.start,
    (SELECT count(*) FROM actions WHERE game_id = games.id) AS moves,
    (SELECT json_agg(json_build_array(role, kind, spec, token, claimed) ORDER BY role)
        FROM seats WHERE game_id = games.id) AS seats,
    (SELECT array_agg(ARRAY[actor, action] ORDER BY idx)
        FROM actions WHERE game_id = games.id AND idx >= since.start) AS steps
FROM games, LATERAL (SELECT GREATEST(0, %(length)s - GREATEST(0, revision - %(revision)s)) AS start) AS since
WHERE games.id = %(id)s
"""
"""`Store.snapshot` on PostgreSQL: the game's row, its number of actions, its seats and its actions from
`start` on (a table holding `length` actions at `revision`: each change since removed at most one), all
read in one statement, so from one snapshot of the database."""


def _with_moves() -> Select[Any]:
    """Games with their number of stored actions (counted, so that a move writes only its action)."""
    moves = select(func.count()).where(actions.c.game_id == games.c.id).scalar_subquery()
    return select(games, moves.label("moves"))


def _game_row(row: Any) -> GameRow:
    return GameRow(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        seed=row.seed,
        secret=row.secret,
        created=row.created,
        status=row.status,
        moves=row.moves,
        result=None if row.result is None else json.loads(row.result),
        revision=row.revision,
        moved=row.moved,
        touched=row.touched or row.created,
    )
