"""A tiny complete game on the core, to test the machinery apart from any real game.

Race: two players take turns. A turn rolls a die of 1–3 (a chance node), then the player to move
either adds the roll to their total (and confirms with `done`) or passes (two passes each). The first
to reach the target wins. With ``secret=yes`` only the roller sees the roll until it is added, and the
choice to add or pass is a secret commitment.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options, option
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import State

DATA = Path(__file__).parent / "toydata"
ADD, PASS, DONE = 0, 1, 2
ROLL = {3: 1, 4: 2, 5: 3}
PROCEDURES = ProcedureSet()
turn = PROCEDURES.proc("turn", rule="turn")
decide = PROCEDURES.proc("decide", rule="turn.decide")


@turn.step()
def _roll(s: RaceState, frame: dict[str, Any], action: int | None) -> None:
    s.chance(dict.fromkeys(ROLL, 1), then="rolled")


@turn.step("rolled")
def _rolled(s: RaceState, frame: dict[str, Any], action: int | None) -> None:
    s.d["roll"] = ROLL[action or 0]
    who = s.d["player"]
    s.log(
        "log.roll",
        [who] if s.d["options"]["secret"] == "yes" else None,
        name=s.game.roles[who],
        n=s.d["roll"],
    )
    s.call("decide", then="decided", who=who)


@turn.step("decided")
def _decided(s: RaceState, frame: dict[str, Any], action: int | None) -> None:
    who, total = s.d["player"], s.d["totals"][s.d["player"]] + frame.pop("ret")
    s.d["totals"][who], s.d["roll"] = total, None
    if total >= int(s.d["options"]["target"]):
        s.end_game("result.win", [1 if r == who else -1 for r in range(2)], winner=s.game.roles[who])
    else:
        s.d["player"] = 1 - who
        s.goto("start")


@decide.step()
def _ask(s: RaceState, frame: dict[str, Any], action: int | None) -> None:
    choices = [ADD, PASS] if s.d["passes"][frame["who"]] else [ADD]
    s.ask(
        frame["who"],
        choices,
        then="chosen",
        prompt="prompt.decide",
        secret=s.d["options"]["secret"] == "yes",
        name=s.game.roles[frame["who"]],
    )


@decide.step("chosen")
def _chosen(s: RaceState, frame: dict[str, Any], action: int | None) -> None:
    if action == PASS:
        s.d["passes"][frame["who"]] -= 1
        s.log("log.pass", name=s.game.roles[frame["who"]])
        s.ret(0)
    else:
        s.ask(
            frame["who"],
            [DONE],
            then="confirmed",
            prompt="prompt.done",
            rule="turn.done",
            name=s.game.roles[frame["who"]],
        )


@decide.step("confirmed")
def _confirmed(s: RaceState, frame: dict[str, Any], action: int | None) -> None:
    if s.d["options"]["secret"] == "yes":
        s.reveal()
    s.log("log.add", name=s.game.roles[frame["who"]], n=s.d["roll"])
    s.ret(s.d["roll"])


class RaceState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = PROCEDURES

    def sees_roll(self, role: int | None) -> bool:
        return self.d["options"]["secret"] == "no" or role == self.d["player"]

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        roll = self.d["roll"] if self.sees_roll(role) else None
        return {"totals": list(self.d["totals"]), "passes": list(self.d["passes"]), "roll": roll}

    def observation_tensor(self, role: int) -> list[float]:
        target = int(self.d["options"]["target"])
        roll = self.d["roll"] if self.sees_roll(role) and self.d["roll"] else 0
        mine, theirs = (min(self.d["totals"][r], target) / target for r in (role, 1 - role))
        return [mine, theirs, roll / 3]

    def resample_from_infostate(self, role: int, rng: random.Random) -> RaceState:
        twin = self.clone()
        if self.d["roll"] is not None and not self.sees_roll(role):
            twin.d["roll"] = rng.choice(list(ROLL.values()))
        return twin


@dataclass(frozen=True)
class RaceOptions(Options):
    target: Literal["10", "15"] = option("10", "option.target")
    secret: Literal["no", "yes"] = option("no", "option.secret")


class RaceGame(Game):
    id = "race"
    title = "Race to the target"
    roles = ("red", "blue")
    player_counts = (2,)
    rulebook = "tests/toygame.py"
    options_type = RaceOptions
    actions = ActionTable(("add", "pass", "done", "roll 1", "roll 2", "roll 3"))
    catalog = Catalog(DATA)
    max_moves = 200
    returns_sum = 0.0
    state_class: ClassVar[type[RaceState]] = RaceState

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> RaceState:
        state = self.state_class(self, self.parse_options(options), {})
        state.d.update(totals=[0, 0], passes=[2, 2], player=0, roll=None)
        state.start("turn")
        return state

    def data_provenance(self) -> dict[str, int]:
        return {"reconstructed": 1, "public": 1, "rulebook": 3}

    def rules_reference(self, lang: str) -> str:
        return (DATA / f"rules.{lang}.md").read_text("utf-8")


class LeakyState(RaceState):
    """A broken variant: the board shows the secret roll to everyone."""

    __slots__ = ()

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {**super().board_view(role, lang), "roll": self.d["roll"]}


class LeakyGame(RaceGame):
    id = "race-leaky"
    state_class = LeakyState


PROCEDURES.check()
