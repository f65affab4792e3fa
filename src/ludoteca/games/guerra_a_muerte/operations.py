"""§3.2–§3.4 and §5: the operations phases — each force activated in turn (the Patriot nation by nation),
its operation points rolled, spent on moves (§5), leaving and gathering units (§5.2), attacks (§6) and
sieges; the losses of steps (§5.3, §6.1). Interception of a force leaving an area (§3.4) is in
`interception.py`, attrition in `attrition.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD, city_in, city_of
from ludoteca.games.guerra_a_muerte.cities import city_options, in_field
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, PATRIOT_GROUPS
from ludoteca.games.guerra_a_muerte.frames import (
    Attrition,
    Battle,
    Hunt,
    Interception,
    Losses,
    Siege,
    Transport,
    attrition,
    battle,
    hunt,
    interception,
    losses,
    siege,
    transport,
)
from ludoteca.games.guerra_a_muerte.position import DEAD
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.special import SPL_AREA, spl_moves

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
ROLE = {"patriot": 0, "royalist": 1}
ENEMY = {"patriot": "royalist", "royalist": "patriot"}
ROYALIST_GROUPS = (("american", "spanish"), ("portuguese",))
"""§3.2, §10.6: the Royalist forces operate together; the São Paulo Legion never stacks or operates with
them."""
ANDES = {frozenset((link.a, link.b)) for link in BOARD.land_links if link.andes}


def ops_table(roll: int) -> int:
    """§3.3: operation points for a modified roll (the first row read as "0 or less", ambiguity 1)."""
    return int(BOARD.activation(roll))


def activation_ops(
    roll: int, rp_spent: int, militia_heavy: bool, leader_ops: int, leader_on_die: bool = False
) -> int:
    """§3.3: the OPs of an activation. RP (+2 each) and the militia −3 modify the die; the leader's
    Operations factor is added to the OPs read on the table, as the §6.6 example computes it (a 4 gives
    6 OPs, 7 with Morillo's 1), or with `leader_on_die` (option `leader-ops=die`, A#2) modifies the die as
    the rule text lists it, a result above 6 reading the table's last row (8 OPs)."""
    modified = (
        roll
        + BOARD.integer("activation", "rp_bonus") * rp_spent
        + (BOARD.integer("activation", "militia_without_leader") if militia_heavy else 0)
    )
    if leader_on_die:
        return ops_table(modified + leader_ops)
    return ops_table(modified) + leader_ops


def militia_heavy(units: list[str], leaders: list[str]) -> bool:
    """§3.3: half or more of the force is militia and no leader is with it."""
    land = [u for u in units if not COUNTERS[u].naval]
    return not leaders and bool(land) and 2 * sum(COUNTERS[u].militia for u in land) >= len(land)


def field_units(state: GamState, area: str, side: str) -> list[str]:
    """The counters that can fight a field battle or intercept: land units outside the cities, not in
    guerrilla mode (§6.2, §6.7, §10.1)."""
    return [
        u
        for u in state.land_at(area, side)
        if not state.d["units"][u]["city"] and not state.d["units"][u]["guerrilla"]
    ]


def nations_of(side: str, group: int) -> list[str]:
    return list(ROYALIST_GROUPS[group] if side == "royalist" else PATRIOT_GROUPS[group])


def eligible(
    state: GamState,
    side: str,
    nations: list[str],
    area: str,
    here: list[str] | None = None,
    chiefs: list[str] | None = None,
) -> tuple[list[str], list[str]]:
    """The counters and leaders of `nations` in `area` that have not operated this phase (`here` and
    `chiefs`: the counters and leaders in the area, if the caller has them at hand)."""
    units = [
        u
        for u in (state.units_at(area) if here is None else here)
        if COUNTERS[u].side == side
        and not COUNTERS[u].naval
        and COUNTERS[u].nationality in nations
        and not state.d["units"][u]["done"]
    ]
    leaders = [
        lid
        for lid in (state.leaders_at(area) if chiefs is None else chiefs)
        if BOARD.leaders[lid].side == side
        and not state.d["leaders"][lid]["done"]
        and not BOARD.leaders[lid].naval
        and (BOARD.leaders[lid].nationality in nations if side == "patriot" else "portuguese" not in nations)
    ]
    return units, leaders


class Force(TypedDict):
    """A land force (§3.3) or a fleet (§7.1) activated by `side`: its counters and leaders, and the RP
    spent on its activation roll (`offer_rp`, `spend_rp`)."""

    side: str
    units: list[str]
    leaders: list[str]
    rp: NotRequired[int]
    ops: NotRequired[int]
    """The OPs its activation roll gave (§3.3)."""


class Activation(Force):
    """A land force in `area`, activated for its `nations` (§3.2–§3.3); `mexico`, the counters it may
    still take along in Mexico while Hidalgo is in play (§10.7, -1 elsewhere)."""

    nations: list[str]
    area: str
    mexico: int
    spent: NotRequired[int]
    used: NotRequired[float]
    """The OPs spent so far (`BOARD.op_cost`, §5.1)."""
    moved: NotRequired[bool]
    hostile: NotRequired[bool]
    """Whether it moved into or through a hostile area (§5.3)."""
    andes: NotRequired[bool]
    """Whether it crossed an Andes border (§5.3)."""
    left: NotRequired[list[list[str]]]
    """The units it left behind there, ``[area, unit]`` (§5.2)."""
    advance: NotRequired[bool]
    """Its next operation may enter the city free (§6.3.1)."""
    to: NotRequired[str]
    """The area it moves to, while an interception is tried (§3.4)."""
    blockade: NotRequired[bool]
    ret: NotRequired[Any]
    """What the procedure it called handed back: where a transport landed it (§7.6), whether an
    interception stopped it (§3.4)."""


activation = PROCS.proc("activation", rule="3.3", frame=Activation)


def pools(state: GamState, units: list[str]) -> list[str]:
    """The RP pools every nationality of the force may spend (§4.2), in order."""
    nats = {COUNTERS[u].nationality for u in units} or {"royalist"}
    common = [p for p in state.rp_for(next(iter(sorted(nats))))]
    for n in nats:
        common = [p for p in common if p in state.rp_for(n)]
    return common


@activation.step()
def _activation(state: GamState, frame: Activation, action: A) -> None:
    """§3.3: announce the force; RP may be spent on its roll (+2 each)."""
    side = frame["side"]
    state.log("log.activate", side=f"@side.{side}", area=place_ref(frame["area"]))
    frame.update({"spent": 0, "used": 0, "moved": False, "hostile": False, "andes": False, "rp": 0})
    offer_rp(state, frame)


def offer_rp(state: GamState, frame: Force) -> None:
    """§3.3: the side may spend up to 3 RP of the pools the force may use on its activation roll; the
    choice (or none, with no RP) goes to the procedure's step "spend"."""
    available = int(sum(state.d["rp"][p] for p in pools(state, frame["units"])))
    if available >= 1:
        state.decide(
            ROLE[frame["side"]],
            "spend",
            [ID[f"spend {n}"] for n in range(min(3, available) + 1)],
            then="spend",
            prompt="prompt.spend",
        )
        return
    state.goto("spend")


def take_rp(state: GamState, units: list[str], amount: float) -> None:
    """§4.2: take `amount` RP from the pools the force may use, in order."""
    left = amount
    for p in pools(state, units):
        take = min(left, state.d["rp"][p])
        state.d["rp"][p] -= take
        left -= take


def spend_rp(state: GamState, frame: Force, action: A) -> None:
    """§3.3, §4.2: take the RP chosen from the force's pools in order, then roll the activation die (step
    "rolled")."""
    frame["rp"] = face(action) if action is not None else 0
    take_rp(state, frame["units"], float(frame["rp"]))
    state.chance(D6, then="rolled")


@activation.step("spend")
def _activation_spend(state: GamState, frame: Activation, action: A) -> None:
    spend_rp(state, frame, action)


@activation.step("rolled")
def _activation_rolled(state: GamState, frame: Activation, action: int) -> None:
    roll = face(action)
    frame["ops"] = activation_ops(
        roll,
        frame["rp"],
        militia_heavy(frame["units"], frame["leaders"]),
        state.best_leader(frame["leaders"]),
        state.options.leader_ops == "die",
    )
    state.log("log.ops", roll=roll, ops=frame["ops"], rp=frame["rp"])
    for u in frame["units"]:
        state.set_unit(u, done=True)
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["done"] = True
    state.goto("operate")


def force_here(state: GamState, frame: Activation) -> None:
    """Drop from the force what the battles and attrition eliminated."""
    frame["units"] = [u for u in frame["units"] if state.d["units"][u]["at"] == frame["area"]]
    frame["leaders"] = [lid for lid in frame["leaders"] if state.d["leaders"][lid]["at"] == frame["area"]]


def exits(state: GamState, frame: Activation) -> list[str]:
    """Where the force may move (§5): the bordering areas; from the United States box into Tejas, Nuevo
    México or Nueva California (§10.3); the São Paulo Legion only between Brazil and the Banda Oriental,
    and not where Royalist units stand (§10.6)."""
    area = frame["area"]
    if "portuguese" in frame["nations"]:
        return [x for x in spl_moves(area) if x == "brasil" or not state.land_at(x, "royalist")]
    if area in BOARD.boxes:
        return [link.to for link in BOARD.box_links if link.box == area and link.to in BOARD.areas]
    return list(BOARD.adjacent[area])


def fortress_besieged(state: GamState, side: str, area: str) -> str:
    """The area's fortress with enemy units inside, which `side` may blockade (§6.6); "" if none."""
    city = city_of(area)
    inside = [u for u in state.land_at(area, ENEMY[side]) if state.d["units"][u]["city"]]
    return city.id if city is not None and city.fortress and inside else ""


def operate_options(state: GamState, frame: Activation) -> list[int]:
    """§3.3: what the force may do with the OPs left (costs: the Operations Cost chart), "stop" first; a
    force that blockades may only make siege attacks afterwards (§6.6). [] where it could only stop and
    does not blockade: it is not asked."""
    side, area = frame["side"], frame["area"]
    left = frame["ops"] - frame["used"]
    cost = BOARD.op_cost
    options = [ID["stop"]]
    in_box = area in BOARD.boxes
    besieged = [u for u in state.land_at(area, ENEMY[side]) if state.d["units"][u]["city"]]
    if frame.get("blockade"):
        if frame["units"] and besieged and left >= cost["siege_attack"]:
            options.append(ID["siege"])
        if frame["units"] and besieged and left >= cost["siege_attack"] + cost["siege_works"]:
            options.append(ID["siege works"])
        return options
    if left >= cost["move"]:
        options += [ID[f"move {x}"] for x in exits(state, frame)]
    options += city_options(state, frame, left)
    if len(frame["units"]) + len(frame["leaders"]) > 1:
        options += [ID[f"leave {u}"] for u in frame["units"]]
    extra, _ = eligible(state, side, frame["nations"], area)
    if extra and frame.get("mexico", -1) < 0:
        options.append(ID["gather"])
    if in_field(state, frame["units"]) and not in_box and left >= cost["field_attack"]:
        if field_units(state, area, ENEMY[side]):
            options.append(ID["attack"])
        if state.land_at(area, "rebel") and "portuguese" not in frame["nations"]:
            options.append(ID["attack rebels"])
    if frame["units"] and not in_box and besieged and left >= cost["siege_attack"]:
        options.append(ID["siege"])
        if left >= cost["siege_attack"] + cost["siege_works"]:
            options.append(ID["siege works"])
    if frame["units"] and not in_box and left >= cost["blockade_min"]:
        city = fortress_besieged(state, side, area)
        if city and city not in state.d["blockades"]:
            options.append(ID["blockade"])
    if frame["units"] and not in_box and left >= cost["counter_guerrilla"]:
        hunted = [u for u in state.land_at(area, ENEMY[side]) if state.d["units"][u]["guerrilla"]]
        options += [ID[f"hunt {u}"] for u in hunted]
    from ludoteca.games.guerra_a_muerte.naval import can_embark  # naval builds on this module

    if "portuguese" not in frame["nations"] and can_embark(state, frame):
        options.append(ID["embark"])
    return options if options != [ID["stop"]] else []


@activation.step("operate")
def _operate(state: GamState, frame: Activation, action: A) -> None:
    """§3.3: any operations in any order while OPs last."""
    force_here(state, frame)
    if not frame["units"] and not frame["leaders"]:
        state.goto("end")
        return
    options = operate_options(state, frame)
    state.d["revealed"] = sorted(target(a) for a in options if verb(a) == "hunt")  # shown (§10.1)
    if not options:
        state.goto("end")
        return
    side, area = frame["side"], frame["area"]
    state.decide(
        ROLE[side],
        "operate",
        options,
        then="operation",
        prompt="prompt.operate",
        private=state.hidden(side),  # `leave` names the force's counters (§5.1.3)
        area=place_ref(area),
        ops=frame["ops"] - frame["used"],
    )


@activation.step("operation")
def _operation(state: GamState, frame: Activation, action: int) -> None:
    v, what = verb(action), target(action)
    side, area = frame["side"], frame["area"]
    cost = BOARD.op_cost
    state.d["revealed"] = []
    advance = frame.pop("advance", False)  # §6.3.1: only the very next operation
    if v == "stop":
        state.goto("end")
    elif v == "leave":
        frame["units"].remove(what)
        if frame["hostile"] or frame["andes"]:  # §5.3: it too moved through a hostile area or the Andes
            frame.setdefault("left", []).append([area, what])
        state.log_for(side, "log.left", unit=f"@unit.{what}", area=place_ref(area))
        state.goto("operate")
    elif v in ("enter", "sortie"):
        inside = v == "enter"
        frame["used"] += 0 if inside and advance else cost["enter_city" if inside else "leave_city"]
        state.set_units(
            {u: {"city": inside} for u in frame["units"] if state.d["units"][u]["city"] != inside}
        )
        city = city_in(area).id
        state.log(f"log.{'entered' if inside else 'left'}_city", side=f"@side.{side}", city=f"@city.{city}")
        state.goto("operate")
    elif v == "gather":
        units, leaders = eligible(state, side, frame["nations"], area)
        for u in units:
            state.set_unit(u, done=True)
        for lid in leaders:
            state.d["leaders"][lid]["done"] = True
        frame["units"] += units
        frame["leaders"] += leaders
        state.log_for(side, "log.gathered", n=len(units) + len(leaders))
        state.goto("operate")
    elif v == "move":
        frame["used"] += cost["move"]
        frame["to"] = what
        interceptors = field_units(state, area, ENEMY[side]) if area in BOARD.areas else []
        if interceptors:
            state.call(
                interception,
                Interception(
                    side=ENEMY[side],
                    area=area,
                    units=interceptors,
                    leaders=state.leaders_at(area, ENEMY[side]),
                    movers=frame["units"],
                    mleaders=frame["leaders"],
                ),
                then="moved",
            )
        else:
            state.goto("moved")
    elif v == "attack":
        frame["used"] += cost["field_attack"]
        defender = ENEMY[side] if not what else "rebel"
        state.call(
            battle,
            Battle(
                attacker=side,
                area=area,
                units=in_field(state, frame["units"]),
                leaders=frame["leaders"],
                defender=defender,
                dunits=field_units(state, area, defender)
                if defender != "rebel"
                else state.land_at(area, "rebel"),
                dleaders=state.leaders_at(area, defender),
                friction=frame["used"] - cost["field_attack"] >= BOARD.integer("friction", "ops_spent"),
                evade=True,
            ),
            then="fought",
        )
    elif v == "siege":
        works = what == "works"
        frame["used"] += cost["siege_attack"] + (cost["siege_works"] if works else 0)
        state.call(
            siege,
            Siege(attacker=side, area=area, units=frame["units"], leaders=frame["leaders"], works=works),
            then="operate",
        )
    elif v == "blockade":
        frame["used"] += cost["blockade_min"]
        frame["blockade"] = True
        city = fortress_besieged(state, side, area)
        state.d["blockades"][city] = side
        state.log("log.blockade", side=f"@side.{side}", city=f"@city.{city}")
        state.goto("operate")
    elif v == "hunt":
        frame["used"] += cost["counter_guerrilla"]
        state.call(hunt, Hunt(side=side, area=area, units=frame["units"], target=what), then="operate")
    else:  # embark
        frame["used"] += cost["embark"] + cost["disembark"]
        state.call(
            transport,
            Transport(side=side, area=area, units=frame["units"], leaders=frame["leaders"]),
            then="landed",
        )


@activation.step("fought")
def _fought(state: GamState, frame: Activation, action: A) -> None:
    """§6.3.1: "Si una fuerza resulta victoriosa después de una batalla campal, puede inmediatamente
    entrar en las ciudades… que no estén ocupadas por unidades enemigas": after a field battle the force's
    next operation may be `enter`, free. It is offered only where the force, some of its units left in the
    field, stands alone outside the city (`cities.city_free`): the enemy it fought is gone, the victory."""
    force_here(state, frame)
    frame["advance"] = bool(in_field(state, frame["units"]))
    state.goto("operate")


@activation.step("landed")
def _landed(state: GamState, frame: Activation, action: A) -> None:
    """§7.6: the force is ashore where it landed and goes on operating."""
    to = frame.pop("ret")
    frame["area"] = to
    frame["moved"] = True
    frame["hostile"] = frame["hostile"] or BOARD.areas[to].hostile
    state.goto("operate")


@activation.step("moved")
def _moved(state: GamState, frame: Activation, action: A) -> None:
    """§5: the force enters the next area unless it was intercepted (§3.4: it stays and fights). The São
    Paulo Legion withdrawn to Brazil leaves the game (§10.6)."""
    intercepted = frame.pop("ret", False)
    to = frame.pop("to")
    force_here(state, frame)
    if intercepted or not (frame["units"] or frame["leaders"]):
        state.goto("operate")
        return
    if frozenset((frame["area"], to)) in ANDES:
        frame["andes"] = True
    for u in frame["units"]:
        state.move(u, to, city=False)
    for lid in frame["leaders"]:
        state.d["leaders"][lid]["at"] = to
    frame["area"] = to
    frame["moved"] = True
    if to == "brasil":
        for u in frame["units"]:
            state.move(u, DEAD)
        frame["units"] = []
    if to in BOARD.areas and BOARD.areas[to].hostile:
        frame["hostile"] = True
    if to == SPL_AREA and any(COUNTERS[u].nationality == "el_plata" for u in frame["units"]):
        state.d["spl"] = True
    state.log("log.moved", side=f"@side.{frame['side']}", area=place_ref(to))
    state.goto("operate")


@activation.step("end")
def _end(state: GamState, frame: Activation, action: A) -> None:
    """§5.3: a force that moved into or through a hostile area or across the Andes rolls for attrition
    at the end of its move (only forces that moved roll, ambiguity 4; never the São Paulo Legion, §10.6).
    Units it left behind after such a move end their move where they were left: each stack left rolls
    first, on its own."""
    left = next_left_stack(state, frame)
    if left:
        state.call(attrition, Attrition(side=frame["side"], area=left[0], units=left[1]), then="end")
        return
    force_here(state, frame)
    if frame["units"] and (frame["hostile"] or frame["andes"]) and "portuguese" not in frame["nations"]:
        state.call(
            attrition, Attrition(side=frame["side"], area=frame["area"], units=frame["units"]), then="ports"
        )
        return
    state.goto("ports")


def next_left_stack(state: GamState, frame: Activation) -> tuple[str, list[str]] | None:
    """The first area where the force left units after moving through a hostile area or across the
    Andes (§5.2, §5.3), with those of them still there; taken off the frame's list."""
    while frame.get("left"):
        area = frame["left"][0][0]
        units = [u for a, u in frame["left"] if a == area and state.d["units"][u]["at"] == area]
        frame["left"] = [[a, u] for a, u in frame["left"] if a != area]
        if units:
            return area, units
    return None


@activation.step("ports")
def _ports(state: GamState, frame: Activation, action: A) -> None:
    """§7.9: ships in a port the force has taken roll for their fate."""
    state.call("ports_taken", then="done")


@activation.step("done")
def _done(state: GamState, frame: Activation, action: A) -> None:
    state.ret()


# ------------------------------------------------------------------------------- losses (§5.3, §6.1)


def alive(state: GamState, units: list[str], area: str | None = None) -> list[str]:
    return [
        u
        for u in units
        if state.d["units"][u]["at"] in BOARD.areas and (area is None or state.d["units"][u]["at"] == area)
    ]


def loss_options(state: GamState, frame: Losses) -> list[int]:
    """§5.3: the counters the owner may take the next step from; [] where it is not asked (no loss left,
    one counter, the rebels, or as many losses as the force's steps: all go)."""
    units = alive(state, frame["units"])
    if frame["side"] == "rebel" or len(units) < 2 or not 0 < frame["n"] < state.strength_steps(units):
        return []
    return [ID[f"lose {u}"] for u in units]


@losses.step()
def _losses(state: GamState, frame: Losses, action: A) -> None:
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
    shown = set(state.d["revealed"])
    state.decide(
        ROLE[frame["side"]],
        "loss",
        loss_options(state, frame),
        then="take",
        prompt="prompt.lose",
        # which counter loses a step is not shown (§5.1.3), unless a combat shows the force
        private=state.hidden(frame["side"]) and not shown.issuperset(units),
        n=frame["n"],
    )


def _all(state: GamState, frame: Losses) -> None:
    for u in frame["units"]:
        state.eliminate(u)
    state.log("log.eliminated_all", n=len(frame["units"]))
    state.ret()


@losses.step("take")
def _losses_take(state: GamState, frame: Losses, action: A) -> None:
    uid = target(action) if action is not None else frame["units"][0]
    state.lose_step(uid)
    if uid in state.d["revealed"] or not state.hidden(COUNTERS[uid].side):
        state.log("log.unit_lost_step", unit=f"@unit.{uid}")  # a combat shows it (§5.1.3), or open play
    else:
        state.log("log.step_lost", side=f"@side.{COUNTERS[uid].side}")
    frame["n"] -= 1
    state.goto("start")
