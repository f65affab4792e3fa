"""Combat (§4.4.1 B): rounds of up to three pieces a side, dice, hits, retreats; and the one round of the
Indigenous Conflict (§4.3.2 I), where Taínos and Caribes fight each other with their attack factors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.actions import END, PASS, act, area_actions, arg, key_actions
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.deploy import empty, room
from ludoteca.games.mar_y_acero.dice import face, roll
from ludoteca.games.mar_y_acero.movement import reach
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    OTHER,
    ROLE,
    combatants,
    draw_unit,
    find,
    key,
    pieces,
    place,
    present,
    split_key,
    strength_order,
    take_from_bag,
    take_hit,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

HIJOS = act("hijos")
MOD_DEFENCE = {"taino", "caribe", "settler"}
MOD_ATTACK = {"soldier", "rebel"}


def sides(f: Frame) -> list[str]:
    """The attacker first. In the conflict round the sides are the two peoples (both indigenous)."""
    if f["mode"] == "conflict":
        return ["caribe", "taino"]
    return [f["att"], OTHER[f["att"]]]


def faction(f: Frame, side: str) -> str:
    return "ind" if f["mode"] == "conflict" else side


def fighters(st: St, f: Frame, side: str) -> list[list[Any]]:
    if f["mode"] == "conflict":
        return [p for p in pieces(st, f["area"], "ind") if KINDS[p[0]].bag == side]
    return combatants(st, f["area"], side)


def over(st: St, f: Frame) -> bool:
    return not all(fighters(st, f, s) for s in sides(f))


def factor(st: St, f: Frame, side: str, k: str) -> int:
    """The piece's FC with every modifier, kept within 1–5 (§4.4.1 B)."""
    kind, red = split_key(k)
    spec = KINDS[kind]
    attacking = f["mode"] == "conflict" or side == f["att"]
    fc = spec.reduced if red or spec.only_reduced else (spec.attack if attacking else spec.defence)
    if f["mode"] == "conflict":
        return max(1, min(5, fc))
    area = f["area"]
    group = spec.bag
    if BOARD.areas[area].jungle:
        if not attacking and group in MOD_DEFENCE:
            fc += 1
        if attacking and (group in MOD_ATTACK or kind == "colon"):
            fc -= 1
    if side == "es" and not attacking:
        fc += 1 if area in st.d["pal"] else 2 if area in st.d["cit"] else 0
    if side == "ind" and not spec.leader and any(p[0] == "anacaona" for p in pieces(st, area, "ind")):
        fc += 1
    return max(1, min(5, fc))


def hits(fc: int, die: int, mod: int = 0) -> bool:
    """1 always hits, 6 always misses, otherwise a hit on a die (plus `mod`) at or under the FC."""
    return die == 1 or (die != 6 and die + mod <= fc)


def die_mod(st: St, side: str) -> int:
    """Solo card 45's last impulse: +1 to every Spanish die (set by the Nitayno in ``d["nitayno"]``)."""
    return int(st.d.get("nitayno", {}).get("es_die", 0)) if side == "es" else 0


combat = PROCS.proc("combat", rule="4.4.1.B")


@combat.step()
def _combat(st: St, f: Frame, a: A) -> None:
    f.setdefault("mode", "normal")
    f.setdefault("strike", None)
    f["round"] = 0
    f["hijos_asked"] = False
    st.log("log.combat", area=f["area"], attacker=f"@faction.{faction(f, f['att'])}")
    st.goto("round")


@combat.step("round")
def _round(st: St, f: Frame, a: A) -> None:
    if over(st, f):
        st.goto("finish")
        return
    if f["mode"] == "normal" and not f["hijos_asked"] and st.d["hijos"]:
        here = pieces(st, f["area"], "ind")
        if any(p[0] == "caonabo" for p in here):
            f["hijos_asked"] = True
            st.decide(
                ROLE["ind"], "hijos", [HIJOS, PASS], then="hijos", prompt="prompt.hijos", area=f["area"]
            )
            return
    f["round"] += 1
    f["sel"] = {s: [] for s in sides(f)}
    f["dice"] = {s: [] for s in sides(f)}
    f["hits"] = {s: 0 for s in sides(f)}
    f["order"] = sides(f) if f["strike"] is None else [f["strike"], OTHER[f["strike"]]]
    f["ri"] = 0
    st.goto("select")


