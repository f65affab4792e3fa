"""Gold and cubes (§VENDER CARTA, §COMPRAR TERRENOS, §MEJORAR CONEXIÓN, §POLICÍA, §IV, §DEPRESIÓN
ECONÓMICA): selling at the regime's economy value, buying land, upgrading connections and the railroad
chain, police and bail, income, depressions and their costs, and mines and banks following the regime."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.cards import CARDS, COMPONENTS, HACENDADOS, REGIMES, Effect
from ludoteca.games.pax_porfiriana.menu import land_cost, police_cost, upgrade_cost
from ludoteca.games.pax_porfiriana.play import income_cap
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import lose_income, remove_enterprise

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState as St

A = int | None
COSTS = COMPONENTS.costs
CONNECTION_PAYS = ("mine", "ranch", "ranchito", "plantation", "smelter")
"""§IV: Connection cubes pay on mines, ranches, plantations and smelters (ambiguity 8: the player aid's
list, a ranchito being a small ranch)."""


def who(p: int) -> str:
    return f"@role.jugador-{p + 1}"


# ------------------------------------------------------------------------------------------ sell
sell = PROCS.proc("do.sell", rule="VENDER CARTA")


@sell.step()
def _sell(st: St, f: Frame, a: A) -> None:
    """Discard a card from the hand or one's row and take the regime's economy value from the bank; the
    troop on a sold enterprise retreats or is discarded."""
    p, card = f["pl"], f["card"]
    st.gain(p, REGIMES[st.d["regime"]].economy)
    st.log("log.sell", who=who(p), card=f"@card.{card}.name", n=REGIMES[st.d["regime"]].economy)
    st.d["discard"].append(card)
    if card in st.d["hands"][p]:
        st.d["hands"][p].remove(card)
        st.ret()
        return
    found = st.find(card)
    assert found is not None
    troop_owner = found[1]["troop"]["owner"] if found[1]["troop"] else -1
    troop = remove_enterprise(st, p, card)
    if troop is None:
        st.ret()
        return
    st.replace("retreat", pl=troop_owner, card=troop)


# ----------------------------------------------------------------------------------------- land
land = PROCS.proc("do.land", rule="COMPRAR TERRENOS")


@land.step()
def _land(st: St, f: Frame, a: A) -> None:
    p, card = f["pl"], f["card"]
    price = land_cost(st, p, card)
    assert price is not None
    st.pay(p, price)
    found = st.find(card)
    assert found is not None
    found[1]["income"] += 1
    st.log("log.land", who=who(p), card=f"@card.{card}.name", n=price)
    st.ret()


# --------------------------------------------------------------------------------------- upgrade
upgrade = PROCS.proc("do.upgrade", rule="MEJORAR CONEXIÓN")


@upgrade.step()
def _upgrade(st: St, f: Frame, a: A) -> None:
    """A Connection cube in the oval; upgrading a railroad chain without unrest (for 10) lets the player
    then upgrade any other connection in play for 1."""
    p, card = f["pl"], f["card"]
    price = f.get("price", upgrade_cost(st, p, card))
    assert price is not None
    st.pay(p, price)
    found = st.find(card)
    assert found is not None
    found[1]["conn"] = p
    st.log("log.upgrade", who=who(p), card=f"@card.{card}.name", n=price)
    if f.get("price") is None and CARDS[card].railroad_chain and not found[1]["unrest"]:
        nxt = int(COSTS["railroad_chain_next"])
        others = [e["id"] for _, e in st.enterprises() if e["conn"] is None and CARDS[e["id"]].upgrade]
        if others and st.cubes_free(p) and st.d["gold"][p] >= nxt:
            st.decide(
                p,
                "chain",
                [*(ID[f"on {x}"] for x in others), ID["pass"]],
                then="chain",
                prompt="prompt.chain",
                n=nxt,
            )
            return
    st.ret()


@upgrade.step("chain")
def _chain(st: St, f: Frame, a: A) -> None:
    assert a is not None
    if verb(a) == "pass":
        st.ret()
        return
    st.replace("do.upgrade", pl=f["pl"], card=target(a), price=int(COSTS["railroad_chain_next"]))


# ---------------------------------------------------------------------------------------- police
police = PROCS.proc("do.police", rule="POLICÍA")


@police.step()
def _police(st: St, f: Frame, a: A) -> None:
    p, card = f["pl"], f["card"]
    price = police_cost(st, p, card)
    assert price is not None
    st.pay(p, price)
    found = st.find(card)
    assert found is not None
    found[1]["unrest"] -= 1
    st.log("log.police", who=who(p), card=f"@card.{card}.name", n=price)
    st.ret()


bail = PROCS.proc("do.bail", rule="POLICÍA")


@bail.step()
def _bail(st: St, f: Frame, a: A) -> None:
    """Out of jail for 3 gold: a Police action that gives back the turn's third action at once
    (ambiguity 7: it is an action, and the player ends the turn with the 3 actions of a free player)."""
    p = f["pl"]
    st.pay(p, int(COSTS["jail_exit"]) - st.discount(p, "jail_exit"))
    st.d["jail"][p] = False
    st.d["left"] += 1
    st.log("log.bail", who=who(p))
    st.ret()


# ---------------------------------------------------------------------------------------- income
def income_of(st: St, p: int) -> int:
    """§IV: Connection cubes (on mines, ranches, plantations, smelters), Extortion cubes, Income cubes
    (Hacendado and enterprises) and, under the Pax, Prestige cubes; nothing from a card with unrest."""
    total = int(st.d["hac"][p]["income"])
    pax = st.d["regime"] == "pax_porfiriana"
    for owner, e in st.enterprises():
        if e["unrest"]:
            continue
        if e["conn"] == p and CARDS[e["id"]].kind in CONNECTION_PAYS:
            total += 1
        if e["troop"] is not None and e["troop"]["extort"] and e["troop"]["owner"] == p:
            total += 1
        if owner == p:
            total += e["income"]
    total += sum(1 for e in st.d["play"][p] if pax and e["pcube"] and not e["unrest"])
    return total


income = PROCS.proc("income", rule="IV")


@income.step()
def _income(st: St, f: Frame, a: A) -> None:
    """Every player collects; then, in a depression, pays its costs."""
    f.setdefault("todo", st.humans())
    if not f["todo"]:
        st.ret()
        return
    p = f["todo"].pop(0)
    n = income_of(st, p)
    st.gain(p, n)
    st.log("log.income", who=who(p), n=n)
    effects = [e.as_dict() for e in standing_income(st, p)]
    EFFECTS.run(st, effects, then="upkeep", pl=p, card="")
    f["pl"] = p


@income.step("upkeep")
def _income_upkeep(st: St, f: Frame, a: A) -> None:
    if st.d["depression"]:
        st.call("upkeep", then="start", pl=f["pl"])
    else:
        st.goto("start")


def standing_income(st: St, p: int) -> list[Effect]:
    """The `income` abilities: the Loyalist Hacendado's and those of cards in play without unrest."""
    found: list[Effect] = []
    hac = st.d["hac"][p]
    if hac["id"] and hac["side"] < 0:
        found += list([x for x in HACENDADOS[hac["id"]].effects if x.when == "income"])
    for e in st.d["play"][p]:
        if e["id"] in CARDS and not e["unrest"]:
            found += list(CARDS[e["id"]].effects_when("income"))
    return found


