"""Playing a card from the hand (§JUGAR CARTA): enterprises and partners in one's row with their Income
and Prestige cubes (§CARTA DE EMPRESA O SOCIO), troops (troops.py), orange cards against an enterprise of
their jurisdiction with the armoury bonus and slave revolts (§CARTA NARANJA), black cards against a player
(§CARTA NEGRA). A card is played only if it can be: cost paid, a target there."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.games.pax_porfiriana.actions import ID, target
from ludoteca.games.pax_porfiriana.board import CARDS, COMPONENTS, REGIMES
from ludoteca.games.pax_porfiriana.position import CardAction, InPlay
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import Deploy, deploy, destinations, remove_enterprise, retreat

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
ARMOURY = int(COMPONENTS.costs["armoury_bonus"])


def income_cap(state: PaxState, card: str) -> int:
    """§IV: mines and banks carry the Income cubes of the current regime (at most their printed number),
    none in a depression; other enterprises their printed number."""
    c = CARDS[card]
    if c.kind in ("mine", "bank"):
        if state.d["depression"]:
            return 0
        return min(c.income, int(getattr(REGIMES[state.d["regime"]], c.kind)))
    return c.income


def loyalty_cube(state: PaxState, card: str, side: int) -> bool:
    """§CARTA DE EMPRESA O SOCIO: a Loyalty point takes a Prestige cube, only under the Pax."""
    c = CARDS[card]
    icons = c.orientations[side] if c.orientations else c.prestige
    pax = any(e.kind == "prestige_cubes" for e in REGIMES[state.d["regime"]].effects)
    return pax and any(i.type == "loyalty" for i in icons)


def factions_of(card: str) -> set[str]:
    return {CARDS[card].faction} - {""}


def orange_targets(state: PaxState, p: int, card: str) -> list[str]:
    """§CARTA NARANJA: an enterprise of the card's jurisdiction (of its kind if it names one); never
    one's own enterprise that has unrest."""
    c = CARDS[card]
    return [
        e["id"]
        for owner, e in state.enterprises()
        if CARDS[e["id"]].jurisdiction == c.jurisdiction
        and (not c.against or CARDS[e["id"]].kind == c.against)
        and not (owner == p and e["unrest"])
    ]


def black_victims(state: PaxState, p: int, card: str) -> list[int]:
    """§CARTA NEGRA: any player, oneself included, whom the card can hit (a federal court makes its owner
    immune to others' black cards); an assassination needs a partner to kill."""
    kinds = {e.kind for e in CARDS[card].effects}
    out = []
    for q in state.humans():
        if q != p and state.immune(q):
            continue
        if kinds == {"assassinate"} and not partners(state, q):
            continue
        out.append(q)
    return out


def partners(state: PaxState, q: int) -> list[str]:
    return [e["id"] for e in state.d["play"][q] if e["id"] in CARDS and CARDS[e["id"]].type == "partner"]


def playable(state: PaxState, p: int, card: str) -> bool:
    """Whether player `p` can play `card` from the hand now."""
    c = CARDS[card]
    gold = state.d["gold"][p]
    if gold < c.cost or factions_of(card) & set(state.d["banned"]):
        return False
    if c.type in ("enterprise", "partner"):
        return True
    if c.type == "troop":
        return bool(destinations(state, p, card, c.cost))
    if c.type == "orange":
        return bool(orange_targets(state, p, card))
    if c.type == "black":
        return bool(black_victims(state, p, card))
    return False


class PlayCard(CardAction):
    """A card played from the hand: an orange card's enterprise (`on`) and its owner, or a black card's
    `victim`, once chosen."""

    on: NotRequired[str]
    victim: NotRequired[int]


play = PROCS.proc("do.play", rule="play", frame=PlayCard)


@play.step()
def _play(state: PaxState, frame: PlayCard, action: A) -> None:
    p, card = frame["pl"], frame["card"]
    c = CARDS[card]
    state.d["hands"][p].remove(card)
    state.pay(p, c.cost)
    state.log("log.play", who=f"@role.jugador-{p + 1}", card=f"@card.{card}.name")
    if c.type == "troop":
        state.replace(deploy, Deploy(pl=p, card=card, fresh=True))
    elif c.type == "orange":
        state.decide(
            p,
            "target",
            [ID[f"on {x}"] for x in orange_targets(state, p, card)],
            then="orange",
            prompt="prompt.orange",
            card=f"@card.{card}.name",
        )
    elif c.type == "black":
        state.decide(
            p,
            "victim",
            [ID[f"victim jugador-{q + 1}"] for q in black_victims(state, p, card)],
            then="black",
            prompt="prompt.black",
            card=f"@card.{card}.name",
        )
    elif c.orientations:
        state.decide(
            p,
            "side",
            [ID["side 1"], ID["side 2"]],
            then="placed",
            prompt="prompt.side",
            card=f"@card.{card}.name",
        )
    else:
        place(state, p, card, 0)
        state.ret()


