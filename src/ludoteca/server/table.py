"""One game being played on the server: its match, seats, watchers, AI seats and undo.

Every change follows one path, under the table's lock: check who asks and that the action is legal,
apply it (chance outcomes after it are sampled at once), commit it to the database, then queue each
watcher's own view. Queued messages keep their order; a slow watcher never holds the table.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from ludoteca.ai.agents import Agent, make_agent
from ludoteca.ai.hint import describe
from ludoteca.ai.ismcts import hint_agent
from ludoteca.core.errors import IllegalActionError, LudotecaError
from ludoteca.core.game import CHANCE, Game, get_game
from ludoteca.core.i18n import LANGUAGES
from ludoteca.core.match import Step
from ludoteca.core.state import State
from ludoteca.core.table import matching, number_ranges, outcome_choices
from ludoteca.server.chance import public_seed, secret_chance, table_host
from ludoteca.server.chat import TableChat
from ludoteca.server.clocks import ended
from ludoteca.server.errors import ServerError, kind_of
from ludoteca.server.labels import LabelledMatch
from ludoteca.server.limits import over_ceiling, within_ceiling
from ludoteca.server.messages import TableMessages
from ludoteca.server.storage import GameRow, Persist, Read, SeatRow, StaleGame, Store, Write
from ludoteca.server.thinkers import Busy, Decide
from ludoteca.server.watchers import Watcher

log = logging.getLogger(__name__)


async def read_here(fn: Callable[..., Any], *args: Any) -> Any:
    """A read made on the event loop's own thread, for a table built without the hall's pool (tests)."""
    return fn(*args)


AI_RETRY_FIRST, AI_RETRY_MAX = 0.5, 30.0
"""Seconds an AI seat waits before trying a move again that could not be made, doubling up to the max."""
MAX_NOTATION = 64
"""The longest notation an action may be sent as."""
SNAPSHOT_EVERY = 64
"""How many moves apart the replay viewer's kept positions are (`Table.view_after`)."""
RACES_LOST_MAX = 4
"""How many times in a row an action may lose the race to commit to another worker's change that made no
move (a seat taken) and be tried again, before the asker is told the game moved on."""


