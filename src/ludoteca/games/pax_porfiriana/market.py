"""The market (§COMPRAR CARTA, §TITULARES, §COMPRAR CARTA PÚBLICA, §ESPECULAR, §II, §III): two rows of six
columns priced 0, 1, 2, 4, 8, 16; buying (the hand limit, headlines resolved at once, a Topple stops the
game), speculation cubes, headlines discarded from the free column with the bulls and bears of a
depression, and restoring the market from the deck, one chance node per card."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.board import CARDS, COMPONENTS, PUBLIC_CARDS, TOPPLES
from ludoteca.games.pax_porfiriana.position import CardAction, NoLocals, Seat
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.topple import Toppling, final, topple
from ludoteca.games.pax_porfiriana.troops import Retreats, retreats

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
PRICES = COMPONENTS.prices
HAND_LIMIT = int(COMPONENTS.actions["hand_limit"])
DEPRESSION = COMPONENTS.depression


def slots(state: PaxState) -> list[tuple[int, int, str]]:
    """The cards in the market as (row, column, card)."""
    return [(r, c, card) for r, row in enumerate(state.d["market"]) for c, card in enumerate(row) if card]


def price(state: PaxState, card: str) -> int:
    return next(PRICES[c] for _, c, x in slots(state) if x == card)


def to_hand(card: str) -> bool:
    return card in CARDS and CARDS[card].type != "headline"


def buyable(state: PaxState, p: int) -> list[str]:
    """§COMPRAR CARTA: a market card one can pay for, that does not take the hand past 5 (a headline or a
    Topple never enters the hand)."""
    gold, room = state.d["gold"][p], len(state.d["hands"][p]) < HAND_LIMIT
    return [card for _, c, card in slots(state) if gold >= PRICES[c] and (room or not to_hand(card))]


def speculable(state: PaxState, p: int) -> list[str]:
    """§ESPECULAR: a market card with no Speculation cube, not the fourth and last Topple; with a free cube
    or a cube to move (`movable_cubes`). With an empty reserve the cube may also go back to the reserve
    (`RESERVE`), if it is not a Speculation cube (which goes home only with its card)."""
    d = state.d
    free = state.cubes_free(p) > 0
    movable = [] if free else movable_cubes(state, p)
    if not free and not movable:
        return []
    last = len(d["topples_out"]) == len(TOPPLES)
    cards = [
        card
        for _, _, card in slots(state)
        if card not in d["spec"] and not (card in TOPPLES and last and card == d["topples_out"][-1])
    ]
    if any(not cube.startswith("from ") for cube in movable):
        cards.append(RESERVE)
    return cards


RESERVE = "reserve"
"""The target of `speculate reserve`: a cube moved back to one's reserve (§ESPECULAR, nota)."""


def movable_cubes(state: PaxState, p: int) -> list[str]:
    """§ESPECULAR, nota: with no cube in the reserve, the Speculate action moves one of the player's
    cubes: an Income cube (`income <card>`: on their Hacendado or one of their enterprises), a Connection
    cube (`connection <card>`: on any enterprise), a Prestige cube (`prestige <card>`: on their card) or
    a Speculation cube (`from <card>`: on a market card)."""
    d = state.d
    out = [f"from {card}" for card, owner in d["spec"].items() if owner == p]
    hac = d["hac"][p]
    if hac["income"]:
        out.append(f"income {hac['id']}")
    for e in d["play"][p]:
        if e["income"]:
            out.append(f"income {e['id']}")
        if e["pcube"]:
            out.append(f"prestige {e['id']}")
    out += [f"connection {e['id']}" for _, e in state.enterprises() if e["conn"] == p]
    return out


def take(state: PaxState, card: str) -> None:
    """A card leaves the market; a Speculation cube on it goes home."""
    for row in state.d["market"]:
        if card in row:
            row[row.index(card)] = None
    state.d["spec"].pop(card, None)
    state.d["moved"] = True


# ---------------------------------------------------------------------------------------- buying
buy = PROCS.proc("do.buy", rule="buy", frame=CardAction)


@buy.step()
def _buy(state: PaxState, frame: CardAction, action: A) -> None:
    """Pay the column's price, to the bank or to the player whose Speculation cube is on the card."""
    p, card = frame["pl"], frame["card"]
    cost = price(state, card)
    speculator = state.d["spec"].get(card)
    state.pay(p, cost)
    if speculator is not None and speculator != p:
        state.gain(speculator, cost)
    take(state, card)
    state.log("log.buy", who=f"@role.jugador-{p + 1}", card=f"@card.{card}.name", n=cost)
    if card in TOPPLES:
        state.replace(topple, Toppling(pl=p, card=card))
    elif CARDS[card].type == "headline":
        state.replace(headline, CardAction(pl=p, card=card))
    else:
        state.d["hands"][p].append(card)
        state.ret()


