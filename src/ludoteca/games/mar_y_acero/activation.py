"""The impulse (§4.3.2 IV) and its actions: activating an area to move and fight or to raid (§4.4.1),
building (§4.4.2), and the Royal Scribes at the end of a Spanish activation (§4.4.3 c)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.actions import END, act, area_actions, arg, key_actions, verb
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import may_join
from ludoteca.games.mar_y_acero.dice import face, roll, snapshot
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
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

BUILD = {"palisade": act("build palisade"), "citadel": act("build citadel")}
AGAIN = act("again")


def overstacked(st: St, fac: str) -> list[int]:
    """Areas where `fac` has more units than its stacking limit (§4.2). Leaders never count, so a side
    no longer than the limit is never over it: only longer ones are counted."""
    limit = st.d["limit"][fac]
    return [
        i + 1
        for i, cell in enumerate(st.d["map"])
        if len(cell[fac]) > limit and count_units(cell[fac]) > limit
    ]


def activatable(st: St, fac: str) -> list[int]:
    """§4.4.1: an area you control with a piece of yours that can act; over-stacked areas first."""
    over = [x for x in overstacked(st, fac) if present(st, x, fac)]
    if over:
        return over
    return [x for x in AREAS if st.d["ctrl"][x - 1] == fac and present(st, x, fac)]


def build_targets(st: St, what: str) -> list[int]:
    """§4.4.2: a palisade in a Spanish area that is not jungle and has none; a citadel where a palisade
    and a Peón stand. Ten palisades and three citadels in all."""
    d = st.d
    if what == "palisade":
        if len(d["pal"]) >= BOARD.tracks["palisades"]:
            return []
        return [
            x
            for x in AREAS
            if d["ctrl"][x - 1] == "es"
            and present(st, x, "es")
            and not BOARD.areas[x].jungle
            and x not in d["pal"]
            and x not in d["cit"]
        ]
    if len(d["cit"]) >= BOARD.tracks["citadels"]:
        return []
    return [
        x for x in d["pal"] if d["ctrl"][x - 1] == "es" and any(p[0] == "peon" for p in pieces(st, x, "es"))
    ]


# --------------------------------------------------------------------------------------- the impulse
impulse = PROCS.proc("impulse", rule="4.3.2.IV")


@impulse.step()
def _impulse(st: St, f: Frame, a: A) -> None:
    """The indigenous side must activate an area; Spain activates one or builds. No passing."""
    fac = f["fac"]
    snapshot(st)
    options = area_actions("activate", activatable(st, fac))
    if fac == "es" and not overstacked(st, "es"):
        options += [BUILD[w] for w in BUILD if build_targets(st, w)]
    if not options:
        st.log("log.no_impulse", faction=f"@faction.{fac}")
        st.ret()
        return
    st.decide(
        ROLE[fac],
        "impulse",
        options,
        then="chosen",
        prompt="prompt.impulse",
        faction=f"@faction.{fac}",
        left=st.d["imp"][fac],
    )


@impulse.step("chosen")
def _impulse_chosen(st: St, f: Frame, a: A) -> None:
    if verb(a) == "build":
        st.replace("build", what=arg(a))
    else:
        st.replace("activation", fac=f["fac"], area=int(arg(a)))


# ------------------------------------------------------------------------------------ the activation
activation = PROCS.proc("activation", rule="4.4.1")


def destinations(st: St, f: Frame, k: str) -> Iterator[tuple[int, bool]]:
    """Where a piece of the current area may move now, lazily (the menu only asks whether there is one).
    Stacking holds, except that a unit may over-stack an area it could go on from by Extended movement
    (no enemy there, not yet activated)."""
    fac, src = f["fac"], f["cur"]
    kind = split_key(k)[0]
    enemy = OTHER[fac]
    unit, limit, cells = is_unit([kind]), st.d["limit"][fac], st.d["map"]
    for dst, naval in reach(st, fac, k, src, f):
        if not may_join(st, dst, fac, kind):
            continue
        full = unit and count_units(cells[dst - 1][fac]) >= limit
        if full and (stands(cells[dst - 1][enemy]) or dst in st.d["act"]):
            continue
        yield dst, naval


def can_move(st: St, f: Frame, k: str) -> bool:
    return next(destinations(st, f, k), None) is not None


def stacking_ok(st: St, f: Frame) -> bool:
    """§4.4.1: no over-stacking left at the end of the movement (beyond what stood before it). A side no
    longer than the limit needs no counting."""
    fac = f["fac"]
    limit, cells = st.d["limit"][fac], st.d["map"]
    return all(
        len(cell[fac]) <= limit or count_units(cell[fac]) <= max(limit, n)
        for cell, n in zip(cells, f["start"], strict=True)
    )


@activation.step()
def _activation(st: St, f: Frame, a: A) -> None:
    d = st.d
    fac, area = f["fac"], f["area"]
    d["act"] = [area]
    f["cur"] = area
    f["paid"], f["cred"], f["reached"] = [], {}, []
    f["moved"] = False
    f["start"] = [units(st, x, fac) for x in AREAS]
    for x in AREAS:
        for p in pieces(st, x, fac):
            p[2] = 0
    st.log("log.activate", faction=f"@faction.{fac}", area=area)
    st.goto("menu")


@activation.step("menu")
def _menu(st: St, f: Frame, a: A) -> None:
    """Move pieces of the current area one at a time, extend to an area reached, raid instead, or end."""
    d = st.d
    fac, cur = f["fac"], f["cur"]
    enemy = OTHER[fac]
    keys = sorted(k for k in {key(p) for p in pieces(st, cur, fac) if not p[2]} if can_move(st, f, k))
    options = key_actions("pick", keys)
    extend = [
        x
        for x in sorted(set(f["reached"]))
        if x not in d["act"] and not present(st, x, enemy) and present(st, x, fac)
    ]
    options += area_actions("activate", extend)
    if not f["moved"]:
        options += area_actions(
            "raid", [x for x in BOARD.adjacent(cur) if any(is_unit(p) for p in pieces(st, x, enemy))]
        )
    if stacking_ok(st, f) or not options:
        options.append(END)
    st.decide(ROLE[fac], "move", options, then="chosen", prompt="prompt.move", area=cur)


@activation.step("chosen")
def _chosen(st: St, f: Frame, a: A) -> None:
    if a == END:
        st.goto("resolve")
        return
    v = verb(a)
    if v == "raid":
        f["moved"] = True
        st.call("raid", then="after", fac=f["fac"], src=f["cur"], dst=int(arg(a)))
        return
    if v == "activate":
        area = int(arg(a))
        st.d["act"].append(area)
        f["cur"] = area
        for p in pieces(st, area, f["fac"]):
            p[2] = 0
        st.log("log.extend", area=area)
        st.goto("menu")
        return
    f["pk"] = arg(a)
    dests = sorted({dst for dst, _ in destinations(st, f, f["pk"])})
    st.decide(
        ROLE[f["fac"]],
        "move_to",
        area_actions("to", dests),
        then="dest",
        prompt="prompt.move_to",
        unit=f"@kind.{split_key(f['pk'])[0]}",
        area=f["cur"],
    )


@activation.step("dest")
def _dest(st: St, f: Frame, a: A) -> None:
    dst = int(arg(a))
    naval = dst not in BOARD.adjacent(f["cur"])
    f["dst"], f["naval"] = dst, naval
    due = toll(st, f["fac"], split_key(f["pk"])[0], f["cur"], dst, naval)
    if due is not None and f"{f['cur']}:{due}" not in f["paid"]:
        f["paid"].append(f"{f['cur']}:{due}")
        st.call("toll", then="go", fac=f["fac"], area=f["cur"], kind=due, moving=f["pk"])
        return
    st.goto("go")


@activation.step("go")
def _go(st: St, f: Frame, a: A) -> None:
    fac, src, dst = f["fac"], f["cur"], f["dst"]
    k = f["pk"]
    try:
        piece = find(st, src, fac, k)
    except KeyError:  # the toll reduced the very piece that moves
        piece = find(st, src, fac, f"{k}.r")
    pieces(st, src, fac).remove(piece)
    piece[2] = 1
    pieces(st, dst, fac).append(piece)
    if f["naval"] and fac == "ind":
        route = f"{src}-{dst}"
        escorts = f["cred"].get(route, 0)
        f["cred"][route] = escorts + 1 if KINDS[piece[0]].bag == "rebel" else escorts - 1
    f["reached"].append(dst)
    f["moved"] = True
    st.log(
        "log.move",
        kind=f"@kind.{piece[0]}",
        area=src,
        to=dst,
        how=f"@how.{'naval' if f['naval'] else 'basic'}",
    )
    update_control(st)
    st.goto("menu")


@activation.step("resolve")
def _resolve(st: St, f: Frame, a: A) -> None:
    """§4.4.1 B: a combat in every area where both sides stand, in the order the mover chooses."""
    for x in AREAS:
        for p in pieces(st, x, f["fac"]):
            p[2] = 0
    fights = [x for x in AREAS if contested(st, x)]
    if not fights:
        st.goto("after")
        return
    if len(fights) == 1:
        st.call("combat", then="resolve", area=fights[0], att=f["fac"], origin=list(st.d["act"]))
        return
    st.decide(
        ROLE[f["fac"]], "combat_order", area_actions("at", fights), then="fight", prompt="prompt.combat_order"
    )


@activation.step("fight")
def _fight(st: St, f: Frame, a: A) -> None:
    st.call("combat", then="resolve", area=int(arg(a)), att=f["fac"], origin=list(st.d["act"]))


@activation.step("after")
def _after(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    update_control(st)
    st.call("conquest", then="scribes")


@activation.step("scribes")
def _scribes(st: St, f: Frame, a: A) -> None:
    if f["fac"] == "es" and st.d["over"] is None:
        st.call("scribes", then="done", areas=list(st.d["act"]))
        return
    st.goto("done")


@activation.step("done")
def _done(st: St, f: Frame, a: A) -> None:
    st.d["act"] = []
    st.ret()


# ------------------------------------------------------------------------------------------- tolls
toll_proc = PROCS.proc("toll", rule="4.4.1.A.naval")


@toll_proc.step()
def _toll(st: St, f: Frame, a: A) -> None:
    """Before the first such move from an area: reduce a unit (remove it if reduced), or lose one
    (card 24)."""
    options = toll_choices(st, f["fac"], f["area"], f["moving"], f["kind"])
    st.decide(
        ROLE[f["fac"]],
        "toll",
        key_actions("reduce", options),
        then="paid",
        prompt=f"prompt.toll_{f['kind']}",
        area=f["area"],
    )


@toll_proc.step("paid")
def _toll_paid(st: St, f: Frame, a: A) -> None:
    k = arg(a)
    if f["kind"] == "remove":
        remove(st, f["area"], f["fac"], find(st, f["area"], f["fac"], k))
    else:
        take_hit(st, f["area"], f["fac"], k)
    st.log("log.toll", kind=f"@kind.{split_key(k)[0]}", area=f["area"])
    update_control(st)
    st.ret()


# ------------------------------------------------------------------------------------ §4.4.1 D raids
raid = PROCS.proc("raid", rule="4.4.1.D")


def _fc(k: str, factor: str) -> int:
    kind, red = split_key(k)
    spec = KINDS[kind]
    return int(spec.reduced if red or spec.only_reduced else getattr(spec, factor))


def raid_victims(st: St, f: Frame, effect: str) -> list[str]:
    """The pieces a raid result may strike: the defending units (never leaders) with the highest defence,
    or the raider's pieces with the highest attack. Several tied: the raider chooses (§4.4.1 D). In solo
    the Nitayno may also name its best unit when a leader of its own would be struck (§5.3.5)."""
    fac = f["fac"]
    if effect in ("remove", "reduce"):
        keys = [key(p) for p in pieces(st, f["dst"], OTHER[fac]) if is_unit(p)]
        factor = "defence"
    else:
        keys = [key(p) for p in combatants(st, f["src"], fac)]
        factor = "attack"
    if not keys:
        return []
    top = max(_fc(k, factor) for k in keys)
    tied = sorted({k for k in keys if _fc(k, factor) == top})
    if (
        solo(st)
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
def _raid(st: St, f: Frame, a: A) -> None:
    f["try"] = 1
    st.log("log.raid", faction=f"@faction.{f['fac']}", area=f["src"], to=f["dst"])
    roll(st, "rolled")


@raid.step("rolled")
def _raid_rolled(st: St, f: Frame, a: A) -> None:
    st.call("grace", then="graced", fac=f["fac"], dice=[face(a)], fail=[0])


@raid.step("graced")
def _raid_graced(st: St, f: Frame, a: A) -> None:
    """The two result tables; +1 against a citadel, −1 for an indigenous raid into jungle without Rebels."""
    d = st.d
    fac, src, dst = f["fac"], f["src"], f["dst"]
    die = max(1, f.pop("ret")[0])
    rebels = any(KINDS[p[0]].bag == "rebel" for p in pieces(st, src, fac))
    mod = (1 if dst in d["cit"] else 0) - (
        1 if fac == "ind" and BOARD.areas[dst].jungle and not rebels else 0
    )
    mod += int(d.get("nitayno", {}).get("es_die", 0)) if fac == "es" else 0
    m = max(1, min(6, die + mod))
    st.log("log.raid_roll", die=die, result=m, attempt=f["try"])
    f["success"] = m <= 3
    if m <= 2:
        f["effect"] = "remove"
    elif m == 3:
        f["effect"] = "reduce"
    elif (f["try"] == 1 and m == 6) or (f["try"] == 2 and m >= 4):
        f["effect"] = "self_kill" if f["try"] == 2 and m == 6 else "self"
    else:
        f["effect"] = None
    victims = raid_victims(st, f, f["effect"]) if f["effect"] else []
    if len(victims) > 1:
        st.decide(
            ROLE[fac],
            "raid_hit",
            key_actions("hit", victims),
            then="victim",
            prompt="prompt.raid_hit",
            area=dst,
        )
        return
    f["victim"] = victims[0] if victims else None
    st.goto("strike")


@raid.step("victim")
def _raid_victim(st: St, f: Frame, a: A) -> None:
    f["victim"] = arg(a)
    st.goto("strike")


@raid.step("strike")
def _raid_strike(st: St, f: Frame, a: A) -> None:
    """Apply the result to the piece it strikes; after a success, a second attempt may follow."""
    fac, src, dst, k = f["fac"], f["src"], f["dst"], f["victim"]
    if k is not None:
        area, owner = (dst, OTHER[fac]) if f["effect"] in ("remove", "reduce") else (src, fac)
        leader = KINDS[split_key(k)[0]].leader
        if f["effect"] == "remove" or (f["effect"] == "self_kill" and leader):
            remove(st, area, owner, find(st, area, owner, k))
            new = None
        else:
            new = take_hit(st, area, owner, k)
        st.log("log.hit" if new else "log.lost", kind=f"@kind.{split_key(k)[0]}", area=area)
    update_control(st)
    others = [p for p in pieces(st, dst, OTHER[fac]) if is_unit(p)]
    if f["success"] and f["try"] == 1 and others and combatants(st, src, fac):
        st.decide(ROLE[fac], "raid_again", [AGAIN, END], then="again", prompt="prompt.raid_again", area=dst)
        return
    st.ret()


@raid.step("again")
def _raid_again(st: St, f: Frame, a: A) -> None:
    if a == END:
        st.ret()
        return
    f["try"] = 2
    roll(st, "rolled")


# --------------------------------------------------------------------------------- §4.4.2 building
build = PROCS.proc("build", rule="4.4.2")


@build.step()
def _build(st: St, f: Frame, a: A) -> None:
    f["n"] = 0
    st.goto("next")


@build.step("next")
def _build_next(st: St, f: Frame, a: A) -> None:
    """Up to three palisades, or up to two citadels, in one action."""
    limit = 3 if f["what"] == "palisade" else 2
    targets = build_targets(st, f["what"])
    if f["n"] >= limit or not targets:
        st.ret()
        return
    options = area_actions("at", targets) + ([END] if f["n"] else [])
    st.decide(ROLE["es"], "build_area", options, then="built", prompt=f"prompt.build_{f['what']}")


@build.step("built")
def _build_built(st: St, f: Frame, a: A) -> None:
    if a == END:
        st.ret()
        return
    area = int(arg(a))
    d = st.d
    if f["what"] == "palisade":
        d["pal"].append(area)
    else:
        d["pal"].remove(area)
        here = pieces(st, area, "es")
        peon = max((p for p in here if p[0] == "peon"), key=lambda p: p[1])
        here.remove(peon)
        d["bags"]["settler"]["peon"] += 1
        d["cit"].append(area)
    f["n"] += 1
    st.log(f"log.built_{f['what']}", area=area)
    update_control(st)
    st.goto("next")
