"""The card market and the supply line (§Configuración 6–8, §Comprar carta, §C- Recuperar órdenes):
buying with coins or by a matching number/letter, the popularity bonus for matches, sliding and refilling
from the supply line, and the leftmost card pushed out when a player recovers.

The supply line's piles lie face up: only each pile's top card is known. The cards below are never
stored; each is drawn by chance from the unseen cards of its stage when it turns up, which is the same
as drawing the piles at set-up and revealing them one by one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.seats import seat_decides

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState as St

A = int | None
PRICES: list[int] = BOARD.pieces["market"]


def matches(st: St, r: str, card: str) -> int:
    """§Comprar carta: how many of the card's numbers (insurgents) or letters (royalists) the player's
    visible cards show — one per symbol per card (Juan Aldama: 1 and 2 on Hidalgo, 2 on Grito de Dolores)."""
    mine = st.symbols(r, card)
    return sum(len(mine & st.symbols(r, v)) for v in st.visible_cards(r)) if mine else 0


def ways(st: St, r: str, slot: int) -> list[str]:
    """How the player may pay for the market card in `slot`: "coins", "match", both or neither; the
    S/PV cards carry a padlock and are never bought."""
    card = st.d["market"][slot]
    if BOARD.cards[card]["type"] == "spv":
        return []
    result = []
    if st.d["coins"][r] >= PRICES[slot]:
        result.append("coins")
    if matches(st, r, card):
        result.append("match")
    return result


def buyable(st: St, r: str) -> list[int]:
    return [i for i in range(len(st.d["market"])) if ways(st, r, i)]


buy = PROCS.proc("buy", rule="A-buy")


@buy.step()
def _buy(st: St, f: Frame, a: A) -> None:
    slots = buyable(st, f["r"])
    if not slots:
        st.ret()
        return
    seat_decides(st, f["r"], "slot", [ID[f"slot {i + 1}"] for i in slots], "slot", "prompt.buy")


@buy.step("slot")
def _buy_slot(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["slot"] = int(target(a)) - 1
    options = ways(st, f["r"], f["slot"])
    if len(options) == 1:
        _pay(st, f, options[0])
    else:
        seat_decides(st, f["r"], "pay", [ID[f"pay {w}"] for w in options], "paid", "prompt.pay")


@buy.step("paid")
def _buy_paid(st: St, f: Frame, a: A) -> None:
    assert a is not None
    _pay(st, f, target(a))


def _pay(st: St, f: Frame, how: str) -> None:
    r, slot = f["r"], f["slot"]
    card = st.d["market"][slot]
    found = matches(st, r, card)
    if how == "coins":
        st.take(r, PRICES[slot])
        f["bonus"] = found
    else:
        f["bonus"] = found - 1
    st.d["market"].pop(slot)
    st.d["area"][r].append(card)
    st.log("log.buy", who=f"@role.{r}", card=f"@card.{card}.name", how=f"@pay.{how}")
    st.call("refill", then="bonus")


@buy.step("bonus")
def _buy_bonus(st: St, f: Frame, a: A) -> None:
    st.replace("gain", r=f["r"], n=f["bonus"])


# ------------------------------------------------------------------------------ the supply line
def pool(st: St, pile: str) -> list[str]:
    """The unseen cards a pile's next top card comes from (IIa and IIb both draw on stage II)."""
    seen = set(st.d["seen"])
    return [c for c in BOARD.by_stage(pile.rstrip("ab")) if c not in seen]


refill = PROCS.proc("refill", rule="C-market")


@refill.step()
def _refill(st: St, f: Frame, a: A) -> None:
    """Fill the market from the supply line, in its order, into the 3-coin space (§Comprar carta: the
    market never has an empty space — unless the line has run out, ambiguity A11)."""
    line = st.d["line"]
    if len(st.d["market"]) >= len(PRICES) or not line:
        st.ret()
        return
    head = line[0]
    if head[0] == "spv":
        st.d["market"].append(head[1])
        line.pop(0)
        st.log("log.market_in", card=f"@card.{head[1]}.name")
        return
    st.d["market"].append(head[3])
    st.log("log.market_in", card=f"@card.{head[3]}.name")
    head[2] -= 1
    head[3] = None
    if head[2] == 0:
        line.pop(0)
        return
    st.chance({ID[f"draw {c}"]: 1 for c in pool(st, head[1])}, then="drawn")


@refill.step("drawn")
def _drawn(st: St, f: Frame, a: A) -> None:
    assert a is not None
    card = target(a)
    st.d["line"][0][3] = card
    st.d["seen"].append(card)
    st.goto("start")


push = PROCS.proc("push", rule="C-market")


@push.step()
def _push(st: St, f: Frame, a: A) -> None:
    """§C- Recuperar órdenes: the leftmost market card leaves; the others slide and the line refills the
    3-coin space; an S/PV card leaving the market is then activated."""
    if not st.d["market"]:
        st.ret()
        return
    card = st.d["market"].pop(0)
    f["card"] = card
    st.log("log.market_out", card=f"@card.{card}.name")
    st.call("refill", then="refilled")


@push.step("refilled")
def _push_refilled(st: St, f: Frame, a: A) -> None:
    card = f["card"]
    if BOARD.cards[card]["type"] == "spv":
        st.replace("spv", r=f["r"], card=card)
    else:
        st.d["discard"].append(card)
        st.ret()
