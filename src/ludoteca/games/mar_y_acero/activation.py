"""The impulse (§4.3.2 IV) and its actions: activating an area to move and fight or to raid (§4.4.1),
building (§4.4.2), and the Royal Scribes at the end of a Spanish activation (§4.4.3 c)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import END, act, area_actions, arg, key_actions, verb
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.combat import Combat, combat
from ludoteca.games.mar_y_acero.deploy import Scribes, may_join, scribes
from ludoteca.games.mar_y_acero.dice import Conquest, GraceOffer, conquest, face, grace, roll, snapshot
from ludoteca.games.mar_y_acero.movement import reach, toll, toll_choices
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    OTHER,
    ROLE,
    combatants,
    contested,
    count_units,
    find,
    is_unit,
    key,
    pieces,
    present,
    remove,
    split_key,
    stands,
    take_hit,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

BUILD = {"palisade": act("build palisade"), "citadel": act("build citadel")}
AGAIN = act("again")


def overstacked(state: MyaState, fac: str) -> list[int]:
    """Areas where `fac` has more units than its stacking limit (§4.2). Leaders never count, so a side
    no longer than the limit is never over it: only longer ones are counted."""
    limit = state.d["limit"][fac]
    return [
        i + 1
        for i, cell in enumerate(state.d["map"])
        if len(cell[fac]) > limit and count_units(cell[fac]) > limit
    ]


def activatable(state: MyaState, fac: str) -> list[int]:
    """§4.4.1: an area you control with a piece of yours that can act; over-stacked areas first."""
    over = [x for x in overstacked(state, fac) if present(state, x, fac)]
    if over:
        return over
    return [x for x in AREAS if state.d["ctrl"][x - 1] == fac and present(state, x, fac)]


def build_targets(state: MyaState, what: str) -> list[int]:
    """§4.4.2: a palisade in a Spanish area that is not jungle and has none; a citadel where a palisade
    and a Peón stand. Ten palisades and three citadels in all."""
    position = state.d
    if what == "palisade":
        if len(position["pal"]) >= BOARD.tracks["palisades"]:
            return []
        return [
            x
            for x in AREAS
            if position["ctrl"][x - 1] == "es"
            and present(state, x, "es")
            and not BOARD.areas[x].jungle
            and x not in position["pal"]
            and x not in position["cit"]
        ]
    if len(position["cit"]) >= BOARD.tracks["citadels"]:
        return []
    return [
        x
        for x in position["pal"]
        if position["ctrl"][x - 1] == "es" and any(p[0] == "peon" for p in pieces(state, x, "es"))
    ]


# --------------------------------------------------------------------------------------- the impulse
class Impulse(TypedDict):
    """An impulse of faction `fac` (§4.3.2 IV)."""

    fac: str


impulse = PROCS.proc("impulse", rule="4.3.2.IV", frame=Impulse)


@impulse.step()
def _impulse(state: MyaState, frame: Impulse, action: None) -> None:
    """The indigenous side must activate an area; Spain activates one or builds. No passing."""
    fac = frame["fac"]
    snapshot(state)
    options = area_actions("activate", activatable(state, fac))
    if fac == "es" and not overstacked(state, "es"):
        options += [BUILD[w] for w in BUILD if build_targets(state, w)]
    if not options:
        state.log("log.no_impulse", faction=f"@faction.{fac}")
        state.ret()
        return
    state.decide(
        ROLE[fac],
        "impulse",
        options,
        then="chosen",
        prompt="prompt.impulse",
        faction=f"@faction.{fac}",
        left=state.d["imp"][fac],
    )


@impulse.step("chosen")
def _impulse_chosen(state: MyaState, frame: Impulse, action: int) -> None:
    if verb(action) == "build":
        state.replace(build, Build(what=arg(action)))
    else:
        state.replace(activation, Activation(fac=frame["fac"], area=int(arg(action))))


# ------------------------------------------------------------------------------------ the activation
class Activation(TypedDict):
    """An activation (§4.4.1) of `fac` from `area`: the area activated now (`cur`), the tolls paid
    (``"area:kind"``), the Rebel escorts left by sea route (``"src-dst"``), the areas reached, whether a
    piece has moved, each area's units at the start (stacking, §4.4.1); the piece moving, where to and
    whether by sea."""

    fac: str
    area: int
    cur: NotRequired[int]
    paid: NotRequired[list[str]]
    cred: NotRequired[dict[str, int]]
    reached: NotRequired[list[int]]
    moved: NotRequired[bool]
    start: NotRequired[list[int]]
    pk: NotRequired[str]
    dst: NotRequired[int]
    naval: NotRequired[bool]
    ret: NotRequired[None]


activation = PROCS.proc("activation", rule="4.4.1", frame=Activation)


def destinations(state: MyaState, frame: Activation, k: str) -> Iterator[tuple[int, bool]]:
    """Where a piece of the current area may move now, lazily (the menu only asks whether there is one).
    Stacking holds, except that a unit may over-stack an area it could go on from by Extended movement
    (no enemy there, not yet activated)."""
    fac, src = frame["fac"], frame["cur"]
    kind = split_key(k)[0]
    enemy = OTHER[fac]
    unit, limit, cells = is_unit([kind]), state.d["limit"][fac], state.d["map"]
    for dst, naval in reach(state, fac, k, src, frame):
        if not may_join(state, dst, fac, kind):
            continue
        full = unit and count_units(cells[dst - 1][fac]) >= limit
        if full and (stands(cells[dst - 1][enemy]) or dst in state.d["act"]):
            continue
        yield dst, naval


def can_move(state: MyaState, frame: Activation, k: str) -> bool:
    return next(destinations(state, frame, k), None) is not None


def stacking_ok(state: MyaState, frame: Activation) -> bool:
    """§4.4.1: no over-stacking left at the end of the movement (beyond what stood before it). A side no
    longer than the limit needs no counting."""
    fac = frame["fac"]
    limit, cells = state.d["limit"][fac], state.d["map"]
    return all(
        len(cell[fac]) <= limit or count_units(cell[fac]) <= max(limit, n)
        for cell, n in zip(cells, frame["start"], strict=True)
    )


@activation.step()
def _activation(state: MyaState, frame: Activation, action: None) -> None:
    position = state.d
    fac, area = frame["fac"], frame["area"]
    position["act"] = [area]
    frame["cur"] = area
    frame["paid"], frame["cred"], frame["reached"] = [], {}, []
    frame["moved"] = False
    frame["start"] = [units(state, x, fac) for x in AREAS]
    for x in AREAS:
        for p in pieces(state, x, fac):
            p[2] = 0
    state.log("log.activate", faction=f"@faction.{fac}", area=area)
    state.goto("menu")


@activation.step("menu")
def _menu(state: MyaState, frame: Activation, action: None) -> None:
    """Move pieces of the current area one at a time, extend to an area reached, raid instead, or end."""
    position = state.d
    fac, cur = frame["fac"], frame["cur"]
    enemy = OTHER[fac]
    keys = sorted(
        k for k in {key(p) for p in pieces(state, cur, fac) if not p[2]} if can_move(state, frame, k)
    )
    options = key_actions("pick", keys)
    extend = [
        x
        for x in sorted(set(frame["reached"]))
        if x not in position["act"] and not present(state, x, enemy) and present(state, x, fac)
    ]
    options += area_actions("activate", extend)
    if not frame["moved"]:
        options += area_actions(
            "raid", [x for x in BOARD.adjacent(cur) if any(is_unit(p) for p in pieces(state, x, enemy))]
        )
    if stacking_ok(state, frame) or not options:
        options.append(END)
    state.decide(ROLE[fac], "move", options, then="chosen", prompt="prompt.move", area=cur)


@activation.step("chosen")
def _chosen(state: MyaState, frame: Activation, action: int) -> None:
    if action == END:
        state.goto("resolve")
        return
    what = verb(action)
    if what == "raid":
        frame["moved"] = True
        state.call(raid, Raid(fac=frame["fac"], src=frame["cur"], dst=int(arg(action))), then="after")
        return
    if what == "activate":
        area = int(arg(action))
        state.d["act"].append(area)
        frame["cur"] = area
        for p in pieces(state, area, frame["fac"]):
            p[2] = 0
        state.log("log.extend", area=area)
        state.goto("menu")
        return
    frame["pk"] = arg(action)
    dests = sorted({dst for dst, _ in destinations(state, frame, frame["pk"])})
    state.decide(
        ROLE[frame["fac"]],
        "move_to",
        area_actions("to", dests),
        then="dest",
        prompt="prompt.move_to",
        unit=f"@kind.{split_key(frame['pk'])[0]}",
        area=frame["cur"],
    )


@activation.step("dest")
def _dest(state: MyaState, frame: Activation, action: int) -> None:
    dst = int(arg(action))
    naval = dst not in BOARD.adjacent(frame["cur"])
    frame["dst"], frame["naval"] = dst, naval
    due = toll(state, frame["fac"], split_key(frame["pk"])[0], frame["cur"], dst, naval)
    if due is not None and f"{frame['cur']}:{due}" not in frame["paid"]:
        frame["paid"].append(f"{frame['cur']}:{due}")
        state.call(
            toll_proc, Toll(fac=frame["fac"], area=frame["cur"], kind=due, moving=frame["pk"]), then="go"
        )
        return
    state.goto("go")


@activation.step("go")
def _go(state: MyaState, frame: Activation, action: None) -> None:
    fac, src, dst = frame["fac"], frame["cur"], frame["dst"]
    k = frame["pk"]
    try:
        piece = find(state, src, fac, k)
    except KeyError:  # the toll reduced the very piece that moves
        piece = find(state, src, fac, f"{k}.r")
    pieces(state, src, fac).remove(piece)
    piece[2] = 1
    pieces(state, dst, fac).append(piece)
    if frame["naval"] and fac == "ind":
        route = f"{src}-{dst}"
        escorts = frame["cred"].get(route, 0)
        frame["cred"][route] = escorts + 1 if KINDS[piece[0]].bag == "rebel" else escorts - 1
    frame["reached"].append(dst)
    frame["moved"] = True
    state.log(
        "log.move",
        kind=f"@kind.{piece[0]}",
        area=src,
        to=dst,
        how=f"@how.{'naval' if frame['naval'] else 'basic'}",
    )
    update_control(state)
    state.goto("menu")


@activation.step("resolve")
def _resolve(state: MyaState, frame: Activation, action: None) -> None:
    """§4.4.1 B: a combat in every area where both sides stand, in the order the mover chooses."""
    for x in AREAS:
        for p in pieces(state, x, frame["fac"]):
            p[2] = 0
    fights = [x for x in AREAS if contested(state, x)]
    if not fights:
        state.goto("after")
        return
    if len(fights) == 1:
        state.call(
            combat, Combat(area=fights[0], att=frame["fac"], origin=list(state.d["act"])), then="resolve"
        )
        return
    state.decide(
        ROLE[frame["fac"]],
        "combat_order",
        area_actions("at", fights),
        then="fight",
        prompt="prompt.combat_order",
    )


@activation.step("fight")
def _fight(state: MyaState, frame: Activation, action: int) -> None:
    state.call(
        combat, Combat(area=int(arg(action)), att=frame["fac"], origin=list(state.d["act"])), then="resolve"
    )


@activation.step("after")
def _after(state: MyaState, frame: Activation, action: None) -> None:
    frame.pop("ret", None)
    update_control(state)
    state.call(conquest, Conquest(), then="scribes")


@activation.step("scribes")
def _scribes(state: MyaState, frame: Activation, action: None) -> None:
    if frame["fac"] == "es" and state.d["over"] is None:
        state.call(scribes, Scribes(areas=list(state.d["act"])), then="done")
        return
    state.goto("done")


@activation.step("done")
def _done(state: MyaState, frame: Activation, action: None) -> None:
    state.d["act"] = []
    state.ret()


# ------------------------------------------------------------------------------------------- tolls
class Toll(TypedDict):
    """A toll (§4.4.1 A, card 24) of `fac` in `area`: "reduce" or "remove", before `moving` moves."""

    fac: str
    area: int
    kind: str
    moving: str


toll_proc = PROCS.proc("toll", rule="4.4.1.A.naval", frame=Toll)


@toll_proc.step()
def _toll(state: MyaState, frame: Toll, action: None) -> None:
    """Before the first such move from an area: reduce a unit (remove it if reduced), or lose one
    (card 24)."""
    options = toll_choices(state, frame["fac"], frame["area"], frame["moving"], frame["kind"])
    state.decide(
        ROLE[frame["fac"]],
        "toll",
        key_actions("reduce", options),
        then="paid",
        prompt=f"prompt.toll_{frame['kind']}",
        area=frame["area"],
    )


@toll_proc.step("paid")
def _toll_paid(state: MyaState, frame: Toll, action: int) -> None:
    k = arg(action)
    if frame["kind"] == "remove":
        remove(state, frame["area"], frame["fac"], find(state, frame["area"], frame["fac"], k))
    else:
        take_hit(state, frame["area"], frame["fac"], k)
    state.log("log.toll", kind=f"@kind.{split_key(k)[0]}", area=frame["area"])
    update_control(state)
    state.ret()


# ------------------------------------------------------------------------------------ §4.4.1 D raids
RaidAttempt = TypedDict("RaidAttempt", {"try": NotRequired[int]})
"""The attempt of a raid, 1 or 2 (a key that the class syntax cannot name)."""


class Raid(RaidAttempt):
    """A raid (§4.4.1 D) of `fac` from `src` into `dst`: whether the attempt succeeded, its effect on a
    piece (None: no effect), the piece it strikes, and the die after the Gracia Divina."""

    fac: str
    src: int
    dst: int
    success: NotRequired[bool]
    effect: NotRequired[str | None]
    victim: NotRequired[str | None]
    ret: NotRequired[list[int]]


raid = PROCS.proc("raid", rule="4.4.1.D", frame=Raid)


def _fc(k: str, factor: str) -> int:
    kind, red = split_key(k)
    spec = KINDS[kind]
    return int(spec.reduced if red or spec.only_reduced else getattr(spec, factor))


def raid_victims(state: MyaState, frame: Raid, effect: str) -> list[str]:
    """The pieces a raid result may strike: the defending units (never leaders) with the highest defence,
    or the raider's pieces with the highest attack. Several tied: the raider chooses (§4.4.1 D). In solo
    the Nitayno may also name its best unit when a leader of its own would be struck (§5.3.5)."""
    fac = frame["fac"]
    if effect in ("remove", "reduce"):
        keys = [key(p) for p in pieces(state, frame["dst"], OTHER[fac]) if is_unit(p)]
        factor = "defence"
    else:
        keys = [key(p) for p in combatants(state, frame["src"], fac)]
        factor = "attack"
    if not keys:
        return []
    top = max(_fc(k, factor) for k in keys)
    tied = sorted({k for k in keys if _fc(k, factor) == top})
    if (
        solo(state)
        and fac == "ind"
        and effect.startswith("self")
        and any(not is_unit([split_key(k)[0]]) for k in tied)
    ):
        units_ = [k for k in keys if is_unit([split_key(k)[0]])]
        if units_:
            best = max(_fc(k, factor) for k in units_)
            tied = sorted(set(tied) | {k for k in units_ if _fc(k, factor) == best})
    return tied


@raid.step()
def _raid(state: MyaState, frame: Raid, action: None) -> None:
    frame["try"] = 1
    state.log("log.raid", faction=f"@faction.{frame['fac']}", area=frame["src"], to=frame["dst"])
    roll(state, "rolled")


@raid.step("rolled")
def _raid_rolled(state: MyaState, frame: Raid, action: int) -> None:
    state.call(grace, GraceOffer(fac=frame["fac"], dice=[face(action)], fail=[0]), then="graced")


@raid.step("graced")
def _raid_graced(state: MyaState, frame: Raid, action: None) -> None:
    """The two result tables; +1 against a citadel, −1 for an indigenous raid into jungle without Rebels."""
    position = state.d
    fac, src, dst = frame["fac"], frame["src"], frame["dst"]
    die = max(1, frame.pop("ret")[0])
    rebels = any(KINDS[p[0]].bag == "rebel" for p in pieces(state, src, fac))
    mod = (1 if dst in position["cit"] else 0) - (
        1 if fac == "ind" and BOARD.areas[dst].jungle and not rebels else 0
    )
    mod += int(position.get("nitayno", {}).get("es_die", 0)) if fac == "es" else 0
    modified = max(1, min(6, die + mod))
    state.log("log.raid_roll", die=die, result=modified, attempt=frame["try"])
    frame["success"] = modified <= 3
    if modified <= 2:
        frame["effect"] = "remove"
    elif modified == 3:
        frame["effect"] = "reduce"
    elif (frame["try"] == 1 and modified == 6) or (frame["try"] == 2 and modified >= 4):
        frame["effect"] = "self_kill" if frame["try"] == 2 and modified == 6 else "self"
    else:
        frame["effect"] = None
    victims = raid_victims(state, frame, frame["effect"]) if frame["effect"] else []
    if len(victims) > 1:
        state.decide(
            ROLE[fac],
            "raid_hit",
            key_actions("hit", victims),
            then="victim",
            prompt="prompt.raid_hit",
            area=dst,
        )
        return
    frame["victim"] = victims[0] if victims else None
    state.goto("strike")


@raid.step("victim")
def _raid_victim(state: MyaState, frame: Raid, action: int) -> None:
    frame["victim"] = arg(action)
    state.goto("strike")


@raid.step("strike")
def _raid_strike(state: MyaState, frame: Raid, action: None) -> None:
    """Apply the result to the piece it strikes; after a success, a second attempt may follow."""
    fac, src, dst, k = frame["fac"], frame["src"], frame["dst"], frame["victim"]
    if k is not None:
        area, owner = (dst, OTHER[fac]) if frame["effect"] in ("remove", "reduce") else (src, fac)
        leader = KINDS[split_key(k)[0]].leader
        if frame["effect"] == "remove" or (frame["effect"] == "self_kill" and leader):
            remove(state, area, owner, find(state, area, owner, k))
            new = None
        else:
            new = take_hit(state, area, owner, k)
        state.log("log.hit" if new else "log.lost", kind=f"@kind.{split_key(k)[0]}", area=area)
    update_control(state)
    others = [p for p in pieces(state, dst, OTHER[fac]) if is_unit(p)]
    if frame["success"] and frame["try"] == 1 and others and combatants(state, src, fac):
        state.decide(
            ROLE[fac], "raid_again", [AGAIN, END], then="again", prompt="prompt.raid_again", area=dst
        )
        return
    state.ret()


@raid.step("again")
def _raid_again(state: MyaState, frame: Raid, action: int) -> None:
    if action == END:
        state.ret()
        return
    frame["try"] = 2
    roll(state, "rolled")


# --------------------------------------------------------------------------------- §4.4.2 building
class Build(TypedDict):
    """A building action (§4.4.2): palisades or citadels, and how many are built so far."""

    what: str
    n: NotRequired[int]


build = PROCS.proc("build", rule="4.4.2", frame=Build)


@build.step()
def _build(state: MyaState, frame: Build, action: None) -> None:
    frame["n"] = 0
    state.goto("next")


@build.step("next")
def _build_next(state: MyaState, frame: Build, action: None) -> None:
    """Up to three palisades, or up to two citadels, in one action."""
    limit = 3 if frame["what"] == "palisade" else 2
    targets = build_targets(state, frame["what"])
    if frame["n"] >= limit or not targets:
        state.ret()
        return
    options = area_actions("at", targets) + ([END] if frame["n"] else [])
    state.decide(ROLE["es"], "build_area", options, then="built", prompt=f"prompt.build_{frame['what']}")


@build.step("built")
def _build_built(state: MyaState, frame: Build, action: int) -> None:
    if action == END:
        state.ret()
        return
    area = int(arg(action))
    position = state.d
    if frame["what"] == "palisade":
        position["pal"].append(area)
    else:
        position["pal"].remove(area)
        here = pieces(state, area, "es")
        peon = max((p for p in here if p[0] == "peon"), key=lambda p: p[1])
        here.remove(peon)
        position["bags"]["settler"]["peon"] += 1
        position["cit"].append(area)
    frame["n"] += 1
    state.log(f"log.built_{frame['what']}", area=area)
    update_control(state)
    state.goto("next")
