"""Combat (§4.4.1 B): rounds of up to three pieces a side, dice, hits, retreats; and the one round of the
Indigenous Conflict (§4.3.2 I), where Taínos and Caribes fight each other with their attack factors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import END, PASS, act, area_actions, arg, key_actions
from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.deploy import empty, room
from ludoteca.games.mar_y_acero.dice import GraceOffer, face, grace, roll
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
from ludoteca.games.mar_y_acero.procs import PROCS
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

HIJOS = act("hijos")
MOD_DEFENCE = {"taino", "caribe", "settler"}
MOD_ATTACK = {"soldier", "rebel"}


def sides(frame: Combat) -> list[str]:
    """The attacker first. In the conflict round the sides are the two peoples (both indigenous)."""
    if frame["mode"] == "conflict":
        return ["caribe", "taino"]
    return [frame["att"], OTHER[frame["att"]]]


def faction(frame: Combat, side: str) -> str:
    return "ind" if frame["mode"] == "conflict" else side


def fighters(state: MyaState, frame: Combat, side: str) -> list[list[Any]]:
    if frame["mode"] == "conflict":
        return [p for p in pieces(state, frame["area"], "ind") if KINDS[p[0]].bag == side]
    return combatants(state, frame["area"], side)


def over(state: MyaState, frame: Combat) -> bool:
    return not all(fighters(state, frame, s) for s in sides(frame))


def factor(state: MyaState, frame: Combat, side: str, k: str) -> int:
    """The piece's FC with every modifier, kept within 1–5 (§4.4.1 B)."""
    kind, red = split_key(k)
    spec = KINDS[kind]
    attacking = frame["mode"] == "conflict" or side == frame["att"]
    fc = spec.reduced if red or spec.only_reduced else (spec.attack if attacking else spec.defence)
    if frame["mode"] == "conflict":
        return max(1, min(5, fc))
    area = frame["area"]
    group = spec.bag
    if BOARD.areas[area].jungle:
        if not attacking and group in MOD_DEFENCE:
            fc += 1
        if attacking and (group in MOD_ATTACK or kind == "colon"):
            fc -= 1
    if side == "es" and not attacking:
        fc += 1 if area in state.d["pal"] else 2 if area in state.d["cit"] else 0
    if side == "ind" and not spec.leader and any(p[0] == "anacaona" for p in pieces(state, area, "ind")):
        fc += 1
    return max(1, min(5, fc))


def hits(fc: int, die: int, mod: int = 0) -> bool:
    """1 always hits, 6 always misses, otherwise a hit on a die (plus `mod`) at or under the FC."""
    return die == 1 or (die != 6 and die + mod <= fc)


def die_mod(state: MyaState, side: str) -> int:
    """Solo card 45's last impulse: +1 to every Spanish die (set by the Nitayno in ``d["nitayno"]``)."""
    return int(state.d.get("nitayno", {}).get("es_die", 0)) if side == "es" else 0


class Combat(TypedDict):
    """A combat's locals: the area, the attacking faction (the Caribes in the conflict round) and the areas
    its pieces came from (never a retreat's destination); who strikes first, if anyone (card 2's
    Caonabó); then each round's state: the pieces chosen by side, their dice, the hits each side takes,
    the order of the sides' rolls and whose roll is next, the sides still to assign hits and to retreat."""

    area: int
    att: str
    origin: list[int]
    mode: NotRequired[Literal["normal", "conflict"]]
    strike: NotRequired[str | None]
    round: NotRequired[int]
    hijos_asked: NotRequired[bool]
    sons: NotRequired[int]
    sel: NotRequired[dict[str, list[str]]]
    dice: NotRequired[dict[str, list[int]]]
    hits: NotRequired[dict[str, int]]
    order: NotRequired[list[str]]
    ri: NotRequired[int]
    picking: NotRequired[str]
    assign: NotRequired[list[str]]
    rside: NotRequired[list[str]]
    rk: NotRequired[str]
    ret: NotRequired[list[int]]
    """The dice after the Gracia Divina/Yaya (`grace`) or the Nitayno's volley."""


combat = PROCS.proc("combat", rule="4.4.1.B", frame=Combat)


@combat.step()
def _combat(state: MyaState, frame: Combat, action: None) -> None:
    frame.setdefault("mode", "normal")
    frame.setdefault("strike", None)
    frame["round"] = 0
    frame["hijos_asked"] = False
    state.log("log.combat", area=frame["area"], attacker=f"@faction.{faction(frame, frame['att'])}")
    state.goto("round")


