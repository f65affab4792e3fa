"""Procedures as data: the frame stack that lets a game pause anywhere (DESIGN §3).

A *frame* is a plain dict stored in the state: ``{"p": procedure, "s": step, ...locals}``. A *procedure*
is a named set of *steps*, each a function ``step(state, frame, action)``. The engine runs the step of the
top frame until a step waits for a decision or a chance outcome; the action that answers it is passed to
the step named by ``then``. Steps move on by `State.goto`, `State.call` (push), `State.ret` (pop, with a
value for the caller in ``frame["ret"]``), `State.ask` or `State.chance` — never by keeping a Python
closure or generator, so a state can be saved as JSON, cloned for search and resumed anywhere.

Typed frames (issue 57). A procedure may declare the type of its locals, a TypedDict, and then both ends of
every call are checked by mypy, at no cost when the program runs (a TypedDict is a plain dict)::

    class Battle(TypedDict):
        attacker: str
        ret: NotRequired[int]          # what a procedure it calls returned (`State.ret`)

    BATTLE = PROCS.proc("battle", rule="6.1", frame=Battle)

    @BATTLE.step()
    def _start(state: MyState, frame: Battle, action: None) -> None: ...      # run by the engine

    @BATTLE.step("target")
    def _target(state: MyState, frame: Battle, action: int) -> None: ...      # a decision's answer

    state.call(BATTLE, Battle(attacker="a"), then="after")

A step named as the ``then`` of a decision or chance node receives that decision's answer, an ``int``, and
says so (``action: int``); a step reached otherwise (the first step, `goto`, a return from `call`) receives
None (``action: None``); a step reached both ways takes ``int | None``. The frame's own keys (``p``, ``s``)
are the engine's: a typed frame does not declare them, and rules never read them. A procedure without
``frame=`` has untyped locals (`Frame`), and is called by name with keywords (``state.call("battle",
then="after", attacker="a")``), as every procedure was before frames were typed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, overload

from typing_extensions import TypeVar

Frame = dict[str, Any]
"""An untyped frame: the stack's entries as the engine sees them, and the locals of a procedure that
declares no frame type."""
F = TypeVar("F", bound=Mapping[str, Any], default=Frame)
"""A procedure's frame type: a TypedDict of its locals, or `Frame`."""


class BotDecision(TypedDict):
    """The frame of a rulebook bot's procedure, as `State.decide` calls it: the role it decides for, the
    kind of decision and its legal actions, sorted; the decision's prompt parameters follow, which a bot
    that reads one declares in its own frame type (``class Persona(BotDecision)``, ``token:
    NotRequired[int]``)."""

    role: int
    kind: str
    actions: list[int]


_FRAME_KEYS = frozenset({"p", "s", "ret", "done"})
"""A frame's own keys, beside the locals a procedure keeps."""
Step = Callable[[Any, F, Any], None]
"""A step: ``step(state, frame, action)``, `action` the answer of the decision or chance node it follows
(``action: int``), or None where none came before it (``action: None``; ``int | None`` where it is reached
both ways). Which step a decision's answer goes to is named at run time (``then=``), so the engine's call
is not checked against the step's annotation: the annotation is the step's promise."""


@dataclass
class Procedure(Generic[F]):
    """A named procedure of the rulebook: its section (`rule`), its steps, and the type of its frame's
    locals (`frame`, for the type checker and for readers: the engine never looks at it)."""

    name: str
    rule: str
    steps: dict[str, Step[F]] = field(default_factory=dict)
    frame: type[F] | None = None

    def step(self, name: str = "start") -> Callable[[Step[F]], Step[F]]:
        """Decorator registering a step function under `name`."""

        def register(fn: Step[F]) -> Step[F]:
            if name in self.steps:
                raise ValueError(f"procedure {self.name}: step {name!r} defined twice")
            self.steps[name] = fn
            return fn

        return register


class ProcedureSet:
    """All the procedures of one game, by name."""

    def __init__(self) -> None:
        self.by_name: dict[str, Procedure[Any]] = {}

    @overload
    def proc(self, name: str, rule: str) -> Procedure[Frame]: ...

    @overload
    def proc(self, name: str, rule: str, frame: type[F]) -> Procedure[F]: ...

    def proc(self, name: str, rule: str, frame: type[Any] | None = None) -> Procedure[Any]:
        """Create and register a procedure named `name` implementing rulebook section `rule`, its frame's
        locals of type `frame` (a TypedDict; untyped without it)."""
        if name in self.by_name:
            raise ValueError(f"procedure {name!r} defined twice")
        procedure: Procedure[Any] = Procedure(name, rule, frame=frame)
        self.by_name[name] = procedure
        return procedure

    def sequence(self, name: str, rule: str, *parts: str) -> Procedure[Frame]:
        """A procedure that only runs other procedures one after the other and returns: the rulebook's
        "first this phase, then that one". Each part receives the sequence's own locals."""
        procedure = self.proc(name, rule)

        @procedure.step()
        def _next(state: Any, frame: Frame, action: int | None) -> None:
            done = frame.get("done", 0)
            if done == len(parts):
                state.ret()
                return
            frame["done"] = done + 1
            own = {k: v for k, v in frame.items() if k not in _FRAME_KEYS}
            state.call(parts[done], then="start", **own)

        return procedure

    def __getitem__(self, name: str) -> Procedure[Any]:
        return self.by_name[name]

    def check(self) -> None:
        """Every procedure has a start step (called once when a game module is loaded)."""
        for procedure in self.by_name.values():
            if "start" not in procedure.steps:
                raise ValueError(f"procedure {procedure.name!r} has no start step")
