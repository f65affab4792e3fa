"""Who decides: the one seam through which every decision passes (§4 two players, §5 the Nitayno).

In two-player mode a decision of a faction is asked of its role. In solo mode (§5) the indigenous side makes
no decisions of its own: the procedure ``nitayno.<kind>`` decides, as part of the rules, and returns the
chosen action with `State.ret`; its bag draws are chance nodes like any other. Where that procedure is not
(yet) registered, the indigenous role is asked, so the game stays playable.

A step that waits for a decision reads the answer with `choice(frame, action)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.pieces import ROLE
from ludoteca.games.mar_y_acero.procs import PROCS, Frame

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St


def solo(st: St) -> bool:
    return bool(st.d["options"]["mode"] == "solo")


def solo_level(st: St) -> int:
    """The §5.4 difficulty level in solo mode; 0 in the two-player game."""
    return int(st.d["options"]["level"]) if solo(st) else 0


def decide(
    st: St,
    fac: str,
    decision: str,
    actions: Sequence[int],
    then: str,
    prompt: str,
    secret: bool = False,
    **ctx: Any,
) -> None:
    """Ask faction `fac` to choose one of `actions`; the answer goes to step `then`."""
    if fac == "ind":
        indigenous_decides(st, decision, actions, then, prompt, secret=secret, **ctx)
    else:
        st.ask(ROLE[fac], actions, then=then, prompt=prompt, secret=secret, **ctx)


def indigenous_decides(
    st: St, decision: str, actions: Sequence[int], then: str, prompt: str, secret: bool = False, **ctx: Any
) -> None:
    """§5: in solo mode the Nitayno's procedure for `decision` chooses; otherwise the indigenous role does."""
    name = f"nitayno.{decision}"
    if solo(st) and name in PROCS.by_name:
        st.call(name, then=then, actions=sorted(set(actions)), **ctx)
    else:
        st.ask(ROLE["ind"], actions, then=then, prompt=prompt, secret=secret, **ctx)


def choice(f: Frame, a: int | None) -> int:
    """The answer to the decision this step waited for: the action, or what a Nitayno procedure returned."""
    if a is not None:
        return a
    return int(f.pop("ret"))


def solo_hook(st: St, name: str, then: str, **ctx: Any) -> None:
    """Where §5 changes the flow: run ``nitayno.<name>`` in solo mode if registered, then go on at `then`."""
    proc = f"nitayno.{name}"
    if solo(st) and proc in PROCS.by_name:
        st.call(proc, then=then, **ctx)
    else:
        st.goto(then)
