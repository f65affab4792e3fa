"""Dice that the rules reread: Gracia Divina/Yaya (§4.5) and the gold search after a conquest (§4.4.1 C),
and card 40 (Colón's testament), which a conquest step also settles when Colón has just fallen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.actions import DIE, PASS, act, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.pieces import OTHER, ROLE
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame
from ludoteca.games.mar_y_acero.seats import solo

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

REROLL = act("grace reroll")
LOWER = [act(f"grace lower {i}") for i in (1, 2, 3)]


def roll(st: St, then: str) -> None:
    """One d6: a chance node; the step `then` receives the face as the action `die N`."""
    st.chance(dict.fromkeys(DIE, 1), then=then)


def face(a: A) -> int:
    assert a is not None
    return int(arg(a))


def grace_available(st: St, fac: str) -> bool:
    """§4.5: the face shows `fac` and the marker is in the "unused" box; never in solo (§5.1)."""
    g = st.d["grace"]
    return not solo(st) and g["face"] == fac and g["box"] == "unused"


def grace_reset(st: St) -> None:
    """§4.5: the marker comes back to "unused" at each destiny, event or reinforcement phase and impulse."""
    st.d["grace"]["box"] = "unused"


def snapshot(st: St) -> None:
    """Remember who holds what before an action, to find the conquests it makes (gold search)."""
    st.d["before"] = list(st.d["ctrl"])


# ----------------------------------------------------------------------------- §4.5 Gracia Divina/Yaya
grace = PROCS.proc("grace", rule="4.5")


@grace.step()
def _grace(st: St, f: Frame, a: A) -> None:
    """Offer the marker after `fac`'s roll: re-roll the dice that failed (`fail`), or −1 on one die."""
    fac, dice = f["fac"], f["dice"]
    if not grace_available(st, fac):
        st.ret(dice)
        return
    options = [PASS] + ([REROLL] if f["fail"] else []) + [LOWER[i] for i, v in enumerate(dice) if v > 1]
    st.decide(
        ROLE[fac],
        "grace",
        options,
        then="chosen",
        prompt="prompt.grace",
        dice=" ".join(map(str, dice)),
        face=f"@grace.{fac}",
    )


@grace.step("chosen")
def _grace_chosen(st: St, f: Frame, a: A) -> None:
    if a == PASS:
        st.ret(f["dice"])
        return
    g = st.d["grace"]
    g["face"], g["box"], g["turn_used"] = OTHER[f["fac"]], "used", True
    if a == REROLL:
        f["todo"] = list(f["fail"])
        st.log("log.grace_reroll", face=f"@grace.{f['fac']}")
        st.goto("roll")
        return
    i = int(arg(a)) - 1
    f["dice"][i] -= 1
    st.log("log.grace_lower", face=f"@grace.{f['fac']}", die=i + 1, value=f["dice"][i])
    st.ret(f["dice"])


@grace.step("roll")
def _grace_roll(st: St, f: Frame, a: A) -> None:
    if f["todo"]:
        roll(st, "rolled")
    else:
        st.log("log.dice", dice=" ".join(map(str, f["dice"])))
        st.ret(f["dice"])


@grace.step("rolled")
def _grace_rolled(st: St, f: Frame, a: A) -> None:
    f["dice"][f["todo"].pop(0)] = face(a)
    st.goto("roll")


# --------------------------------------------------------------------- §4.4.1 C gold search, card 40
conquest = PROCS.proc("conquest", rule="4.4.1.C")


@conquest.step()
def _conquest(st: St, f: Frame, a: A) -> None:
    """One gold search for every area that Spain holds now and did not hold before the action."""
    d = st.d
    f["todo"] = [x for x in AREAS if d["ctrl"][x - 1] == "es" and d["before"][x - 1] == "ind"]
    snapshot(st)
    st.goto("next")


@conquest.step("next")
def _conquest_next(st: St, f: Frame, a: A) -> None:
    d = st.d
    if d.get("testament_due"):
        d["testament_due"] = False
        st.call("testament", then="next")
        return
    if not f["todo"] or d["over"] is not None:
        st.ret()
        return
    f["area"] = f["todo"].pop(0)
    roll(st, "rolled")


@conquest.step("rolled")
def _conquest_rolled(st: St, f: Frame, a: A) -> None:
    die = face(a)
    table = BOARD.destinies[st.d["destiny"]].gold
    fail = [] if table[die - 1] > 0 else [0]
    st.call("grace", then="graced", fac="es", dice=[die], fail=fail)


@conquest.step("graced")
def _conquest_graced(st: St, f: Frame, a: A) -> None:
    die = max(1, f.pop("ret")[0])
    change = BOARD.destinies[st.d["destiny"]].gold[die - 1]
    move_support(st, change)
    st.log("log.gold", area=f["area"], die=die, change=f"{change:+d}", rs=st.d["rs"], rule="4.4.1.C")
    st.goto("next")


def move_support(st: St, change: int) -> None:
    """Royal Support moves within 0–10 (§3 F)."""
    st.d["rs"] = max(0, min(BOARD.tracks["royal_support_max"], st.d["rs"] + change))


testament = PROCS.proc("testament", rule="card.40")


@testament.step()
def _testament(st: St, f: Frame, a: A) -> None:
    """Card 40: ±1 VP at the end by Royal Support now; at once +2 Soldiers and RS +1 with 10 VP or more,
    else +2 settlers, in Spanish-held areas."""
    d = st.d
    spec = BOARD.testament
    d["testament"] = 1 if d["rs"] >= spec["support_threshold"] else -1
    rich = d["vp"] >= spec["vp_threshold"]
    if rich:
        move_support(st, 1)
    st.log("log.testament", vp=f"{d['testament']:+d}", units=f"@bag.{'soldier' if rich else 'settler'}")
    st.call("deploy", then="done", fac="es", bags=["soldier" if rich else "settler"] * 2, rule="own", card=40)


@testament.step("done")
def _testament_done(st: St, f: Frame, a: A) -> None:
    st.ret()
