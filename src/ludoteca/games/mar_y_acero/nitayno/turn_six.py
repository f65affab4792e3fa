"""The effects of the bottom of the Nitayno's cards (§5.3.2), which replace its last impulse of turn 6
(§5.3.5, `nitayno.last_impulse` in cards.py): one procedure ``nitayno.effect.<kind>`` each, run by the core's
interpreter (`NITAYNO_EFFECTS`, procs.py); each returns whether it could be carried out. Card 45's
`spanish_dice` is a rule for the turn, in effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.games.mar_y_acero.activation import Raid, raid
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.combat import Combat, combat
from ludoteca.games.mar_y_acero.nitayno.extraction import draw_area, memory, piece_of, snapshot
from ludoteca.games.mar_y_acero.nitayno.plan import garrison, raid_victim, strongest, superiority
from ludoteca.games.mar_y_acero.pieces import KINDS, find, key, pieces, remove, units, update_control
from ludoteca.games.mar_y_acero.procs import NITAYNO_EFFECTS, NitaynoEffect

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


# clear_area: a Spanish-held area keeps `keep` Spanish non-leader units (cards 44, 52)
class ClearArea(NitaynoEffect):
    """A Spanish-held area drawn keeps `keep` Spanish units (cards 44, 52)."""

    keep: int
    ret: NotRequired[int]


clear_area = NITAYNO_EFFECTS.kind("clear_area", rule="5.3.2", frame=ClearArea)


@clear_area.step()
def _clear_area(state: MyaState, frame: ClearArea, action: None) -> None:
    keep = frame["keep"]
    valid = [x for x in AREAS if state.d["ctrl"][x - 1] == "es" and units(state, x, "es") > keep]
    if not valid:
        state.ret(False)
        return
    draw_area(state, valid, then="drawn", why="card")


@clear_area.step("drawn")
def _clear_area_drawn(state: MyaState, frame: ClearArea, action: None) -> None:
    area = frame.pop("ret")
    while units(state, area, "es") > frame["keep"]:
        here = [(i, key(p)) for i, p in enumerate(pieces(state, area, "es")) if not KINDS[p[0]].leader]
        victim = raid_victim([piece_of(i, True, k) for i, k in here], spanish=True)
        assert victim is not None
        remove(
            state, area, "es", find(state, area, "es", f"{victim.kind}.r" if victim.reduced else victim.kind)
        )
        state.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    update_control(state)
    state.ret(True)


# converge: attack 2VP areas from up to 3 origin areas, with no movement limits (cards 47, 48)
class Converge(NitaynoEffect):
    """`areas` 2 VP areas attacked (cards 47, 48): how many attacks are left and were made; the target
    drawn (a combat returns nothing)."""

    areas: int
    left: NotRequired[int]
    hit: NotRequired[int]
    ret: NotRequired[int | None]


converge = NITAYNO_EFFECTS.kind("converge", rule="5.3.2", frame=Converge)


@converge.step()
def _converge(state: MyaState, frame: Converge, action: None) -> None:
    frame.setdefault("left", frame["areas"])
    frame.setdefault("hit", 0)
    valid = [x for x in BOARD.tracks["scroll_areas"] if state.d["ctrl"][x - 1] == "es"]
    if not frame["left"] or not valid:
        state.ret(frame["hit"] > 0)
        return
    frame["left"] -= 1
    draw_area(state, valid, then="target", why="converge")


@converge.step("target")
def _converge_target(state: MyaState, frame: Converge, action: None) -> None:
    """Up to 3 origin areas with the most units send their strongest, keeping their garrisons (§5.1),
    up to the stacking limit in the target."""
    target = frame.pop("ret")
    assert target is not None, "the extraction draws among the 2 VP areas Spain holds"
    snap = snapshot(state)
    origins = [x for x in AREAS if x != target and snap[x].units(False) and not snap[x].side(True)]
    origins.sort(key=lambda x: (-len(snap[x].units(False)) + garrison(snap[x]), -x))
    room = state.d["limit"]["ind"] - units(state, target, "ind")
    used = []
    for x in origins[:3]:
        spare = len(snap[x].units(False)) - garrison(snap[x])
        for p in strongest(snap[x].units(False), snap[target], attacking=True)[: max(0, min(spare, room))]:
            move_piece(state, x, target, f"{p.kind}.r" if p.reduced else p.kind)
            room -= 1
            if x not in used:
                used.append(x)
    if not used:
        state.goto("start")
        return
    frame["hit"] += 1
    state.log("nitayno.converges", area=target, origins=", ".join(map(str, used)))
    state.call(combat, Combat(area=target, att="ind", origin=used), then="fought")


@converge.step("fought")
def _converge_fought(state: MyaState, frame: Converge, action: None) -> None:
    update_control(state)
    state.goto("start")


def move_piece(state: MyaState, src: int, dst: int, k: str) -> None:
    piece = find(state, src, "ind", k)
    pieces(state, src, "ind").remove(piece)
    pieces(state, dst, "ind").append(piece)
    state.log("log.move", kind=f"@kind.{piece[0]}", area=src, to=dst, how="@how.basic")


# taino_assault: every Taíno unit attacks or raids wherever it can (cards 49, 51)
class Assault(NitaynoEffect):
    """Every Taíno area attacks or raids (cards 49, 51): the areas still to act, and how many did."""

    areas: NotRequired[list[int]]
    hit: NotRequired[int]
    ret: NotRequired[None]


assault = NITAYNO_EFFECTS.kind("taino_assault", rule="5.3.2", frame=Assault)


@assault.step()
def _assault(state: MyaState, frame: Assault, action: None) -> None:
    if "areas" not in frame:
        frame["areas"] = [
            x for x in reversed(AREAS) if any(KINDS[p[0]].bag == "taino" for p in pieces(state, x, "ind"))
        ]
        frame["hit"] = 0
    frame.pop("ret", None)
    update_control(state)
    while frame["areas"]:
        src = frame["areas"].pop(0)
        tainos = [p for p in pieces(state, src, "ind") if KINDS[p[0]].bag == "taino"]
        snap = snapshot(state)
        near = [x for x in snap.neighbours(src) if snap[x].units(True)]
        if not tainos or not near:
            continue
        near.sort(key=lambda x: (-int(snap[x].two_vp), -len(snap[x].units(True)), x))
        target = near[0]
        frame["hit"] += 1
        movers = [piece_of(i, False, key(p)) for i, p in enumerate(tainos)]
        room = state.d["limit"]["ind"] - units(state, target, "ind")
        movers = strongest(movers, snap[target], attacking=True)[: max(0, room)]
        if movers and superiority(movers, snap[target].side(True), snap[target], True):
            for p in movers:
                move_piece(state, src, target, f"{p.kind}.r" if p.reduced else p.kind)
            state.log("nitayno.assault_attacks", area=src, to=target)
            state.call(combat, Combat(area=target, att="ind", origin=[src]), then="start")
            return
        state.log("nitayno.assault_raids", area=src, to=target)
        state.call(raid, Raid(fac="ind", src=src, dst=target), then="start")
        return
    state.ret(frame["hit"] > 0)


# objective (card 46, reconstructed): the Objetivo marker and a volley of raids
class Objective(NitaynoEffect):
    """The Objetivo marker (card 46): its area, the areas next to it still to raid it, how many did;
    the area drawn (a raid returns nothing)."""

    target: NotRequired[int]
    sources: NotRequired[list[int]]
    hit: NotRequired[int]
    ret: NotRequired[int | None]


objective = NITAYNO_EFFECTS.kind("objective", rule="5.3.2", frame=Objective)


@objective.step()
def _objective(state: MyaState, frame: Objective, action: None) -> None:
    """The Objetivo marker goes on the Spanish-held area with the most Spanish units (ties by extraction);
    every indigenous area next to it raids it."""
    counts = {
        x: units(state, x, "es") for x in AREAS if state.d["ctrl"][x - 1] == "es" and units(state, x, "es")
    }
    if not counts:
        state.ret(False)
        return
    most = max(counts.values())
    draw_area(state, [x for x, n in counts.items() if n == most], then="marked", why="objective")


@objective.step("marked")
def _objective_marked(state: MyaState, frame: Objective, action: None) -> None:
    target = frame.pop("ret")
    assert target is not None, "the extraction draws among the areas with the most Spanish units"
    memory(state)["objective"] = target
    state.log("nitayno.objective", area=target)
    frame["target"] = target
    frame["sources"] = [x for x in BOARD.adjacent(target)]
    frame["hit"] = 0
    state.goto("next")


@objective.step("next")
def _objective_next(state: MyaState, frame: Objective, action: None) -> None:
    frame.pop("ret", None)
    while frame["sources"]:
        src = frame["sources"].pop(0)
        fighters = any(KINDS[p[0]].fights for p in pieces(state, src, "ind"))
        if state.d["ctrl"][src - 1] == "ind" and fighters and units(state, frame["target"], "es"):
            frame["hit"] += 1
            state.call(raid, Raid(fac="ind", src=src, dst=frame["target"]), then="next")
            return
    state.ret(frame["hit"] > 0)