headline = PROCS.proc("headline", rule="headlines", frame=CardAction)


@headline.step()
def _headline(state: PaxState, frame: CardAction, action: A) -> None:
    """The buyer chooses Event or Status Quo; it affects every player from the buyer's left."""
    state.decide(
        frame["pl"],
        "headline",
        [ID["event"], ID["status-quo"]],
        then="chosen",
        prompt="prompt.headline",
        card=f"@card.{frame['card']}.name",
    )


@headline.step("chosen")
def _headline_chosen(state: PaxState, frame: CardAction, action: int) -> None:
    side = "event" if action == ID["event"] else "status_quo"
    state.log("log.headline", card=f"@card.{frame['card']}.name", side=f"@word.{side}")
    effects = [e.as_dict() for e in CARDS[frame["card"]].effects_when(side)]
    EFFECTS.run(state, effects, then="done", pl=frame["pl"], card=frame["card"])


@headline.step("done")
def _headline_done(state: PaxState, frame: CardAction, action: A) -> None:
    state.d["discard"].append(frame["card"])
    state.ret()


public = PROCS.proc("do.public", rule="public", frame=CardAction)


@public.step()
def _public(state: PaxState, frame: CardAction, action: A) -> None:
    """A public card is played at once on one of its faces, then stays in the buyer's row."""
    p, card = frame["pl"], frame["card"]
    state.pay(p, PUBLIC_CARDS[card].cost)
    state.decide(
        p,
        "face",
        [ID["face front"], ID["face back"]],
        then="face",
        prompt="prompt.face",
        card=f"@card.{card}.name",
    )


