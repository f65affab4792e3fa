"""§Componentes, §Preparar and §Cómo se juega: the components and their conservation, the set-up, and
the game as days that follow each other, each the three phases in order (DESIGN §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.maquis import missions
from ludoteca.games.maquis.actions import MISSION, target
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.options import MaquisOptions
from ludoteca.games.maquis.position import MissionInPlay, no_pending
from ludoteca.games.maquis.procs import PROCS, Action, Frame

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

CARDS = sorted(BOARD.patrol_cards)


def initial_position(options: MaquisOptions) -> dict[str, Any]:
    """§Preparar: the set-up of the rulebook (and of the difficulty mode), the game's keys of `Position`."""
    mode = BOARD.difficulty[options.difficulty]
    return {
        "phase": "setup",
        "day": 0,
        "turn": 0,
        "pass": 1,
        "morale": BOARD.components["morale"]["start"],
        "soldiers": 0,
        "res": dict.fromkeys(BOARD.resources, 0),
        "fields": {"field_west": {}, "field_east": {}},
        "board": {},
        "home": mode.workers_at_start,
        "cafe": mode.workers_at_cafe,
        "gone": 0,
        "tiles": {},
        "deck": list(CARDS),
        "discard": [],
        "peek": None,
        "missions": [],
        "bridges": [],
        "blow": 0,
        "shot": False,
        "ready": [],
        "pending": no_pending(),
    }


# --------------------------------------------------------------------------------------- the game
game = PROCS.proc("game", rule="setup")


@game.step()
def _game_start(state: MaquisState, frame: Frame, action: Action) -> None:
    state.call("deal", then="days")


@game.step("days")
def _game_days(state: MaquisState, frame: Frame, action: Action) -> None:
    state.call("day", then="days")  # days follow each other until a rule ends the game


PROCS.sequence("day", "day", "placement", "action_phase", "maintenance")
"""§Cómo se juega: a day is the placement, action and maintenance phases, in this order."""

deal = PROCS.proc("deal", rule="setup")


@deal.step()
def _deal(state: MaquisState, frame: Frame, action: Action) -> None:
    """§Preparar 8: two mission cards, at random unless the `missions` option chooses them."""
    slot = len(state.d["missions"])
    if slot == 2:
        state.ret()
        return
    choice = state.options.missions
    if "+" in choice:
        add_mission(state, choice.split("+")[slot])
        return
    pool = [m for m in missions.candidates(choice, slot) if not state.mission(m)]
    state.chance({MISSION[m]: 1 for m in pool}, then="dealt")


@deal.step("dealt")
def _dealt(state: MaquisState, frame: Frame, action: int) -> None:
    add_mission(state, target(action))
    state.goto("start")


def add_mission(state: MaquisState, mission_id: str) -> None:
    """§Preparar 8: a mission card on the next exit."""
    missions_in_play = state.d["missions"]
    slot = f"mission_{len(missions_in_play) + 1}"
    card: MissionInPlay = {
        "id": mission_id,
        "slot": slot,
        "boxes": 0,
        "done": False,
        "marks": [],
        "last": -1,
        "keeper": False,
        "lady": None,
    }
    missions_in_play.append(card)
    state.log("log.mission_dealt", mission=f"@target.{mission_id}", slot=slot[-1])


def broken_invariants(state: MaquisState) -> list[str]:
    """§Componentes: conservation and limits; the names of those that do not hold."""
    position = state.d
    broken = []
    for kind in BOARD.resources:
        if not 0 <= state.supply(kind) <= BOARD.per_kind or position["res"][kind] < 0:
            held = position["res"][kind]
            broken.append(f"{kind}: {held} held, {state.supply(kind)} in supply (four tokens in all)")
    total = state.available_workers() + position["cafe"] + position["gone"]
    expected = state.difficulty.workers_at_start + state.difficulty.workers_at_cafe
    if total != expected:
        broken.append(f"workers: {total} accounted for, {expected} in the game")
    pawns = list(position["board"].values())
    if pawns.count("m") > 5 or pawns.count("s") > 5:
        broken.append("more than five Milice or five Soldiers on the board")
    if not 0 <= position["morale"] <= 7 or not 0 <= position["soldiers"] <= 5:
        broken.append("morale or soldier marker off its track")
    peek = position["peek"]
    cards = sorted(position["deck"] + position["discard"] + ([peek] if peek is not None else []))
    if cards != CARDS:
        broken.append(f"patrol cards not conserved: {cards}")
    if len(set(position["tiles"].values())) != len(position["tiles"]):
        broken.append("a tile built twice")
    return broken