@combat.step("hijos")
def _hijos(st: St, f: Frame, a: A) -> None:
    """Card 26: the Sons of Caonabó become three Caribe units drawn from the bag."""
    if a == PASS:
        st.goto("round")
        return
    st.d["hijos"] = False
    f["sons"] = 3
    st.log("log.hijos", area=f["area"])
    st.goto("sons")


@combat.step("sons")
def _sons(st: St, f: Frame, a: A) -> None:
    if f["sons"] and draw_unit(st, "caribe", "son"):
        return
    st.goto("round")


@combat.step("son")
def _son(st: St, f: Frame, a: A) -> None:
    place(st, f["area"], "ind", take_from_bag(st, a))
    f["sons"] -= 1
    st.goto("sons")


def pool(st: St, f: Frame, side: str) -> list[str]:
    """Keys of the side's pieces not yet chosen for this round (a multiset)."""
    keys = [key(p) for p in fighters(st, f, side)]
    for k in f["sel"][side]:
        keys.remove(k)
    return keys


@combat.step("select")
def _select(st: St, f: Frame, a: A) -> None:
    """Up to three pieces a side fight this round, the attacker choosing first; the rest are reserves."""
    for side in sides(f):
        left = pool(st, f, side)
        if len(f["sel"][side]) >= 3 or not left:
            continue
        if len(f["sel"][side]) + len(left) <= 3 or f["mode"] == "conflict":
            f["sel"][side] += sorted(left, key=lambda k: strength_order(k, "attack"))[
                : 3 - len(f["sel"][side])
            ]
            continue
        f["picking"] = side
        st.decide(
            ROLE[faction(f, side)],
            "fight",
            key_actions("fight", sorted(set(left))),
            then="picked",
            prompt="prompt.fight",
            area=f["area"],
        )
        return
    st.goto("roll")


@combat.step("picked")
def _picked(st: St, f: Frame, a: A) -> None:
    f["sel"][f["picking"]].append(arg(a))
    st.goto("select")


@combat.step("roll")
def _roll(st: St, f: Frame, a: A) -> None:
    side = f["order"][f["ri"]]
    if len(f["dice"][side]) < len(f["sel"][side]):
        roll(st, "rolled")
        return
    fail = [
        i
        for i, (k, die) in enumerate(zip(f["sel"][side], f["dice"][side], strict=True))
        if not hits(factor(st, f, side, k), die, die_mod(st, side))
    ]
    if f["mode"] == "conflict" or not f["sel"][side]:
        f["ret"] = f["dice"][side]
        st.goto("graced")
        return
    if solo(st) and side == "ind":  # §5.4 level II rule 8 and solo cards 48–49: the Nitayno's volley
        if "nitayno.volley" in PROCS.by_name:
            st.call("nitayno.volley", then="graced", dice=list(f["dice"][side]), fail=fail)
        else:
            f["ret"] = f["dice"][side]
            st.goto("graced")
        return
    st.call("grace", then="graced", fac=side, dice=list(f["dice"][side]), fail=fail)


@combat.step("rolled")
def _rolled(st: St, f: Frame, a: A) -> None:
    f["dice"][f["order"][f["ri"]]].append(face(a))
    st.goto("roll")


@combat.step("graced")
def _graced(st: St, f: Frame, a: A) -> None:
    side = f["order"][f["ri"]]
    dice = f["dice"][side] = [max(1, x) for x in f.pop("ret")]
    mod = die_mod(st, side)
    scored = sum(hits(factor(st, f, side, k), die, mod) for k, die in zip(f["sel"][side], dice, strict=True))
    enemy = f["order"][1 - f["ri"]]
    f["hits"][enemy] += scored
    st.log("log.roll", side=f"@side.{side}", dice=" ".join(map(str, dice)), hits=scored)
    if f["strike"] is not None and f["ri"] == 0:
        f["assign"] = [enemy]
        st.goto("assign")
        return
    f["ri"] += 1
    if f["ri"] < 2:
        st.goto("roll")
        return
    f["assign"] = [sides(f)[1], sides(f)[0]]
    st.goto("assign")


