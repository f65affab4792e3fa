"""The game and its turns (§PREPARACIÓN, the four phases): set-up by chance nodes, then turns clockwise
from the first player, each the action phase (§I), discarding headlines (§II), restoring the market
(§III) and income (§IV). The action phase offers every action of §I that is legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.cards import CARDS, COMPONENTS, HACENDADOS, REGIMES
from ludoteca.games.pax_porfiriana.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState as St

A = int | None
ACT = COMPONENTS.actions

# ------------------------------------------------------------------------------------------ set-up
game = PROCS.proc("game", rule="PREPARACIÓN")


@game.step()
def _game(st: St, f: Frame, a: A) -> None:
    """§PREPARACIÓN: a random first player."""
    st.chance({ID[f"first {k + 1}"]: 1 for k in range(1 if st.solo() else st.n)}, then="first")


@game.step("first")
def _first(st: St, f: Frame, a: A) -> None:
    """The first player gets 4 gold, the next one 5, and so on (Part L: you go first)."""
    assert a is not None
    first = int(target(a)) - 1
    st.d["first"] = st.d["turn"] = first
    for k in range(st.n):
        p = (first + k) % st.n
        if p in st.humans():
            st.d["gold"][p] = int(
                COMPONENTS.setup["starting_gold"] + COMPONENTS.setup["starting_gold_step"] * k
            )
    st.log("log.first", who=f"@role.jugador-{first + 1}")
    st.goto("deal")


@game.step("deal")
def _deal(st: St, f: Frame, a: A) -> None:
    """A random Hacendado to every player, Loyalist side up, two of the player's cubes on it (Díaz has
    none, Part L)."""
    dealt = [h["id"] for h in st.d["hac"] if h["id"]]
    waiting = [p for p in st.humans() if not st.d["hac"][p]["id"]]
    if not waiting:
        st.call("restore", then="turns")
        return
    st.chance({ID[f"deal {h}"]: 1 for h in HACENDADOS if h not in dealt}, then="dealt")


@game.step("dealt")
def _dealt(st: St, f: Frame, a: A) -> None:
    assert a is not None
    p = next(p for p in st.humans() if not st.d["hac"][p]["id"])
    st.d["hac"][p].update(id=target(a), income=HACENDADOS[target(a)].income)
    st.log("log.hacendado", who=f"@role.jugador-{p + 1}", card=f"@card.{target(a)}.name")
    st.goto("deal")


@game.step("turns")
def _turns(st: St, f: Frame, a: A) -> None:
    p = st.d["turn"]
    st.call("diaz.turn" if st.solo() and p not in st.humans() else "turn", then="next", pl=p)


@game.step("next")
def _next(st: St, f: Frame, a: A) -> None:
    st.d["turn"] = (st.d["turn"] + 1) % st.n
    st.goto("turns")


PROCS.sequence("turn", "I–IV", "actions", "headlines", "restore", "income")

# ----------------------------------------------------------------------------------- action phase
actions = PROCS.proc("actions", rule="I")

COSTS = {"land": int(ACT["buy_land"])}
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


def cost(st: St, p: int, action: int) -> int:
    """The actions an action of the menu uses: 2 for buy land (§COMPRAR TERRENOS), for a buy after the
    first of the turn (§COMPRAR CARTA) and for a black card outside its regime (§CARTA NEGRA); 1
    otherwise."""
    v = verb(action)
    if v in ("buy", "public"):
        return int(ACT["second_buy"]) if st.d["buys"] else 1
    if v == "play" and CARDS[target(action)].type == "black":
        return 1 if CARDS[target(action)].regime == st.d["regime"] else int(ACT["black_off_regime"])
    return COSTS.get(v, 1)


def free(st: St, p: int, action: int) -> bool:
    """An `extra_action` ability not yet used this turn pays for one action of its kind."""
    kind = KIND.get(verb(action), "")
    return kind in st.extra_actions(p) and kind not in st.d["extra"]


@actions.step()
def _actions(st: St, f: Frame, a: A) -> None:
    """§I: 3 actions, 2 in jail (§ENCARCELADO)."""
    p = f["pl"]
    st.d.update(left=int(ACT["in_jail"] if st.d["jail"][p] else ACT["per_turn"]), buys=0, banned=[], extra=[])
    st.goto("menu")


@actions.step("menu")
def _menu(st: St, f: Frame, a: A) -> None:
    from ludoteca.games.pax_porfiriana.menu import offered

    p = f["pl"]
    legal = [x for x in offered(st, p) if free(st, p, x) or cost(st, p, x) <= st.d["left"]]
    if not legal:
        st.ret()
        return
    st.decide(p, "action", [*legal, ID["end"]], then="chosen", prompt="prompt.action", left=st.d["left"])


@actions.step("chosen")
def _chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    p = f["pl"]
    if a == ID["end"]:
        st.ret()
        return
    if free(st, p, a):
        st.d["extra"].append(KIND[verb(a)])
    else:
        st.d["left"] -= cost(st, p, a)
    if verb(a) in ("buy", "public"):
        st.d["buys"] += 1
    st.call(f"do.{verb(a)}", then="menu", pl=p, card=target(a))


def regime_prestige(st: St) -> str:
    return REGIMES[st.d["regime"]].prestige
