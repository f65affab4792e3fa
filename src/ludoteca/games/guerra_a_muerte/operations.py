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
    from ludoteca.games.guerra_a_muerte.state import GamState as St

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
    st: St, interceptors: list[str], ileaders: list[str], movers: list[str], mleaders: list[str]
) -> int:
    """§3.4.1: the modifiers to the interception roll."""
    t = BOARD.tables["interception"]
    m = int(t["cavalry_interceptor"]) if cavalry_half(interceptors) else 0
    m += int(t["cavalry_intercepted"]) if cavalry_half(movers) else 0
    return m + st.best_leader(ileaders) - st.best_leader(mleaders)


def field_units(st: St, area: str, side: str) -> list[str]:
    """The counters that can fight a field battle or intercept: land units outside the cities, not in
    guerrilla mode (§6.2, §6.7, §10.1)."""
    return [
        u
        for u in st.land_at(area, side)
        if not st.d["units"][u]["city"] and not st.d["units"][u]["guerrilla"]
    ]


def nations_of(side: str, group: int) -> list[str]:
    return ROYALIST_NATIONS if side == "royalist" else list(PATRIOT_GROUPS[group])


# ------------------------------------------------------------------------------ the phases (§3.2)
def _phase(side: str) -> None:
    proc = PROCS.proc(f"{side}_operations", rule="3.2")

    @proc.step()
    def _start(st: St, f: Frame, a: A) -> None:
        st.d["phase"] = f"{side}_operations"
        for s in st.d["units"].values():
            s["done"] = False
        for s in st.d["leaders"].values():
            s["done"] = False
        f["group"] = 0
        st.goto("group")

    @proc.step("group")
    def _group(st: St, f: Frame, a: A) -> None:
        groups = 1 if side == "royalist" else len(PATRIOT_GROUPS)
        if f["group"] >= groups:
            st.ret()
            return
        f["group"] += 1
        st.call("nation_operations", then="group", side=side, nations=nations_of(side, f["group"] - 1))


_phase("patriot")
_phase("royalist")


def eligible(st: St, side: str, nations: list[str], area: str) -> tuple[list[str], list[str]]:
    """The counters and leaders of `nations` in `area` that have not operated this phase."""
    units = [
        u
        for u in st.land_at(area, side)
        if COUNTERS[u].nationality in nations and not st.d["units"][u]["done"]
    ]
    leaders = [
        lid
        for lid in st.leaders_at(area, side)
        if not st.d["leaders"][lid]["done"]
        and (side == "royalist" or BOARD.leaders[lid].nationality in nations)
    ]
    return units, leaders


nation = PROCS.proc("nation_operations", rule="3.3")


@nation.step()
def _nation(st: St, f: Frame, a: A) -> None:
    """§3.3: the player activates one force after another, each to the end, or passes."""
    areas = [x for x in BOARD.areas if any(eligible(st, f["side"], f["nations"], x))]
    if not areas:
        st.ret()
        return
    options = [ID[f"activate {x}"] for x in areas] + [ID["pass"]]
    st.decide(
        ROLE[f["side"]],
        "activate",
        options,
        then="chosen",
        prompt="prompt.activate",
        nations=[f"@nation.{n}" for n in f["nations"]],
    )


@nation.step("chosen")
def _nation_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    if verb(a) == "pass":
        st.log("log.pass", side=f"@side.{f['side']}")
        st.ret()
        return
    area = target(a)
    units, leaders = eligible(st, f["side"], f["nations"], area)
    st.call(
        "activation",
        then="start",
        side=f["side"],
        nations=f["nations"],
        area=area,
        units=units,
        leaders=leaders,
    )


activation = PROCS.proc("activation", rule="3.3")


def pools(st: St, units: list[str]) -> list[str]:
    """The RP pools every nationality of the force may spend (§4.2), in order."""
    nats = {COUNTERS[u].nationality for u in units} or {"royalist"}
    common = [p for p in st.rp_for(next(iter(sorted(nats))))]
    for n in nats:
        common = [p for p in common if p in st.rp_for(n)]
    return common


@activation.step()
def _activation(st: St, f: Frame, a: A) -> None:
    """§3.3: announce the force; RP may be spent on its roll (+2 each)."""
    side = f["side"]
    st.log("log.activate", side=f"@side.{side}", area=f"@area.{f['area']}")
    f.update(spent=0, used=0, moved=False, hostile=False, andes=False, rp=0)
    available = int(sum(st.d["rp"][p] for p in pools(st, f["units"])))
    if available >= 1:
        st.decide(
            ROLE[side],
            "spend",
            [ID[f"spend {n}"] for n in range(min(3, available) + 1)],
            then="spend",
            prompt="prompt.spend",
        )
        return
    st.goto("spend")


@activation.step("spend")
def _activation_spend(st: St, f: Frame, a: A) -> None:
    n = face(a) if a is not None else 0
    f["rp"] = n
    left = float(n)
    for p in pools(st, f["units"]):
        take = min(left, st.d["rp"][p])
        st.d["rp"][p] -= take
        left -= take
    st.chance(D6, then="rolled")


