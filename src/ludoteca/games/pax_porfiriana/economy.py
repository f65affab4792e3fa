"""Gold and cubes (§VENDER CARTA, §COMPRAR TERRENOS, §MEJORAR CONEXIÓN, §POLICÍA, §IV, §DEPRESIÓN
ECONÓMICA): selling at the regime's economy value, buying land, upgrading connections and the railroad
chain, police and bail, income, depressions and their costs, and mines and banks following the regime."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.board import CARDS, COMPONENTS, HACENDADOS, REGIMES, Effect
from ludoteca.games.pax_porfiriana.menu import land_cost, police_cost, upgrade_cost
from ludoteca.games.pax_porfiriana.play import income_cap
from ludoteca.games.pax_porfiriana.position import CardAction, Seat
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import discard_troop, lose_income, remove_enterprise, retreat

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
COSTS = COMPONENTS.costs
CONNECTION_PAYS = ("mine", "ranch", "ranchito", "plantation", "smelter")
"""§IV: Connection cubes pay on mines, ranches, plantations and smelters (ambiguity 8: the player aid's
list, a ranchito being a small ranch)."""


def who(p: int) -> str:
    return f"@role.jugador-{p + 1}"


# ------------------------------------------------------------------------------------------ sell
sell = PROCS.proc("do.sell", rule="sell", frame=CardAction)


@sell.step()
def _sell(state: PaxState, frame: CardAction, action: A) -> None:
    """Discard a card from the hand or in play and take the regime's economy value from the bank; the
    troop on a sold enterprise retreats or is discarded; a sold troop leaves its post (its Extortion cube
    goes home and the owner of the enterprise gets its Income cube back, §REDESPLEGAR nota)."""
    p, card = frame["pl"], frame["card"]
    state.gain(p, REGIMES[state.d["regime"]].economy)
    state.log("log.sell", who=who(p), card=f"@card.{card}.name", n=REGIMES[state.d["regime"]].economy)
    if card not in state.d["hands"][p] and CARDS[card].type == "troop":
        discard_troop(state, card)
        state.ret()
        return
    state.d["discard"].append(card)
    if card in state.d["hands"][p]:
        state.d["hands"][p].remove(card)
        state.ret()
        return
    found = state.find(card)
    assert found is not None
    troop_owner = found[1]["troop"]["owner"] if found[1]["troop"] else -1
    troop = remove_enterprise(state, p, card)
    if troop is None:
        state.ret()
        return
    state.replace(retreat, CardAction(pl=troop_owner, card=troop))


# ----------------------------------------------------------------------------------------- land
land = PROCS.proc("do.land", rule="land", frame=CardAction)


@land.step()
def _land(state: PaxState, frame: CardAction, action: A) -> None:
    p, card = frame["pl"], frame["card"]
    found = state.find(card)
    assert found is not None and found[0] == p
    price = land_cost(state, p, found[1])
    assert price is not None
    state.pay(p, price)
    found[1]["income"] += 1
    state.log("log.land", who=who(p), card=f"@card.{card}.name", n=price)
    state.ret()


# --------------------------------------------------------------------------------------- upgrade
class Upgrading(CardAction):
    """An upgrade: at `price` after a railroad chain (§MEJORAR CONEXIÓN), else at the oval's."""

    price: NotRequired[int]


upgrade = PROCS.proc("do.upgrade", rule="upgrade", frame=Upgrading)


@upgrade.step()
def _upgrade(state: PaxState, frame: Upgrading, action: A) -> None:
    """A Connection cube in the oval; upgrading a railroad chain without unrest (for 10) lets the player
    then upgrade any other connection in play for 1."""
    p, card = frame["pl"], frame["card"]
    found = state.find(card)
    assert found is not None
    price = frame.get("price", upgrade_cost(state, p, found[1]))
    assert price is not None
    state.pay(p, price)
    found[1]["conn"] = p
    state.log("log.upgrade", who=who(p), card=f"@card.{card}.name", n=price)
    if frame.get("price") is None and CARDS[card].railroad_chain and not found[1]["unrest"]:
        nxt = int(COSTS["railroad_chain_next"])
        others = [e["id"] for _, e in state.enterprises() if e["conn"] is None and CARDS[e["id"]].upgrade]
        if others and state.cubes_free(p) and state.d["gold"][p] >= nxt:
            state.decide(
                p,
                "chain",
                [*(ID[f"on {x}"] for x in others), ID["pass"]],
                then="chain",
                prompt="prompt.chain",
                n=nxt,
            )
            return
    state.ret()


