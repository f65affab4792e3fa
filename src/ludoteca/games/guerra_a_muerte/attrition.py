"""§5.3 Attrition: the roll of a force that moved into or through a hostile area or across the Andes, at
the end of its move (A#4); the besieged garrisons' roll at the end of the turn (§6.4, reconstructed
`attrition_extra`); RP spent to save steps (§4.1). The steps lost are taken by `losses` (operations.py);
leaders left with no unit roll for their fate (§8.1, `leader_loss` in combat.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.actions import ID, face
from ludoteca.games.guerra_a_muerte.board import BOARD, city_of
from ludoteca.games.guerra_a_muerte.frames import (
    Attrition,
    LeaderLoss,
    Losses,
    attrition,
    leader_loss,
    losses,
)
from ludoteca.games.guerra_a_muerte.operations import D6, ROLE, pools, take_rp

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None


@attrition.step()
def _attrition(state: GamState, frame: Attrition, action: A) -> None:
    state.chance(D6, then="rolled")


def attrition_steps(roll: int, area: str) -> int:
    """§5.3: steps lost for a roll, +1 where the move ends in the Chaco."""
    bonus = BOARD.integer("attrition", "chaco_end") if area == "chaco" else 0
    return int(BOARD.attrition(roll + bonus))


def besieged_steps(roll: int, area: str) -> int:
    """§6.4 (reconstructed `attrition_extra`): steps a besieged garrison loses for a roll, −1 in a
    fortress."""
    city = city_of(area)
    mod = BOARD.integer("attrition_extra", "besieged_fortress") if city is not None and city.fortress else 0
    return int(BOARD.besieged_attrition(roll + mod))


@attrition.step("rolled")
def _attrition_rolled(state: GamState, frame: Attrition, action: int) -> None:
    roll, area = face(action), frame["area"]
    frame["n"] = besieged_steps(roll, area) if frame.get("besieged") else attrition_steps(roll, area)
    state.log("log.attrition", roll=roll, n=frame["n"])
    offer_saving(state, frame)


def offer_saving(state: GamState, frame: Attrition) -> None:
    """§4.1 ("los RPs pueden ser usados también durante tiradas de dado por desgaste"), reconstructed
    `attrition_extra.rp_per_step`: after the roll the side may spend RP of the pools its force may use
    (§4.2), that many a step, to save some of the steps lost; the choice goes to step "saved"."""
    per = BOARD.integer("attrition_extra", "rp_per_step")
    available = sum(state.d["rp"][p] for p in pools(state, frame["units"]))
    most = min(int(frame["n"]), int(available // per))
    if most >= 1:
        state.decide(
            ROLE[frame["side"]],
            "save",
            [ID[f"spend {k}"] for k in range(most + 1)],
            then="saved",
            prompt="prompt.save_steps",
            n=frame["n"],
            per=per,
        )
        return
    state.goto("saved")


@attrition.step("saved")
def _attrition_saved(state: GamState, frame: Attrition, action: A) -> None:
    """The RP spent leave the pools; the steps not saved are lost (the owner chooses which, §5.3)."""
    saved = face(action) if action is not None else 0
    if saved:
        take_rp(state, frame["units"], float(saved * BOARD.integer("attrition_extra", "rp_per_step")))
        state.log("log.attrition_saved", n=saved)
    if frame["n"] > saved:
        state.call(
            losses, Losses(side=frame["side"], units=frame["units"], n=frame["n"] - saved), then="leaders"
        )
        return
    state.ret()


@attrition.step("leaders")
def _attrition_leaders(state: GamState, frame: Attrition, action: A) -> None:
    """§8.1: "Si todas las unidades apiladas con un jefe son eliminadas", whatever eliminated them: the
    side's land leaders left in the area with no land unit of their side roll for their fate, as after a
    battle (README, "Rule-side ambiguities resolved"); a naval leader stays with his ships."""
    area, side = frame["area"], frame["side"]
    leaders = [lid for lid in state.leaders_at(area, side) if not BOARD.leaders[lid].naval]
    alone = [] if state.land_at(area, side) else leaders
    state.call(leader_loss, LeaderLoss(leaders=alone), then="done")


@attrition.step("done")
def _attrition_done(state: GamState, frame: Attrition, action: A) -> None:
    state.ret()