def upkept(st: St, p: int) -> list[str]:
    """§DEPRESIÓN: the cards a player pays for: enterprises, partners and troops in play, private armies
    included (not the Hacendado, the prestige pile or public cards)."""
    row = [e["id"] for e in st.d["play"][p] if e["id"] in CARDS]
    return row + st.troops_of(p)


upkeep = PROCS.proc("upkeep", rule="DEPRESIÓN ECONÓMICA")


@upkeep.step()
def _upkeep(st: St, f: Frame, a: A) -> None:
    """One gold per card; a card not paid for is discarded: the player discards until content (and
    until able to pay), then pays."""
    p = f["pl"]
    cards = upkept(st, p)
    per = int(COMPONENTS.depression["cost_per_card"])
    options = [ID[f"discard {c}"] for c in cards]
    if st.d["gold"][p] >= per * len(cards):
        options.append(ID["pass"])
    st.decide(p, "upkeep", options, then="chosen", prompt="prompt.upkeep", n=per * len(cards))


@upkeep.step("chosen")
def _upkeep_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    p = f["pl"]
    if verb(a) == "pass":
        n = st.pay(p, int(COMPONENTS.depression["cost_per_card"]) * len(upkept(st, p)))
        st.log("log.upkeep", who=who(p), n=n)
        st.ret()
        return
    card = target(a)
    st.log("log.discarded", card=f"@card.{card}.name")
    from ludoteca.games.pax_porfiriana.effects import discard_in_play

    discard_in_play(st, card, then="start")


# ------------------------------------------------------------------------------------ depressions
def set_depression(st: St, on: bool) -> None:
    """§DEPRESIÓN ECONÓMICA: a red disk on the regime, the Income and Extortion cubes off mines and banks
    (an extorted one is looted: it goes back to its owner's hand and the troop is discarded here, so the
    phase needs no decision); §FINALIZAR: the disk off, mines and banks set for the regime."""
    if st.d["depression"] == on:
        return
    st.d["depression"] = on
    st.log("log.depression" if on else "log.recovery")
    adjust_mines(st)


def adjust_mines(st: St) -> None:
    """Mines and banks carry the cubes the regime allows (§FINALIZAR DEPRESIÓN, facts §1.8)."""
    for owner, e in list(st.enterprises()):
        if CARDS[e["id"]].kind not in ("mine", "bank"):
            continue
        cap = income_cap(st, e["id"])
        extorted = e["troop"] is not None and e["troop"]["extort"]
        if e["income"] > cap or (extorted and st.d["depression"]):
            gone = e["income"] - cap + (1 if st.d["depression"] else 0)
            if lose_income(st, e, gone):
                troop = remove_enterprise(st, owner, e["id"])
                st.d["hands"][owner].append(e["id"])
                if troop is not None:
                    st.d["discard"].append(troop)
                st.log("log.looted", card=f"@card.{e['id']}.name")
        elif e["income"] < cap:
            e["income"] += max(0, min(cap - e["income"], st.cubes_free(owner)))
