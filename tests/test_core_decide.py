"""Who decides (issue 21): `State.decide` asks the seat, or hands the decision to the game's rulebook bot
(`bot_for`), whose procedure answers with `State.answer`; either way the waiting step receives the action
exactly as a person's."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.match import Match
from ludoteca.core.options import Options
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import State

PROCS = ProcedureSet()
turn = PROCS.proc("turn", rule="turn")
bot = PROCS.proc("bot", rule="bot")


@turn.step()
def _turn(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.decide(s.d["role"], "pick", s.d["offer"], then="chosen", prompt="prompt.pick", colour="red")


@turn.step("chosen")
def _chosen(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(["chosen", action, [f["p"] for f in s.d["stack"]]])
    s.end_game("over", [0.0, 0.0])


@bot.step()
def _bot(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(["bot", dict(frame)])
    s.answer(max(frame["actions"]))


class PickState(State):
    """Role 1 is the rulebook's bot for decisions of kind "pick"; role 0 a seat."""

    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = PROCS

    def bot_for(self, role: int, kind: str) -> str | None:
        return "bot" if role == 1 and kind == "pick" else None

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {}


class PickGame(Game):
    id = "pick"
    title = "Pick"
    roles = ("seat", "bot")
    player_counts = (2,)
    rulebook = "-"
    actions = ActionTable(("a", "b", "c", "d"))
    catalog = Catalog()


def new(role: int, offer: list[int]) -> PickState:
    state = PickState(PickGame(), Options(), {"role": role, "offer": offer, "trail": []})
    state.start("turn")
    return state


def test_a_seat_is_asked_and_its_action_reaches_the_step() -> None:
    state = new(0, [3, 1, 1])
    assert state.current_player() == 0 and state.legal_actions() == [1, 3]
    assert state.d["wait"]["prompt"] == "prompt.pick" and state.d["wait"]["params"] == {"colour": "red"}
    state.apply_action(3)
    assert state.d["trail"] == [["chosen", 3, ["turn"]]]


def test_the_bot_decides_and_its_answer_reaches_the_step_like_a_persons() -> None:
    state = new(1, [3, 1, 1])
    assert state.is_terminal()  # no decision was waited for
    (_, bot_frame), chosen = state.d["trail"]
    assert bot_frame == {
        "p": "bot",
        "s": "start",
        "role": 1,
        "kind": "pick",
        "actions": [1, 3],
        "colour": "red",
    }
    assert chosen == ["chosen", 3, ["turn"]]  # the bot's frame is gone when the step runs
    assert state.move_number() == 0  # the bot's answer is no move of a person


def test_the_bot_refuses_an_empty_offer_as_ask_does() -> None:
    with pytest.raises(RuntimeError, match="no legal action"):
        new(1, [])
    with pytest.raises(RuntimeError, match="no legal action"):
        new(0, [])


def test_by_default_no_bot_decides() -> None:
    plain = State(PickGame(), Options(), {})
    assert plain.bot_for(0, "pick") is None and plain.bot_for(1, "anything") is None


def test_a_private_prompt_is_read_only_by_the_role_that_decides() -> None:
    """A private decision's prompt may name what only the deciding role knows: every other role and a
    spectator see whose decision it is, never the prompt."""
    state = new(0, [1, 2])
    state.d["wait"]["private"] = True
    assert state.view(0)["prompt"] is not None
    assert state.view(1)["prompt"] is None
    assert state.view(None)["prompt"] is None
    assert state.view(1)["current_role"] == "seat"


def test_ask_marks_a_private_decision_and_leaves_others_unmarked() -> None:
    state = new(0, [1, 2])
    assert "private" not in state.d["wait"]
    state.ask(0, [1, 2], then="chosen", prompt="prompt.pick", private=True)
    assert state.d["wait"]["private"] is True
    assert state.view(1)["prompt"] is None


class OpenOrPrivatePickGame(PickGame):
    """The pick game whose one decision is private when the option `private` is set."""

    private = False

    def new_initial_state(self, options: Any = None) -> PickState:
        state = new(0, [1, 2])
        if self.private:
            state.d["wait"]["private"] = True
        return state


def test_a_private_choice_shows_in_the_move_list_only_that_a_choice_was_made() -> None:
    """What a private decision chose is its role's only, like a secret commitment (DESIGN §3): the step
    is marked so, and every other role and a spectator see only that a choice was made."""
    public, private = OpenOrPrivatePickGame(), OpenOrPrivatePickGame()
    private.private = True
    steps = []
    for game in (public, private):
        match = Match(game)
        assert match.state.hides_its_choice() is game.private
        match.apply(2)
        steps.append(match.history[-1])
    assert steps[0].visible_to(1) and steps[0].visible_to(None)
    assert steps[1].secret and steps[1].visible_to(0)
    assert not steps[1].visible_to(1) and not steps[1].visible_to(None)
