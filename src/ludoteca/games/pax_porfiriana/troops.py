"""Troops (§CARTA DE TROPA, §REDESPLEGAR TROPA, §RETIRADA): deploying in the same jurisdiction, battles,
extortion and looting, private armies, redeploying and activating, retreats."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.board import CARDS, HACENDADOS
from ludoteca.games.pax_porfiriana.position import CardAction, InPlay
from ludoteca.games.pax_porfiriana.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
RAILROAD_REACH = ("sonora", "chihuahua")


def reach(state: PaxState, p: int, troop: str) -> set[str] | None:
    """The jurisdictions player `p` may send `troop` to (None: all of them): its own; anywhere where an
    ability or the regime allows (`deploy_anywhere`); for a federal troop with an upgraded railroad chain
    in play, Sonora and Chihuahua too (§MEJORAR CONEXIÓN)."""
    t = CARDS[troop]
    if state.deploy_anywhere(p, t.faction):
        return None
    if t.faction == "federal" and state.railroad_chain():
        return {t.jurisdiction, *RAILROAD_REACH}
    return {t.jurisdiction}


def may_extort(owner: int, p: int, spare: bool, e: InPlay) -> bool:
    """§CARTA DE TROPA: a troop sent to a rival's enterprise needs a free cube (`spare`) for its Extortion
    cube, and the rival an Income cube to give up (ambiguity: an enterprise with none cannot be
    extorted)."""
    return owner == p or (spare and e["income"] > 0)


def destinations(state: PaxState, p: int, troop: str, extra: int) -> list[str]:
    """Where player `p` may send `troop`, paying `extra` gold besides each destination's connection: an
    enterprise it reaches, with no troop or a troop of lower firepower (a battle); or the player's own
    flipped Hacendado of the troop's faction (a private army)."""
    gold = state.d["gold"][p] - extra
    t = CARDS[troop]
    jurisdictions = reach(state, p, troop)
    spare = state.cubes_free(p) > 0
    out = []
    for owner, e in state.enterprises():
        here = e["troop"]
        if here is not None and (here["id"] == troop or CARDS[here["id"]].firepower >= t.firepower):
            continue
        if jurisdictions is not None and CARDS[e["id"]].jurisdiction not in jurisdictions:
            continue
        if may_extort(owner, p, spare, e) and gold >= state.connection(e):
            out.append(e["id"])
    hac = state.d["hac"][p]
    if hac["side"] >= 0 and not hac["dead"] and troop not in hac["army"]:
        h = HACENDADOS[hac["id"]]
        if h.orientations[hac["side"]].faction == t.faction and gold >= h.connection:
            out.append(hac["id"])
    return out


def redeployable(state: PaxState, p: int) -> list[str]:
    """§REDESPLEGAR TROPA: one's troop on an enterprise that may move or calm unrest there, or a rival's
    extorting troop on one's own enterprise with unrest (a free police action)."""
    out = []
    for owner, e in state.enterprises():
        troop = e["troop"]
        if troop is None:
            continue
        if (troop["owner"] == p and (e["unrest"] or destinations(state, p, troop["id"], 0))) or (
            owner == p and troop["extort"] and e["unrest"]
        ):
            out.append(troop["id"])
    return out


# --------------------------------------------------------------------------------------- deploying
class Deploy(CardAction):
    """A troop sent into play: `fresh` from the hand (its first deployment, whose card may change the
    regime), or redeployed to `dest`, chosen before (§REDESPLEGAR TROPA)."""

    fresh: bool
    dest: NotRequired[str]


deploy = PROCS.proc("deploy", rule="troop", frame=Deploy)


@deploy.step()
def _deploy(state: PaxState, frame: Deploy, action: A) -> None:
    """Send troop `card` of player `p` (from the hand: `fresh`, its first deployment) where it may go, or
    to `dest` when already chosen (a redeployment)."""
    if "dest" in frame:
        state.goto("place")
        return
    state.decide(
        frame["pl"],
        "deploy",
        [ID[f"on {x}"] for x in destinations(state, frame["pl"], frame["card"], 0)],
        then="to",
        prompt="prompt.deploy",
        card=f"@card.{frame['card']}.name",
    )


@deploy.step("to")
def _deploy_to(state: PaxState, frame: Deploy, action: int) -> None:
    frame["dest"] = target(action)
    state.goto("place")


