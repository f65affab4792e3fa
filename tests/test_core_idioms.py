"""The idioms the core owns once for every game (issue 21): who decides (`State.decide`, `bot_for`,
`answer`), declared sequences of procedures, card effects as data (`core.effects`), and observation
tensors with named entries (`core.observation`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pytest

from ludoteca.core import game as game_module
from ludoteca.core.effects import Chooser, EffectKinds
from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.observation import Observation
from ludoteca.core.options import Options, option
from ludoteca.core.procedure import Frame, ProcedureSet
from ludoteca.core.state import State

PROCS = ProcedureSet()
ACTIONS = ActionTable(("pick 1", "pick 2", "pick 3", "effect 1", "effect 2", "effect 3", "done"))
PICK = [ACTIONS.parse(f"pick {n}") for n in (1, 2, 3)]
EFFECT = [ACTIONS.parse(f"effect {n}") for n in (1, 2, 3)]
DONE = ACTIONS.parse("done")
EFFECTS = EffectKinds(PROCS, rule="card")


@dataclass(frozen=True)
class ToyOptions(Options):
    bot: Literal["off", "on"] = option("off", "option.bot")


class ToyState(State):
    """Two seats; with ``bot=on`` the second seat is a rulebook bot that always takes the highest pick."""

    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = PROCS

    def bot_for(self, role: int, kind: str) -> str | None:
        return "bot" if role == 1 and self.d["options"]["bot"] == "on" and kind == "pick" else None

    def observe(self, role: int, out: Observation) -> None:
        out.add("coins", self.d["coins"][role] / 10)
        out.one_hot("phase", ("start", "cards", "end"), self.d["phase"])
        out.each("trail", ("first", "second"), (float(x in self.d["trail"]) for x in ("first", "second")))


class ToyGame(Game):
    id = "idioms"
    title = "Idioms"
    roles = ("a", "b")
    player_counts = (2,)
    rulebook = "-"
    actions = ACTIONS
    catalog = Catalog()
    options_type = ToyOptions

    def new_initial_state(self, options: Any = None) -> ToyState:
        state = ToyState(self, ToyOptions.parse(options), {"trail": [], "picks": [], "coins": [0, 0]})
        state.d["phase"] = "start"
        return state


# ------------------------------------------------------------------------------- who decides
both = PROCS.proc("both", rule="1")


@both.step()
def _ask_a(state: State, frame: Frame, action: int | None) -> None:
    state.decide(0, "pick", PICK[:2], then="a_picked", prompt="cli.saved", path="x")


@both.step("a_picked")
def _a_picked(state: State, frame: Frame, action: int | None) -> None:
    state.d["picks"].append(action)
    state.decide(1, "pick", PICK, then="b_picked", prompt="cli.saved", path="y")


@both.step("b_picked")
def _b_picked(state: State, frame: Frame, action: int | None) -> None:
    state.d["picks"].append(action)
    state.end_game("over", [0.0, 0.0])


bot = PROCS.proc("bot", rule="bot")


@bot.step()
def _bot(state: State, frame: Frame, action: int | None) -> None:
    assert frame["role"] == 1 and frame["kind"] == "pick" and frame["path"] == "y"
    state.answer(max(frame["actions"]))


def test_a_seat_decides_when_no_bot_does() -> None:
    state = ToyGame().new_initial_state()
    state.start("both")
    assert state.current_player() == 0 and state.legal_actions() == PICK[:2]
    state.apply_action(PICK[1])
    assert state.current_player() == 1 and state.legal_actions() == PICK
    state.apply_action(PICK[0])
    assert state.d["picks"] == [PICK[1], PICK[0]] and state.is_terminal()


def test_a_bots_answer_reaches_the_step_as_an_action_would() -> None:
    state = ToyGame().new_initial_state({"bot": "on"})
    state.start("both")
    state.apply_action(PICK[0])
    assert state.d["picks"] == [PICK[0], PICK[2]]  # the bot took the highest, nobody was asked
    assert state.is_terminal() and state.d["stack"] == []


# -------------------------------------------------------------------------------- sequences
PROCS.sequence("phases", "3", "first", "second")
for name in ("first", "second"):

    @PROCS.proc(name, rule="3").step()
    def _part(state: State, frame: Frame, action: int | None, name: str = name) -> None:
        state.d["trail"].append(f"{name} {frame['p']} {frame.get('who')}")
        state.ret()


def test_a_sequence_runs_its_parts_in_order_with_its_locals_and_returns() -> None:
    state = ToyGame().new_initial_state()
    state.d["stack"].append({"p": "end", "s": "start"})
    state.call("phases", then="after", who=4)
    while state.d["stack"][-1]["p"] != "end":
        frame = state.d["stack"][-1]
        state.procedures[frame["p"]].steps[frame["s"]](state, frame, None)
    assert state.d["trail"] == ["first first 4", "second second 4"]
    assert state.d["stack"] == [{"p": "end", "s": "after", "ret": None}]


# ----------------------------------------------------------------------------------- effects
def _coins(state: State, frame: Frame, action: int | None) -> None:
    state.d["coins"][frame["who"]] += frame["n"]
    state.d["trail"].append(f"coins {frame['n']} card {frame['card']}")
    state.ret()


EFFECTS.kind("coins", rule="card.coins").step()(_coins)
EFFECTS.kind("tax", rule="card.tax", possible=lambda state, local: state.d["coins"][local["who"]] > 0).step()(
    lambda state, frame, action: (state.d["coins"].__setitem__(frame["who"], 0), state.ret())
)
card = PROCS.proc("card", rule="card")


@card.step()
def _card(state: State, frame: Frame, action: int | None) -> None:
    chooser = None
    if frame["free"]:
        labels = [f"@effect.{i}" for i in range(len(frame["effects"]))]
        chooser = Chooser(0, EFFECT, DONE, "cli.saved", labels, {"path": "z"})
    EFFECTS.run(state, frame["effects"], then="over", chooser=chooser, who=0, card="c1")


@card.step("over")
def _card_over(state: State, frame: Frame, action: int | None) -> None:
    state.end_game("over", [0.0, 0.0])


TWO = [{"kind": "coins", "n": 2}, {"kind": "coins", "n": 3}]


def play_card(effects: list[dict[str, Any]], free: bool) -> State:
    state = ToyGame().new_initial_state()
    state.start("card", effects=effects, free=free)
    return state


def test_effects_run_in_order_with_the_card_as_context() -> None:
    state = play_card(TWO, free=False)
    assert state.d["trail"] == ["coins 2 card c1", "coins 3 card c1"] and state.is_terminal()


def test_the_owner_chooses_the_order_and_may_stop() -> None:
    state = play_card(TWO, free=True)
    assert state.legal_actions() == [EFFECT[0], EFFECT[1], DONE]
    assert state.d["wait"]["params"]["effects"] == ["@effect.0", "@effect.1"]
    state.apply_action(EFFECT[1])
    assert state.legal_actions() == [EFFECT[0], DONE]  # effect 2 done, only effect 1 is left
    state.apply_action(DONE)
    assert state.d["coins"] == [3, 0] and state.is_terminal()


def test_only_effects_that_would_change_something_are_offered() -> None:
    state = play_card([{"kind": "tax"}, {"kind": "coins", "n": 1}], free=True)
    assert state.legal_actions() == [EFFECT[1], DONE]  # nothing to tax yet
    state.apply_action(EFFECT[1])
    assert state.legal_actions() == [EFFECT[0], DONE]  # now there is
    state.apply_action(EFFECT[0])
    assert state.d["coins"] == [0, 0] and state.is_terminal()  # nothing left to offer: the card ends


def test_a_lone_effect_is_carried_out_without_asking() -> None:
    state = play_card([{"kind": "coins", "n": 5}], free=True)
    assert state.is_terminal() and state.d["coins"] == [5, 0]


def test_a_paused_effect_list_resumes_from_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_module._REGISTRY, ToyGame.id, ToyGame())
    state = play_card(TWO, free=True)
    resumed = State.from_json(json.loads(json.dumps(state.to_json())))
    resumed.apply_action(EFFECT[0])
    resumed.apply_action(EFFECT[1])
    assert resumed.d["coins"] == [5, 0] and resumed.is_terminal()


def test_an_unknown_effect_kind_is_refused_naming_the_known_ones() -> None:
    EFFECTS.check(TWO, "card c1")
    with pytest.raises(ValueError, match=r"card c9: unknown effect .*kinds are: coins, tax"):
        EFFECTS.check([{"kind": "flood"}], "card c9")


# ------------------------------------------------------------------------------ observations
def test_observation_names_line_up_with_the_values() -> None:
    state = ToyGame().new_initial_state()
    state.d.update(phase="cards", trail=["second"], coins=[4, 0])
    assert state.observation_tensor(0) == [0.4, 0.0, 1.0, 0.0, 0.0, 1.0]
    assert state.observation_names(0) == [
        "coins",
        "phase[start]",
        "phase[cards]",
        "phase[end]",
        "trail[first]",
        "trail[second]",
    ]


def test_observation_refuses_labels_that_do_not_match_the_values() -> None:
    with pytest.raises(ValueError, match="trail: 2 labels for 3 values"):
        Observation(named=True).each("trail", ("a", "b"), [0.0, 1.0, 1.0])


# ------------------------------------------------------------------------------------ options
def test_typed_options_round_trip_through_their_string_form() -> None:
    @dataclass(frozen=True)
    class Typed(Options):
        level: int = option(1, "option.level", choices=(0, 1, 2))
        fast: bool = option(False, "option.fast")

    parsed = Typed.parse({"level": "2", "fast": "ON"})
    assert parsed == Typed(level=2, fast=True)
    assert parsed.as_strings() == {"level": "2", "fast": "on"}
    assert Typed.parse(parsed.as_strings()) == parsed
    assert [s.describe() for s in Typed.specs()] == ["level=0|1|2 (default 1)", "fast=off|on (default off)"]
