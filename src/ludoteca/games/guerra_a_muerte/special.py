"""§10 Special units and rules, beside the guerrillas (`guerrilla.py`) and the repression (`combat.py`):
the subversion of American Royalist units on the Liberals' turn (§10.2.2), the Patriot havens in Haití and
the United States (§10.3), the São Paulo Legion (§10.6) and the Mexican guerrillas that tie down the
Royalist while Hidalgo lives (§10.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
PATRIOT = 0
MEXICO = frozenset(BOARD.lists["mexican_guerrilla"])
"""§10.7: the Mexican areas where the Royalist's activations are limited while Hidalgo is in play."""
HAVENS = {"gran_colombia": "haiti", "mexico": "united_states"}
"""§10.3: the haven of each nationality's leaders and recruits."""
HAVEN_LIMITS = {arm: int(n) for arm, n in BOARD.tables["haven"].items() if arm != "source"}
"""§10.3: at most 2 infantry, 1 cavalry, 1 artillery and 1 frigate recruited into a haven."""
SPL_AREA = "banda_oriental"
"""§10.6: the only area where the São Paulo Legion operates."""


# ------------------------------------------------------------------------------- havens §10.3
def haven_leaders(state: GamState, nations: list[str]) -> list[str]:
    """Patriot leaders of `nations` on the map who may go to their haven (Gran Colombians to Haití,
    Mexicans to the United States), at no OP cost, at any moment of the Patriot operations."""
    return sorted(
        lid
        for lid, s in state.d["leaders"].items()
        if BOARD.leaders[lid].side == "patriot"
        and BOARD.leaders[lid].nationality in nations
        and BOARD.leaders[lid].nationality in HAVENS
        and s["at"] in BOARD.areas
    )


def to_haven(state: GamState, lid: str) -> None:
    box = HAVENS[BOARD.leaders[lid].nationality]
    state.d["leaders"][lid]["at"] = box
    state.log_for("patriot", "log.haven", leader=f"@leader.{lid}", box=f"@box.{box}")


def haven_places(state: GamState, uid: str) -> list[str]:
    """§10.3: the haven a recruit of `uid`'s nationality may be placed in: its box holds a leader of the
    nationality, and fewer units of the counter's arm than the haven's limit."""
    c = COUNTERS[uid]
    box = HAVENS.get(c.nationality, "")
    if not box or c.side != "patriot" or c.arm == "ship_of_the_line":
        return []
    if not any(BOARD.leaders[lid].nationality == c.nationality for lid in state.leaders_at(box, "patriot")):
        return []
    there = sum(COUNTERS[u].arm == c.arm for u in state.units_at(box, "patriot"))
    return [box] if there < HAVEN_LIMITS.get(c.arm, 0) else []


# ------------------------------------------------------------------------ São Paulo Legion §10.6
def spl_moves(area: str) -> list[str]:
    """§10.6: the Legion enters the Banda Oriental from Brazil; going back to Brazil withdraws it."""
    return [SPL_AREA] if area == "brasil" else ["brasil"] if area == SPL_AREA else []


# ------------------------------------------------------------------------------ subversion §10.2.2
class Subversion(TypedDict):
    tried: NotRequired[list[str]]
    """The Patriot leaders who have tried (each once, §10.2.2)."""
    leader: NotRequired[str]
    unit: NotRequired[str]
    """The American Royalist unit the leader tries to turn."""


subversion = PROCS.proc("subversion", rule="10.2.2", frame=Subversion)


def subvertible(state: GamState, lid: str) -> list[str]:
    """American Royalist land units in the leader's area."""
    area = state.d["leaders"][lid]["at"]
    return sorted(u for u in state.land_at(area, "royalist") if COUNTERS[u].nationality == "american")


def turncoat(state: GamState, uid: str, leader: str) -> str:
    """§10.2.2: the Patriot counter that replaces a subverted unit: from the Patriot recruit pool, of the
    same arm, militia for militia, the same number of steps, the leader's nationality first, then the
    closest combat factor; "" if none is there."""
    c = COUNTERS[uid]
    nat = BOARD.leaders[leader].nationality
    pool = [u for u in pool_like(state, uid) if c.militia or COUNTERS[u].steps == c.steps]
    ranked = sorted(
        pool, key=lambda u: (COUNTERS[u].nationality != nat, abs(COUNTERS[u].factor - c.factor), u)
    )
    return ranked[0] if ranked else ""


def pool_like(state: GamState, uid: str) -> list[str]:
    """The Patriot recruit pool's counters that may stand for `uid` going over (§10.2.2, "del mismo
    tipo"): of its arm, militia for militia."""
    c = COUNTERS[uid]
    return [
        u
        for u, s in state.d["units"].items()
        if s["at"] == POOL
        and COUNTERS[u].side == "patriot"
        and COUNTERS[u].arm == c.arm
        and COUNTERS[u].militia == c.militia
    ]


def go_over(state: GamState, uid: str, new: str, area: str, city: bool = False) -> None:
    """§10.2.2: `uid` leaves the map and the Patriot counter `new` ("" if none) takes its place in `area`
    (inside its city if `city`), as reduced as it was."""
    steps = int(state.d["units"][uid]["steps"])
    state.eliminate(uid)
    if new:
        state.place_unit(new, area)
        state.set_unit(new, steps=min(steps, COUNTERS[new].steps), city=city)


@subversion.step()
def _subversion(state: GamState, frame: Subversion, action: A) -> None:
    """§10.2.1.4: on the Liberals' turn only, each Patriot leader on the map may try once to subvert an
    American Royalist unit in his area (the attempts are made at the start of the Patriot operations)."""
    frame.setdefault("tried", [])
    for lid in sorted(state.d["leaders"]):
        if (
            BOARD.leaders[lid].side != "patriot"
            or lid in frame["tried"]
            or state.d["leaders"][lid]["at"] not in BOARD.areas
            or not subvertible(state, lid)
        ):
            continue
        frame["tried"].append(lid)
        frame["leader"] = lid
        state.d["revealed"] = subvertible(state, lid)
        state.decide(
            PATRIOT,
            "subvert",
            [*(ID[f"subvert {u}"] for u in subvertible(state, lid)), ID["done"]],
            then="chosen",
            prompt="prompt.subvert",
            private=state.hidden("patriot"),
            leader=f"@leader.{lid}",
        )
        return
    state.ret()


@subversion.step("chosen")
def _subversion_chosen(state: GamState, frame: Subversion, action: int) -> None:
    state.d["revealed"] = []
    if verb(action) == "done":
        state.goto("start")
        return
    frame["unit"] = target(action)
    state.chance(D6, then="rolled")


def subverted(roll: int) -> bool:
    low, high = BOARD.span("subversion", "succeeds")
    return low <= roll <= high


@subversion.step("rolled")
def _subversion_rolled(state: GamState, frame: Subversion, action: int) -> None:
    """1–3: the unit leaves the map and a like Patriot unit, as reduced as it was, joins the leader."""
    uid, lid = frame["unit"], frame["leader"]
    if not subverted(face(action)):
        state.log("log.subversion_failed", unit=f"@unit.{uid}", roll=face(action))
        state.goto("start")
        return
    new = turncoat(state, uid, lid)
    go_over(state, uid, new, state.d["leaders"][lid]["at"])
    state.log("log.subverted", unit=f"@unit.{uid}", new=f"@unit.{new}" if new else "—", roll=face(action))
    state.goto("start")
