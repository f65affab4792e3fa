"""§4.3.2 I–II: a card is played by running its effects, data in `data/cards.toml`, through the core's
interpreter (`EFFECTS`, procs.py). This module holds the procedures that play a card (`event`, `destiny`)
and the effect kinds several cards share — a die that chooses what follows, a die for each unit of a
list (the earthquakes, tropical climate, smallpox), Royal Support, units lost, settlers sent to a chosen
area, a card announced; events.py and destinies.py hold the kinds of one card
family. While an effect runs, its log lines, prompts and dice cite the card (`MyaState.running_rule`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import area_actions, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import Deploy, colon_area, deploy
from ludoteca.games.mar_y_acero.dice import face, move_support, roll
from ludoteca.games.mar_y_acero.nitayno.data import faces
from ludoteca.games.mar_y_acero.pieces import KINDS, ROLE, find, pieces, remove, take_hit, update_control
from ludoteca.games.mar_y_acero.procs import EFFECTS, PROCS, CardEffect

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


# ---------------------------------------------------------------------------------- playing a card
class PlayCard(TypedDict):
    """A card played (§4.3.2 I–II): the card, and the faction that played it (an event card)."""

    card: int
    fac: NotRequired[str]


event = PROCS.proc("event", rule="4.3.2.II", frame=PlayCard)


@event.step()
def _event(state: MyaState, frame: PlayCard, action: None) -> None:
    """The event card `card`, played by `fac`: its effects in the order printed, then control."""
    card = frame["card"]
    EFFECTS.run(state, BOARD.events[card].effects, then="done", card=card, fac=frame["fac"])


@event.step("done")
def _event_done(state: MyaState, frame: PlayCard, action: None) -> None:
    update_control(state)
    state.ret()


destiny = PROCS.proc("destiny", rule="4.3.2.I", frame=PlayCard)


@destiny.step()
def _destiny(state: MyaState, frame: PlayCard, action: None) -> None:
    """The event of the destiny card `card` (turns 2–6): its effects in order, then control."""
    card = frame["card"]
    EFFECTS.run(state, BOARD.destinies[card].effects, then="done", card=card)


@destiny.step("done")
def _destiny_done(state: MyaState, frame: PlayCard, action: None) -> None:
    update_control(state)
    state.ret()


def context(frame: Mapping[str, Any]) -> dict[str, Any]:
    """What a card's effects all receive: the card, and the faction that played it (event cards)."""
    return {key: frame[key] for key in ("card", "fac") if key in frame}


def spanish_held(state: MyaState, areas: list[int]) -> list[int]:
    return [x for x in areas if state.d["ctrl"][x - 1] == "es"]


# -------------------------------------------------------------------------------------------- roll
class RollEffect(CardEffect):
    """A die that chooses the effects that follow (`_roll`'s docstring says how)."""

    faces: NotRequired[dict[str, list[dict[str, Any]]]]
    at_most_held: NotRequired[list[int]]
    success: NotRequired[list[dict[str, Any]]]
    failure: NotRequired[list[dict[str, Any]]]
    if_held: NotRequired[list[int]]
    otherwise: NotRequired[list[dict[str, Any]]]
    log_die: NotRequired[bool]


roll_effect = EFFECTS.kind("roll", rule="4.3.2", frame=RollEffect)


@roll_effect.step()
def _roll(state: MyaState, frame: RollEffect, action: None) -> None:
    """A die chooses the effects that follow: `faces` maps ranges of faces ("2-4") to lists of effects;
    or, with `at_most_held` (areas), a face at most the number of them Spain holds runs `success`, any
    other `failure`. With `if_held`, the die is rolled only if Spain holds one of those areas; otherwise
    `otherwise` runs."""
    if "if_held" in frame and not spanish_held(state, frame["if_held"]):
        otherwise = frame.get("otherwise", [])
        if otherwise:
            EFFECTS.run(state, otherwise, then="done", **context(frame))
            return
        state.ret()
        return
    roll(state, "rolled")