@activation.step("rolled")
def _activation_rolled(st: St, f: Frame, a: A) -> None:
    assert a is not None
    roll = face(a)
    f["ops"] = activation_ops(
        roll, f["rp"], militia_heavy(f["units"], f["leaders"]), st.best_leader(f["leaders"])
    )
    st.log("log.ops", roll=roll, ops=f["ops"], rp=f["rp"])
    for u in f["units"]:
        st.d["units"][u]["done"] = True
    for lid in f["leaders"]:
        st.d["leaders"][lid]["done"] = True
    st.goto("operate")


def force_here(st: St, f: Frame) -> None:
    """Drop from the force what the battles and attrition eliminated."""
    f["units"] = [u for u in f["units"] if st.d["units"][u]["at"] == f["area"]]
    f["leaders"] = [lid for lid in f["leaders"] if st.d["leaders"][lid]["at"] == f["area"]]


def enemies(side: str) -> tuple[str, ...]:
    return (ENEMY[side],)


@activation.step("operate")
def _operate(st: St, f: Frame, a: A) -> None:
    """§3.3: any operations in any order while OPs last (costs: the Operations Cost chart)."""
    force_here(st, f)
    side, area = f["side"], f["area"]
    if not f["units"] and not f["leaders"]:
        st.ret()
        return
    left = f["ops"] - f["used"]
    cost = BOARD.op_cost
    options = [ID["stop"]]
    if left >= cost["move"]:
        options += [ID[f"move {x}"] for x in BOARD.adjacent[area]]
    if len(f["units"]) + len(f["leaders"]) > 1:
        options += [ID[f"leave {u}"] for u in f["units"]]
    extra, _ = eligible(st, side, f["nations"], area)
    if extra:
        options.append(ID["gather"])
    if f["units"] and left >= cost["field_attack"]:
        if field_units(st, area, ENEMY[side]):
            options.append(ID["attack"])
        if st.land_at(area, "rebel"):
            options.append(ID["attack rebels"])
    if (
        f["units"]
        and left >= cost["siege_attack"]
        and [u for u in st.land_at(area, ENEMY[side]) if st.d["units"][u]["city"]]
    ):
        options.append(ID["siege"])
    if options == [ID["stop"]]:
        st.goto("end")
        return
    st.decide(
        ROLE[side],
        "operate",
        options,
        then="operation",
        prompt="prompt.operate",
        area=f"@area.{area}",
        ops=left,
    )


@activation.step("operation")
def _operation(st: St, f: Frame, a: A) -> None:
    assert a is not None
    v, what = verb(a), target(a)
    side, area = f["side"], f["area"]
    if v == "stop":
        st.goto("end")
    elif v == "leave":
        f["units"].remove(what)
        st.log("log.left", visible_to=[ROLE[side]], unit=f"@unit.{what}", area=f"@area.{area}")
        st.goto("operate")
    elif v == "gather":
        units, leaders = eligible(st, side, f["nations"], area)
        for u in units:
            st.d["units"][u]["done"] = True
        for lid in leaders:
            st.d["leaders"][lid]["done"] = True
        f["units"] += units
        f["leaders"] += leaders
        st.log("log.gathered", visible_to=[ROLE[side]], n=len(units) + len(leaders))
        st.goto("operate")
    elif v == "move":
        f["used"] += BOARD.op_cost["move"]
        f["to"] = what
        interceptors = field_units(st, area, ENEMY[side])
        if interceptors:
            st.call(
                "interception",
                then="moved",
                side=ENEMY[side],
                area=area,
                units=interceptors,
                leaders=st.leaders_at(area, ENEMY[side]),
                movers=f["units"],
                mleaders=f["leaders"],
            )
        else:
            st.goto("moved")
    elif v == "attack":
        f["used"] += BOARD.op_cost["field_attack"]
        defender = ENEMY[side] if not what else "rebel"
        st.call(
            "battle",
            then="operate",
            attacker=side,
            area=area,
            units=f["units"],
            leaders=f["leaders"],
            defender=defender,
            dunits=field_units(st, area, defender) if defender != "rebel" else st.land_at(area, "rebel"),
            dleaders=st.leaders_at(area, defender),
            friction=f["used"] - BOARD.op_cost["field_attack"] >= int(BOARD.tables["friction"]["ops_spent"]),
            evade=True,
        )
    else:  # siege
        f["used"] += BOARD.op_cost["siege_attack"]
        st.call("siege", then="operate", attacker=side, area=area, units=f["units"], leaders=f["leaders"])


@activation.step("moved")
def _moved(st: St, f: Frame, a: A) -> None:
    """§5: the force enters the next area unless it was intercepted (§3.4: it stays and fights)."""
    intercepted = f.pop("ret", False)
    to = f.pop("to")
    force_here(st, f)
    if intercepted or not (f["units"] or f["leaders"]):
        st.goto("operate")
        return
    if frozenset((f["area"], to)) in ANDES:
        f["andes"] = True
    for u in f["units"]:
        st.d["units"][u].update(at=to, city=False)
    for lid in f["leaders"]:
        st.d["leaders"][lid]["at"] = to
    f["area"] = to
    f["moved"] = True
    if BOARD.areas[to].hostile:
        f["hostile"] = True
    st.log("log.moved", side=f"@side.{f['side']}", area=f"@area.{to}")
    st.goto("operate")


