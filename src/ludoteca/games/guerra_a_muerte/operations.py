"""§3.2–§3.4 and §5: the operations phases — each force activated in turn (the Patriot nation by nation),
its operation points rolled, spent on moves (§5), leaving and gathering units (§5.2), attacks (§6) and
sieges; interception of a force leaving an area (§3.4); attrition at the end of its move (§5.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import ID, die, face, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, PATRIOT_GROUPS
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
ROLE = {"patriot": 0, "royalist": 1}
ENEMY = {"patriot": "royalist", "royalist": "patriot"}
ROYALIST_NATIONS = ["american", "spanish"]
"""The Royalist counters that operate (the São Paulo Legion stays in Brazil: §10.6 is not written)."""
ANDES = {frozenset((link.a, link.b)) for link in BOARD.land_links if link.andes}


def ops_table(roll: int) -> int:
    """§3.3: operation points for a modified roll (the first row read as "0 or less", ambiguity 1)."""
    return int(BOARD.activation(roll))


def activation_ops(roll: int, rp_spent: int, militia_heavy: bool, leader_ops: int) -> int:
    """§3.3: the OPs of an activation. RP (+2 each) and the militia −3 modify the die; the leader's
    Operations factor is added to the OPs read on the table, as the §6.6 example computes it (a 4 gives
    6 OPs, 7 with Morillo's 1)."""
    t = BOARD.tables["activation"]
    modified = (
        roll + int(t["rp_bonus"]) * rp_spent + (int(t["militia_without_leader"]) if militia_heavy else 0)
    )
    return ops_table(modified) + leader_ops


def militia_heavy(units: list[str], leaders: list[str]) -> bool:
    """§3.3: half or more of the force is militia and no leader is with it."""
    land = [u for u in units if not COUNTERS[u].naval]
    return not leaders and bool(land) and 2 * sum(COUNTERS[u].militia for u in land) >= len(land)


def cavalry_half(units: list[str]) -> bool:
    """§3.4.1: half or more of the units (leaders not counted) are cavalry."""
    return bool(units) and 2 * sum(COUNTERS[u].arm == "cavalry" for u in units) >= len(units)


def interception_modifier(
    state: GamState, interceptors: list[str], ileaders: list[str], movers: list[str], mleaders: list[str]
) -> int:
    """§3.4.1: the modifiers to the interception roll."""
    t = BOARD.tables["interception"]
    m = int(t["cavalry_interceptor"]) if cavalry_half(interceptors) else 0
    m += int(t["cavalry_intercepted"]) if cavalry_half(movers) else 0
    return m + state.best_leader(ileaders) - state.best_leader(mleaders)


def field_units(state: GamState, area: str, side: str) -> list[str]:
    """The counters that can fight a field battle or intercept: land units outside the cities, not in
    guerrilla mode (§6.2, §6.7, §10.1)."""
    return [
        u
        for u in state.land_at(area, side)
        if not state.d["units"][u]["city"] and not state.d["units"][u]["guerrilla"]
    ]


def nations_of(side: str, group: int) -> list[str]:
    return ROYALIST_NATIONS if side == "royalist" else list(PATRIOT_GROUPS[group])


# ------------------------------------------------------------------------------ the phases (§3.2)
def _phase(side: str) -> None:
    proc = PROCS.proc(f"{side}_operations", rule="3.2")

    @proc.step()
    def _start(state: GamState, frame: Frame, action: A) -> None:
        state.d["phase"] = f"{side}_operations"
        for s in state.d["units"].values():
            s["done"] = False
        for s in state.d["leaders"].values():
            s["done"] = False
        frame["group"] = 0
        state.goto("group")

    @proc.step("group")
    def _group(state: GamState, frame: Frame, action: A) -> None:
        groups = 1 if side == "royalist" else len(PATRIOT_GROUPS)
        if frame["group"] >= groups:
            state.ret()
            return
        frame["group"] += 1
        state.call("nation_operations", then="group", side=side, nations=nations_of(side, frame["group"] - 1))


_phase("patriot")
_phase("royalist")


def eligible(state: GamState, side: str, nations: list[str], area: str) -> tuple[list[str], list[str]]:
    """The counters and leaders of `nations` in `area` that have not operated this phase."""
    units = [
        u
        for u in state.land_at(area, side)
        if COUNTERS[u].nationality in nations and not state.d["units"][u]["done"]
    ]
    leaders = [
        lid
        for lid in state.leaders_at(area, side)
        if not state.d["leaders"][lid]["done"]
        and (side == "royalist" or BOARD.leaders[lid].nationality in nations)
    ]
    return units, leaders


nation = PROCS.proc("nation_operations", rule="3.3")


@nation.step()
def _nation(state: GamState, frame: Frame, action: A) -> None:
    """§3.3: the player activates one force after another, each to the end, or passes."""
    areas = [x for x in BOARD.areas if any(eligible(state, frame["side"], frame["nations"], x))]
    if not areas:
        state.ret()
        return
    options = [ID[f"activate {x}"] for x in areas] + [ID["pass"]]
    state.decide(
        ROLE[frame["side"]],
        "activate",
        options,
        then="chosen",
        prompt="prompt.activate",
        nations=[f"@nation.{n}" for n in frame["nations"]],
    )


@nation.step("chosen")
def _nation_chosen(state: GamState, frame: Frame, action: A) -> None:
    assert action is not None
    if verb(action) == "pass":
        state.log("log.pass", side=f"@side.{frame['side']}")
        state.ret()
        return
    area = target(action)
    units, leaders = eligible(state, frame["side"], frame["nations"], area)
    state.call(
        "activation",
        then="start",
        side=frame["side"],
        nations=frame["nations"],
        area=area,
        units=units,
        leaders=leaders,
    )


activation = PROCS.proc("activation", rule="3.3")


def pools(state: GamState, units: list[str]) -> list[str]:
    """The RP pools every nationality of the force may spend (§4.2), in order."""
    nats = {COUNTERS[u].nationality for u in units} or {"royalist"}
    common = [p for p in state.rp_for(next(iter(sorted(nats))))]
    for n in nats:
        common = [p for p in common if p in state.rp_for(n)]
    return common


@activation.step()
def _activation(state: GamState, frame: Frame, action: A) -> None:
    """§3.3: announce the force; RP may be spent on its roll (+2 each)."""
    side = frame["side"]
    state.log("log.activate", side=f"@side.{side}", area=f"@area.{frame['area']}")
    frame.update(spent=0, used=0, moved=False, hostile=False, andes=False, rp=0)
    available = int(sum(state.d["rp"][p] for p in pools(state, frame["units"])))
    if available >= 1:
        state.decide(
            ROLE[side],
            "spend",
            [ID[f"spend {n}"] for n in range(min(3, available) + 1)],
            then="spend",
            prompt="prompt.spend",
        )
        return
    state.goto("spend")


@activation.step("spend")
def _activation_spend(state: GamState, frame: Frame, action: A) -> None:
    n = face(action) if action is not None else 0
    frame["rp"] = n
    left = float(n)
    for p in pools(state, frame["units"]):
        take = min(left, state.d["rp"][p])
        state.d["rp"][p] -= take
        left -= take
    state.chance(D6, then="rolled")


@activation.step("rolled")
def _activation_rolled(state: GamState, frame: Frame, action: A) -> None:
    assert action is not None
    roll = face(action)
    frame["ops"] = activation_ops(
        roll,
        frame["rp"],
        militia_heavy(frame["units"], frame["leaders"]),
        state.best_leader(frame["leaders"]),
    )
    state.log("log.ops", roll=roll, ops=frame["ops"], rp=frame["rp"])
    for u in frame["units"]:
        state.d["units"][u]["done"] = True
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["done"] = True
    state.goto("operate")


def force_here(state: GamState, frame: Frame) -> None:
    """Drop from the force what the battles and attrition eliminated."""
    frame["units"] = [u for u in frame["units"] if state.d["units"][u]["at"] == frame["area"]]
    frame["leaders"] = [lid for lid in frame["leaders"] if state.d["leaders"][lid]["at"] == frame["area"]]


def enemies(side: str) -> tuple[str, ...]:
    return (ENEMY[side],)


@activation.step("operate")
def _operate(state: GamState, frame: Frame, action: A) -> None:
    """§3.3: any operations in any order while OPs last (costs: the Operations Cost chart)."""
    force_here(state, frame)
    side, area = frame["side"], frame["area"]
    if not frame["units"] and not frame["leaders"]:
        state.ret()
        return
    left = frame["ops"] - frame["used"]
    cost = BOARD.op_cost
    options = [ID["stop"]]
    if left >= cost["move"]:
        options += [ID[f"move {x}"] for x in BOARD.adjacent[area]]
    if len(frame["units"]) + len(frame["leaders"]) > 1:
        options += [ID[f"leave {u}"] for u in frame["units"]]
    extra, _ = eligible(state, side, frame["nations"], area)
    if extra:
        options.append(ID["gather"])
    if frame["units"] and left >= cost["field_attack"]:
        if field_units(state, area, ENEMY[side]):
            options.append(ID["attack"])
        if state.land_at(area, "rebel"):
            options.append(ID["attack rebels"])
    if (
        frame["units"]
        and left >= cost["siege_attack"]
        and [u for u in state.land_at(area, ENEMY[side]) if state.d["units"][u]["city"]]
    ):
        options.append(ID["siege"])
    if options == [ID["stop"]]:
        state.goto("end")
        return
    state.decide(
        ROLE[side],
        "operate",
        options,
        then="operation",
        prompt="prompt.operate",
        area=f"@area.{area}",
        ops=left,
    )


@activation.step("operation")
def _operation(state: GamState, frame: Frame, action: A) -> None:
    assert action is not None
    v, what = verb(action), target(action)
    side, area = frame["side"], frame["area"]
    if v == "stop":
        state.goto("end")
    elif v == "leave":
        frame["units"].remove(what)
        state.log("log.left", visible_to=[ROLE[side]], unit=f"@unit.{what}", area=f"@area.{area}")
        state.goto("operate")
    elif v == "gather":
        units, leaders = eligible(state, side, frame["nations"], area)
        for u in units:
            state.d["units"][u]["done"] = True
        for lid in leaders:
            state.d["leaders"][lid]["done"] = True
        frame["units"] += units
        frame["leaders"] += leaders
        state.log("log.gathered", visible_to=[ROLE[side]], n=len(units) + len(leaders))
        state.goto("operate")
    elif v == "move":
        frame["used"] += BOARD.op_cost["move"]
        frame["to"] = what
        interceptors = field_units(state, area, ENEMY[side])
        if interceptors:
            state.call(
                "interception",
                then="moved",
                side=ENEMY[side],
                area=area,
                units=interceptors,
                leaders=state.leaders_at(area, ENEMY[side]),
                movers=frame["units"],
                mleaders=frame["leaders"],
            )
        else:
            state.goto("moved")
    elif v == "attack":
        frame["used"] += BOARD.op_cost["field_attack"]
        defender = ENEMY[side] if not what else "rebel"
        state.call(
            "battle",
            then="operate",
            attacker=side,
            area=area,
            units=frame["units"],
            leaders=frame["leaders"],
            defender=defender,
            dunits=field_units(state, area, defender)
            if defender != "rebel"
            else state.land_at(area, "rebel"),
            dleaders=state.leaders_at(area, defender),
            friction=frame["used"] - BOARD.op_cost["field_attack"]
            >= int(BOARD.tables["friction"]["ops_spent"]),
            evade=True,
        )
    else:  # siege
        frame["used"] += BOARD.op_cost["siege_attack"]
        state.call(
            "siege", then="operate", attacker=side, area=area, units=frame["units"], leaders=frame["leaders"]
        )


@activation.step("moved")
def _moved(state: GamState, frame: Frame, action: A) -> None:
    """§5: the force enters the next area unless it was intercepted (§3.4: it stays and fights)."""
    intercepted = frame.pop("ret", False)
    to = frame.pop("to")
    force_here(state, frame)
    if intercepted or not (frame["units"] or frame["leaders"]):
        state.goto("operate")
        return
    if frozenset((frame["area"], to)) in ANDES:
        frame["andes"] = True
    for u in frame["units"]:
        state.d["units"][u].update(at=to, city=False)
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["at"] = to
    frame["area"] = to
    frame["moved"] = True
    if BOARD.areas[to].hostile:
        frame["hostile"] = True
    state.log("log.moved", side=f"@side.{frame['side']}", area=f"@area.{to}")
    state.goto("operate")


@activation.step("end")
def _end(state: GamState, frame: Frame, action: A) -> None:
    """§5.3: a force that moved into or through a hostile area or across the Andes rolls for attrition
    at the end of its move (only forces that moved roll, ambiguity 4)."""
    force_here(state, frame)
    if (
        frame["units"]
        and (frame["hostile"] or frame["andes"])
        and not all(COUNTERS[u].side == "rebel" for u in frame["units"])
    ):
        state.call("attrition", then="done", side=frame["side"], area=frame["area"], units=frame["units"])
        return
    state.ret()


@activation.step("done")
def _done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()


# ------------------------------------------------------------------------------- interception §3.4
interception = PROCS.proc("interception", rule="3.4")


@interception.step()
def _interception(state: GamState, frame: Frame, action: A) -> None:
    """§3.4: the player whose units are in the area the enemy force leaves may try to intercept it."""
    state.decide(
        ROLE[frame["side"]],
        "intercept",
        [ID["intercept"], ID["allow"]],
        then="chosen",
        prompt="prompt.intercept",
        area=f"@area.{frame['area']}",
    )


@interception.step("chosen")
def _interception_chosen(state: GamState, frame: Frame, action: A) -> None:
    if action == ID["allow"]:
        state.ret(False)
        return
    state.chance(D6, then="rolled")


def intercepted(roll: int, modifier: int) -> bool:
    return roll + modifier >= int(BOARD.tables["interception"]["succeeds_on"])


@interception.step("rolled")
def _interception_rolled(state: GamState, frame: Frame, action: A) -> None:
    assert action is not None
    roll = face(action)
    mod = interception_modifier(state, frame["units"], frame["leaders"], frame["movers"], frame["mleaders"])
    ok = intercepted(roll, mod)
    state.log("log.interception", roll=roll, modified=roll + mod, ok=f"@word.{'yes' if ok else 'no'}")
    if not ok:
        state.ret(False)
        return
    mover = ENEMY[frame["side"]]
    state.call(
        "battle",
        then="fought",
        attacker=frame["side"],
        area=frame["area"],
        units=frame["units"],
        leaders=frame["leaders"],
        defender=mover,
        dunits=frame["movers"],
        dleaders=frame["mleaders"],
        friction=False,
        evade=False,
    )


@interception.step("fought")
def _interception_fought(state: GamState, frame: Frame, action: A) -> None:
    state.ret(True)


# --------------------------------------------------------------------------------- attrition §5.3
attrition = PROCS.proc("attrition", rule="5.3")


@attrition.step()
def _attrition(state: GamState, frame: Frame, action: A) -> None:
    state.chance(D6, then="rolled")


def attrition_steps(roll: int, area: str) -> int:
    """§5.3: steps lost for a roll, +1 where the move ends in the Chaco."""
    bonus = int(BOARD.tables["attrition"]["chaco_end"]) if area == "chaco" else 0
    return int(BOARD.attrition(roll + bonus))


@attrition.step("rolled")
def _attrition_rolled(state: GamState, frame: Frame, action: A) -> None:
    assert action is not None
    n = attrition_steps(face(action), frame["area"])
    state.log("log.attrition", roll=face(action), n=n)
    state.call("losses", then="done", side=frame["side"], units=frame["units"], n=n)


@attrition.step("done")
def _attrition_done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()


# ------------------------------------------------------------------------------- losses (§5.3, §6.1)
losses = PROCS.proc("losses", rule="6.1")


def alive(state: GamState, units: list[str], area: str | None = None) -> list[str]:
    return [
        u
        for u in units
        if state.d["units"][u]["at"] in BOARD.areas and (area is None or state.d["units"][u]["at"] == area)
    ]


@losses.step()
def _losses(state: GamState, frame: Frame, action: A) -> None:
    """§5.3, §6.1 step 9: the owner of the force takes its step losses one by one; the rebels' losses
    fall on their counters in order (they are militia of one step)."""
    units = alive(state, frame["units"])
    frame["units"] = units
    if frame["n"] <= 0 or not units:
        state.ret()
        return
    if frame["n"] >= state.strength_steps(units):
        _all(state, frame)
        return
    if frame["side"] == "rebel" or len(units) == 1:
        state.goto("take")
        return
    state.decide(
        ROLE[frame["side"]],
        "loss",
        [ID[f"lose {u}"] for u in units],
        then="take",
        prompt="prompt.lose",
        n=frame["n"],
    )


def _all(state: GamState, frame: Frame) -> None:
    for u in frame["units"]:
        state.eliminate(u)
    state.log("log.eliminated_all", n=len(frame["units"]))
    state.ret()


@losses.step("take")
def _losses_take(state: GamState, frame: Frame, action: A) -> None:
    uid = target(action) if action is not None else frame["units"][0]
    state.lose_step(uid)
    state.log("log.step_lost", side=f"@side.{COUNTERS[uid].side}")
    frame["n"] -= 1
    state.goto("start")
