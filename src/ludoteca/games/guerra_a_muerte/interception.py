"""§3.4: interception — the player whose units are in the area an enemy force leaves may try to stop
it there (§3.4.1: the roll and its modifiers); a success is a battle the interceptor attacks in. Called
by the operations (`operations.py`) as the procedure `interception`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.actions import ID, face, place_ref
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.frames import Battle, Interception, battle, interception
from ludoteca.games.guerra_a_muerte.operations import D6, ENEMY, ROLE, A

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState


def cavalry_half(units: list[str]) -> bool:
    """§3.4.1: half or more of the units (leaders not counted) are cavalry."""
    return bool(units) and 2 * sum(COUNTERS[u].arm == "cavalry" for u in units) >= len(units)


def interception_modifier(
    state: GamState, interceptors: list[str], ileaders: list[str], movers: list[str], mleaders: list[str]
) -> int:
    """§3.4.1: the modifiers to the interception roll."""
    m = BOARD.integer("interception", "cavalry_interceptor") if cavalry_half(interceptors) else 0
    m += BOARD.integer("interception", "cavalry_intercepted") if cavalry_half(movers) else 0
    return m + state.best_leader(ileaders) - state.best_leader(mleaders)


@interception.step()
def _interception(state: GamState, frame: Interception, action: A) -> None:
    """§3.4: the player whose units are in the area the enemy force leaves may try to intercept it."""
    state.decide(
        ROLE[frame["side"]],
        "intercept",
        [ID["intercept"], ID["allow"]],
        then="chosen",
        prompt="prompt.intercept",
        area=place_ref(frame["area"]),
    )


@interception.step("chosen")
def _interception_chosen(state: GamState, frame: Interception, action: A) -> None:
    if action == ID["allow"]:
        state.ret(False)
        return
    state.chance(D6, then="rolled")


def intercepted(roll: int, modifier: int) -> bool:
    return roll + modifier >= BOARD.integer("interception", "succeeds_on")


@interception.step("rolled")
def _interception_rolled(state: GamState, frame: Interception, action: int) -> None:
    roll = face(action)
    mod = interception_modifier(state, frame["units"], frame["leaders"], frame["movers"], frame["mleaders"])
    ok = intercepted(roll, mod)
    state.log("log.interception", roll=roll, modified=roll + mod, ok=f"@word.{'yes' if ok else 'no'}")
    if not ok:
        state.ret(False)
        return
    mover = ENEMY[frame["side"]]
    state.call(
        battle,
        Battle(
            attacker=frame["side"],
            area=frame["area"],
            units=frame["units"],
            leaders=frame["leaders"],
            defender=mover,
            dunits=frame["movers"],
            dleaders=frame["mleaders"],
            friction=False,
            evade=False,
        ),
        then="fought",
    )


@interception.step("fought")
def _interception_fought(state: GamState, frame: Interception, action: A) -> None:
    state.ret(True)