@upgrade.step("chain")
def _chain(state: PaxState, frame: Upgrading, action: int) -> None:
    if verb(action) == "pass":
        state.ret()
        return
    chained = Upgrading(pl=frame["pl"], card=target(action), price=int(COSTS["railroad_chain_next"]))
    state.replace(upgrade, chained)


# ---------------------------------------------------------------------------------------- police
police = PROCS.proc("do.police", rule="police", frame=CardAction)


@police.step()
def _police(state: PaxState, frame: CardAction, action: A) -> None:
    p, card = frame["pl"], frame["card"]
    found = state.find(card)
    assert found is not None and found[0] == p
    price = police_cost(state, p, found[1])
    assert price is not None
    state.pay(p, price)
    found[1]["unrest"] -= 1
    state.log("log.police", who=who(p), card=f"@card.{card}.name", n=price)
    state.ret()


bail = PROCS.proc("do.bail", rule="police", frame=CardAction)


@bail.step()
def _bail(state: PaxState, frame: CardAction, action: A) -> None:
    """Out of jail for 3 gold: a Police action that gives back the turn's third action at once
    (ambiguity 7: it is an action, and the player ends the turn with the 3 actions of a free player)."""
    p = frame["pl"]
    state.pay(p, int(COSTS["jail_exit"]) - state.discount(p, "jail_exit"))
    state.d["jail"][p] = False
    state.d["left"] += 1
    state.log("log.bail", who=who(p))
    state.ret()


# ---------------------------------------------------------------------------------------- income
def income_of(state: PaxState, p: int) -> int:
    """§IV: Connection cubes (on mines, ranches, plantations, smelters), Extortion cubes, Income cubes
    (Hacendado and enterprises) and, under the Pax, Prestige cubes; nothing from a card with unrest."""
    total = int(state.d["hac"][p]["income"])
    pax = state.d["regime"] == "pax_porfiriana"
    for owner, e in state.enterprises():
        if e["unrest"]:
            continue
        if e["conn"] == p and CARDS[e["id"]].kind in CONNECTION_PAYS:
            total += 1
        if e["troop"] is not None and e["troop"]["extort"] and e["troop"]["owner"] == p:
            total += 1
        if owner == p:
            total += e["income"]
    total += sum(1 for e in state.d["play"][p] if pax and e["pcube"] and not e["unrest"])
    return total


class Income(Seat):
    """§IV: the players still to collect, in seat order; `pl`, the turn's player, then the one collecting."""

    todo: NotRequired[list[int]]


income = PROCS.proc("income", rule="IV", frame=Income)


@income.step()
def _income(state: PaxState, frame: Income, action: A) -> None:
    """Every player collects; then, in a depression, pays its costs."""
    frame.setdefault("todo", state.humans())
    if not frame["todo"]:
        state.ret()
        return
    p = frame["todo"].pop(0)
    n = income_of(state, p)
    state.gain(p, n)
    state.log("log.income", who=who(p), n=n)
    effects = [e.as_dict() for e in standing_income(state, p)]
    EFFECTS.run(state, effects, then="upkeep", pl=p, card="")
    frame["pl"] = p


@income.step("upkeep")
def _income_upkeep(state: PaxState, frame: Income, action: A) -> None:
    if state.d["depression"]:
        state.call(upkeep, Seat(pl=frame["pl"]), then="start")
    else:
        state.goto("start")