@deploy.step("place")
def _deploy_place(state: PaxState, frame: Deploy, action: A) -> None:
    p, troop, where = frame["pl"], frame["card"], frame["dest"]
    if where in HACENDADOS:
        state.pay(p, HACENDADOS[where].connection)
        state.d["hac"][p]["army"].append(troop)
        state.log("log.army", who=f"@role.jugador-{p + 1}", card=f"@card.{troop}.name")
        state.goto("placed")
        return
    found = state.find(where)
    assert found is not None
    owner, e = found
    state.pay(p, state.connection(e))
    state.log(
        "log.deploy", who=f"@role.jugador-{p + 1}", card=f"@card.{troop}.name", on=f"@card.{where}.name"
    )
    loser = e["troop"]
    if loser is not None:
        release(state, owner, e)
        state.log("log.battle", card=f"@card.{troop}.name", loser=f"@card.{loser['id']}.name")
    e["troop"] = {"id": troop, "owner": p, "extort": owner != p}
    if owner != p:
        e["income"] -= 1
        state.log("log.extort", who=f"@role.jugador-{p + 1}", on=f"@card.{where}.name")
    calmed = min(e["unrest"], CARDS[troop].firepower)
    e["unrest"] -= calmed
    if loser is not None and CARDS[loser["id"]].faction == CARDS[troop].faction:
        state.call(retreat, CardAction(pl=loser["owner"], card=loser["id"]), then="placed")
        return
    if loser is not None:
        state.d["discard"].append(loser["id"])
    state.goto("placed")


@deploy.step("placed")
def _placed(state: PaxState, frame: Deploy, action: A) -> None:
    """A troop's first deployment may change the regime (facts §1.8: `regime` effects `when = "play"`)."""
    from ludoteca.games.pax_porfiriana.procs import EFFECTS

    if frame.get("fresh"):
        frame["fresh"] = False
        effects = [e.as_dict() for e in CARDS[frame["card"]].effects_when("play")]
        EFFECTS.run(state, effects, then="done", pl=frame["pl"], card=frame["card"])
        return
    state.ret()


@deploy.step("done")
def _deploy_done(state: PaxState, frame: Deploy, action: A) -> None:
    state.ret()


def release(state: PaxState, owner: int, e: InPlay) -> None:
    """A troop leaves an enterprise: its Extortion cube goes home and the owner gets an Income cube back
    (§REDESPLEGAR TROPA, nota) if a cube is free."""
    troop = e["troop"]
    e["troop"] = None
    if troop is not None and troop["extort"] and state.cubes_free(owner) > 0:
        e["income"] += 1


# ------------------------------------------------------------------------------------- redeploying
redeploy = PROCS.proc("do.redeploy", rule="redeploy", frame=CardAction)


@redeploy.step()
def _redeploy(state: PaxState, frame: CardAction, action: A) -> None:
    """Move one's troop to another valid place paying its connection, or activate it at no cost to remove
    as many unrest disks as its firepower; a rival's extorting troop removes one disk."""
    p, troop = frame["pl"], frame["card"]
    where = state.troop_at(troop)
    assert where is not None and where[1] is not None
    e = where[1]
    assert e["troop"] is not None
    options = [ID[f"on {x}"] for x in destinations(state, p, troop, 0)] if e["troop"]["owner"] == p else []
    if e["unrest"]:
        options.append(ID["activate"])
    state.decide(p, "redeploy", options, then="chosen", prompt="prompt.redeploy", card=f"@card.{troop}.name")


@redeploy.step("chosen")
def _redeploy_chosen(state: PaxState, frame: CardAction, action: int) -> None:
    p, troop = frame["pl"], frame["card"]
    where = state.troop_at(troop)
    assert where is not None and where[1] is not None
    owner, e = where[0], where[1]
    assert e["troop"] is not None
    if verb(action) == "activate":
        n = CARDS[troop].firepower if e["troop"]["owner"] == p else 1
        e["unrest"] = max(0, e["unrest"] - n)
        state.log("log.activate", card=f"@card.{troop}.name", on=f"@card.{e['id']}.name")
        state.ret()
        return
    release(state, owner, e)
    state.replace(deploy, Deploy(pl=p, card=troop, fresh=False, dest=target(action)))


# ---------------------------------------------------------------------------------------- retreat
retreat = PROCS.proc("retreat", rule="retreat", frame=CardAction)


class Retreats(TypedDict):
    """Troops that retreat one after the other, each as [its owner's seat, the troop]."""

    todo: list[list[int | str]]


retreats = PROCS.proc("retreats", rule="retreat", frame=Retreats)


@retreats.step()
def _retreats(state: PaxState, frame: Retreats, action: A) -> None:
    """Several troops retreat one after the other (`todo`: [troop owner, troop]), each as §RETIRADA says:
    the troops of the mines and banks looted when a depression starts or the regime changes."""
    if not frame["todo"]:
        state.ret()
        return
    owner, troop = frame["todo"].pop(0)
    state.call(retreat, CardAction(pl=int(owner), card=str(troop)), then="start")


