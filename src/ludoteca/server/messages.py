"""What a table tells each connection: its view, the seats, the move list, what it may undo, and the
table's chance node in a companion game. A part of `Table` (`server.table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.ai.progress import doing
from ludoteca.core.game import CHANCE
from ludoteca.core.table import outcome_choices, seen_by
from ludoteca.server.clocks import abandoned_text
from ludoteca.server.watchers import Watcher, encode, role_label

if TYPE_CHECKING:
    from ludoteca.ai.agents import Agent
    from ludoteca.core.game import Game
    from ludoteca.core.state import State
    from ludoteca.server.labels import LabelledMatch
    from ludoteca.server.storage import SeatRow


class TableMessages:
    """`Table`'s messages to its watchers, and the questions they answer (who is asked at a chance
    node, why undo is refused, whether the record may be had)."""

    if TYPE_CHECKING:
        id: str
        status: str
        seats: list[SeatRow]
        match: LabelledMatch
        watchers: set[Watcher]
        host: int | None
        in_play: tuple[int, ...]
        ended: dict[str, Any] | None
        names: dict[str, str]
        agents: dict[int, Agent]

        @property
        def game(self) -> Game: ...

        @property
        def version(self) -> str: ...

        def view_role(self, roles: tuple[int, ...]) -> int | None: ...

    def moves(self, role: int | None, start: int = 0, lang: str = "es") -> list[dict[str, Any]]:
        """The move list from `start` as `role` may see it: a secret commitment of another role shows
        only that a choice was made; chance outcomes show only that chance acted (the game's log says
        what they revealed, to whom it may). Each move is described in `lang` as the player saw it
        offered (its label) by the role's name as the rulebook writes it (issue 25)."""
        game = self.game
        labels = self.match.labels
        out = []
        for i, step in enumerate(self.match.history[start:], start):
            chance = step.actor == CHANCE
            shown = not chance and step.visible_to(role)
            out.append(
                {
                    "n": i + 1,
                    "actor": "chance" if chance else game.roles[step.actor],
                    "actor_name": "" if chance else role_label(game, step.actor, lang),
                    "notation": game.actions.format(step.action) if shown else None,
                    "label": labels[i].get(lang) if shown else None,
                    "secret": step.secret and not shown,
                }
            )
        return out

    def ended_text(self, lang: str) -> str:
        """How a game ended by agreement ended (`clocks.py`), in `lang`."""
        assert self.ended is not None
        return abandoned_text(self, self.game.roles.index(self.ended["abandoned"]), lang)  # type: ignore[arg-type]

    def seat_info(self) -> list[dict[str, Any]]:
        """Each seat: its role, who plays it (a person or an AI by spec), whether it is taken, and the name of
        the player whose key holds it (issue 58; never the token nor the key)."""
        return [
            {
                "role": self.game.roles[s.role],
                "kind": s.kind,
                "spec": s.spec,
                "claimed": s.claimed,
                "player": self.names.get(s.token) if s.kind == "human" else None,
            }
            for s in self.seats
        ]

    def message(
        self, roles: tuple[int, ...], lang: str, moves_from: int = 0, log_from: int = 0
    ) -> dict[str, Any]:
        """Everything one connection is told: its view, the seats, what it may undo, and the moves and
        log lines from `moves_from` and `log_from` on (0: all of them)."""
        role = self.view_role(roles)
        state = self.match.state
        told = self.told(roles, lang)
        undoable = max((self.match.undoable(r) for r in roles), default=0) or int(told is not None)
        return {
            "type": "state",
            "id": self.id,
            "status": self.status,
            "ended": None if self.ended is None else self.ended_text(lang),
            "seats": self.seat_info(),
            "my_roles": [self.game.roles[r] for r in roles],
            "version": self.version,
            "view": state.view_since(role, lang, log_from),
            "log_from": log_from,
            "undoable": undoable if not self.over() else 0,
            "undo_blocked": self.undo_blocked(roles) if not undoable and not self.over() else None,
            "record_available": self.record_allowed(roles),
            "moves_from": moves_from,
            "moves": self.moves(role, moves_from, lang),
            "table_chance": self.table_chance(roles, lang),
            "told": told,
            "thinking": self.thinking(lang),
        }

    def thinking(self, lang: str) -> dict[str, Any] | None:
        """What the AI seat to move is doing, for every connection (`ai.progress`): the plan's activity
        in `lang` and how far along it is ("reclutando, 7 de 22"); None when a person or chance is to
        move, or the agent holds no plan that says so."""
        player = self.match.state.current_player()
        agent = self.agents.get(player)
        said = None if agent is None else doing(agent, self.game, lang)
        return None if said is None else {"role": self.game.roles[player], **said}

    def chance_asker(self, state: State | None = None) -> int | None:
        """The seat asked what came up at the pending chance node of a companion game (or at `state`'s):
        the one seat of a person that alone may see the outcome (a card drawn into its hand), else the
        host; None when no chance node waits or chance is sampled."""
        state = self.match.state if state is None else state
        if self.host is None or not state.is_chance_node():
            return None
        seen = seen_by(state)
        people = {s.role for s in self.seats if s.kind == "human"}
        if seen is not None and len(seen) == 1 and set(seen) <= people:
            return next(iter(seen))
        return self.host

    def table_chance(self, roles: tuple[int, ...], lang: str) -> dict[str, Any] | None:
        """What a connection is told of a chance node the table answers: who is asked, and — to that seat
        only — the outcomes still possible to choose from (other seats never see them)."""
        asker = self.chance_asker()
        if asker is None:
            return None
        asked = asker in roles
        return {
            "asker": self.game.roles[asker],
            "asker_name": role_label(self.game, asker, lang),
            "rule": self.match.state.chance_rule(),
            "choices": outcome_choices(self.match.state, lang) if asked else None,
        }

    def told(self, roles: tuple[int, ...], lang: str) -> dict[str, Any] | None:
        """The outcome told last at the table, said back to the seat that told it while it may still take
        it back (`Match.told_last`: nothing has happened since): its number, label and notation."""
        before = self.match.told_before()
        if before is None or self.chance_asker(before) not in roles:
            return None
        action = self.match.history[-1].action
        shown = next(c for c in outcome_choices(before, lang) if c["id"] == action)
        return {key: shown[key] for key in ("id", "number", "label", "notation")}

    def undo_blocked(self, roles: tuple[int, ...]) -> str:
        """Why the token's roles may not undo now, by the rule of undo that stops it (DESIGN §5,
        `Match.undoable`): nothing played yet, a chance outcome, a reveal, or another player's move came
        last."""
        history = self.match.history
        if not history:
            return "undo_nothing"
        last = history[-1]
        if last.actor == CHANCE:
            return "undo_chance"
        if last.revealed:
            return "undo_reveal"
        return "undo_other" if last.actor not in roles else "undo_nothing"

    def record_allowed(self, roles: tuple[int, ...]) -> bool:
        """The record holds everything (chance outcomes, secret choices): anyone may have it once the
        game is over; before that only whoever holds every seat."""
        return self.over() or set(roles) >= set(self.in_play)

    def over(self) -> bool:
        """Whether the game is over: by its rules, or ended by agreement (abandoned, `clocks.py`)."""
        return self.match.state.is_terminal() or self.ended is not None

    def broadcast(self, everything: bool = False) -> None:
        """Queue each watcher's message: what changed since it was last told, or `everything` (after an
        undo). Watchers of the same seat and language share one encoding."""
        cache: dict[tuple[tuple[int, ...], str, int, int], str] = {}
        for watcher in self.watchers:
            since = (0, 0) if everything else (watcher.sent_moves, watcher.sent_logs)
            key = (watcher.roles, watcher.lang, *since)
            if key not in cache:
                cache[key] = encode(self.message(watcher.roles, watcher.lang, *since))
            watcher.send(cache[key])
            self._sent(watcher)

    def _sent(self, watcher: Watcher) -> None:
        watcher.sent_moves, watcher.sent_logs = len(self.match.history), len(self.match.state.logs)

    def watch(self, watcher: Watcher) -> None:
        watcher.send(encode(self.message(watcher.roles, watcher.lang)))
        self._sent(watcher)
        self.watchers.add(watcher)