@combat.step("assign")
def _assign(st: St, f: Frame, a: A) -> None:
    """Each hit costs one step of a piece that fought this round, the owner choosing which."""
    while f["assign"]:
        side = f["assign"][0]
        chosen = f["sel"][side]
        if f["hits"][side] > 0 and chosen:
            options = sorted(set(chosen))
            if len(options) == 1:
                hit(st, f, side, options[0])
                continue
            st.decide(
                ROLE[faction(f, side)],
                "hit",
                key_actions("hit", options),
                then="hit",
                prompt="prompt.hit",
                n=f["hits"][side],
                area=f["area"],
            )
            return
        f["hits"][side] = 0
        f["assign"].pop(0)
    if f["strike"] is not None and f["ri"] == 0:
        f["ri"] = 1
        st.goto("roll")
        return
    st.goto("retreats")


def hit(st: St, f: Frame, side: str, k: str) -> None:
    new = take_hit(st, f["area"], faction(f, side), k)
    f["sel"][side].remove(k)
    if new is not None:
        f["sel"][side].append(new)
    f["hits"][side] -= 1
    kind = split_key(k)[0]
    st.log("log.hit" if new else "log.lost", kind=f"@kind.{kind}", area=f["area"])


@combat.step("hit")
def _hit(st: St, f: Frame, a: A) -> None:
    hit(st, f, f["assign"][0], arg(a))
    st.goto("assign")


@combat.step("retreats")
def _retreats(st: St, f: Frame, a: A) -> None:
    update_control(st)
    if f["mode"] == "conflict" or over(st, f):
        st.goto("finish")
        return
    f["rside"] = [sides(f)[1], sides(f)[0]]
    st.goto("retreat")


def retreat_targets(st: St, f: Frame, fac: str, k: str) -> Iterator[int]:
    """§4.4.1 B: an empty area other than the attacker's origin, or an area of yours with no enemy, within
    stacking; by Basic or Naval movement, never Extended. Lazily: whether a piece may retreat at all
    needs only the first."""
    kind = split_key(k)[0]
    src = f["area"]
    for dst, _ in reach(st, fac, k, src, None):
        if empty(st, dst):
            if dst not in f["origin"]:
                yield dst
        elif st.d["ctrl"][dst - 1] == fac and not present(st, dst, OTHER[fac]) and room(st, dst, fac, kind):
            yield dst


def can_retreat(st: St, f: Frame, fac: str, k: str) -> bool:
    return next(retreat_targets(st, f, fac, k), None) is not None


@combat.step("retreat")
def _retreat(st: St, f: Frame, a: A) -> None:
    """After the hits, the defender first, each side may pull any of its pieces out."""
    while f["rside"]:
        fac = f["rside"][0]
        movable = sorted(
            k for k in {key(p) for p in combatants(st, f["area"], fac)} if can_retreat(st, f, fac, k)
        )
        if movable:
            st.decide(
                ROLE[fac],
                "retreat",
                [*key_actions("retreat", movable), END],
                then="retreat_pick",
                prompt="prompt.retreat",
                area=f["area"],
            )
            return
        f["rside"].pop(0)
    st.goto("round")


@combat.step("retreat_pick")
def _retreat_pick(st: St, f: Frame, a: A) -> None:
    if a == END:
        f["rside"].pop(0)
        st.goto("retreat")
        return
    f["rk"] = arg(a)
    fac = f["rside"][0]
    st.decide(
        ROLE[fac],
        "retreat_to",
        area_actions("to", list(retreat_targets(st, f, fac, f["rk"]))),
        then="retreat_to",
        prompt="prompt.retreat_to",
    )


@combat.step("retreat_to")
def _retreat_to(st: St, f: Frame, a: A) -> None:
    dst = int(arg(a))
    fac = f["rside"][0]
    piece = find(st, f["area"], fac, f["rk"])
    pieces(st, f["area"], fac).remove(piece)
    pieces(st, dst, fac).append(piece)
    st.log("log.retreat", kind=f"@kind.{piece[0]}", area=f["area"], to=dst)
    update_control(st)
    st.goto("retreat")


@combat.step("finish")
def _finish(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.ret()
