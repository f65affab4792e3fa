"""Dice that the rules reread: Gracia Divina/Yaya (§4.5) and the gold search after a conquest (§4.4.1 C),
and card 40 (Colón's testament), which a conquest step also settles when Colón has just fallen."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import DIE, PASS, act, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.pieces import OTHER, ROLE, in_force
from ludoteca.games.mar_y_acero.procs import PROCS, NoLocals
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

REROLL = act("grace reroll")
LOWER = [act(f"grace lower {i}") for i in (1, 2, 3)]


def roll(state: MyaState, then: str) -> None:
    """One d6: a chance node; the step `then` receives the face as the action `die N`."""
    state.chance(dict.fromkeys(DIE, 1), then=then)


def face(action: int) -> int:
    return int(arg(action))


def grace_available(state: MyaState, fac: str) -> bool:
    """§4.5: the face shows `fac` and the marker is in the "unused" box; never in solo (§5.1)."""
    marker = state.d["grace"]
    return not solo(state) and marker["face"] == fac and marker["box"] == "unused"


def grace_reset(state: MyaState) -> None:
    """§4.5: the marker comes back to "unused" at each destiny, event or reinforcement phase and impulse."""
    state.d["grace"]["box"] = "unused"


def snapshot(state: MyaState) -> None:
    """Remember who holds what before an action, to find the conquests it makes (gold search)."""
    state.d["before"] = list(state.d["ctrl"])


# ----------------------------------------------------------------------------- §4.5 Gracia Divina/Yaya
class GraceOffer(TypedDict):
    """The Gracia Divina/Yaya offered after `fac`'s roll (§4.5): its dice, the indices of those that
    failed (a re-roll's), and the dice still to re-roll."""

    fac: str
    dice: list[int]
    fail: list[int]
    todo: NotRequired[list[int]]


grace = PROCS.proc("grace", rule="4.5", frame=GraceOffer)


@grace.step()
def _grace(state: MyaState, frame: GraceOffer, action: None) -> None:
    """Offer the marker after `fac`'s roll: re-roll the dice that failed (`fail`), or −1 on one die."""
    fac, dice = frame["fac"], frame["dice"]
    if not grace_available(state, fac):
        state.ret(dice)
        return
    options = (
        [PASS] + ([REROLL] if frame["fail"] else []) + [LOWER[i] for i, what in enumerate(dice) if what > 1]
    )
    state.decide(
        ROLE[fac],
        "grace",
        options,
        then="chosen",
        prompt="prompt.grace",
        dice=" ".join(map(str, dice)),
        face=f"@grace.{fac}",
    )


@grace.step("chosen")
def _grace_chosen(state: MyaState, frame: GraceOffer, action: int) -> None:
    if action == PASS:
        state.ret(frame["dice"])
        return
    marker = state.d["grace"]
    marker["face"], marker["box"], marker["turn_used"] = OTHER[frame["fac"]], "used", True
    if action == REROLL:
        frame["todo"] = list(frame["fail"])
        state.log("log.grace_reroll", face=f"@grace.{frame['fac']}")
        state.goto("roll")
        return
    i = int(arg(action)) - 1
    frame["dice"][i] -= 1
    state.log("log.grace_lower", face=f"@grace.{frame['fac']}", die=i + 1, value=frame["dice"][i])
    state.ret(frame["dice"])


@grace.step("roll")
def _grace_roll(state: MyaState, frame: GraceOffer, action: None) -> None:
    if frame["todo"]:
        roll(state, "rolled")
    else:
        state.log("log.dice", dice=" ".join(map(str, frame["dice"])))
        state.ret(frame["dice"])


@grace.step("rolled")
def _grace_rolled(state: MyaState, frame: GraceOffer, action: int) -> None:
    frame["dice"][frame["todo"].pop(0)] = face(action)
    state.goto("roll")


# --------------------------------------------------------------------- §4.4.1 C gold search, card 40
class Conquest(TypedDict):
    """The gold searches of an action (§4.4.1 C): the areas conquered still to search, the one searched,
    and its die after the Gracia Divina (`grace`'s return)."""

    todo: NotRequired[list[int]]
    area: NotRequired[int]
    ret: NotRequired[list[int]]


conquest = PROCS.proc("conquest", rule="4.4.1.C", frame=Conquest)


@conquest.step()
def _conquest(state: MyaState, frame: Conquest, action: None) -> None:
    """One gold search for every area that Spain holds now and did not hold before the action."""
    position = state.d
    frame["todo"] = [
        x for x in AREAS if position["ctrl"][x - 1] == "es" and position["before"][x - 1] == "ind"
    ]
    snapshot(state)
    state.goto("next")


@conquest.step("next")
def _conquest_next(state: MyaState, frame: Conquest, action: None) -> None:
    position = state.d
    if position.get("testament_due"):
        position["testament_due"] = False
        state.call(testament, NoLocals(), then="next")
        return
    if not frame["todo"] or position["over"] is not None:
        state.ret()
        return
    frame["area"] = frame["todo"].pop(0)
    roll(state, "rolled")


@conquest.step("rolled")
def _conquest_rolled(state: MyaState, frame: Conquest, action: int) -> None:
    die = face(action)
    table = in_force(state).gold
    fail = [] if table[die - 1] > 0 else [0]
    state.call(grace, GraceOffer(fac="es", dice=[die], fail=fail), then="graced")


@conquest.step("graced")
def _conquest_graced(state: MyaState, frame: Conquest, action: None) -> None:
    die = max(1, frame.pop("ret")[0])
    change = in_force(state).gold[die - 1]
    move_support(state, change)
    state.log(
        "log.gold", area=frame["area"], die=die, change=f"{change:+d}", rs=state.d["rs"], rule="4.4.1.C"
    )
    state.goto("next")


def move_support(state: MyaState, change: int) -> None:
    """Royal Support moves within 0–10 (§3 F)."""
    state.d["rs"] = max(0, min(BOARD.tracks["royal_support_max"], state.d["rs"] + change))


testament = PROCS.proc("testament", rule="card.40", frame=NoLocals)


@testament.step()
def _testament(state: MyaState, frame: NoLocals, action: None) -> None:
    """Card 40: ±1 VP at the end by Royal Support now; at once +2 Soldiers and RS +1 with 10 VP or more,
    else +2 settlers, in Spanish-held areas."""
    position = state.d
    spec = BOARD.testament
    position["testament"] = 1 if position["rs"] >= spec["support_threshold"] else -1
    rich = position["vp"] >= spec["vp_threshold"]
    if rich:
        move_support(state, 1)
    state.log(
        "log.testament", vp=f"{position['testament']:+d}", units=f"@bag.{'soldier' if rich else 'settler'}"
    )
    state.call(  # by name: deploy.py reads this module's Gracia Divina
        "deploy", then="done", fac="es", bags=["soldier" if rich else "settler"] * 2, rule="own", card=40
    )


@testament.step("done")
def _testament_done(state: MyaState, frame: NoLocals, action: None) -> None:
    state.ret()
