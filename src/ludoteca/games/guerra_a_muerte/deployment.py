"""§2 Despliegue inicial: the set-up's choices. The Royalist deploys first, then the Patriot (§2.0). In the
campaign every counter with a set-up code goes to one of its code's areas (§2.1, §2.2), with the generic
militia the codes carry; in a short scenario (option `setup=choose`) every counter the rulebook sets up "in
any area of …" goes to one of those areas (§12.2.2–§12.3.3), the areas each side must hold at the start
(§12.3.2, §12.3.3) kept for it. What the set-up fixes is placed by `GamState.new`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ludoteca.games.guerra_a_muerte.actions import ID, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD, militia_count, militia_nationality, setup_id
from ludoteca.games.guerra_a_muerte.components import PlacementItem
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
Choice = list[Any]
"""A choice the set-up leaves: ``[kind, id, side, code]`` for a set-up code, ``[kind, id, side,
requirement, steps]`` for a short scenario's placement (`campaign_choices`, `scenario_choices`)."""


class Deployment(TypedDict):
    todo: NotRequired[list[Choice]]
    """The choices still to make, the next first."""


ROLE = {"patriot": 0, "royalist": 1}


def _areas(side: str, code: str) -> list[str]:
    """The areas of a set-up code (a code naming ports gives their areas)."""
    places = BOARD.code_areas(side, code)
    return sorted({BOARD.cities[p].area if p in BOARD.cities else p for p in places})


def choices(state: GamState) -> list[Choice]:
    """What the set-up leaves to the players, Royalist first: the campaign's set-up codes, or a short
    scenario's placements "in any area of …" when the players choose them."""
    sid = state.options.scenario
    if setup_id(sid) == "campaign":
        return campaign_choices()
    return scenario_choices(sid) if state.options.setup == "choose" else []


def scenario_choices(sid: str) -> list[Choice]:
    """§12.2.2–§12.3.3: the counters of each requirement that names more than one area, [kind, id, side,
    requirement, steps] (the steps a unit sets up with; kinds as in `campaign_choices`)."""
    out: list[Choice] = []
    for side in ("royalist", "patriot"):
        for pl in chosen_placements(sid):
            req = BOARD.requirements[pl["requirement"]]
            if req["side"] != side:
                continue
            rid = pl["requirement"]
            for uid in pl.get("units", []):
                out.append(["unit", uid, side, rid, BOARD.placed_steps(pl, uid)])
            out += [["leader", lid, side, rid, 0] for lid in pl.get("leaders", [])]
            nat = militia_nationality(req)
            for arm in ("infantry", "cavalry"):
                out += [["militia", f"{nat}:{arm}", side, rid, 1]] * militia_count(pl, arm)
    return out


def chosen_placements(sid: str) -> list[PlacementItem]:
    """The scenario's placements whose requirement leaves the area to the player (more than one)."""
    return [pl for pl in BOARD.placed(sid) if BOARD.area_left_open(BOARD.requirements[pl["requirement"]])]


def scenario_areas(state: GamState, frame: Deployment, item: Choice) -> list[str]:
    """Where a short scenario's counter may set up: its requirement's areas but those the other side alone
    holds at the start; when the counters of the requirement still to place are no more than the areas
    the side must hold there and holds not yet (§12.3.2: "Maracaibo completamente bajo control, Costa Firme
    parcialmente controlada"; §12.3.3: "el jugador patriota controla completamente las siguientes
    áreas…"), only those."""
    side: str = item[2]
    rid: str = item[3]
    ctl = BOARD.control.get(state.options.scenario, {"patriot": [], "royalist": [], "partial": []})
    other = "royalist" if side == "patriot" else "patriot"
    allowed = [a for a in BOARD.requirement_areas(BOARD.requirements[rid]) if a not in ctl[other]]
    must = [
        a
        for a in allowed
        if a in [*ctl[side], *ctl["partial"]]
        and not state.units_at(a, side)
        and not state.leaders_at(a, side)
    ]
    left = sum(1 for each in frame["todo"] if of_scenario(each) and each[3] == rid)
    return sorted(must) if must and left <= len(must) else sorted(allowed)


def of_scenario(item: Choice) -> bool:
    """Whether a choice is a short scenario's (five fields) rather than a set-up code's (four)."""
    return len(item) == 5


def rule_of(item: Choice) -> str:
    """The section a choice follows: §2.1/§2.2 for a set-up code, the requirement's own for a scenario."""
    rule = "2.1" if item[2] == "royalist" else "2.2"
    if of_scenario(item):
        rule = re.findall(r"§(\d+(?:\.\d+)*)", BOARD.requirements[item[3]]["source"])[0]
    return rule


def campaign_choices() -> list[Choice]:
    """What the campaign's set-up leaves to the players, Royalist first: [kind, id, side, code], kind
    "unit", "leader" or "militia" (id then "<nationality>:<arm>")."""
    out: list[Choice] = []
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
                out += [["militia", f"{nat}:{arm}", side, code]] * militia_count(cm, arm)
    return out


deployment = PROCS.proc("deployment", rule="2.0", frame=Deployment)


@deployment.step()
def _deployment(state: GamState, frame: Deployment, action: A) -> None:
    state.d["phase"] = "setup"
    if "todo" not in frame:  # not `setdefault`, which would list every choice again at each placement
        frame["todo"] = choices(state)
    if not frame["todo"]:
        state.ret()
        return
    item = frame["todo"][0]
    kind, what, side, code = item[:4]
    areas = scenario_areas(state, frame, item) if of_scenario(item) else _areas(side, code)
    if len(areas) == 1:
        _place(state, frame, areas[0])
        return
    state.decide(
        ROLE[side],
        "deploy",
        [ID[f"place {x}"] for x in areas],
        then="placed",
        prompt="prompt.deploy_in" if of_scenario(item) else "prompt.deploy",
        private=state.hidden(side),
        rule=rule_of(item),
        what=_name(kind, what),
        code=code,
    )


@deployment.step("placed")
def _deployment_placed(state: GamState, frame: Deployment, action: int) -> None:
    _place(state, frame, target(action))


def _place(state: GamState, frame: Deployment, area: str) -> None:
    item = frame["todo"].pop(0)
    kind, what, side, code = item[:4]
    scenario = of_scenario(item)
    guerrilla = bool(
        (BOARD.requirements[code] if scenario else BOARD.setup_codes[(side, code)]).get("guerrilla")
    )
    city = ""
    if code == "frigate_port":
        city = next(c for c in BOARD.code_areas(side, code) if BOARD.cities[c].area == area)
    if kind == "unit":
        state.set_unit(what, steps=item[4] if scenario else BOARD.units[what].start_steps)
        state.place_unit(what, city or area)
    elif kind == "leader":
        state.d["leaders"][what]["at"] = area
    else:
        nat, arm = what.split(":")
        state.place_militia(nat, arm, area, guerrilla=guerrilla)
    state.log_for(side, "log.deployed", what=_name(kind, what), area=place_ref(area), rule=rule_of(item))
    state.goto("start")


def _name(kind: str, what: str) -> str:
    return {"unit": f"@unit.{what}", "leader": f"@leader.{what}"}.get(kind, f"@militia.{what}")