@activation.step("end")
def _end(st: St, f: Frame, a: A) -> None:
    """§5.3: a force that moved into or through a hostile area or across the Andes rolls for attrition
    at the end of its move (only forces that moved roll, ambiguity 4)."""
    force_here(st, f)
    if (
        f["units"]
        and (f["hostile"] or f["andes"])
        and not all(COUNTERS[u].side == "rebel" for u in f["units"])
    ):
        st.call("attrition", then="done", side=f["side"], area=f["area"], units=f["units"])
        return
    st.ret()


@activation.step("done")
def _done(st: St, f: Frame, a: A) -> None:
    st.ret()


# ------------------------------------------------------------------------------- interception §3.4
interception = PROCS.proc("interception", rule="3.4")


@interception.step()
def _interception(st: St, f: Frame, a: A) -> None:
    """§3.4: the player whose units are in the area the enemy force leaves may try to intercept it."""
    st.decide(
        ROLE[f["side"]],
        "intercept",
        [ID["intercept"], ID["allow"]],
        then="chosen",
        prompt="prompt.intercept",
        area=f"@area.{f['area']}",
    )


@interception.step("chosen")
def _interception_chosen(st: St, f: Frame, a: A) -> None:
    if a == ID["allow"]:
        st.ret(False)
        return
    st.chance(D6, then="rolled")


def intercepted(roll: int, modifier: int) -> bool:
    return roll + modifier >= int(BOARD.tables["interception"]["succeeds_on"])


@interception.step("rolled")
def _interception_rolled(st: St, f: Frame, a: A) -> None:
    assert a is not None
    roll = face(a)
    mod = interception_modifier(st, f["units"], f["leaders"], f["movers"], f["mleaders"])
    ok = intercepted(roll, mod)
    st.log("log.interception", roll=roll, modified=roll + mod, ok=f"@word.{'yes' if ok else 'no'}")
    if not ok:
        st.ret(False)
        return
    mover = ENEMY[f["side"]]
    st.call(
        "battle",
        then="fought",
        attacker=f["side"],
        area=f["area"],
        units=f["units"],
        leaders=f["leaders"],
        defender=mover,
        dunits=f["movers"],
        dleaders=f["mleaders"],
        friction=False,
        evade=False,
    )


@interception.step("fought")
def _interception_fought(st: St, f: Frame, a: A) -> None:
    st.ret(True)


# --------------------------------------------------------------------------------- attrition §5.3
attrition = PROCS.proc("attrition", rule="5.3")


@attrition.step()
def _attrition(st: St, f: Frame, a: A) -> None:
    st.chance(D6, then="rolled")


def attrition_steps(roll: int, area: str) -> int:
    """§5.3: steps lost for a roll, +1 where the move ends in the Chaco."""
    bonus = int(BOARD.tables["attrition"]["chaco_end"]) if area == "chaco" else 0
    return int(BOARD.attrition(roll + bonus))


@attrition.step("rolled")
def _attrition_rolled(st: St, f: Frame, a: A) -> None:
    assert a is not None
    n = attrition_steps(face(a), f["area"])
    st.log("log.attrition", roll=face(a), n=n)
    st.call("losses", then="done", side=f["side"], units=f["units"], n=n)


@attrition.step("done")
def _attrition_done(st: St, f: Frame, a: A) -> None:
    st.ret()


# ------------------------------------------------------------------------------- losses (§5.3, §6.1)
losses = PROCS.proc("losses", rule="6.1")


def alive(st: St, units: list[str], area: str | None = None) -> list[str]:
    return [
        u
        for u in units
        if st.d["units"][u]["at"] in BOARD.areas and (area is None or st.d["units"][u]["at"] == area)
    ]


@losses.step()
def _losses(st: St, f: Frame, a: A) -> None:
    """§5.3, §6.1 step 9: the owner of the force takes its step losses one by one; the rebels' losses
    fall on their counters in order (they are militia of one step)."""
    units = alive(st, f["units"])
    f["units"] = units
    if f["n"] <= 0 or not units:
        st.ret()
        return
    if f["n"] >= st.strength_steps(units):
        _all(st, f)
        return
    if f["side"] == "rebel" or len(units) == 1:
        st.goto("take")
        return
    st.decide(
        ROLE[f["side"]], "loss", [ID[f"lose {u}"] for u in units], then="take", prompt="prompt.lose", n=f["n"]
    )


def _all(st: St, f: Frame) -> None:
    for u in f["units"]:
        st.eliminate(u)
    st.log("log.eliminated_all", n=len(f["units"]))
    st.ret()


@losses.step("take")
def _losses_take(st: St, f: Frame, a: A) -> None:
    uid = target(a) if a is not None else f["units"][0]
    st.lose_step(uid)
    st.log("log.step_lost", side=f"@side.{COUNTERS[uid].side}")
    f["n"] -= 1
    st.goto("start")
