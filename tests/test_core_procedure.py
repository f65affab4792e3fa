"""The frame stack (DESIGN §3): call pushes, ret pops with a value, goto and replace move on."""

from __future__ import annotations

import json
from typing import Any, ClassVar, NotRequired, TypedDict

import pytest

from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import CorePosition, State
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


# ----------------------------------------------------------------- typed positions and frames (issue 57)
class Trail(CorePosition):
    """A position type: the core's keys (declared once, in `CorePosition`) and this game's own."""

    trail: list[Any]


class Battle(TypedDict):
    """The locals of a typed procedure; `ret` is what the procedure it calls hands back."""

    attacker: str
    strength: int
    ret: NotRequired[int]


class Roll(TypedDict):
    attacker: str


TYPED = ProcedureSet()
war = TYPED.proc("war", rule="5")
battle = TYPED.proc("battle", rule="6.1", frame=Battle)
roll = TYPED.proc("roll", rule="6.2", frame=Roll)


@war.step()
def _war(s: TypedState, frame: dict[str, Any], action: None) -> None:
    s.call(battle, Battle(attacker="north", strength=2), then="after")


@war.step("after")
def _war_after(s: TypedState, frame: dict[str, Any], action: None) -> None:
    s.d["trail"].append("war over")
    s.end_game("over", [1.0])


@battle.step()
def _battle(s: TypedState, frame: Battle, action: None) -> None:
    s.call(roll, Roll(attacker=frame["attacker"]), then="rolled")


@battle.step("rolled")
def _battle_rolled(s: TypedState, frame: Battle, action: None) -> None:
    s.d["trail"].append(f"{frame['attacker']} {frame['strength'] + frame['ret']}")
    s.ret()


@roll.step()
def _roll(s: TypedState, frame: Roll, action: None) -> None:
    s.d["trail"].append(["caller", s.caller()["attacker"], s.caller()["p"]])
    s.ask(0, [0], then="chosen", prompt="prompt.go")


@roll.step("chosen")
def _roll_chosen(s: TypedState, frame: Roll, action: int) -> None:
    s.ret(action + 4)


class TypedState(State[Trail]):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = TYPED


def test_a_typed_frame_is_the_plain_frame_an_untyped_call_would_push() -> None:
    """`call(battle, Battle(...))` pushes exactly what ``call("battle", attacker=...)`` pushed: the frame
    type costs nothing and changes nothing in the state (records and digests stay as they were)."""
    state = TypedState(MiniGame(), Options(), {"trail": []})
    state.start("war")
    assert state.d["stack"] == [
        {"p": "war", "s": "after"},
        {"p": "battle", "s": "rolled", "attacker": "north", "strength": 2},
        {"p": "roll", "s": "chosen", "attacker": "north"},
    ]
    typed, untyped = (TypedState(MiniGame(), Options(), {"trail": []}) for _ in range(2))
    for pushed in (typed, untyped):
        pushed.d["stack"].append({"p": "war", "s": "start"})
    typed.call(battle, Battle(attacker="north", strength=2), then="after")
    untyped.call("battle", then="after", attacker="north", strength=2)
    assert typed.d == untyped.d and typed.digest() == untyped.digest() and battle.frame is Battle


def test_a_typed_procedure_reads_its_caller_and_its_callees_return() -> None:
    state = TypedState(MiniGame(), Options(), {"trail": []})
    state.start("war")
    assert state.d["trail"] == [["caller", "north", "battle"]]  # `caller`: the frame below the running one
    state.apply_action(0)
    assert state.d["trail"][1:] == ["north 6", "war over"]  # 2 + the roll's 0 + 4, handed back by `ret`
    assert state.is_terminal()


def test_a_typed_position_is_a_plain_dict_and_clones_as_one() -> None:
    """`State[Trail]`: `d` is typed for mypy, and is the same dict at run time as an untyped state's."""
    state = TypedState(MiniGame(), Options(), {"trail": []})
    state.start("war")
    twin = state.clone()
    assert type(state.d) is dict and type(twin.d) is dict and twin == state
    assert list(state.d)[:6] == list(CorePosition.__annotations__)  # the core's keys first, as before
    replaced = TypedState(MiniGame(), Options(), {"trail": []})
    replaced.d["stack"].append({"p": "war", "s": "after"})
    replaced.replace(roll, Roll(attacker="south"))
    assert replaced.d["stack"] == [{"p": "roll", "s": "start", "attacker": "south"}]


def test_the_running_frame_and_a_procedures_frame_are_read_through_the_core() -> None:
    """`running_frame` is the top frame (None on an empty stack); `frame_of` the innermost frame of a
    procedure, typed as it declares (None where it is not running); `frames` every running frame,
    outermost first."""
    state = TypedState(MiniGame(), Options(), {"trail": []})
    assert state.running_frame() is None and state.frame_of(battle) is None and state.frames() == []
    state.start("war")
    running = state.running_frame()
    assert running is not None and running["p"] == "roll"
    fought = state.frame_of(battle)
    assert fought is not None and fought["attacker"] == "north" and fought["strength"] == 2
    assert fought is state.caller()  # the frame itself: what a step writes there, the caller reads
    assert [frame["p"] for frame in state.frames()] == ["war", "battle", "roll"]
    assert state.frames()[-1] is running and state.frames()[-2] is fought
    state.apply_action(0)
    assert state.is_terminal() and state.frame_of(battle) is None