@play.step("placed")
def _placed(state: PaxState, frame: PlayCard, action: int) -> None:
    place(state, frame["pl"], frame["card"], int(target(action)) - 1)
    state.ret()


def place(state: PaxState, p: int, card: str, side: int) -> InPlay:
    """An enterprise or partner enters the row with its Income cubes and its Prestige cube, as many as
    the reserve holds."""
    entry: InPlay = {
        "id": card,
        "income": 0,
        "conn": None,
        "pcube": False,
        "unrest": 0,
        "troop": None,
        "side": side,
    }
    state.d["play"][p].append(entry)
    if CARDS[card].type == "enterprise":
        entry["income"] = min(income_cap(state, card), state.cubes_free(p))
    entry["pcube"] = loyalty_cube(state, card, side) and state.cubes_free(p) > 0
    return entry


# ---------------------------------------------------------------------------------------- orange
@play.step("orange")
def _orange(state: PaxState, frame: PlayCard, action: int) -> None:
    """Unrest disks of the red circle, gold stolen from the victim, and whatever else the card does."""
    found = state.find(target(action))
    assert found is not None
    frame["on"], frame["victim"] = target(action), found[0]
    state.log("log.target", card=f"@card.{frame['card']}.name", on=f"@card.{frame['on']}.name")
    effects = [e.as_dict() for e in CARDS[frame["card"]].effects_when("play")]
    EFFECTS.run(
        state,
        effects,
        then="armouries",
        pl=frame["pl"],
        victim=frame["victim"],
        on=frame["on"],
        card=frame["card"],
    )


@play.step("armouries")
def _armouries(state: PaxState, frame: PlayCard, action: A) -> None:
    """§CARTA NARANJA: every owner of an armoury gains 2 gold once, however many it has."""
    for q in state.humans():
        if any(
            CARDS[e["id"]].effects_when("orange_played") and not e["unrest"]
            for e in state.d["play"][q]
            if e["id"] in CARDS
        ):
            state.gain(q, ARMOURY)
            state.log("log.armoury", who=f"@role.jugador-{q + 1}", n=ARMOURY)
    found = state.find(frame["on"])
    if found is not None and revolt(found[1]):
        owner, e = found
        troop = remove_enterprise(state, owner, e["id"])
        state.d["pile"][frame["pl"]].append(e["id"])
        jail(state, frame["pl"])
        state.log("log.revolt", who=f"@role.jugador-{frame['pl'] + 1}", card=f"@card.{e['id']}.name")
        if troop is not None:
            state.call(retreat, CardAction(pl=troop_owner(e), card=troop), then="given")
            return
    state.goto("given")


def troop_owner(e: InPlay) -> int:
    assert e["troop"] is not None
    return int(e["troop"]["owner"])


def revolt(e: InPlay) -> bool:
    """§CARTA NARANJA: a slave revolt when a slave plantation holds more unrest disks than cubes."""
    cubes = e["income"] + int(e["conn"] is not None) + int(e["pcube"])
    cubes += int(e["troop"] is not None and e["troop"]["extort"])
    return CARDS[e["id"]].slave and e["unrest"] > cubes


def jail(state: PaxState, q: int) -> None:
    """§ENCARCELADO: a green disk on the Hacendado; jailed in one's own turn by one's own card, one keeps
    the turn's actions."""
    if not state.d["jail"][q]:
        state.d["jail"][q] = True
        state.log("log.jailed", who=f"@role.jugador-{q + 1}")
    else:
        state.log("log.already_jailed", who=f"@role.jugador-{q + 1}")


@play.step("given")
def _given(state: PaxState, frame: PlayCard, action: A) -> None:
    """§CARTA NARANJA / NEGRA: the card goes to the victim if it gives prestige, else to the discard."""
    card = frame["card"]
    if CARDS[card].prestige and frame["victim"] in state.humans():
        state.d["pile"][frame["victim"]].append(card)
    else:
        state.d["discard"].append(card)
    state.ret()


# ----------------------------------------------------------------------------------------- black
@play.step("black")
def _black(state: PaxState, frame: PlayCard, action: int) -> None:
    frame["victim"] = int(target(action).rpartition("-")[2]) - 1
    state.log("log.victim", card=f"@card.{frame['card']}.name", who=f"@role.jugador-{frame['victim'] + 1}")
    effects = [e.as_dict() for e in CARDS[frame["card"]].effects_when("play")]
    EFFECTS.run(state, effects, then="given", pl=frame["pl"], victim=frame["victim"], card=frame["card"])