@roll_effect.step("rolled")
def _rolled(state: MyaState, frame: RollEffect, action: int) -> None:
    die = face(action)
    if frame.get("log_die"):
        state.log("log.die", die=die)
    if "faces" in frame:
        effects = next(then for spec, then in frame["faces"].items() if die in faces(spec))
    else:
        held = len(spanish_held(state, frame["at_most_held"]))
        effects = frame["success"] if die <= held else frame["failure"]
    if not effects:
        state.ret()
        return
    EFFECTS.run(state, effects, then="done", **context(frame))


@roll_effect.step("done")
def _roll_done(state: MyaState, frame: RollEffect, action: None) -> None:
    state.ret()


# ---------------------------------------------------------------------------- a die for each unit
class UnitDice(TypedDict):
    """A die for each unit of `todo` (``[area, faction, key, bonus]``), the outcome of each face in
    `faces`, the log line of each outcome in `say` (`dice_for_units`)."""

    card: int
    todo: list[list[Any]]
    faces: list[str]
    say: dict[str, str]


unit_dice = EFFECTS.kind("unit_dice", rule="4.3.2", frame=UnitDice)


def dice_for_units(
    state: MyaState, frame: CardEffect, units: list[list[Any]], faces: list[str], say: dict[str, str]
) -> None:
    """The card's effect goes on as a die for each unit of `units` (``[area, faction, key, bonus]``, the
    bonus added to its die): the face, at most 6, picks from `faces` (``faces[die - 1]``) nothing
    (``none``), a hit (``hit``), the unit removed (``out``) or back to full strength (``full``); `say` names
    the log line of each outcome that has one. Then control (§4.3.2)."""
    state.replace(unit_dice, UnitDice(card=frame["card"], todo=units, faces=faces, say=say))


@unit_dice.step()
def _unit_dice(state: MyaState, frame: UnitDice, action: None) -> None:
    if not frame["todo"]:
        update_control(state)
        state.ret()
        return
    roll(state, "rolled")


@unit_dice.step("rolled")
def _unit_rolled(state: MyaState, frame: UnitDice, action: int) -> None:
    area: int
    fac: str
    k: str
    bonus: int
    area, fac, k, bonus = frame["todo"].pop(0)
    outcome = frame["faces"][min(6, face(action) + bonus) - 1]
    if outcome == "hit":
        take_hit(state, area, fac, k)
    elif outcome == "out":
        remove(state, area, fac, find(state, area, fac, k))
    elif outcome == "full":
        find(state, area, fac, k)[1] = 0
    if outcome in frame["say"]:
        state.log(frame["say"][outcome], kind=f"@kind.{k.partition('.')[0]}", area=area)
    state.goto("start")


# --------------------------------------------------------------------------------- Royal Support
class Support(CardEffect):
    """Royal Support moved by `n`."""

    n: int


support = EFFECTS.kind("support", rule="cards", frame=Support)


@support.step()
def _support(state: MyaState, frame: Support, action: None) -> None:
    """Royal Support moves by `n` (within the track)."""
    move_support(state, frame["n"])
    state.log("log.support", rs=state.d["rs"])
    state.ret()


class SupportByControl(CardEffect):
    """Royal Support by who holds `areas` (`each`: area by area)."""

    areas: list[int]
    each: NotRequired[bool]


support_by_control = EFFECTS.kind("support_by_control", rule="cards", frame=SupportByControl)


@support_by_control.step()
def _support_by_control(state: MyaState, frame: SupportByControl, action: None) -> None:
    """Royal Support +1 if Spain holds one of `areas`, −1 if not; with `each`, +1 or −1 for every one."""
    held = spanish_held(state, frame["areas"])
    if frame.get("each"):
        for x in frame["areas"]:
            move_support(state, 1 if x in held else -1)
    else:
        move_support(state, 1 if held else -1)
    state.log("log.support", rs=state.d["rs"])
    state.ret()


# ------------------------------------------------------------------------------------- units lost
def weakest(state: MyaState, area: int, fac: str, bag: str) -> list[Any] | None:
    """The unit of `bag` a loss takes first: a reduced one, then the lowest attack."""
    here = [p for p in pieces(state, area, fac) if KINDS[p[0]].bag == bag]
    if not here:
        return None
    return min(here, key=lambda p: (-p[1], KINDS[p[0]].attack, p[0]))


