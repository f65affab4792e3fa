"""The market (§COMPRAR CARTA, §TITULARES, §COMPRAR CARTA PÚBLICA, §ESPECULAR, §II, §III): two rows of six
columns priced 0, 1, 2, 4, 8, 16; buying (the hand limit, headlines resolved at once, a Topple stops the
game), speculation cubes, headlines discarded from the free column with the bulls and bears of a
depression, and restoring the market from the deck, one chance node per card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.cards import CARDS, COMPONENTS, PUBLIC_CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState as St

A = int | None
PRICES = COMPONENTS.prices
HAND_LIMIT = int(COMPONENTS.actions["hand_limit"])
DEPRESSION = COMPONENTS.depression


def slots(st: St) -> list[tuple[int, int, str]]:
    """The cards in the market as (row, column, card)."""
    return [(r, c, card) for r, row in enumerate(st.d["market"]) for c, card in enumerate(row) if card]


def price(st: St, card: str) -> int:
    return next(PRICES[c] for _, c, x in slots(st) if x == card)


def to_hand(card: str) -> bool:
    return card in CARDS and CARDS[card].type != "headline"


def buyable(st: St, p: int) -> list[str]:
    """§COMPRAR CARTA: a market card one can pay for, that does not take the hand past 5 (a headline or a
    Topple never enters the hand)."""
    hand = len(st.d["hands"][p])
    return [
        card
        for _, c, card in slots(st)
        if st.d["gold"][p] >= PRICES[c] and (hand < HAND_LIMIT or not to_hand(card))
    ]


def speculable(st: St, p: int) -> list[str]:
    """§ESPECULAR: a market card with no Speculation cube, not the fourth and last Topple; with a free cube
    or one of one's Speculation cubes to move."""
    d = st.d
    if not st.cubes_free(p) and p not in d["spec"].values():
        return []
    last = len(d["topples_out"]) == len(TOPPLES)
    return [
        card
        for _, _, card in slots(st)
        if card not in d["spec"] and not (card in TOPPLES and last and card == d["topples_out"][-1])
    ]


def take(st: St, card: str) -> None:
    """A card leaves the market; a Speculation cube on it goes home."""
    for row in st.d["market"]:
        if card in row:
            row[row.index(card)] = None
    st.d["spec"].pop(card, None)


# ---------------------------------------------------------------------------------------- buying
buy = PROCS.proc("do.buy", rule="COMPRAR CARTA")


@buy.step()
def _buy(st: St, f: Frame, a: A) -> None:
    """Pay the column's price, to the bank or to the player whose Speculation cube is on the card."""
    p, card = f["pl"], f["card"]
    cost = price(st, card)
    speculator = st.d["spec"].get(card)
    st.pay(p, cost)
    if speculator is not None and speculator != p:
        st.gain(speculator, cost)
    take(st, card)
    st.log("log.buy", who=f"@role.jugador-{p + 1}", card=f"@card.{card}.name", n=cost)
    if card in TOPPLES:
        st.replace("topple", pl=p, card=card)
    elif CARDS[card].type == "headline":
        st.replace("headline", pl=p, card=card)
    else:
        st.d["hands"][p].append(card)
        st.ret()


headline = PROCS.proc("headline", rule="TITULARES")


@headline.step()
def _headline(st: St, f: Frame, a: A) -> None:
    """The buyer chooses Event or Status Quo; it affects every player from the buyer's left."""
    st.decide(
        f["pl"],
        "headline",
        [ID["event"], ID["status-quo"]],
        then="chosen",
        prompt="prompt.headline",
        card=f"@card.{f['card']}.name",
    )


@headline.step("chosen")
def _headline_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    side = "event" if a == ID["event"] else "status_quo"
    st.log("log.headline", card=f"@card.{f['card']}.name", side=f"@word.{side}")
    effects = [e.as_dict() for e in CARDS[f["card"]].effects_when(side)]
    EFFECTS.run(st, effects, then="done", pl=f["pl"], card=f["card"])


@headline.step("done")
def _headline_done(st: St, f: Frame, a: A) -> None:
    st.d["discard"].append(f["card"])
    st.ret()


public = PROCS.proc("do.public", rule="COMPRAR CARTA PÚBLICA")


@public.step()
def _public(st: St, f: Frame, a: A) -> None:
    """A public card is played at once on one of its faces, then stays in the buyer's row."""
    p, card = f["pl"], f["card"]
    st.pay(p, PUBLIC_CARDS[card].cost)
    st.decide(
        p,
        "face",
        [ID["face front"], ID["face back"]],
        then="face",
        prompt="prompt.face",
        card=f"@card.{card}.name",
    )


