"""§2 Despliegue inicial: the campaign set-up's choices. The Royalist deploys first, then the Patriot
(§2.0); every counter with a set-up code goes to one of its code's areas (§2.1, §2.2), with the generic
militia the codes carry. What the set-up fixes is placed by `GamState.new`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import ID, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
ROLE = {"patriot": 0, "royalist": 1}


def _areas(side: str, code: str) -> list[str]:
    """The areas of a set-up code (a code naming ports gives their areas)."""
    places = BOARD.code_areas(side, code)
    return sorted({BOARD.cities[p].area if p in BOARD.cities else p for p in places})


def choices() -> list[list[Any]]:
    """What the campaign's set-up leaves to the players, Royalist first: [kind, id, side, code], kind
    "unit", "leader" or "militia" (id then "<nationality>:<arm>")."""
    out: list[list[Any]] = []
    for side in ("royalist", "patriot"):
        codes = [c for s, c in BOARD.setup_codes if s == side]
        for uid, u in BOARD.units.items():
            if u.side == side and u.setup in codes:
                out.append(["unit", uid, side, u.setup])
        for lid, ldr in BOARD.leaders.items():
            if ldr.side == side and ldr.setup in codes:
                out.append(["leader", lid, side, ldr.setup])
        for (s, code), cm in sorted(BOARD.code_militia.items()):
            if s != side:
                continue
            nat = cm.get("nationality", "american")
            for arm in ("infantry", "cavalry"):
                out += [["militia", f"{nat}:{arm}", side, code]] * cm.get(f"militia_{arm}", 0)
    return out


deployment = PROCS.proc("deployment", rule="2.0")


@deployment.step()
def _deployment(state: GamState, frame: Frame, action: A) -> None:
    state.d["phase"] = "setup"
    if "todo" not in frame:  # not `setdefault`, which would list every choice again at each placement
        frame["todo"] = choices()
    if not frame["todo"]:
        state.ret()
        return
    kind, what, side, code = frame["todo"][0]
    areas = _areas(side, code)
    if len(areas) == 1:
        _place(state, frame, areas[0])
        return
    rule = "2.1" if side == "royalist" else "2.2"
    name = (
        f"@unit.{what}" if kind == "unit" else f"@leader.{what}" if kind == "leader" else f"@militia.{what}"
    )
    state.decide(
        ROLE[side],
        "deploy",
        [ID[f"place {x}"] for x in areas],
        then="placed",
        prompt="prompt.deploy",
        private=state.hidden(side),
        rule=rule,
        what=name,
        code=code,
    )


@deployment.step("placed")
def _deployment_placed(state: GamState, frame: Frame, action: A) -> None:
    assert action is not None
    _place(state, frame, target(action))


def _place(state: GamState, frame: Frame, area: str) -> None:
    kind, what, side, code = frame["todo"].pop(0)
    guerrilla = bool(BOARD.setup_codes[(side, code)].get("guerrilla"))
    city = ""
    if code == "frigate_port":
        city = next(c for c in BOARD.code_areas(side, code) if BOARD.cities[c].area == area)
    if kind == "unit":
        state.set_unit(what, steps=BOARD.units[what].start_steps)
        state.place_unit(what, city or area)
    elif kind == "leader":
        state.d["leaders"][what]["at"] = area
    else:
        nat, arm = what.split(":")
        state.place_militia(nat, arm, area, guerrilla=guerrilla)
    state.log_for(side, "log.deployed", what=_name(kind, what), area=place_ref(area))
    state.goto("start")


def _name(kind: str, what: str) -> str:
    return {"unit": f"@unit.{what}", "leader": f"@leader.{what}"}.get(kind, f"@militia.{what}")
