"""The effects of the Nitayno's cards (§5.3.2) that their rows give: one procedure ``nitayno.effect.<kind>``
per kind of `data/nitayno.toml`, run by the core's interpreter (`NITAYNO_EFFECTS`, procs.py). Each returns
whether it could be carried out: one that adds or removes `n` things is carried out if at least one was;
when it was not, §5.3.2 draws another card for that purpose only (`nitayno.card`). Deployments and
removals pick their area with the extraction system (§5.1, `draw_area`). The turn-6 kinds are in
turn_six.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NotRequired

from ludoteca.games.mar_y_acero.activation import build_targets
from ludoteca.games.mar_y_acero.board import AREAS
from ludoteca.games.mar_y_acero.deploy import Deploy, deploy, held
from ludoteca.games.mar_y_acero.dice import face, move_support, roll
from ludoteca.games.mar_y_acero.nitayno.data import faces
from ludoteca.games.mar_y_acero.nitayno.extraction import draw_area, memory, piece_of
from ludoteca.games.mar_y_acero.nitayno.plan import hit_order, raid_victim
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    draw_unit,
    find,
    key,
    pieces,
    place,
    present,
    remove,
    take_from_bag,
    take_hit,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import NITAYNO_EFFECTS, NitaynoEffect

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


class Counted(NitaynoEffect):
    """An effect on `n` items (|n|, at least one; a negative `n` removes): how many are left to carry
    out, and how many were."""

    n: NotRequired[int]
    left: NotRequired[int]
    done: NotRequired[int]


class Flag(NitaynoEffect):
    """A rule in force for the rest of the turn, with its number if it has one (`turn_flag`)."""

    n: NotRequired[int]


def counted(state: MyaState, frame: Counted) -> None:
    """An effect on `n` items (|n|, at least one) starts with none carried out, at its step `next`."""
    frame["left"] = abs(int(frame.get("n", 1)))
    frame["done"] = 0
    state.goto("next")


def finish(state: MyaState, frame: Counted) -> None:
    """The effect is done: it counts as carried out if at least one item was."""
    update_control(state)
    state.ret(frame["done"] > 0)


def one_more(state: MyaState, frame: Counted) -> None:
    """One item carried out; on to the next (step `next`)."""
    frame["left"] -= 1
    frame["done"] += 1
    state.goto("next")


# -------------------------------------------------------------------------------------------- roll
class NitaynoRoll(NitaynoEffect):
    """A d6: the effects that follow each range of results, and whether they were carried out."""

    faces: dict[str, list[dict[str, Any]]]
    ret: NotRequired[bool]


roll_effect = NITAYNO_EFFECTS.kind("roll", rule="5.3.2", frame=NitaynoRoll)


@roll_effect.step()
def _roll(state: MyaState, frame: NitaynoRoll, action: None) -> None:
    """A d6; `faces` maps ranges of results ("1-2") to the list of effects that follows."""
    roll(state, "rolled")


@roll_effect.step("rolled")
def _rolled(state: MyaState, frame: NitaynoRoll, action: int) -> None:
    die = face(action)
    effects = next(then for spec, then in frame["faces"].items() if die in faces(spec))
    state.log("nitayno.rolled", die=die)
    NITAYNO_EFFECTS.run(state, effects, then="done", card=frame["card"])


@roll_effect.step("done")
def _roll_done(state: MyaState, frame: NitaynoRoll, action: None) -> None:
    state.ret(frame.pop("ret"))


# ----------------------------------------------------------------------------------------- nothing
nothing = NITAYNO_EFFECTS.kind("nothing", rule="5.3.2", frame=NitaynoEffect)


@nothing.step()
def _nothing(state: MyaState, frame: NitaynoEffect, action: None) -> None:
    state.log("nitayno.nothing")
    state.ret(True)


# ---------------------------------------------------------------------------------- Royal Support
class Shift(NitaynoEffect):
    """Royal Support moved by `n`."""

    n: int


royal_support = NITAYNO_EFFECTS.kind("royal_support", rule="5.3.2", frame=Shift)


@royal_support.step()
def _royal_support(state: MyaState, frame: Shift, action: None) -> None:
    """Royal Support moves by `n`; at the end of its track it cannot, and the effect is not carried out."""
    before = state.d["rs"]
    move_support(state, frame["n"])
    state.ret(state.d["rs"] != before)


# -------------------------------------------------------------------- rules for the rest of the turn
def turn_flag(name: str) -> Callable[[Callable[[MyaState, Flag], None]], Callable[[MyaState, Flag], None]]:
    """Declare kind `name`, a rule in force for the rest of the turn (cards 45, 48–50): the decorated
    function sets it; the effect logs it and is always carried out."""

    def register(sets: Callable[[MyaState, Flag], None]) -> Callable[[MyaState, Flag], None]:
        procedure = NITAYNO_EFFECTS.kind(name, rule="5.3.2", frame=Flag)

        @procedure.step()
        def _flag(state: MyaState, frame: Flag, action: None) -> None:
            sets(state, frame)
            state.log(f"nitayno.flag.{name}", n=frame.get("n", 0))
            state.ret(True)

        return sets

    return register


@turn_flag("naval_difficulty")
def _naval_difficulty(state: MyaState, frame: Flag) -> None:
    state.d["flags"]["naval"] = True


@turn_flag("stacking")
def _stacking(state: MyaState, frame: Flag) -> None:
    state.d["limit"]["ind"] = int(frame["n"])


@turn_flag("nitayno_reroll")
def _nitayno_reroll(state: MyaState, frame: Flag) -> None:
    memory(state)["reroll_turn"] = state.d["turn"]


@turn_flag("spanish_dice")
def _spanish_dice(state: MyaState, frame: Flag) -> None:
    memory(state)["es_die"] = int(frame["n"])


# ---------------------------------------------------------------------------------------- Colón hit
colon_hit = NITAYNO_EFFECTS.kind("colon_hit", rule="5.3.2", frame=NitaynoEffect)


@colon_hit.step()
def _colon_hit(state: MyaState, frame: NitaynoEffect, action: None) -> None:
    """Colón takes a hit where he stands; not on the map, the effect cannot be carried out."""
    area = next((x for x in AREAS if any(p[0] == "colon" for p in pieces(state, x, "es"))), None)
    if area is None:
        state.ret(False)
        return
    take_hit(state, area, "es", key(next(p for p in pieces(state, area, "es") if p[0] == "colon")))
    state.log("nitayno.colon_hit", area=area)
    update_control(state)
    state.ret(True)


# ----------------------------------------------------------------------------------- Spanish units ±n
class SpanishUnits(Counted):
    """Spanish units of `bag` placed (`n` > 0, in the areas `valid`: the unit drawn goes to the area
    drawn) or removed."""

    bag: str
    valid: NotRequired[list[int]]
    unit: NotRequired[str]
    ret: NotRequired[int]


spanish_units = NITAYNO_EFFECTS.kind("spanish_units", rule="5.3.2", frame=SpanishUnits)


@spanish_units.step()
def _spanish_units(state: MyaState, frame: SpanishUnits, action: None) -> None:
    """`n` Spanish units of `bag` added (to Spanish-held areas with room) or removed (the unit the
    Nitayno's raid order strikes first)."""
    counted(state, frame)


@spanish_units.step("next")
def _spanish_units_next(state: MyaState, frame: SpanishUnits, action: None) -> None:
    if not frame["left"]:
        finish(state, frame)
        return
    if frame["n"] > 0:
        frame["valid"] = [
            x
            for x in held(state, "es")
            if present(state, x, "es") and units(state, x, "es") < state.d["limit"]["es"]
        ]
        if not frame["valid"] or not draw_unit(state, frame["bag"], "drawn"):
            finish(state, frame)
        return
    valid = [x for x in AREAS if any(KINDS[p[0]].bag == frame["bag"] for p in pieces(state, x, "es"))]
    if not valid:
        finish(state, frame)
        return
    draw_area(state, valid, then="remove", why="card")


@spanish_units.step("drawn")
def _spanish_units_drawn(state: MyaState, frame: SpanishUnits, action: int) -> None:
    frame["unit"] = take_from_bag(state, action)
    draw_area(state, frame["valid"], then="place", why="card")


@spanish_units.step("place")
def _spanish_units_place(state: MyaState, frame: SpanishUnits, action: None) -> None:
    area = frame.pop("ret")
    place(state, area, "es", frame["unit"])
    state.log("log.deployed", faction="@faction.es", kind=f"@kind.{frame['unit']}", area=area)
    one_more(state, frame)


@spanish_units.step("remove")
def _spanish_units_remove(state: MyaState, frame: SpanishUnits, action: None) -> None:
    area = frame.pop("ret")
    here = [(i, key(p)) for i, p in enumerate(pieces(state, area, "es")) if KINDS[p[0]].bag == frame["bag"]]
    victim = raid_victim([piece_of(i, True, k) for i, k in here], spanish=True)
    assert victim is not None
    k = f"{victim.kind}.r" if victim.reduced else victim.kind
    remove(state, area, "es", find(state, area, "es", k))
    state.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    one_more(state, frame)


# -------------------------------------------------------------------------------- Indigenous units ±n
class IndigenousUnits(Counted):
    """Indigenous units of `bag` deployed (`n` > 0) or removed: the area drawn for a removal, or what
    the deployment returned."""

    bag: str
    ret: NotRequired[int | list[int]]


indigenous_units = NITAYNO_EFFECTS.kind("indigenous_units", rule="5.3.2", frame=IndigenousUnits)


@indigenous_units.step()
def _indigenous_units(state: MyaState, frame: IndigenousUnits, action: None) -> None:
    """`n` Indigenous units of `bag` deployed as §5.3.1 deploys them (outside Spanish-held areas first), or
    removed (the unit the Nitayno would give up first in combat)."""
    counted(state, frame)  # a removal goes one unit at a time, from step `next`
    if frame["n"] <= 0:
        return
    n = min(frame["left"], sum(state.d["bags"][frame["bag"]].values()))
    if not n:
        state.ret(False)
        return
    frame["done"] = n
    state.call(
        deploy,
        Deploy(fac="ind", bags=[frame["bag"]] * n, rule="not_spanish", card=frame["card"]),
        then="deployed",
    )


@indigenous_units.step("deployed")
def _indigenous_units_deployed(state: MyaState, frame: IndigenousUnits, action: None) -> None:
    frame.pop("ret", None)
    finish(state, frame)


@indigenous_units.step("next")
def _indigenous_units_next(state: MyaState, frame: IndigenousUnits, action: None) -> None:
    if not frame["left"]:
        finish(state, frame)
        return
    valid = [x for x in AREAS if any(KINDS[p[0]].bag == frame["bag"] for p in pieces(state, x, "ind"))]
    if not valid:
        finish(state, frame)
        return
    draw_area(state, valid, then="remove", why="card")


@indigenous_units.step("remove")
def _indigenous_units_remove(state: MyaState, frame: IndigenousUnits, action: None) -> None:
    area = frame.pop("ret")
    assert isinstance(area, int), "the extraction returns the area drawn"
    here = [(i, key(p)) for i, p in enumerate(pieces(state, area, "ind")) if KINDS[p[0]].bag == frame["bag"]]
    victim = hit_order([piece_of(i, False, k) for i, k in here])[0]
    k = f"{victim.kind}.r" if victim.reduced else victim.kind
    remove(state, area, "ind", find(state, area, "ind", k))
    state.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    one_more(state, frame)


# ------------------------------------------------------------------------------ palisades, citadels
class Fortify(Counted):
    """Palisades built or removed, or citadels removed: the area drawn."""

    ret: NotRequired[int]


palisade = NITAYNO_EFFECTS.kind("palisade", rule="5.3.2", frame=Fortify)


@palisade.step()
def _palisade(state: MyaState, frame: Fortify, action: None) -> None:
    """`n` palisades built where §4.4.2 allows one, or removed."""
    counted(state, frame)


@palisade.step("next")
def _palisade_next(state: MyaState, frame: Fortify, action: None) -> None:
    if not frame["left"]:
        finish(state, frame)
        return
    valid = build_targets(state, "palisade") if frame["n"] > 0 else list(state.d["pal"])  # §4.4.2
    if not valid:
        finish(state, frame)
        return
    draw_area(state, valid, then="fortified", why="card")


citadel = NITAYNO_EFFECTS.kind("citadel", rule="5.3.2", frame=Fortify)


@citadel.step()
def _citadel(state: MyaState, frame: Fortify, action: None) -> None:
    """`n` citadels removed (no card builds one)."""
    counted(state, frame)


@citadel.step("next")
def _citadel_next(state: MyaState, frame: Fortify, action: None) -> None:
    if not frame["left"] or not state.d["cit"]:
        finish(state, frame)
        return
    draw_area(state, list(state.d["cit"]), then="fortified", why="card")


@palisade.step("fortified")
@citadel.step("fortified")
def _fortified(state: MyaState, frame: Fortify, action: None) -> None:
    """The area drawn gains or loses its palisade or citadel."""
    area = frame.pop("ret")
    kind = frame["kind"]
    store = state.d["pal"] if kind == "palisade" else state.d["cit"]
    if frame["n"] > 0:
        store.append(area)
        state.log("log.built_palisade", area=area)
    else:
        store.remove(area)
        state.log(f"nitayno.removed_{kind}", area=area)
    one_more(state, frame)
