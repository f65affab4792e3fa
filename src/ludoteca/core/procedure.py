"""Procedures as data: the frame stack that lets a game pause anywhere (DESIGN §3).

A *frame* is a plain dict stored in the state: ``{"p": procedure, "s": step, ...locals}``. A *procedure*
is a named set of *steps*, each a function ``step(state, frame, action)``. The engine runs the step of the
top frame until a step waits for a decision or a chance outcome; the action that answers it is passed to
the step named by ``then``. Steps move on by `State.goto`, `State.call` (push), `State.ret` (pop, with a
value for the caller in ``frame["ret"]``), `State.ask` or `State.chance` — never by keeping a Python
closure or generator, so a state can be saved as JSON, cloned for search and resumed anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Frame = dict[str, Any]
_FRAME_KEYS = frozenset({"p", "s", "ret", "done"})
"""A frame's own keys, beside the locals a procedure keeps."""
Step = Callable[[Any, Frame, int | None], None]


@dataclass
class Procedure:
    """A named procedure of the rulebook: its section (`rule`) and its steps."""

    name: str
    rule: str
    steps: dict[str, Step] = field(default_factory=dict)

    def step(self, name: str = "start") -> Callable[[Step], Step]:
        """Decorator registering a step function under `name`."""

        def register(fn: Step) -> Step:
            if name in self.steps:
                raise ValueError(f"procedure {self.name}: step {name!r} defined twice")
            self.steps[name] = fn
            return fn

        return register


class ProcedureSet:
    """All the procedures of one game, by name."""

    def __init__(self) -> None:
        self.by_name: dict[str, Procedure] = {}

    def proc(self, name: str, rule: str) -> Procedure:
        """Create and register a procedure named `name` implementing rulebook section `rule`."""
        if name in self.by_name:
            raise ValueError(f"procedure {name!r} defined twice")
        procedure = Procedure(name, rule)
        self.by_name[name] = procedure
        return procedure

    def sequence(self, name: str, rule: str, *parts: str) -> Procedure:
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

    def __getitem__(self, name: str) -> Procedure:
        return self.by_name[name]

    def check(self) -> None:
        """Every procedure has a start step (called once when a game module is loaded)."""
        for procedure in self.by_name.values():
            if "start" not in procedure.steps:
                raise ValueError(f"procedure {procedure.name!r} has no start step")