@public.step("face")
def _public_face(state: PaxState, frame: CardAction, action: int) -> None:
    p, card, face = frame["pl"], frame["card"], target(action)
    state.d["public"][card] = p
    state.d["play"][p].append(
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
    state.log("log.public", who=f"@role.jugador-{p + 1}", card=f"@card.{card}.name", face=f"@word.{face}")
    effects = [e.as_dict() for e in PUBLIC_CARDS[card].effects if e.when == face]
    EFFECTS.run(state, effects, then="done", pl=p, card=card)


@public.step("done")
def _public_done(state: PaxState, frame: CardAction, action: A) -> None:
    state.ret()


speculate = PROCS.proc("do.speculate", rule="speculate", frame=CardAction)


@speculate.step()
def _speculate(state: PaxState, frame: CardAction, action: A) -> None:
    """A cube from the reserve, or one of one's Speculation cubes moved from another card (the player's
    choice when both are possible); with an empty reserve, any cube `movable_cubes` names (to the market
    card, or back to the reserve)."""
    p, card = frame["pl"], frame["card"]
    if state.cubes_free(p):
        options = [ID[f"from {c}"] for c, owner in state.d["spec"].items() if owner == p] + [ID["pass"]]
    else:
        cubes = movable_cubes(state, p)
        options = [ID[c] for c in cubes if card != RESERVE or not c.startswith("from ")]
    if len(options) == 1:
        _speculate_from(state, frame, options[0])
        return
    if card == RESERVE:
        state.decide(p, "speculate", options, then="from", prompt="prompt.to_reserve")
    else:
        state.decide(
            p, "speculate", options, then="from", prompt="prompt.speculate", card=f"@card.{card}.name"
        )


@speculate.step("from")
def _speculate_from(state: PaxState, frame: CardAction, action: int) -> None:
    """Take the chosen cube from its place, then put it on the market card (a Speculation cube) or in
    the reserve. A Connection cube leaving its oval leaves the base connection; an Income cube leaving
    the Hacendado lowers its salary."""
    p, card, where = frame["pl"], frame["card"], target(action)
    kind = verb(action)
    if kind == "from":
        del state.d["spec"][where]
    elif kind == "income" and where == state.d["hac"][p]["id"]:
        state.d["hac"][p]["income"] -= 1
    elif kind in ("income", "connection", "prestige"):
        found = state.find(where)
        assert found is not None
        e = found[1]
        if kind == "income":
            e["income"] -= 1
        elif kind == "connection":
            e["conn"] = None
        else:
            e["pcube"] = False
    who = f"@role.jugador-{p + 1}"
    if card == RESERVE:
        state.log("log.reserve", who=who, card=f"@card.{where}.name")
    else:
        state.d["spec"][card] = p
        state.log("log.speculate", who=who, card=f"@card.{card}.name")
    state.ret()


# ------------------------------------------------------------------------ §II: discard headlines
headlines = PROCS.proc("headlines", rule="II", frame=Seat)


@headlines.step()
def _headlines(state: PaxState, frame: Seat, action: A) -> None:
    """Headlines (and Topples, ambiguity 11) in the free column are discarded without effect; two bears in
    a row start a depression, two bulls in a row end it. Only these discards count (ambiguity 10).

    A stalled market (our rule, README §9): when a whole round of turns passes with no card leaving the
    market, whatever else stands in the free column is discarded too, so that the deck runs down and the
    game reaches its fourth Topple whatever the players do."""
    stalled = not state.d["moved"] and state.d["still"] + 1 >= state.n
    looted: list[list[int | str]] = []
    for row in state.d["market"]:
        card = row[0]
        if card is None:
            continue
        if card in TOPPLES:
            take(state, card)
            state.d["discard"].append(card)
            state.d["topples_done"] += 1
            state.log("log.topple_discarded", card=f"@card.{card}.name")
            if state.d["topples_done"] == len(TOPPLES):
                state.replace(final, NoLocals())
                return
        elif CARDS[card].type == "headline":
            take(state, card)
            state.d["discard"].append(card)
            state.log("log.headline_discarded", card=f"@card.{card}.name")
            icon = CARDS[card].icon
            run = state.d["run"]
            in_a_row = int(run[1]) + 1 if run[0] == icon else 1
            state.d["run"] = [icon, in_a_row]
            if in_a_row >= int(DEPRESSION["in_a_row"]):
                from ludoteca.games.pax_porfiriana.economy import set_depression

                looted += set_depression(state, icon == DEPRESSION["start"])
    if stalled:
        for card in [row[0] for row in state.d["market"] if row[0] is not None]:
            take(state, card)
            state.d["discard"].append(card)
            state.log("log.stalled", card=f"@card.{card}.name")
    state.d["still"] = 0 if state.d["moved"] else state.d["still"] + 1
    state.d["moved"] = False
    if looted:  # the troops of mines and banks looted as a depression began (§DEPRESIÓN)
        state.replace(retreats, Retreats(todo=looted))
        return
    state.ret()


# ---------------------------------------------------------------------------- §III: restore market
class Restore(TypedDict):
    """Restoring the market: whether the rows have slid toward the free column yet; the seat whose turn
    it is (`pl`, the turn's locals; none at the set-up)."""

    pl: NotRequired[int]
    slid: NotRequired[bool]


restore = PROCS.proc("restore", rule="III", frame=Restore)


def pile(state: PaxState) -> list[int] | None:
    return next((x for x in state.d["piles"] if x[0] + x[1] > 0), None)


@restore.step()
def _restore(state: PaxState, frame: Restore, action: A) -> None:
    """Slide every row toward the free column, then fill the empty places from the deck, row by row."""
    if not frame.get("slid"):
        frame["slid"] = True
        for r, row in enumerate(state.d["market"]):
            cards = [c for c in row if c]
            state.d["market"][r] = [*cards, *[None] * (len(row) - len(cards))]
    top = pile(state)
    empty = any(None in row for row in state.d["market"])
    if top is None or not empty:
        state.ret()
        return
    state.chance(draw_weights(state, top), then="drawn")


def draw_weights(state: PaxState, top: list[int]) -> dict[int, int]:
    """The next card of the deck: the top pile holds `m` market cards not yet seen and perhaps its Topple,
    in an order nobody knows. A market card is any card not yet seen (the deck is a random part of the
    box); the Topple comes next with probability 1/(m+1), and is any of those not yet out."""
    seen = set(state.d["seen"])
    unseen = [DRAW[c] for c in CARDS if c not in seen]
    m, t = top
    left = [DRAW[x] for x in TOPPLES if x not in state.d["topples_out"]]
    if not t:
        return dict.fromkeys(unseen, 1)
    weights = dict.fromkeys(unseen, len(left) * m)
    weights.update(dict.fromkeys(left, len(unseen)))  # after the market cards: the ids in ascending order
    return weights


DRAW = {card: ID[f"draw {card}"] for card in [*CARDS, *TOPPLES]}
"""Each card's chance outcome `draw <card>`, named once: every card of the deck asks for all of them."""


@restore.step("drawn")
def _drawn(state: PaxState, frame: Restore, action: int) -> None:
    card = target(action)
    top = pile(state)
    assert top is not None
    if card in TOPPLES:
        top[1] = 0
        state.d["topples_out"].append(card)
    else:
        top[0] -= 1
        state.d["seen"] = [*state.d["seen"], card]  # a new list: clones share it (`PaxState.shared_keys`)
    r = next(i for i, row in enumerate(state.d["market"]) if None in row)
    state.d["market"][r][state.d["market"][r].index(None)] = card
    state.log("log.market_in", card=f"@card.{card}.name")
    state.goto("start")
