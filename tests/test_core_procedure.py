"""The frame stack (DESIGN §3): call pushes, ret pops with a value, goto and replace move on."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import State
from toygame import ADD, DONE, RaceGame


def test_call_pushes_a_frame_and_ret_hands_back_a_value(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    assert state.d["stack"] == [{"p": "turn", "s": "rolled"}]
    state.apply_notation("roll 3")
    assert state.d["stack"] == [{"p": "turn", "s": "decided"}, {"p": "decide", "s": "chosen", "who": 0}]
    state.apply_action(ADD)
    assert state.d["stack"][-1]["s"] == "confirmed"
    state.apply_action(DONE)
    # decide returned 3 to turn, which added it, went back to its start and rolled for blue
    assert state.d["stack"] == [{"p": "turn", "s": "rolled"}]
    assert state.d["totals"] == [3, 0]
    assert state.d["player"] == 1


def test_a_paused_state_resumes_from_its_json(toy: RaceGame) -> None:
    state = toy.new_initial_state()
    state.apply_notation("roll 2")
    resumed = State.from_json(json.loads(json.dumps(state.to_json())))
    resumed.apply_action(ADD)
    resumed.apply_action(DONE)
    assert resumed.d["totals"] == [2, 0]


MINI = ProcedureSet()
first = MINI.proc("first", rule="1")
second = MINI.proc("second", rule="2")


@first.step()
def _first(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append("first")
    s.replace("second", value=7)


@second.step()
def _second(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(f"second {frame['value']} with {len(s.d['stack'])} frame")
    s.end_game("over", [1.0])


class MiniState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = MINI


class MiniGame(Game):
    id = "mini"
    title = "Mini"
    roles = ("solo",)
    player_counts = (1,)
    rulebook = "-"
    actions = ActionTable(("go",))
    catalog = Catalog()


def test_replace_swaps_the_running_procedure() -> None:
    state = MiniState(MiniGame(), Options(), {"trail": []})
    state.start("first")
    assert state.d["trail"] == ["first", "second 7 with 1 frame"]
    assert state.is_terminal() and state.returns() == [1.0]


def test_procedure_sets_reject_duplicates_and_missing_starts() -> None:
    procs = ProcedureSet()
    proc = procs.proc("p", rule="1")
    with pytest.raises(ValueError, match="defined twice"):
        procs.proc("p", rule="1")
    proc.step("later")(lambda s, f, a: None)
    with pytest.raises(ValueError, match="twice"):
        proc.step("later")(lambda s, f, a: None)
    with pytest.raises(ValueError, match="no start step"):
        procs.check()


def test_catalog_memo_gives_the_same_texts() -> None:
    """Rendered messages are remembered per key, language and parameters, and stay correct."""
    catalog = Catalog()
    first = catalog.text("cli.saved", "en", {"path": "a.json"})
    assert catalog.text("cli.saved", "en", {"path": "a.json"}) == first == "Record written to a.json."
    assert catalog.text("cli.saved", "en", {"path": "b.json"}) == "Record written to b.json."
    assert catalog.text("cli.saved", "es", {"path": "a.json"}) != first
    assert "x, y" in catalog.text("cli.saved", "en", {"path": ["x", "y"]})  # unhashable: not memoised


def test_log_lines_are_rendered_once_per_entry_and_language() -> None:
    """A log entry's text is remembered by the entry itself: the same entry gives the same text in each
    language, and an equal-looking new entry is rendered afresh (never another entry's text)."""
    catalog = Catalog()
    entry = ["cli.saved", {"path": "a.json"}, None, None]
    assert catalog.line_text(entry, "en") == catalog.line_text(entry, "en") == "Record written to a.json."
    assert catalog.line_text(entry, "es") == catalog.text("cli.saved", "es", {"path": "a.json"})
    other = ["cli.saved", {"path": "b.json"}, None, None]
    assert catalog.line_text(other, "en") == "Record written to b.json."
    for n in range(3):  # entries made and dropped: a reused id never returns a dropped entry's text
        fresh = ["cli.saved", {"path": f"{n}.json"}, None, None]
        assert catalog.line_text(fresh, "en").endswith(f"{n}.json.")


# ------------------------------------------------------------------------------ declared sequences
SEQUENCE = ProcedureSet()
outer = SEQUENCE.proc("outer", rule="0")
SEQUENCE.sequence("both", "1", "one", "two")
part_one = SEQUENCE.proc("one", rule="1.1")
part_two = SEQUENCE.proc("two", rule="1.2")


@outer.step()
def _outer(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.call("both", then="after", n=5)


@outer.step("after")
def _outer_after(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(["after", [f["p"] for f in s.d["stack"]]])
    s.end_game("over", [1.0])


@part_one.step()
def _part_one(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(dict(frame))
    s.ret()


@part_two.step()
def _part_two(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(dict(frame))
    s.ask(0, [0], then="answered", prompt="prompt.go")


@part_two.step("answered")
def _part_two_answered(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["trail"].append(["answered", action])
    s.ret()


class SequenceState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = SEQUENCE


def test_a_sequence_runs_its_parts_in_order_each_with_its_locals() -> None:
    state = SequenceState(MiniGame(), Options(), {"trail": []})
    state.start("outer")
    one, two = state.d["trail"]
    assert one == {"p": "one", "s": "start", "n": 5}  # the sequence's locals, not its own bookkeeping
    assert two == {"p": "two", "s": "start", "n": 5}
    assert [f["p"] for f in state.d["stack"]] == ["outer", "both", "two"]  # a part may wait for a decision
    state.apply_action(0)
    assert state.d["trail"][2:] == [["answered", 0], ["after", ["outer"]]]  # returns after the last part
    assert state.is_terminal()


def test_a_sequence_is_a_procedure_with_a_start_step() -> None:
    procs = ProcedureSet()
    made = procs.sequence("day", "day", "a", "b")
    assert procs["day"] is made and made.rule == "day" and set(made.steps) == {"start"}
    with pytest.raises(ValueError, match="defined twice"):
        procs.sequence("day", "day", "c")
