"""A match: one game being played — its state, history, chance sampling, undo and record (DESIGN §5).

Interfaces (terminal, server, arena) drive games through a `Match`, never by reaching into rules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import BadOptionError, IllegalActionError
from ludoteca.core.game import CHANCE, Game
from ludoteca.core.options import Options
from ludoteca.core.state import State


@dataclass(frozen=True)
class Step:
    """One applied action: who acted (a role index or CHANCE), the action, whether it revealed hidden
    information, and whether it was secret: a secret commitment or a private decision, shown to other
    roles only as "chose" (`State.hides_its_choice`)."""

    actor: int
    action: int
    revealed: bool
    secret: bool = False

    def visible_to(self, role: int | None) -> bool:
        """Whether `role` (None: a spectator) may see which action this step was."""
        return not self.secret or (role is not None and role == self.actor)


class Match:
    """A game in progress with its full history. Chance is sampled from a generator seeded by `seed`."""

    def __init__(
        self,
        game: Game,
        options: Mapping[str, str] | Options | None = None,
        seed: int | None = None,
        chance: str = "sample",
    ) -> None:
        if chance not in ("sample", "table"):
            raise BadOptionError(f"chance must come from 'sample' or 'table', not {chance!r}")
        self.game = game
        self.chance = chance
        """Where chance outcomes come from (`core.table.SOURCES`): ``sample`` from the seeded generator, or
        ``table``, the physical dice and cards, told by a person (the interface asks; issue 29)."""
        self.options = game.parse_options(options)
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.state: State = game.new_initial_state(self.options)
        self.history: list[Step] = []
        self._before: list[State] = []
        """The positions before each step since the last chance outcome or reveal (what undo needs)."""
        self._told: tuple[int, State, list[State]] | None = None
        """The latest chance outcome a person told (chance from the table): the length of the history
        with it, the position before it and the positions undo could return to then (what
        `take_back_told` restores)."""

    def apply(self, action: int) -> None:
        """Apply an action for whoever is to act; an illegal one raises and changes nothing."""
        actor = self.state.current_player()
        told = actor == CHANCE and self.chance == "table"
        before = None if actor == CHANCE and not told else self.state.clone()
        reveals = self.state.d["reveals"]
        secret = self.state.hides_its_choice(action)
        self.state.apply_action(action)
        step = Step(actor, action, self.state.d["reveals"] != reveals, secret)
        if told and before is not None:
            self._told = (len(self.history) + 1, before, self._before[:])
        if before is None or told or step.revealed:
            # No undo goes back past a chance outcome or a reveal: the positions before it are
            # forgotten, so that a long game keeps only the few positions undo may still return to.
            self._before.clear()
        else:
            self._before.append(before)
        self.history.append(step)

    def apply_notation(self, text: str) -> int:
        action = self.game.actions.parse(text)
        self.apply(action)
        return action

    def play_chance(self) -> int:
        """Sample and apply one chance outcome."""
        action = self.state.sample_chance(self.rng)
        self.apply(action)
        return action

    def resolve_chance(self) -> None:
        """Play chance outcomes until a player must decide or the game ends."""
        while self.state.is_chance_node():
            self.play_chance()

    def undoable(self, role: int) -> int:
        """How many of `role`'s latest decisions may be undone: back to the last chance outcome,
        reveal of hidden information, or decision of another player (DESIGN §5)."""
        count = 0
        for step in reversed(self.history):
            if step.actor != role or step.actor == CHANCE or step.revealed:
                break
            count += 1
        return count

    def undo(self, role: int) -> None:
        """Take back `role`'s latest decision, if the rules of undo allow it."""
        if self.undoable(role) == 0:
            raise IllegalActionError(
                "nothing to undo: a chance outcome, a reveal or another player's move came last"
            )
        self.history.pop()
        self.state = self._before.pop()

    def told_last(self) -> bool:
        """Whether the latest step is a chance outcome a person told at the table (`chance == "table"`)
        with nothing decided since (a decision made and undone leaves it latest again): the person may
        take it back (`take_back_told`), their own correction of an outcome they mistyped (issue 54).
        Never a sampled outcome: that is drawn once and stands (DESIGN §5)."""
        return self._told is not None and self._told[0] == len(self.history)

    def told_before(self) -> State | None:
        """The position before the outcome told last, while it may be taken back (`told_last`): it says
        what was asked, and of whom."""
        return self._told[1] if self._told is not None and self.told_last() else None

    def take_back_told(self) -> None:
        """Take back the chance outcome told last (`told_last`): the chance node is asked again."""
        if self._told is None or not self.told_last():
            raise IllegalActionError(
                "nothing to take back: only an outcome told at the table, before anything else happened"
            )
        self.history.pop()
        self.state, self._before = self._told[1], self._told[2]
        self._told = None

    def record(self) -> dict[str, Any]:
        from ludoteca.core.record import make_record

        return make_record(self)
