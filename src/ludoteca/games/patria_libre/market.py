"""The card market and the supply line (§Configuración 6–8, §Comprar carta, §C- Recuperar órdenes):
buying with coins or by a matching number/letter, the popularity bonus for matches, sliding and refilling
from the supply line, and the leftmost card pushed out when a player recovers.

The supply line's piles lie face up: only each pile's top card is known. The cards below are never
stored; each is drawn by chance from the unseen cards of its stage when it turns up, which is the same
as drawing the piles at set-up and revealing them one by one."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import popularity
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.popularity import Shift
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

PRICES: list[int] = BOARD.pieces["market"]


def matches(state: PatriaState, r: str, card: str, shown: Counter[int | str] | None = None) -> int:
    """§Comprar carta: how many of the card's numbers (insurgents) or letters (royalists) the player's
    visible cards show — one per symbol per card (Juan Aldama: 1 and 2 on Hidalgo, 2 on Grito de Dolores).
    `shown` is `shown_symbols(state, r)` where the caller already has it."""
    mine = state.symbols(r, card)
    if not mine:
        return 0
    if shown is None:
        shown = shown_symbols(state, r)
    return sum(shown[symbol] for symbol in mine)


def shown_symbols(state: PatriaState, r: str) -> Counter[int | str]:
    """How many of the player's visible cards show each symbol (`matches` counts the card's symbols in it)."""
    return Counter(symbol for card in state.visible_cards(r) for symbol in state.symbols(r, card))


def ways(state: PatriaState, r: str, slot: int, shown: Counter[int | str] | None = None) -> list[str]:
    """How the player may pay for the market card in `slot`: "coins", "match", both or neither; the
    S/PV cards carry a padlock and are never bought."""
    card = state.d["market"][slot]
    if BOARD.cards[card]["type"] == "spv":
        return []
    result = []
    if state.d["coins"][r] >= PRICES[slot]:
        result.append("coins")
    if matches(state, r, card, shown):
        result.append("match")
    return result


def buyable(state: PatriaState, r: str) -> list[int]:
    """The market slots with a way to pay (`ways`); the visible symbols are counted only if the coins
    do not already pay."""
    coins, shown = state.d["coins"][r], None
    slots = []
    for slot, card in enumerate(state.d["market"]):
        if BOARD.cards[card]["type"] == "spv":
            continue
        if coins < PRICES[slot]:
            shown = shown_symbols(state, r) if shown is None else shown
            if not matches(state, r, card, shown):
                continue
        slots.append(slot)
    return slots


buy = PROCS.proc("buy", rule="A-buy")


@buy.step()
def _buy(state: PatriaState, frame: Frame, action: int | None) -> None:
    slots = buyable(state, frame["r"])
    if not slots:
        state.ret()
        return
    state.decide(
        state.idx(frame["r"]), "slot", [ID[f"slot {i + 1}"] for i in slots], then="slot", prompt="prompt.buy"
    )


@buy.step("slot")
def _buy_slot(state: PatriaState, frame: Frame, action: int) -> None:
    frame["slot"] = int(target(action)) - 1
    options = ways(state, frame["r"], frame["slot"])
    if len(options) == 1:
        _pay(state, frame, options[0])
    else:
        state.decide(
            state.idx(frame["r"]), "pay", [ID[f"pay {w}"] for w in options], then="paid", prompt="prompt.pay"
        )


@buy.step("paid")
def _buy_paid(state: PatriaState, frame: Frame, action: int) -> None:
    _pay(state, frame, target(action))


def _pay(state: PatriaState, frame: Frame, how: str) -> None:
    r, slot = frame["r"], frame["slot"]
    card = state.d["market"][slot]
    found = matches(state, r, card)
    if how == "coins":
        state.take(r, PRICES[slot])
        frame["bonus"] = found
    else:
        frame["bonus"] = found - 1
    state.d["market"].pop(slot)
    state.d["area"][r].append(card)
    state.log("log.buy", who=f"@role.{r}", card=f"@card.{card}.name", how=f"@pay.{how}")
    state.call("refill", then="bonus")


@buy.step("bonus")
def _buy_bonus(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.replace(popularity.gain, Shift(r=frame["r"], n=frame["bonus"]))


# ------------------------------------------------------------------------------ the supply line
def pool(state: PatriaState, pile: str) -> list[str]:
    """The unseen cards a pile's next top card comes from (IIa and IIb both draw on stage II)."""
    seen = set(state.d["seen"])
    return [c for c in BOARD.by_stage(pile.rstrip("ab")) if c not in seen]


refill = PROCS.proc("refill", rule="C-market")


@refill.step()
def _refill(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Fill the market from the supply line, in its order, into the 3-coin space (§Comprar carta: the
    market never has an empty space — unless the line has run out, ambiguity A11)."""
    line = state.d["line"]
    if len(state.d["market"]) >= len(PRICES) or not line:
        state.ret()
        return
    head = line[0]
    if head[0] == "spv":
        state.d["market"].append(head[1])
        line.pop(0)
        state.log("log.market_in", card=f"@card.{head[1]}.name")
        return
    state.d["market"].append(head[3])
    state.log("log.market_in", card=f"@card.{head[3]}.name")
    head[2] -= 1
    head[3] = None
    if head[2] == 0:
        line.pop(0)
        return
    state.chance({ID[f"draw {c}"]: 1 for c in pool(state, head[1])}, then="drawn")


@refill.step("drawn")
def _drawn(state: PatriaState, frame: Frame, action: int) -> None:
    card = target(action)
    state.d["line"][0][3] = card
    state.d["seen"] = [*state.d["seen"], card]  # a new list: clones share it (`PatriaState.shared_keys`)
    state.goto("start")


push = PROCS.proc("push", rule="C-market")


@push.step()
def _push(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§C- Recuperar órdenes: the leftmost market card leaves; the others slide and the line refills the
    3-coin space; an S/PV card leaving the market is then activated."""
    if not state.d["market"]:
        state.ret()
        return
    card = state.d["market"].pop(0)
    frame["card"] = card
    state.log("log.market_out", card=f"@card.{card}.name")
    state.call("refill", then="refilled")


@push.step("refilled")
def _push_refilled(state: PatriaState, frame: Frame, action: int | None) -> None:
    card = frame["card"]
    if BOARD.cards[card]["type"] == "spv":
        state.replace("spv", r=frame["r"], card=card)
    else:
        state.d["discard"].append(card)
        state.ret()
