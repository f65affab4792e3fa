"""One game being played on the server: its match, seats, watchers, AI seats and undo.

Every change follows one path, under the table's lock: check who asks and that the action is legal,
apply it (chance outcomes after it are sampled at once), commit it to the database, then queue each
watcher's own view. Queued messages keep their order; a slow watcher never holds the table.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ludoteca.ai.agents import Agent, make_agent
from ludoteca.ai.ismcts import hint_agent
from ludoteca.core.errors import IllegalActionError, LudotecaError
from ludoteca.core.game import CHANCE, Game, get_game
from ludoteca.core.match import Match
from ludoteca.core.state import State
from ludoteca.server.storage import GameRow, SeatRow, Store, Write

log = logging.getLogger(__name__)

Persist = Callable[[Write], Awaitable[None]]
"""Runs a storage write off the event loop and waits for its commit."""


class ServerError(Exception):
    """A request the server refuses: an HTTP status and a message naming what was wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(eq=False)
class Watcher:
    """One live connection: the roles its token holds (none for a spectator), its language, and the
    queue of messages still to send it."""

    roles: tuple[int, ...]
    lang: str
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    sent_moves: int = 0
    sent_logs: int = 0


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: views are encoded at every move, for every seat)."""
    return orjson.dumps(message).decode()


def view_since(state: State, role: int | None, lang: str, log_from: int) -> dict[str, Any]:
    """`state.view(role, lang)` with only the log lines from index `log_from` on (a connection already
    has the earlier ones: the log only grows, except by undo, after which everything is sent again)."""
    if log_from == 0:
        return state.view(role, lang)
    tail = object.__new__(type(state))
    tail.game, tail.d, tail.logs = state.game, state.d, state.logs[log_from:]
    return tail.view(role, lang)


def seeded_chance(match: Match) -> None:
    """Play chance outcomes until someone must decide. Each outcome's generator is derived from the
    game's seed and the move's index, so nothing about the generator needs storing across restarts."""
    while match.state.is_chance_node():
        match.rng = random.Random(f"{match.seed}/{len(match.history)}")
        match.play_chance()


class Table:
    """A live game. Build it with `Table.rebuild` from its stored rows."""

    def __init__(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        match: Match,
        persist: Persist,
        store: Store,
        ai_run: Callable[[Agent, State], Awaitable[int]],
        ai_delay: float,
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
        self._ai_run = ai_run
        self._ai_delay = ai_delay
        self._ai_task: asyncio.Task[None] | None = None
        self.in_play = match.game.roles_in_play(match.options)
        self._replayed: tuple[list[int], State] = ([], match.game.new_initial_state(match.options))
        self.agents: dict[int, Agent] = {
            s.role: make_agent(s.spec or "random", match.game, s.role, row.seed)
            for s in self.seats
            if s.kind == "ai"
        }

    @classmethod
    def rebuild(
        cls, row: GameRow, seats: Sequence[SeatRow], steps: Sequence[tuple[int, int]], **kw: Any
    ) -> Table:
        """The table as it was: the match replayed from its stored actions (so undo still works)."""
        match = Match(get_game(row.game), row.options, row.seed)
        for _actor, action in steps:
            match.apply(action)
        return cls(row, seats, match, **kw)

    # ------------------------------------------------------------------------------------ who is who
    @property
    def game(self) -> Game:
        return self.match.game

    def roles_of(self, token: str | None) -> tuple[int, ...]:
        """The roles a token holds; no token is a spectator; an unknown token is refused."""
        if not token:
            return ()
        roles = tuple(s.role for s in self.seats if s.kind == "human" and s.token == token)
        if not roles:
            raise ServerError(403, f"this token holds no seat in game {self.id}")
        return roles

    def view_role(self, roles: tuple[int, ...]) -> int | None:
        """Which of its roles a token sees: the one to act if it holds it, else its first."""
        if not roles:
            return None
        current = self.match.state.current_player()
        return current if current in roles else roles[0]

    def compute_status(self) -> str:
        if self.match.state.is_terminal():
            return "finished"
        if any(s.kind == "human" and not s.claimed for s in self.seats):
            return "open"
        return "running"

    async def claim(self, token: str) -> None:
        """A person opened their invitation: their seats are taken."""
        async with self.lock:
            if not any(s.token == token and not s.claimed for s in self.seats):
                return
            self.seats = [
                SeatRow(s.role, s.kind, s.spec, s.token, s.claimed or s.token == token) for s in self.seats
            ]
            status = self.compute_status()
            await self._persist(lambda db: self._store.claim(db, self.id, token, status))
            self.status = status
            self._broadcast()

    # ------------------------------------------------------------------------------------ messages
    def moves(self, role: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The move list from `start` as `role` may see it: a secret commitment of another role shows
        only that a choice was made; chance outcomes show only that chance acted (the game's log says
        what they revealed, to whom it may)."""
        game = self.game
        out = []
        for i, step in enumerate(self.match.history[start:], start):
            chance = step.actor == CHANCE
            shown = not chance and step.visible_to(role)
            out.append(
                {
                    "n": i + 1,
                    "actor": "chance" if chance else game.roles[step.actor],
                    "notation": game.actions.format(step.action) if shown else None,
                    "secret": step.secret and not shown,
                }
            )
        return out

    def seat_info(self) -> list[dict[str, Any]]:
        return [
            {"role": self.game.roles[s.role], "kind": s.kind, "spec": s.spec, "claimed": s.claimed}
            for s in self.seats
        ]

    def message(
        self, roles: tuple[int, ...], lang: str, moves_from: int = 0, log_from: int = 0
    ) -> dict[str, Any]:
        """Everything one connection is told: its view, the seats, what it may undo, and the moves and
        log lines from `moves_from` and `log_from` on (0: all of them)."""
        role = self.view_role(roles)
        state = self.match.state
        undoable = max((self.match.undoable(r) for r in roles), default=0)
        return {
            "type": "state",
            "id": self.id,
            "status": self.status,
            "seats": self.seat_info(),
            "my_roles": [self.game.roles[r] for r in roles],
            "view": view_since(state, role, lang, log_from),
            "log_from": log_from,
            "undoable": undoable if not state.is_terminal() else 0,
            "record_available": self.record_allowed(roles),
            "moves_from": moves_from,
            "moves": self.moves(role, moves_from),
        }

    def record_allowed(self, roles: tuple[int, ...]) -> bool:
        """The record holds everything (chance outcomes, secret choices): anyone may have it once the
        game is over; before that only whoever holds every seat."""
        return self.match.state.is_terminal() or set(roles) >= set(self.in_play)

    def _broadcast(self, everything: bool = False) -> None:
        """Queue each watcher's message: what changed since it was last told, or `everything` (after an
        undo). Watchers of the same seat and language share one encoding."""
        cache: dict[tuple[tuple[int, ...], str, int, int], str] = {}
        for watcher in self.watchers:
            since = (0, 0) if everything else (watcher.sent_moves, watcher.sent_logs)
            key = (watcher.roles, watcher.lang, *since)
            if key not in cache:
                cache[key] = encode(self.message(watcher.roles, watcher.lang, *since))
            watcher.queue.put_nowait(cache[key])
            self._sent(watcher)

    def _sent(self, watcher: Watcher) -> None:
        watcher.sent_moves, watcher.sent_logs = len(self.match.history), len(self.match.state.logs)

    def watch(self, watcher: Watcher) -> None:
        watcher.queue.put_nowait(encode(self.message(watcher.roles, watcher.lang)))
        self._sent(watcher)
        self.watchers.add(watcher)

    def state_after(self, actions: list[int]) -> State:
        """The position after `actions` (the replay viewer's steps). The last one asked is kept, so that
        stepping forward replays only the moves in between."""
        done, state = self._replayed
        if len(done) > len(actions) or actions[: len(done)] != done:
            done, state = [], self.game.new_initial_state(self.match.options)
        state = state.clone()
        for action in actions[len(done) :]:
            state.apply_action(action)
        self._replayed = (list(actions), state)
        return state

    # ------------------------------------------------------------------------------------ changes
    def parse_action(self, action: Any) -> int:
        """An action id (int) or its notation (str)."""
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise ServerError(
                400, f"'action' must be an action id (integer) or a notation (string), not {action!r}"
            )
        try:
            return action if isinstance(action, int) else self.game.actions.parse(action)
        except LudotecaError as exc:
            raise ServerError(422, str(exc)) from None

    async def act(self, roles: tuple[int, ...], action: Any, move: int | None = None) -> None:
        """A person's action: their seat must be the one to act and the action legal."""
        chosen = self.parse_action(action)
        async with self.lock:
            state = self.match.state
            if state.is_terminal():
                raise ServerError(409, "the game is over; no action is legal")
            player = state.current_player()
            if player not in roles:
                who = self.game.roles[player]
                raise ServerError(403, f"it is not your turn: {who} is to act")
            if move is not None and move != state.move_number():
                raise ServerError(
                    409,
                    f"stale request: it was sent at move {move}, the game is at move {state.move_number()}",
                )
            await self._apply(chosen)
        self.kick_ai()

    async def _apply(self, action: int) -> None:
        """Apply, sample chance, commit, broadcast. The caller holds the lock."""
        first = len(self.match.history)
        try:
            self.match.apply(action)
        except IllegalActionError as exc:
            raise ServerError(422, str(exc)) from None
        seeded_chance(self.match)
        steps = [(s.actor, s.action) for s in self.match.history[first:]]
        status = self.compute_status()
        changed = status if status != self.status else None
        result = self.match.state.result("en")
        try:
            await self._persist(lambda db: self._store.append(db, self.id, first, steps, changed, result))
        except Exception as exc:
            log.exception("game %s: an action could not be stored", self.id)
            self._rewind(first)
            raise ServerError(503, "the move could not be saved, so it was not made; try again") from exc
        self.status = status
        self._broadcast()

    def _rewind(self, length: int) -> None:
        """Back to the first `length` steps after a failed commit: the match replayed from its start."""
        steps = self.match.history[:length]
        self.match = Match(self.game, self.match.options, self.match.seed)
        for step in steps:
            self.match.apply(step.action)

    async def undo(self, roles: tuple[int, ...]) -> None:
        """Take back the latest decision of one of the token's roles, within the rules of undo
        (`Match.undo`); a finished game's result stands."""
        async with self.lock:
            history = self.match.history
            role = history[-1].actor if history else None
            if self.match.state.is_terminal():
                raise ServerError(409, "the game is over; its result stands")
            if role not in roles:
                raise ServerError(409, "nothing to undo: the latest move is not yours")
            if self.match.undoable(role) == 0:
                raise ServerError(409, "nothing to undo: a chance outcome or a reveal came last")
            keep = len(history) - 1
            await self._persist(lambda db: self._store.truncate(db, self.id, keep))
            self.match.undo(role)
            self._broadcast(everything=True)
        self.kick_ai()

    # ------------------------------------------------------------------------------------ AI seats
    async def hint(self, roles: tuple[int, ...], lang: str) -> dict[str, Any]:
        """What the search (`ismcts`, level normal) would play for the token's role to act, with the moves
        it weighed: the terminal's hint, seeded the same way (the match's seed and the move), so a position
        always gets the same hint. The search sees only what that role may know; the game is untouched."""
        async with self.lock:
            state = self.match.state
            if state.is_terminal():
                raise ServerError(409, "the game is over; there is no move to suggest")
            player = state.current_player()
            if player not in roles:
                raise ServerError(409, f"no hint: it is not your turn, {self.game.roles[player]} is to act")
            snapshot, move = state.clone(), state.move_number()
        agent = hint_agent(self.game, player, self.match.seed, move)
        await self._ai_run(agent, snapshot)
        explained = agent.explain()
        for weighed in explained["alternatives"]:
            weighed["label"] = snapshot.action_view(weighed["action"], lang)["label"]
        return {"type": "hint", "move": move, **explained}

    def kick_ai(self) -> None:
        """Start the AI if an AI seat is to act and it is not already thinking."""
        if self._ai_task is not None and not self._ai_task.done():
            return
        if self.match.state.current_player() in self.agents:
            self._ai_task = asyncio.get_running_loop().create_task(self._ai_turns())

    async def _ai_turns(self) -> None:
        """Play the AI seats' moves while one is to act. The agent thinks in a worker thread on a copy
        of the state; its move counts only if the game has not moved meanwhile."""
        while True:
            async with self.lock:
                state = self.match.state
                player = state.current_player()
                if player not in self.agents:
                    return
                snapshot, move = state.clone(), state.move_number()
            if self._ai_delay:
                await asyncio.sleep(self._ai_delay)
            try:
                action = await self._ai_run(self.agents[player], snapshot)
                async with self.lock:
                    if self.match.state.move_number() == move:
                        await self._apply(action)
            except Exception:  # a broken agent or a failed commit: logged; a later change or restart retries
                log.exception("game %s: the AI seat %s could not move", self.id, self.game.roles[player])
                return

    async def close(self) -> None:
        if self._ai_task is not None:
            self._ai_task.cancel()
