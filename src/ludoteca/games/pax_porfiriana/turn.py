"""The game and its turns (§PREPARACIÓN, the four phases): set-up by chance nodes, then turns clockwise
from the first player, each the action phase (§I), discarding headlines (§II), restoring the market
(§III) and income (§IV). The action phase offers every action of §I that is legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.pax_porfiriana.actions import ID, VERBS, target, verb
from ludoteca.games.pax_porfiriana.board import CARDS, COMPONENTS, HACENDADOS, REGIMES
from ludoteca.games.pax_porfiriana.market import Restore, restore
from ludoteca.games.pax_porfiriana.menu import offered
from ludoteca.games.pax_porfiriana.position import NoLocals, Seat
from ludoteca.games.pax_porfiriana.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
ACT = COMPONENTS.actions

# ------------------------------------------------------------------------------------------ set-up
game = PROCS.proc("game", rule="setup", frame=NoLocals)


@game.step()
def _game(state: PaxState, frame: NoLocals, action: A) -> None:
    """§PREPARACIÓN: a random first player."""
    state.chance({ID[f"first {k + 1}"]: 1 for k in range(1 if state.solo() else state.n)}, then="first")


@game.step("first")
def _first(state: PaxState, frame: NoLocals, action: int) -> None:
    """The first player gets 4 gold, the next one 5, and so on (Part L: you go first)."""
    first = int(target(action)) - 1
    state.d["first"] = state.d["turn"] = first
    for k in range(state.n):
        p = (first + k) % state.n
        if p in state.humans():
            state.d["gold"][p] = int(
                COMPONENTS.setup["starting_gold"] + COMPONENTS.setup["starting_gold_step"] * k
            )
    state.log("log.first", who=f"@role.jugador-{first + 1}")
    state.goto("deal")


@game.step("deal")
def _deal(state: PaxState, frame: NoLocals, action: A) -> None:
    """A random Hacendado to every player, Loyalist side up, two of the player's cubes on it (Díaz has
    none, Part L)."""
    dealt = [h["id"] for h in state.d["hac"] if h["id"]]
    waiting = [p for p in state.humans() if not state.d["hac"][p]["id"]]
    if not waiting:
        state.call(restore, Restore(), then="turns")
        return
    state.chance({ID[f"deal {h}"]: 1 for h in HACENDADOS if h not in dealt}, then="dealt")


@game.step("dealt")
def _dealt(state: PaxState, frame: NoLocals, action: int) -> None:
    p, hacendado = next(p for p in state.humans() if not state.d["hac"][p]["id"]), target(action)
    state.d["hac"][p].update({"id": hacendado, "income": HACENDADOS[hacendado].income})
    state.log("log.hacendado", who=f"@role.jugador-{p + 1}", card=f"@card.{hacendado}.name")
    state.goto("deal")


@game.step("turns")
def _turns(state: PaxState, frame: NoLocals, action: A) -> None:
    p = state.d["turn"]
    state.call("diaz.turn" if state.solo() and p not in state.humans() else "turn", then="next", pl=p)


@game.step("next")
def _next(state: PaxState, frame: NoLocals, action: A) -> None:
    state.d["turn"] = (state.d["turn"] + 1) % state.n
    state.goto("turns")


PROCS.sequence("turn", "turn", "actions", "headlines", "restore", "income")

# ----------------------------------------------------------------------------------- action phase
actions = PROCS.proc("actions", rule="I", frame=Seat)

COSTS = {"land": int(ACT["buy_land"])}
DEAREST = max(*COSTS.values(), int(ACT["second_buy"]), int(ACT["black_off_regime"]), 1)
"""The most actions one action of the menu may cost."""
KIND = {
    "play": "play",
    "buy": "buy",
    "public": "buy",
    "sell": "sell",
    "redeploy": "redeploy",
    "land": "buy_land",
    "upgrade": "upgrade",
    "police": "police",
    "bail": "jail_exit",
    "speculate": "speculate",
}
"""The menu's verbs by the action names of the data (`extra_action`, `discount`)."""


def cost(state: PaxState, p: int, action: int) -> int:
    """The actions an action of the menu uses: 2 for buy land (§COMPRAR TERRENOS), for a buy after the
    first of the turn (§COMPRAR CARTA) and for a black card outside its regime (§CARTA NEGRA); 1
    otherwise."""
    v = VERBS[action]
    if v in ("buy", "public"):
        return int(ACT["second_buy"]) if state.d["buys"] else 1
    if v == "play" and CARDS[target(action)].type == "black":
        return 1 if CARDS[target(action)].regime == state.d["regime"] else int(ACT["black_off_regime"])
    return COSTS.get(v, 1)


def free(state: PaxState, p: int, action: int) -> bool:
    """An `extra_action` ability not yet used this turn pays for one action of its kind."""
    kind = KIND.get(verb(action), "")
    return kind in state.extra_actions(p) and kind not in state.d["extra"]


@actions.step()
def _actions(state: PaxState, frame: Seat, action: A) -> None:
    """§I: 3 actions, 2 in jail (§ENCARCELADO)."""
    p = frame["pl"]
    left = int(ACT["in_jail"] if state.d["jail"][p] else ACT["per_turn"])
    state.d.update({"left": left, "buys": 0, "banned": [], "extra": []})
    state.goto("menu")


@actions.step("menu")
def _menu(state: PaxState, frame: Seat, action: A) -> None:
    p = frame["pl"]
    left = state.d["left"]
    legal = offered(state, p)
    if left < DEAREST:  # only then can an action cost more than is left (the hot path of a playout)
        unused = set(state.extra_actions(p)).difference(state.d["extra"])  # `free`, once per menu
        legal = [x for x in legal if KIND.get(VERBS[x], "") in unused or cost(state, p, x) <= left]
    if not legal:
        who = f"@role.jugador-{p + 1}"  # the log says why the phase ends (issue 55)
        state.log("log.actions_spent" if left <= 0 else "log.nothing_to_do", who=who, n=left)
        state.ret()
        return
    state.decide(
        p, "action", [*legal, ID["end"]], then="chosen", prompt="prompt.action", left=state.d["left"]
    )


@actions.step("chosen")
def _chosen(state: PaxState, frame: Seat, action: int) -> None:
    p = frame["pl"]
    if action == ID["end"]:
        state.log("log.end_actions", who=f"@role.jugador-{p + 1}", n=state.d["left"])
        state.ret()
        return
    if free(state, p, action):
        state.d["extra"].append(KIND[verb(action)])
    else:
        state.d["left"] -= cost(state, p, action)
    if verb(action) in ("buy", "public"):
        state.d["buys"] += 1
    state.call(f"do.{verb(action)}", then="menu", pl=p, card=target(action))


def regime_prestige(state: PaxState) -> str:
    return REGIMES[state.d["regime"]].prestige
