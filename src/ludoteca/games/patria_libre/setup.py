"""§Configuración de partida: the five S/PV cards into the supply line, the market and the piles' tops
turned up (one chance node per card), the faces of each player's orders, the military faction's markers;
then turns in seat order (§Comienza la partida)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import market, military
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


game = PROCS.proc("game", rule="setup")


@game.step()
def _game(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Configuración 6–7: the five S/PV cards at random into the line, four stage-I cards into the
    market, and the top card of each pile turned up — one chance node per card."""
    frame.setdefault("spv", [])
    if len(frame["spv"]) < len(BOARD.spv):
        state.chance({ID[f"draw {c}"]: 1 for c in BOARD.spv if c not in frame["spv"]}, then="spv")
        return
    if len(state.d["market"]) < len(market.PRICES):
        state.chance(
            {ID[f"draw {c}"]: 1 for c in market.pool(state, BOARD.piles["market_stage"])}, then="market"
        )
        return
    if not state.d["line"]:
        spvs = iter(frame["spv"])
        state.d["line"] = [
            ["spv", next(spvs)] if name == "spv" else ["pile", name, BOARD.piles["size"][name], None]
            for name in BOARD.piles["order"]
        ]
    pile = next((item for item in state.d["line"] if item[0] == "pile" and item[3] is None), None)
    if pile is not None:
        state.chance({ID[f"draw {c}"]: 1 for c in market.pool(state, pile[1])}, then="top")
        return
    state.goto("faces")


@game.step("spv")
def _game_spv(state: PatriaState, frame: Frame, action: int) -> None:
    frame["spv"].append(target(action))
    state.goto("start")


@game.step("market")
def _game_market(state: PatriaState, frame: Frame, action: int) -> None:
    state.d["market"].append(target(action))
    state.d["seen"] = [*state.d["seen"], target(action)]  # a new list: clones share it
    state.goto("start")


@game.step("top")
def _game_top(state: PatriaState, frame: Frame, action: int) -> None:
    pile = next(item for item in state.d["line"] if item[0] == "pile" and item[3] is None)
    pile[3] = target(action)
    state.d["seen"] = [*state.d["seen"], target(action)]  # a new list: clones share it
    state.goto("start")


@game.step("faces")
def _game_faces(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Configuración: each player chooses the faces of the orders; «clonar orden» starts face down —
    except for the personality deck's seat (§Modo solitario)."""
    frame["i"] = frame.get("i", -1) + 1
    if frame["i"] == len(state.d["seats"]):
        if military.active(state):
            state.call("mil_setup", then="turns")
        else:
            state.goto("turns")
        return
    r = state.d["seats"][frame["i"]]
    if state.solo_seat() == r:
        state.d["tokens"][r][3][0] = 1
    state.call("faces", then="faces", r=r, todo=[0, 1, 2])


@game.step("turns")
def _game_turns(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.call("turn", then="next", r=state.d["seats"][state.d["turn"]])


@game.step("next")
def _game_next(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Comienza la partida: the turn passes to the next seat (alternating sides). The personality deck's
    seat takes a new turn at once after recovering its orders (§Modo solitario)."""
    if not (frame.get("ret") == "recover" and state.solo_seat() == state.d["seats"][state.d["turn"]]):
        state.d["turn"] = (state.d["turn"] + 1) % len(state.d["seats"])
    state.goto("turns")