class LoseUnits(CardEffect):
    """`n` units of `bag` lost, nearest Colón with ``near = "colon"``."""

    n: int
    bag: str
    near: NotRequired[str]


lose_units = EFFECTS.kind("lose_units", rule="4.2", frame=LoseUnits)


@lose_units.step()
def _lose_units(state: MyaState, frame: LoseUnits, action: None) -> None:
    """Spain loses `n` units of `bag`, one at a time (`lose_unit`); with ``near = "colon"``, those
    nearest Colón."""
    if not frame["n"]:
        update_control(state)
        state.ret()
        return
    frame["n"] -= 1
    near = colon_area(state) if frame.get("near") == "colon" else None
    state.call(lose_unit, LoseUnit(fac="es", bag=frame["bag"], near=near), then="start")


class LoseUnit(TypedDict):
    """One unit of `bag` lost by `fac`, in an area nearest `near` if given."""

    fac: str
    bag: str
    near: int | None


lose_unit = PROCS.proc("lose_unit", "4.2", frame=LoseUnit)


@lose_unit.step()
def _lose_unit(state: MyaState, frame: LoseUnit, action: None) -> None:
    """A unit of `bag` leaves the map: the owner chooses the area (nearest `near` when given), the
    weakest such unit there goes."""
    areas = [x for x in AREAS if weakest(state, x, frame["fac"], frame["bag"])]
    if not areas:
        state.ret()
        return
    near = frame["near"]
    if near:
        close = min(BOARD.distance(x, near) for x in areas)
        areas = [x for x in areas if BOARD.distance(x, near) == close]
    state.decide(
        ROLE[frame["fac"]],
        "choose_area",
        area_actions("at", areas),
        then="chosen",
        prompt="prompt.lose_unit",
        bag=f"@bag.{frame['bag']}",
    )


@lose_unit.step("chosen")
def _lose_unit_chosen(state: MyaState, frame: LoseUnit, action: int) -> None:
    area = int(arg(action))
    piece = weakest(state, area, frame["fac"], frame["bag"])
    assert piece is not None
    remove(state, area, frame["fac"], piece)
    state.log("log.lost", kind=f"@kind.{piece[0]}", area=area)
    update_control(state)
    state.ret()


# ------------------------------------------------------------------------ settlers to a chosen area
class Settle(CardEffect):
    """The units of `units` (bag → number) deployed in one of `areas` that Spain holds."""

    areas: list[int]
    units: dict[str, int]
    ret: NotRequired[list[int]]


settle = EFFECTS.kind("settle", rule="4.3.2", frame=Settle)


@settle.step()
def _settle(state: MyaState, frame: Settle, action: None) -> None:
    """Spain chooses one of `areas` it holds; the units of `units` (bag → number) deploy there."""
    state.decide(
        ROLE["es"],
        "choose_area",
        area_actions("at", spanish_held(state, frame["areas"])),
        then="chosen",
        prompt="prompt.settlers_area",
    )


@settle.step("chosen")
def _settle_chosen(state: MyaState, frame: Settle, action: int) -> None:
    area = int(arg(action))
    bags = [bag for bag, n in frame["units"].items() for _ in range(n)]
    state.call(deploy, Deploy(fac="es", bags=bags, rule=f"only_{area}", card=frame["card"]), then="done")


@settle.step("done")
def _settle_done(state: MyaState, frame: Settle, action: None) -> None:
    frame.pop("ret", None)
    state.ret()


# --------------------------------------------------------------------------------------- announce
announce = EFFECTS.kind("announce", rule="4.3.2.I", frame=CardEffect)


@announce.step()
def _announce(state: MyaState, frame: CardEffect, action: None) -> None:
    """A card whose effect is a rule in force this turn (cards 23, 24: `turns.set_flags`): it is told."""
    state.log(f"log.card_{frame['card']}")
    state.ret()