@public.step("face")
def _public_face(st: St, f: Frame, a: A) -> None:
    assert a is not None
    p, card, face = f["pl"], f["card"], target(a)
    st.d["public"][card] = p
    st.d["play"][p].append(
        {
            "id": card,
            "income": 0,
            "conn": None,
            "pcube": False,
            "unrest": 0,
            "troop": None,
            "side": 0 if face == "front" else 1,
        }
    )
    st.log("log.public", who=f"@role.jugador-{p + 1}", card=f"@card.{card}.name", face=f"@word.{face}")
    effects = [e.as_dict() for e in PUBLIC_CARDS[card].effects if e.when == face]
    EFFECTS.run(st, effects, then="done", pl=p, card=card)


@public.step("done")
def _public_done(st: St, f: Frame, a: A) -> None:
    st.ret()


speculate = PROCS.proc("do.speculate", rule="ESPECULAR")


@speculate.step()
def _speculate(st: St, f: Frame, a: A) -> None:
    """A cube from the reserve, or one's Speculation cube moved from another card (the player's choice
    when both are possible)."""
    p = f["pl"]
    mine = [c for c, owner in st.d["spec"].items() if owner == p]
    options = [ID[f"from {c}"] for c in mine]
    if st.cubes_free(p):
        options.append(ID["pass"])
    if len(options) == 1:
        _speculate_from(st, f, options[0])
        return
    st.decide(p, "speculate", options, then="from", prompt="prompt.speculate", card=f"@card.{f['card']}.name")


@speculate.step("from")
def _speculate_from(st: St, f: Frame, a: A) -> None:
    assert a is not None
    if verb(a) == "from":
        del st.d["spec"][target(a)]
    st.d["spec"][f["card"]] = f["pl"]
    st.log("log.speculate", who=f"@role.jugador-{f['pl'] + 1}", card=f"@card.{f['card']}.name")
    st.ret()


# ------------------------------------------------------------------------ §II: discard headlines
headlines = PROCS.proc("headlines", rule="II")


@headlines.step()
def _headlines(st: St, f: Frame, a: A) -> None:
    """Headlines (and Topples, ambiguity 11) in the free column are discarded without effect; two bears in
    a row start a depression, two bulls in a row end it. Only these discards count (ambiguity 10)."""
    for row in st.d["market"]:
        card = row[0]
        if card is None:
            continue
        if card in TOPPLES:
            take(st, card)
            st.d["discard"].append(card)
            st.d["topples_done"] += 1
            st.log("log.topple_discarded", card=f"@card.{card}.name")
            if st.d["topples_done"] == len(TOPPLES):
                st.replace("final_count")
                return
        elif CARDS[card].type == "headline":
            take(st, card)
            st.d["discard"].append(card)
            st.log("log.headline_discarded", card=f"@card.{card}.name")
            icon = CARDS[card].icon
            run = st.d["run"]
            st.d["run"] = [icon, int(run[1]) + 1 if run[0] == icon else 1]
            if st.d["run"][1] >= int(DEPRESSION["in_a_row"]):
                from ludoteca.games.pax_porfiriana.economy import set_depression

                set_depression(st, icon == DEPRESSION["start"])
    st.ret()


# ---------------------------------------------------------------------------- §III: restore market
restore = PROCS.proc("restore", rule="III")


def pile(st: St) -> list[int] | None:
    return next((x for x in st.d["piles"] if x[0] + x[1] > 0), None)


@restore.step()
def _restore(st: St, f: Frame, a: A) -> None:
    """Slide every row toward the free column, then fill the empty places from the deck, row by row."""
    if not f.get("slid"):
        f["slid"] = True
        for r, row in enumerate(st.d["market"]):
            cards = [c for c in row if c]
            st.d["market"][r] = [*cards, *[None] * (len(row) - len(cards))]
    top = pile(st)
    empty = any(None in row for row in st.d["market"])
    if top is None or not empty:
        st.ret()
        return
    st.chance(draw_weights(st, top), then="drawn")


def draw_weights(st: St, top: list[int]) -> dict[int, int]:
    """The next card of the deck: the top pile holds `m` market cards not yet seen and perhaps its Topple,
    in an order nobody knows. A market card is any card not yet seen (the deck is a random part of the
    box); the Topple comes next with probability 1/(m+1), and is any of those not yet out."""
    seen = set(st.d["seen"])
    unseen = [c for c in CARDS if c not in seen]
    m, t = top
    left = [x for x in TOPPLES if x not in st.d["topples_out"]]
    if not t:
        return {ID[f"draw {c}"]: 1 for c in unseen}
    weights = {ID[f"draw {x}"]: len(unseen) for x in left}
    weights.update({ID[f"draw {c}"]: len(left) * m for c in unseen})
    return weights


@restore.step("drawn")
def _drawn(st: St, f: Frame, a: A) -> None:
    assert a is not None
    card = target(a)
    top = pile(st)
    assert top is not None
    if card in TOPPLES:
        top[1] = 0
        st.d["topples_out"].append(card)
    else:
        top[0] -= 1
        st.d["seen"].append(card)
    r = next(i for i, row in enumerate(st.d["market"]) if None in row)
    st.d["market"][r][st.d["market"][r].index(None)] = card
    st.log("log.market_in", card=f"@card.{card}.name")
    st.goto("start")