@combat.step("round")
def _round(state: MyaState, frame: Combat, action: None) -> None:
    if over(state, frame):
        state.goto("finish")
        return
    if frame["mode"] == "normal" and not frame["hijos_asked"] and state.d["hijos"]:
        here = pieces(state, frame["area"], "ind")
        if any(p[0] == "caonabo" for p in here):
            frame["hijos_asked"] = True
            state.decide(
                ROLE["ind"], "hijos", [HIJOS, PASS], then="hijos", prompt="prompt.hijos", area=frame["area"]
            )
            return
    frame["round"] += 1
    frame["sel"] = {s: [] for s in sides(frame)}
    frame["dice"] = {s: [] for s in sides(frame)}
    frame["hits"] = {s: 0 for s in sides(frame)}
    frame["order"] = sides(frame) if frame["strike"] is None else [frame["strike"], OTHER[frame["strike"]]]
    frame["ri"] = 0
    state.goto("select")


@combat.step("hijos")
def _hijos(state: MyaState, frame: Combat, action: int) -> None:
    """Card 26: the Sons of Caonabó become three Caribe units drawn from the bag."""
    if action == PASS:
        state.goto("round")
        return
    state.d["hijos"] = False
    frame["sons"] = 3
    state.log("log.hijos", area=frame["area"])
    state.goto("sons")


@combat.step("sons")
def _sons(state: MyaState, frame: Combat, action: None) -> None:
    if frame["sons"] and draw_unit(state, "caribe", "son"):
        return
    state.goto("round")


@combat.step("son")
def _son(state: MyaState, frame: Combat, action: int) -> None:
    place(state, frame["area"], "ind", take_from_bag(state, action))
    frame["sons"] -= 1
    state.goto("sons")


def pool(state: MyaState, frame: Combat, side: str) -> list[str]:
    """Keys of the side's pieces not yet chosen for this round (a multiset)."""
    keys = [key(p) for p in fighters(state, frame, side)]
    for k in frame["sel"][side]:
        keys.remove(k)
    return keys


@combat.step("select")
def _select(state: MyaState, frame: Combat, action: None) -> None:
    """Up to three pieces a side fight this round, the attacker choosing first; the rest are reserves."""
    for side in sides(frame):
        left = pool(state, frame, side)
        if len(frame["sel"][side]) >= 3 or not left:
            continue
        if len(frame["sel"][side]) + len(left) <= 3 or frame["mode"] == "conflict":
            frame["sel"][side] += sorted(left, key=lambda k: strength_order(k, "attack"))[
                : 3 - len(frame["sel"][side])
            ]
            continue
        frame["picking"] = side
        state.decide(
            ROLE[faction(frame, side)],
            "fight",
            key_actions("fight", sorted(set(left))),
            then="picked",
            prompt="prompt.fight",
            area=frame["area"],
        )
        return
    state.goto("roll")


@combat.step("picked")
def _picked(state: MyaState, frame: Combat, action: int) -> None:
    frame["sel"][frame["picking"]].append(arg(action))
    state.goto("select")


@combat.step("roll")
def _roll(state: MyaState, frame: Combat, action: None) -> None:
    side = frame["order"][frame["ri"]]
    if len(frame["dice"][side]) < len(frame["sel"][side]):
        roll(state, "rolled")
        return
    fail = [
        i
        for i, (k, die) in enumerate(zip(frame["sel"][side], frame["dice"][side], strict=True))
        if not hits(factor(state, frame, side, k), die, die_mod(state, side))
    ]
    if frame["mode"] == "conflict" or not frame["sel"][side]:
        frame["ret"] = frame["dice"][side]
        state.goto("graced")
        return
    if solo(state) and side == "ind":  # §5.4 level II rule 8 and solo cards 48–49: the Nitayno's volley
        if "nitayno.volley" in PROCS.by_name:
            state.call("nitayno.volley", then="graced", dice=list(frame["dice"][side]), fail=fail)
        else:
            frame["ret"] = frame["dice"][side]
            state.goto("graced")
        return
    state.call(grace, GraceOffer(fac=side, dice=list(frame["dice"][side]), fail=fail), then="graced")


@combat.step("rolled")
def _rolled(state: MyaState, frame: Combat, action: int) -> None:
    frame["dice"][frame["order"][frame["ri"]]].append(face(action))
    state.goto("roll")


@combat.step("graced")
def _graced(state: MyaState, frame: Combat, action: None) -> None:
    side = frame["order"][frame["ri"]]
    dice = frame["dice"][side] = [max(1, x) for x in frame.pop("ret")]
    mod = die_mod(state, side)
    scored = sum(
        hits(factor(state, frame, side, k), die, mod) for k, die in zip(frame["sel"][side], dice, strict=True)
    )
    enemy = frame["order"][1 - frame["ri"]]
    frame["hits"][enemy] += scored
    state.log("log.roll", side=f"@side.{side}", dice=" ".join(map(str, dice)), hits=scored)
    if frame["strike"] is not None and frame["ri"] == 0:
        frame["assign"] = [enemy]
        state.goto("assign")
        return
    frame["ri"] += 1
    if frame["ri"] < 2:
        state.goto("roll")
        return
    frame["assign"] = [sides(frame)[1], sides(frame)[0]]
    state.goto("assign")