def standing_income(state: PaxState, p: int) -> list[Effect]:
    """The `income` abilities: the Loyalist Hacendado's and those of cards in play without unrest."""
    found: list[Effect] = []
    hac = state.d["hac"][p]
    if hac["id"] and hac["side"] < 0:
        found += list([x for x in HACENDADOS[hac["id"]].effects if x.when == "income"])
    for e in state.d["play"][p]:
        if e["id"] in CARDS and not e["unrest"]:
            found += list(CARDS[e["id"]].effects_when("income"))
    return found


def upkept(state: PaxState, p: int) -> list[str]:
    """§DEPRESIÓN: the cards a player pays for: enterprises, partners and troops in play, private armies
    included (not the Hacendado, the prestige pile or public cards)."""
    row = [e["id"] for e in state.d["play"][p] if e["id"] in CARDS]
    return row + state.troops_of(p)


upkeep = PROCS.proc("upkeep", rule="depression", frame=Seat)


@upkeep.step()
def _upkeep(state: PaxState, frame: Seat, action: A) -> None:
    """One gold per card; a card not paid for is discarded: the player discards until content (and
    until able to pay), then pays."""
    p = frame["pl"]
    cards = upkept(state, p)
    per = int(COMPONENTS.depression["cost_per_card"])
    options = [ID[f"discard {c}"] for c in cards]
    if state.d["gold"][p] >= per * len(cards):
        options.append(ID["pass"])
    state.decide(p, "upkeep", options, then="chosen", prompt="prompt.upkeep", n=per * len(cards))


@upkeep.step("chosen")
def _upkeep_chosen(state: PaxState, frame: Seat, action: int) -> None:
    p = frame["pl"]
    if verb(action) == "pass":
        n = state.pay(p, int(COMPONENTS.depression["cost_per_card"]) * len(upkept(state, p)))
        state.log("log.upkeep", who=who(p), n=n)
        state.ret()
        return
    card = target(action)
    state.log("log.discarded", card=f"@card.{card}.name")
    from ludoteca.games.pax_porfiriana.effects import discard_in_play

    discard_in_play(state, card, then="start")


# ------------------------------------------------------------------------------------ depressions
def set_depression(state: PaxState, on: bool) -> list[list[int | str]]:
    """§DEPRESIÓN ECONÓMICA: a red disk on the regime, the Income and Extortion cubes off mines and banks
    (an extorted one is looted: it goes back to its owner's hand and its troop retreats, §RETIRADA);
    §FINALIZAR: the disk off, mines and banks set for the regime. Returns the retreats the caller runs
    (procedure "retreats")."""
    if state.d["depression"] == on:
        return []
    state.d["depression"] = on
    state.log("log.depression" if on else "log.recovery")
    return adjust_mines(state)


def adjust_mines(state: PaxState) -> list[list[int | str]]:
    """Mines and banks carry the cubes the regime allows (§FINALIZAR DEPRESIÓN, facts §1.8). A mine or
    bank that loses its Extortion cube is looted (§CARTA DE TROPA, nota): back to its owner's hand, and
    its troop retreats. Returns those retreats as [troop owner, troop] for procedure "retreats"."""
    retreats: list[list[int | str]] = []
    for owner, e in list(state.enterprises()):
        if CARDS[e["id"]].kind not in ("mine", "bank"):
            continue
        cap = income_cap(state, e["id"])
        extorted = e["troop"] is not None and e["troop"]["extort"]
        if e["income"] > cap or (extorted and state.d["depression"]):
            gone = e["income"] - cap + (1 if state.d["depression"] else 0)
            troop_owner = e["troop"]["owner"] if e["troop"] is not None else -1
            if lose_income(state, e, gone):
                troop = remove_enterprise(state, owner, e["id"])
                state.d["hands"][owner].append(e["id"])
                state.log("log.looted", card=f"@card.{e['id']}.name")
                if troop is not None:
                    retreats.append([troop_owner, troop])
        elif e["income"] < cap:
            e["income"] += max(0, min(cap - e["income"], state.cubes_free(owner)))
    return retreats