class Table(TableMessages):
    """A live game. Build it with `Table.rebuild` from its stored rows."""

    def __init__(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        match: LabelledMatch,
        persist: Persist,
        store: Store,
        ai_run: Decide,
        ai_delay: float,
        ai_ceiling: str = "hard",
        read: Read | None = None,
    ) -> None:
        self.id = row.id
        self.row = row
        self.seats = list(seats)
        self.match = match
        self.status = row.status
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self._persist = persist
        self._store = store
        self._read = read
        self.names: dict[str, str] = {}
        """The names of the players whose keys hold the seats, by seat token (`players.py`), once read."""
        self.names_read = False
        self.ended = ended(row.result)
        """The result of a game ended by agreement (abandoned, `clocks.py`), else None."""
        self.on_moved: Callable[[Table], None] | None = None
        """Told after each move committed here (the hall's turn notices, issue 58)."""
        self.chat = TableChat(row.id, match.game, store, read or read_here, persist)
        """The game's table talk (issue 58)."""
        self.revision = row.revision
        """The stored revision this table holds (`Store.advance`); on a shared database, another worker's
        change makes it stale until it catches up (`bus.py`)."""
        self.committing: int | None = None
        """The revision this table is committing now: its own announcement of it is no news (`bus.py`)."""
        self.changed_at = time.monotonic()
        self.followed = 0
        """How many times the table caught up with another worker's change (`bus.follow`)."""
        self._ai_run = ai_run
        self._ai_delay = ai_delay
        self._ai_task: asyncio.Task[None] | None = None
        self._hinting = False
        self.asker = f"game:{row.id}"
        """Who asked for this game's AI seats, for sharing the AI's time fairly (`thinkers.py`): the address
        that created the game (`Hall.create`), or the game itself when that is not known (after a
        restart)."""
        self.in_play = match.game.roles_in_play(match.options)
        self.host = table_host(row.secret)
        """The seat asked what the physical dice and cards show, in a companion game (None: sampled)."""
        self._snapshots: dict[int, tuple[Step | None, State]] = {
            0: (None, match.game.new_initial_state(match.options))
        }
        """Positions along the game for the replay viewer (`view_after`), every `SNAPSHOT_EVERY` moves: each
        with the move that led to it, so that one left behind by an undo is known and not used."""
        self.moved = row.moved
        """The stored revision of the game's last move or undo (`Store.advance`): it names the position."""
        self.agents: dict[int, Agent] = {
            s.role: self.seat_agent(s.spec or "random", s.role, ai_ceiling)
            for s in self.seats
            if s.kind == "ai"
        }

    def seat_agent(self, spec: str, role: int, ceiling: str) -> Agent:
        """An AI seat's agent, seeded apart from the chance secret, thinking no more than the ceiling in
        any way (`within_ceiling`). A seat stored before the server had a ceiling, asking for more, plays
        at the ceiling's level instead (a game made by `Hall.create` never does: it refuses such a
        spec)."""
        agent = make_agent(spec, self.game, role, secrets.randbits(63))
        if over_ceiling(agent, self.game, ceiling):
            log.warning("game %s: the AI seat %s asks for more than %s", self.id, spec, ceiling)
            agent = make_agent(f"ismcts:level={ceiling}", self.game, role, secrets.randbits(63))
        return within_ceiling(agent, self.game, ceiling)

    @classmethod
    def rebuild(
        cls, row: GameRow, seats: Sequence[SeatRow], steps: Sequence[tuple[int, int]], **kw: Any
    ) -> Table:
        """The table as it was: the match replayed from its stored actions (so undo still works)."""
        chance = "sample" if table_host(row.secret) is None else "table"
        match = LabelledMatch(get_game(row.game), row.options, row.seed, chance)
        for _actor, action in steps:
            match.apply(action)
        return cls(row, seats, match, **kw)

    @property
    def version(self) -> str:
        """The position's name, sent with every view: the revision of the game's last move or undo. It
        changes with every move and every undo, never repeats (unlike the move number after an undo), and
        is the same on every worker, so a request checked on one worker's view may be made through another
        (no sticky sessions); a request made on another position is refused as stale. A seat taken
        changes the revision but not the position, nor its version."""
        return f"r{self.moved}"

    # ------------------------------------------------------------------------------------ who is who
    @property
    def game(self) -> Game:
        return self.match.game

    def roles_of(self, token: str | None) -> tuple[int, ...]:
        """The roles a token holds; no token is a spectator; an unknown token is refused."""
        if not token:
            return ()
        roles = self.held_by(token)
        if not roles:
            raise ServerError(403, "no_seat")
        return roles

    def held_by(self, token: str) -> tuple[int, ...]:
        """The roles a token holds now: none where it holds no seat (one handed to an AI, `clocks.py`)."""
        return tuple(s.role for s in self.seats if s.kind == "human" and s.token == token)

    def view_role(self, roles: tuple[int, ...]) -> int | None:
        """Which of its roles a token sees: the one to act if it holds it, else its first."""
        if not roles:
            return None
        current = self.match.state.current_player()
        return current if current in roles else roles[0]

    def compute_status(self) -> str:
        if self.match.state.is_terminal() or self.status == "finished":  # over, or ended by agreement
            return "finished"
        if any(s.kind == "human" and not s.claimed for s in self.seats):
            return "open"
        return "running"

    async def claim(self, token: str) -> None:
        """A person opened their invitation: their seats are taken (again after catching up, should
        another worker change the game meanwhile)."""
        async with self.lock:
            while any(s.token == token and not s.claimed for s in self.seats):
                before = self.seats
                self.seats = [
                    SeatRow(s.role, s.kind, s.spec, s.token, s.claimed or s.token == token) for s in before
                ]
                status = self.compute_status()
                try:
                    await self.commit(self._store.claimer(self.id, token, status))
                except StaleGame:
                    self.seats = before
                    await self._follow()
                    continue
                self.status = status
                self.broadcast()
                if self._store.shared:
                    self.kick_ai()  # where the last change was made, the AI seats are driven (`bus.py`)

    def view_after(self, steps: Sequence[Step], role: int | None, lang: str) -> dict[str, Any]:
        """`role`'s view of the position after `steps` (the first moves of the game: the replay viewer's
        step). It is played on from the nearest position kept along the game (`_snapshots`), so a step
        costs at most `SNAPSHOT_EVERY` moves however long the game; the positions passed on the way are
        kept. Runs in a thread: `steps` is the caller's copy."""
        start = max(
            (
                at
                for at, (last, _) in list(self._snapshots.items())
                if at <= len(steps) and (at == 0 or steps[at - 1] is last)
            ),
        )
        state = self._snapshots[start][1].clone()
        for at in range(start, len(steps)):
            state.apply_action(steps[at].action)
            if (at + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots[at + 1] = (steps[at], state.clone())
        return state.view(role, lang)

    # ------------------------------------------------------------------------------------ changes
    def parse_action(self, action: Any) -> int:
        """An action id (a JSON integer, never a float or a boolean) or its notation (a string)."""
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise ServerError(400, "action_kind", kind=kind_of(action))
        if isinstance(action, str) and len(action) > MAX_NOTATION:
            raise ServerError(400, "action_long", limit=MAX_NOTATION)
        try:
            return action if isinstance(action, int) else self.game.actions.parse(action)
        except LudotecaError as exc:
            raise ServerError.of(422, exc) from None

    async def act(self, roles: tuple[int, ...], action: Any, version: str | None) -> None:
        """A person's action: their seat must be the one to act, the action legal, and the position still
        the one the request was made on (`version`): a request sent twice, or through two workers at once,
        makes its decision once (issue 54).

        On a shared database the table may be behind the stored game (`bus.py`); the commit's revision
        check catches that, so nothing is read first. A commit refused because another worker changed the
        game first is followed by catching up: where no move was made meanwhile (a seat was taken), the
        position is the one the action was checked on, its version too, and the action is made on it;
        where a move was made, it took this action's own turn (decisions are made one at a time, secret
        commitments included: DESIGN §2), and the asker is told the game moved on (409)."""
        typed = isinstance(action, str) and self.host is not None  # perhaps an outcome, named as printed
        chosen = None if typed else self.parse_action(action)
        if version is None:
            raise ServerError(400, "version_missing")
        async with self.lock:
            base = len(self.match.history)
            for tries_left in range(RACES_LOST_MAX, -1, -1):
                try:
                    self._may_act(roles, version)
                    await self._apply(self._named(action) if chosen is None else chosen)
                    break
                except StaleGame as exc:
                    extended = await self._follow()
                    if extended is False or len(self.match.history) != base or not tries_left:
                        raise ServerError(409, "moved_on") from exc
        self.kick_ai()

    def _named(self, action: str) -> int:
        """A text sent to a companion game: at a chance node, the outcome a person named as at the
        terminal — its number, its name or the start of it, in either language (`core.table.matching`);
        else a notation. Asked only once the seat is the one asked: a refusal names the outcomes'
        numbers."""
        state = self.match.state
        if not state.is_chance_node():
            return self.parse_action(action)
        if len(action) > MAX_NOTATION:
            raise ServerError(400, "action_long", limit=MAX_NOTATION)
        found = matching(action, *(outcome_choices(state, lang) for lang in LANGUAGES))
        if len(found) == 1:
            return int(found[0]["id"])
        numbers = number_ranges([c["number"] for c in found or outcome_choices(state, "en")])
        raise ServerError(422, "table_ambiguous" if found else "table_unknown", numbers=numbers)

    def _may_act(self, roles: tuple[int, ...], version: str) -> None:
        """Refuse an action of `roles` made on position `version`, unless that is the current position
        and it is theirs to act: a stale request is refused as stale (409) before anything else, since
        the position it was checked on is gone."""
        state = self.match.state
        if version != self.version:
            raise ServerError(409, "stale")
        if state.is_terminal() or self.status == "finished":  # over, or ended as abandoned (`clocks.py`)
            raise ServerError(409, "game_over")
        player = state.current_player()
        if player == CHANCE:  # a companion game: the seat asked says what the table shows
            asker = self.chance_asker()
            if asker is None or asker not in roles:
                raise ServerError(403, "table_not_yours", role=self.game.roles[asker or 0])
        elif player not in roles:
            raise ServerError(403, "not_your_turn", role=self.game.roles[player])

    async def _apply(self, action: int) -> None:
        """Apply, sample chance, commit, broadcast. The caller holds the lock. A commit refused because
        another worker changed the game first raises `StaleGame`, the table as it was."""
        first = len(self.match.history)
        try:
            self.match.apply(action)
        except IllegalActionError as exc:
            raise ServerError.of(422, exc) from None
        secret_chance(self.match, self.row.secret)
        steps = [(s.actor, s.action) for s in self.match.history[first:]]
        status = self.compute_status()
        changed = status if status != self.status else None
        result = self.match.state.result("en")
        finished = None if changed is None else self._store.finisher(self.id, changed, result)
        try:
            await self.commit(finished, moved=True, first=first, steps=steps)
        except StaleGame:  # another worker moved first: this move is not made
            self._rewind(first)
            raise
        except Exception as exc:
            log.exception("game %s: an action could not be stored", self.id)
            self._rewind(first)
            raise ServerError(503, "not_saved") from exc
        self.status = status
        self.broadcast()
        if self.on_moved is not None:
            self.on_moved(self)

    async def commit(
        self,
        write: Write | None,
        moved: bool = False,
        first: int = 0,
        steps: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Commit a change of this game on the revision the table holds (`Store.advance`; `moved`: a move or
        an undo; `steps`: a move's actions, from index `first`) and `write`, or raise `StaleGame` when
        another worker changed the game first (then nothing is committed)."""
        revision = self.revision

        def change(db: Any) -> None:
            self._store.advance(db, self.id, revision, moved, first, steps)
            if write is not None:
                write(db)

        self.committing = revision + 1
        try:
            await self._persist(change)
        except IntegrityError as exc:  # a move number taken: the revision check makes it unreachable
            raise StaleGame(self.id) from exc
        finally:
            self.committing = None
        self.revision, self.changed_at = revision + 1, time.monotonic()
        if moved:
            self.moved = revision + 1

    async def refresh(self, announced: int | None = None) -> None:
        """Catch up with the stored game, if another worker changed it (`bus.py`): asked by a request, after
        reading the stored revision; told by an announcement (`announced`), without reading it first, and
        only while the table is still behind it."""
        if not self._store.shared:
            return
        async with self.lock:
            if announced is None:
                await self._catch_up()
            elif announced > self.revision:
                await self._follow()

    async def _catch_up(self) -> bool | None:
        """On a shared database, bring the table to the stored game when its revision moved on: one read
        of the revision, the game itself only when it changed. Returns None when nothing had changed,
        else whether the stored actions extended the table's (`bus.follow`). The caller holds the lock."""
        if not self._store.shared or self._read is None:
            return None
        if await self._read(self._store.revision, self.id) == self.revision:
            return None
        return await self._follow()

    async def _follow(self) -> bool | None:
        """Read the stored game — the actions a change since the table's revision may have touched, all of
        them if it was rewound — and follow it (`bus.follow`). The caller holds the lock."""
        from ludoteca.server.bus import follow

        assert self._read is not None
        known = (len(self.match.history), self.revision)
        stored = await self._read(self._store.snapshot, self.id, known)
        if stored is None:
            return None
        extended = follow(self, *stored)
        if extended is None:  # rewound further than the actions read: all of them
            stored = await self._read(self._store.snapshot, self.id)
            extended = None if stored is None else follow(self, *stored)
        return extended

    def _rewind(self, length: int) -> None:
        """Back to the first `length` steps after a failed commit: the match replayed from its start."""
        steps = self.match.history[:length]
        self.match = LabelledMatch(self.game, self.match.options, self.match.seed, self.match.chance)
        for step in steps:
            self.match.apply(step.action)

    async def undo(self, roles: tuple[int, ...]) -> None:
        """Take back the latest decision of one of the token's roles, within the rules of undo
        (`Match.undo`), or — in a companion game — the chance outcome the token's seat told last, before
        anything else happened (`Match.take_back_told`, issue 54); a finished game's result stands."""
        async with self.lock:
            await self._catch_up()
            history = self.match.history
            role = history[-1].actor if history else None
            before = self.match.told_before()
            told = before is not None and self.chance_asker(before) in roles
            if self.match.state.is_terminal() or self.status == "finished":  # or abandoned (`clocks.py`)
                raise ServerError(409, "result_stands")
            if not told and (role is None or role not in roles):
                raise ServerError(409, "undo_not_yours")
            if not told and role is not None and self.match.undoable(role) == 0:
                raise ServerError(409, "undo_barrier")
            keep = len(history) - 1
            try:
                await self.commit(lambda db: self._store.truncate(db, self.id, keep), moved=True)
            except StaleGame as exc:
                await self._catch_up()
                raise ServerError(409, "moved_on") from exc
            if told:  # never a sampled outcome: `told_before` is None unless the table told it
                self.match.take_back_told()
            elif role is not None:
                self.match.undo(role)
            self.broadcast(everything=True)
        self.kick_ai()

    # ------------------------------------------------------------------------------------ AI seats
    async def hint(self, roles: tuple[int, ...], lang: str, asker: str = "?") -> dict[str, Any]:
        """What the search (`ismcts`, level normal) would play for the token's role to act and why, in a
        sentence in `lang`, with the moves it weighed and their estimated chances of winning (`ai.hint`):
        the terminal's hint, seeded the same way (the match's seed and the move), so a position
        always gets the same hint. The search sees only what that role may know; the game is untouched.
        One hint is worked out at a time for a game: the worker processes are shared by every game, in
        turn between the people who ask (`asker`: the address that asked)."""
        if self._hinting:
            raise ServerError(429, "hint_busy")
        async with self.lock:
            state = self.match.state
            if state.is_terminal() or self.status == "finished":  # or abandoned (`clocks.py`)
                raise ServerError(409, "hint_over")
            player = state.current_player()
            if player not in roles:
                raise ServerError(409, "hint_not_your_turn", role=self.game.roles[player])
            snapshot, move = state.clone(), state.move_number()
        agent = hint_agent(self.game, player, public_seed(self.id), move)
        self._hinting = True
        try:
            _, decided = await self._ai_run(agent, snapshot, asker)
        except Busy as exc:
            raise exc.refusal("ai_busy") from None
        finally:
            self._hinting = False
        labels = {action: snapshot.action_view(action, lang)["label"] for action in snapshot.legal_actions()}
        described = describe(decided.explain(), labels, lang, self.game.catalog)
        return {"type": "hint", "move": move, **described}

    def ai_waiting(self) -> bool:
        """Whether an AI seat is to act and nobody here thinks for it."""
        idle = self._ai_task is None or self._ai_task.done()
        return idle and self.match.state.current_player() in self.agents

    def kick_ai(self) -> None:
        """Start the AI if an AI seat is to act and it is not already thinking."""
        if (self._ai_task is not None and not self._ai_task.done()) or self.status == "finished":
            return
        if self.match.state.current_player() in self.agents:
            self._ai_task = asyncio.get_running_loop().create_task(self._ai_turns())

    async def _ai_turns(self) -> None:
        """Play the AI seats' moves while one is to act. The agent thinks in a worker process on a copy
        of the state and comes back as it is after deciding; its move counts only if the game has not
        changed meanwhile. A move that could not
        be made (a failed commit) is tried again after a pause that doubles up to `AI_RETRY_MAX` seconds:
        an AI seat never stops for good while its game is live."""
        pause = AI_RETRY_FIRST
        while True:
            async with self.lock:
                state = self.match.state
                player = state.current_player()
                if player not in self.agents:
                    return
                snapshot, version, followed = state.clone(), self.version, self.followed
            if self._ai_delay:
                await asyncio.sleep(self._ai_delay)
            try:
                action, self.agents[player] = await self._ai_run(self.agents[player], snapshot, self.asker)
                async with self.lock:
                    if self.followed != followed:
                        return  # another worker changed the game meanwhile: it drives the AI now
                    if self.version == version:
                        try:
                            await self._apply(action)
                        except StaleGame:  # another worker moved first: it drives these seats now
                            await self._follow()
                            return
                pause = AI_RETRY_FIRST
            except Exception:  # a failed commit or a broken agent: logged, and tried again later
                log.exception("game %s: the AI seat %s could not move", self.id, self.game.roles[player])
                await asyncio.sleep(pause)
                pause = min(pause * 2, AI_RETRY_MAX)

    async def close(self) -> None:
        if self._ai_task is not None:
            self._ai_task.cancel()