def army_sides(state: PaxState, p: int, troop: str) -> list[int]:
    """The orientations under which player `p`'s Hacendado could take `troop` into its private army:
    the current one if flipped, either matching one if it may still flip (§RETIRADA)."""
    hac = state.d["hac"][p]
    if hac["dead"] or not hac["id"] or state.d["gold"][p] < HACENDADOS[hac["id"]].connection:
        return []
    faction = CARDS[troop].faction
    sides = [hac["side"]] if hac["side"] >= 0 else [0, 1]
    return [s for s in sides if HACENDADOS[hac["id"]].orientations[s].faction == faction]


@retreat.step()
def _retreat(state: PaxState, frame: CardAction, action: A) -> None:
    """A retreating troop may become the private army (flipping the Hacendado if need be, paying the
    connection); otherwise it is discarded."""
    p, troop = frame["pl"], frame["card"]
    sides = army_sides(state, p, troop)
    if not sides or p not in state.humans():
        state.d["discard"].append(troop)
        state.ret()
        return
    flipped = state.d["hac"][p]["side"] >= 0
    options = [ID["retreat"]] if flipped else [ID[f"side {s + 1}"] for s in sides]
    state.decide(
        p,
        "retreat",
        [*options, ID[f"discard {troop}"]],
        then="chosen",
        prompt="prompt.retreat",
        card=f"@card.{troop}.name",
    )


@retreat.step("chosen")
def _retreat_chosen(state: PaxState, frame: CardAction, action: int) -> None:
    p, troop = frame["pl"], frame["card"]
    if verb(action) == "discard":
        state.d["discard"].append(troop)
        state.log("log.discarded", card=f"@card.{troop}.name")
        state.ret()
        return
    hac = state.d["hac"][p]
    if verb(action) == "side":
        flip(state, p, int(target(action)) - 1)
    state.pay(p, HACENDADOS[hac["id"]].connection)
    hac["army"].append(troop)
    state.log("log.army", who=f"@role.jugador-{p + 1}", card=f"@card.{troop}.name")
    state.ret()


def flip(state: PaxState, p: int, side: int) -> None:
    """§Nota: a Hacendado flips to a partner orientation (only in a Topple or a retreat), losing its two
    Income cubes and its Loyalist ability."""
    hac = state.d["hac"][p]
    hac["side"] = side
    hac["income"] = 0
    state.log("log.flip", who=f"@role.jugador-{p + 1}", card=f"@card.{hac['id']}.name", side=side + 1)


# ----------------------------------------------------------------------------------- leaving play
def remove_enterprise(state: PaxState, owner: int, card: str) -> str | None:
    """An enterprise (or any card) leaves its owner's row (sold, looted, nationalized, liberated, unpaid,
    discarded in a Topple): its cubes go home and its unrest disks to the bank; the troop on it, if any,
    is returned for a retreat."""
    row = state.d["play"][owner]
    e = next(x for x in row if x["id"] == card)
    row.remove(e)
    troop = e["troop"]
    return None if troop is None else troop["id"]


def owner_of_troop(state: PaxState, troop: str) -> int:
    where = state.troop_at(troop)
    if where is None:
        return -1
    owner, e = where
    if e is None:
        return owner
    assert e["troop"] is not None
    return int(e["troop"]["owner"])


def discard_troop(state: PaxState, troop: str) -> None:
    """A troop in play is discarded from wherever it stands."""
    where = state.troop_at(troop)
    if where is None:
        return
    owner, e = where
    if e is None:
        state.d["hac"][owner]["army"].remove(troop)
    else:
        release(state, owner, e)
    state.d["discard"].append(troop)


class Loot(TypedDict):
    """An enterprise looted (§CARTA DE TROPA, nota): its owner, and the owner of the troop that extorted
    it."""

    owner: int
    card: str
    troop_owner: int


loot = PROCS.proc("loot", rule="troop", frame=Loot)


@loot.step()
def _loot(state: PaxState, frame: Loot, action: A) -> None:
    """§Nota: a looted enterprise goes back to its owner's hand; the troop that extorted it then retreats
    or is discarded."""
    owner, card = frame["owner"], frame["card"]
    troop = remove_enterprise(state, owner, card)
    state.d["hands"][owner].append(card)
    state.log("log.looted", card=f"@card.{card}.name")
    if troop is None:
        state.ret()
        return
    state.replace(retreat, CardAction(pl=frame["troop_owner"], card=troop))


def lose_income(state: PaxState, e: InPlay, n: int) -> bool:
    """Remove `n` Income cubes from an enterprise; the Extortion cube goes last, and its loss means the
    enterprise is looted (True: the caller must run "loot")."""
    removed = min(e["income"], n)
    e["income"] -= removed
    troop = e["troop"]
    return n > removed and troop is not None and troop["extort"]
