"""§1. Fase de colocación: the patrol count (§Compruebe la moral), the Resistance's workers and the
patrols placed in turn (§Colocación de resistencia, §Colocación de patrulla), Soldiers among the patrols
(§Peones de patrulla soldado), and the patrol deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.maquis import action_phase, missions
from ludoteca.games.maquis.actions import PATROL, PLACE, target
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.position import Patrol, Pawn, Placement
from ludoteca.games.maquis.procs import PROCS, Action, Frame

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

placement = PROCS.proc("placement", rule="placement", frame=Placement)


@placement.step()
def _placement(state: MaquisState, frame: Placement, action: Action) -> None:
    """Infiltration: while the mole is in place, the top patrol card is seen before placement."""
    state.d["phase"] = "placement"
    if missions.mole_in_place(state) and state.d["peek"] is None:
        state.call("draw", then="peeked")
    else:
        state.goto("count")


@placement.step("peeked")
def _peeked(state: MaquisState, frame: Placement, action: Action) -> None:
    card: int = frame.pop("ret")
    state.d["peek"] = card
    state.reveal()
    state.log("log.peek", card=card, first=f"@target.{BOARD.patrol_cards[card][0]}")
    state.goto("count")


@placement.step("count")
def _count(state: MaquisState, frame: Placement, action: Action) -> None:
    """§Compruebe la moral: patrols = the larger of available workers and the red number; the last
    `soldiers` of them are Soldiers (§Peones de patrulla soldado)."""
    position = state.d
    available = state.available_workers()
    red = BOARD.morale_red[position["morale"]]
    patrols = max(available, red)
    frame["patrols"] = patrols
    frame["placed"] = 0
    frame["first_soldier"] = patrols - min(position["soldiers"], patrols)
    frame["workers"] = position["home"]
    frame["worker_turn"] = True
    state.log(
        "log.patrol_count",
        patrols=patrols,
        available=available,
        red=red,
        morale=position["morale"],
        rule="placement.morale",
    )
    state.goto("next")


@placement.step("next")
def _next(state: MaquisState, frame: Placement, action: Action) -> None:
    """§Fase de colocación: worker and patrol alternately, the player first; then the remaining patrols."""
    if frame["workers"] and frame["worker_turn"]:
        spots = placeable_locations(state)
        if spots:
            state.decide(
                0,
                "place",
                [PLACE[loc] for loc in spots],
                then="placed",
                prompt="prompt.place",
                workers=frame["workers"],
                rule="placement.resistance",
            )
            return
        state.log("log.nowhere", workers=frame["workers"], rule="placement.resistance")
        frame["workers"] = 0
    if frame["placed"] < frame["patrols"]:
        pawn: Pawn = "s" if frame["placed"] >= frame["first_soldier"] else "m"
        frame["placed"] += 1
        frame["worker_turn"] = True
        state.call(patrol, Patrol(pawn=pawn), then="next")
        return
    state.ret()


@placement.step("placed")
def _placed(state: MaquisState, frame: Placement, action: int) -> None:
    loc = target(action)
    position = state.d
    position["board"][loc] = "w"
    position["home"] -= 1
    frame["workers"] -= 1
    frame["worker_turn"] = False
    state.log("log.placed", loc=f"@target.{loc}", rule="placement.resistance")
    state.goto("next")


def placeable_locations(state: MaquisState) -> list[str]:
    """§Colocación de resistencia: one pawn per location; a Field only if it holds tokens; a mission
    rectangle only while usable; never a safe house."""
    position = state.d
    closed = missions.closed_locations(state) | action_phase.safe_houses(state)
    spots = []
    for loc in BOARD.placeable:
        if loc in position["board"] or loc in closed:
            continue
        kind = BOARD.locations[loc].kind
        if kind == "field" and not position["fields"][loc]:
            continue
        if kind == "mission_slot" and not missions.placeable_slot(state, loc):
            continue
        spots.append(loc)
    return spots


patrol = PROCS.proc("patrol", rule="placement.patrol", frame=Patrol)


@patrol.step()
def _patrol(state: MaquisState, frame: Patrol, action: Action) -> None:
    state.call("draw", then="drawn")


@patrol.step("drawn")
def _patrol_drawn(state: MaquisState, frame: Patrol, action: Action) -> None:
    """§Colocación de patrulla: the first empty location of the card; if none, an arrest at the first
    location holding a worker; if all three hold patrols, no patrol this day. The card is discarded."""
    card: int = frame.pop("ret")
    position = state.d
    board = position["board"]
    locations = BOARD.patrol_cards[card]
    position["discard"].append(card)
    pawn: Pawn = frame["pawn"]
    free = next((loc for loc in locations if loc not in board), None)
    if free is not None:
        board[free] = pawn
        state.log(f"log.patrol_{pawn}", card=card, loc=f"@target.{free}")
    else:
        raid = next((loc for loc in locations if board[loc] == "w"), None)
        if raid is None:
            state.log("log.patrol_none", card=card)
        else:
            board[raid] = pawn
            state.log("log.patrol_arrest", card=card, loc=f"@target.{raid}")
            state.worker_lost(arrest=True)
            if state.is_terminal():
                return
    state.ret()


draw = PROCS.proc("draw", rule="placement.patrol")


@draw.step()
def _draw(state: MaquisState, frame: Frame, action: Action) -> None:
    """Draw the top patrol card: the card already seen (the mole's), or a chance draw. An empty deck is
    first rebuilt from the discard pile (§Colocación de patrulla, last paragraph)."""
    position = state.d
    peek = position["peek"]
    if peek is not None:
        position["peek"] = None
        state.ret(peek)
        return
    if not position["deck"]:
        position["deck"], position["discard"] = sorted(position["discard"]), []
        state.log("log.reshuffle")
    state.chance({PATROL[card]: 1 for card in position["deck"]}, then="got")


@draw.step("got")
def _draw_got(state: MaquisState, frame: Frame, action: int) -> None:
    card = int(target(action))
    state.d["deck"].remove(card)
    state.ret(card)
