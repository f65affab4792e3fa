"""Card and event effects as data, run by one interpreter (issue 21).

A game's cards list their effects in its data files as small tables, ``{kind = "coins", n = 2}``. The game
declares its vocabulary once, an `EffectKinds`: one procedure per kind (``effect.<kind>``), which receives
the effect's fields and the card's context as its locals, carries the effect out (asking, rolling, calling
other procedures as any procedure does) and returns. The interpreter, the procedure `EffectKinds.name`,
runs a card's effects:

- **in order**, every one of them (Mar y Acero's event cards);
- **as the owner chooses** (`Chooser`): any order, any of them left out, only those that would change
  something offered (Patria Libre's §1. Cartas de líder). A card of a single effect carries it out without
  asking;
- **while each is carried out** (``carried_out=True``): every kind returns whether it could be carried out;
  the list stops at the first that could not and returns False, or returns True (Mar y Acero's Nitayno
  cards, §5.3.2: an effect that cannot be carried out draws another card).

A game may declare several vocabularies on one procedure set, each with its own `prefix` for its kinds'
procedures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from ludoteca.core.procedure import F, Frame, Procedure, ProcedureSet

Possible = Callable[[Any, Frame], bool]
"""Whether an effect would change anything now: ``possible(state, locals)``, with the locals its procedure
would receive."""


@dataclass(frozen=True)
class Chooser:
    """The owner's choice of the next effect: role `role` picks effect i with ``actions[i]`` or stops with
    `done`, asked with `prompt`; its parameters are `params` and ``effects``, the `labels` (message
    references, one per effect) of the effects offered."""

    role: int
    actions: Sequence[int]
    done: int
    prompt: str
    labels: Sequence[str]
    params: Mapping[str, Any]

    def as_local(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "actions": list(self.actions),
            "done": self.done,
            "prompt": self.prompt,
            "labels": list(self.labels),
            "params": dict(self.params),
        }


class EffectKinds:
    """One game's effect vocabulary and the interpreter procedure that runs lists of its effects."""

    def __init__(
        self,
        procedures: ProcedureSet,
        rule: str,
        name: str = "effects",
        prefix: str = "effect.",
        carried_out: bool = False,
    ) -> None:
        self.procedures = procedures
        self.name = name
        self.prefix = prefix
        self.carried_out = carried_out
        self.kinds: set[str] = set()
        self.possible: dict[str, Possible] = {}
        interpreter = procedures.proc(name, rule)
        interpreter.step()(self._next)
        interpreter.step("chosen")(self._chosen)

    @overload
    def kind(self, name: str, rule: str, possible: Possible | None = None) -> Procedure[Frame]: ...

    @overload
    def kind(
        self, name: str, rule: str, possible: Possible | None = None, *, frame: type[F]
    ) -> Procedure[F]: ...

    def kind(
        self, name: str, rule: str, possible: Possible | None = None, *, frame: type[Any] | None = None
    ) -> Procedure[Any]:
        """Declare effect kind `name` (rulebook section `rule`): returns its procedure, whose steps the game
        writes, its locals (the run's context, then the effect's own fields and ``effect``, its index) typed
        by `frame` if given (`core.procedure`). `possible` tells whether it would change anything now (by
        default it always would). With `carried_out`, the procedure returns whether it could be carried
        out."""
        if possible is not None:
            self.possible[name] = possible
        self.kinds.add(name)
        if frame is None:
            return self.procedures.proc(f"{self.prefix}{name}", rule)
        return self.procedures.proc(f"{self.prefix}{name}", rule, frame)

    def check(self, effects: Sequence[Mapping[str, Any]], where: str) -> None:
        """Every effect names a declared kind (called when a game loads its cards)."""
        for effect in effects:
            if effect.get("kind") not in self.kinds:
                known = ", ".join(sorted(self.kinds))
                raise ValueError(f"{where}: unknown effect {effect!r}; kinds are: {known}")

    def run(
        self,
        state: Any,
        effects: Sequence[Mapping[str, Any]],
        then: str,
        chooser: Chooser | None = None,
        **context: Any,
    ) -> None:
        """Carry out `effects` (each a mapping with its ``kind``) with `context` as every effect's locals,
        then continue the caller at step `then`."""
        if chooser is not None and self.carried_out:
            raise ValueError(f"{self.name}: effects that report being carried out run in order, unchosen")
        state.call(
            self.name,
            then=then,
            effects=[dict(e) for e in effects],
            left=list(range(len(effects))),
            context=context,
            chooser=None if chooser is None else chooser.as_local(),
        )

    def local(self, frame: Frame, index: int) -> dict[str, Any]:
        """The locals effect `index` of the running list receives: the context, then its own fields."""
        return {**frame["context"], **frame["effects"][index], "effect": index}

    def would_change(self, state: Any, frame: Frame, index: int) -> bool:
        possible = self.possible.get(frame["effects"][index]["kind"])
        return possible is None or possible(state, self.local(frame, index))

    def _start(self, state: Any, frame: Frame, index: int) -> None:
        frame["left"].remove(index)
        state.call(
            f"{self.prefix}{frame['effects'][index]['kind']}", then="start", **self.local(frame, index)
        )

    def _next(self, state: Any, frame: Frame, action: int | None) -> None:
        if self.carried_out and "ret" in frame and not frame.pop("ret"):
            state.ret(False)  # this effect could not be carried out: the rest of the list is not tried
            return
        chooser = frame["chooser"]
        if chooser is None:
            if frame["left"]:
                self._start(state, frame, frame["left"][0])
            else:
                state.ret(True if self.carried_out else None)
            return
        offered = [i for i in frame["left"] if self.would_change(state, frame, i)]
        if not offered:
            state.ret()
        elif len(frame["effects"]) == 1:
            self._start(state, frame, 0)
        else:
            state.decide(
                chooser["role"],
                "effect",
                [chooser["actions"][i] for i in offered] + [chooser["done"]],
                then="chosen",
                prompt=chooser["prompt"],
                **chooser["params"],
                effects=[chooser["labels"][i] for i in offered],
            )

    def _chosen(self, state: Any, frame: Frame, action: int | None) -> None:
        chooser = frame["chooser"]
        if action == chooser["done"]:
            state.ret()
            return
        self._start(state, frame, chooser["actions"].index(action))