@combat.step("assign")
def _assign(state: MyaState, frame: Combat, action: None) -> None:
    """Each hit costs one step of a piece that fought this round, the owner choosing which."""
    while frame["assign"]:
        side = frame["assign"][0]
        chosen = frame["sel"][side]
        if frame["hits"][side] > 0 and chosen:
            options = sorted(set(chosen))
            if len(options) == 1:
                hit(state, frame, side, options[0])
                continue
            state.decide(
                ROLE[faction(frame, side)],
                "hit",
                key_actions("hit", options),
                then="hit",
                prompt="prompt.hit",
                n=frame["hits"][side],
                area=frame["area"],
            )
            return
        frame["hits"][side] = 0
        frame["assign"].pop(0)
    if frame["strike"] is not None and frame["ri"] == 0:
        frame["ri"] = 1
        state.goto("roll")
        return
    state.goto("retreats")


def hit(state: MyaState, frame: Combat, side: str, k: str) -> None:
    new = take_hit(state, frame["area"], faction(frame, side), k)
    frame["sel"][side].remove(k)
    if new is not None:
        frame["sel"][side].append(new)
    frame["hits"][side] -= 1
    kind = split_key(k)[0]
    state.log("log.hit" if new else "log.lost", kind=f"@kind.{kind}", area=frame["area"])


@combat.step("hit")
def _hit(state: MyaState, frame: Combat, action: int) -> None:
    hit(state, frame, frame["assign"][0], arg(action))
    state.goto("assign")


@combat.step("retreats")
def _retreats(state: MyaState, frame: Combat, action: None) -> None:
    update_control(state)
    if frame["mode"] == "conflict" or over(state, frame):
        state.goto("finish")
        return
    frame["rside"] = [sides(frame)[1], sides(frame)[0]]
    state.goto("retreat")


def retreat_targets(state: MyaState, frame: Combat, fac: str, k: str) -> Iterator[int]:
    """§4.4.1 B: an empty area other than the attacker's origin, or an area of yours with no enemy, within
    stacking; by Basic or Naval movement, never Extended. Lazily: whether a piece may retreat at all
    needs only the first."""
    kind = split_key(k)[0]
    src = frame["area"]
    for dst, _ in reach(state, fac, k, src, None):
        if empty(state, dst):
            if dst not in frame["origin"]:
                yield dst
        elif (
            state.d["ctrl"][dst - 1] == fac
            and not present(state, dst, OTHER[fac])
            and room(state, dst, fac, kind)
        ):
            yield dst


def can_retreat(state: MyaState, frame: Combat, fac: str, k: str) -> bool:
    return next(retreat_targets(state, frame, fac, k), None) is not None


@combat.step("retreat")
def _retreat(state: MyaState, frame: Combat, action: None) -> None:
    """After the hits, the defender first, each side may pull any of its pieces out."""
    while frame["rside"]:
        fac = frame["rside"][0]
        movable = sorted(
            k
            for k in {key(p) for p in combatants(state, frame["area"], fac)}
            if can_retreat(state, frame, fac, k)
        )
        if movable:
            state.decide(
                ROLE[fac],
                "retreat",
                [*key_actions("retreat", movable), END],
                then="retreat_pick",
                prompt="prompt.retreat",
                area=frame["area"],
            )
            return
        frame["rside"].pop(0)
    state.goto("round")


@combat.step("retreat_pick")
def _retreat_pick(state: MyaState, frame: Combat, action: int) -> None:
    if action == END:
        frame["rside"].pop(0)
        state.goto("retreat")
        return
    frame["rk"] = arg(action)
    fac = frame["rside"][0]
    state.decide(
        ROLE[fac],
        "retreat_to",
        area_actions("to", list(retreat_targets(state, frame, fac, frame["rk"]))),
        then="retreat_to",
        prompt="prompt.retreat_to",
    )


@combat.step("retreat_to")
def _retreat_to(state: MyaState, frame: Combat, action: int) -> None:
    dst = int(arg(action))
    fac = frame["rside"][0]
    piece = find(state, frame["area"], fac, frame["rk"])
    pieces(state, frame["area"], fac).remove(piece)
    pieces(state, dst, fac).append(piece)
    state.log("log.retreat", kind=f"@kind.{piece[0]}", area=frame["area"], to=dst)
    update_control(state)
    state.goto("retreat")


@combat.step("finish")
def _finish(state: MyaState, frame: Combat, action: None) -> None:
    update_control(state)
    state.ret()
