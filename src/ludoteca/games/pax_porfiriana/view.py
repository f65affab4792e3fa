"""What a seat sees of a Pax Porfiriana position (DESIGN §2): everything but the other players' hands
(only their size) — the deck order is never stored — as a JSON view and an observation tensor."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.observation import Observation
from ludoteca.games.pax_porfiriana.actions import ROLES
from ludoteca.games.pax_porfiriana.board import (
    CARDS,
    COMPONENTS,
    PRESTIGE_TYPES,
    PUBLIC_CARDS,
    REGIMES,
    TOPPLES,
)
from ludoteca.games.pax_porfiriana.market import PRICES, slots
from ludoteca.games.pax_porfiriana.position import HacendadoState, InPlay

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

CARD_IDS = tuple(CARDS)
GOLD_SCALE = 100.0


class MarketSlot(TypedDict):
    """A place of the market: its card (None: empty), its column's price, the Speculation cube's owner."""

    card: str | None
    price: int
    speculator: int | None


class RegimeValues(TypedDict):
    """The regime's economy value and the most Income cubes a mine and a bank carry under it."""

    economy: int
    mine: int
    bank: int


class PlayerView(TypedDict):
    """A seat's tableau; its `hand` only in its own view (the others see `hand_size`)."""

    gold: int
    jailed: bool
    cubes: int
    hacendado: HacendadoState
    row: list[InPlay]
    pile: list[str]
    prestige: dict[str, int]
    hand_size: int
    hand: NotRequired[list[str]]


class BoardView(TypedDict):
    """The board part of a Pax Porfiriana view (`board_view`), as the terminal and the browser read it."""

    turn: str
    seats: list[str]
    solo: bool
    actions_left: int
    regime: str
    regime_values: RegimeValues
    prestige_counts: str
    tripartite: dict[str, int]
    banned: list[str]
    depression: bool
    run: list[str | int]
    market: list[list[MarketSlot]]
    deck: int
    piles: list[int]
    topples_done: int
    topples_total: int
    public: dict[str, int | None]
    discard: list[str]
    diaz: dict[str, int]
    players: dict[str, PlayerView]


def board_view(state: PaxState, role: int | None, lang: str) -> BoardView:
    """Everything public (the market, the rows, gold, cubes, prestige, the regime and its values, the
    Tripartite each player faces now, the deck's size) and `role`'s own hand."""
    from ludoteca.games.pax_porfiriana.topple import tripartite

    d = state.d
    regime = REGIMES[d["regime"]]
    prestige = {p: state.prestige_by_kind(p) for p in range(state.n)}  # read once, not once a kind
    players: dict[str, PlayerView] = {}
    for p in range(state.n):
        seat: PlayerView = {
            "gold": d["gold"][p],
            "jailed": d["jail"][p],
            "cubes": state.cubes_free(p),
            "hacendado": d["hac"][p].copy(),
            "row": [e.copy() for e in d["play"][p]],
            "pile": list(d["pile"][p]),
            "prestige": prestige[p],
            "hand_size": len(d["hands"][p]),
        }
        if role == p:
            seat["hand"] = list(d["hands"][p])
        players[ROLES[p]] = seat
    return {
        "turn": ROLES[d["turn"]],
        "seats": [ROLES[p] for p in state.humans()],
        "solo": state.solo(),
        "actions_left": d["left"],
        "regime": d["regime"],
        "regime_values": {"economy": regime.economy, "mine": regime.mine, "bank": regime.bank},
        "prestige_counts": regime.prestige,
        "tripartite": {ROLES[p]: tripartite(state, p, prestige) for p in state.humans()},
        "banned": list(d["banned"]),
        "depression": d["depression"],
        "run": list(d["run"]),
        "market": [
            [
                {"card": c, "price": PRICES[i], "speculator": d["spec"].get(c) if c else None}
                for i, c in enumerate(row)
            ]
            for row in d["market"]
        ],
        "deck": sum(m + t for m, t in d["piles"]),
        "piles": [m + t for m, t in d["piles"]],
        "topples_done": d["topples_done"],
        "topples_total": len(TOPPLES),
        "public": d["public"].copy(),
        "discard": list(d["discard"]),
        "diaz": d["diaz"].copy(),
        "players": players,
    }


REGIME_IDS = tuple(REGIMES)
SEATS = len(ROLES)
"""The tensor has a block for each of the game's seats (six), zeros for a seat nobody takes."""
SEAT_NAMES = tuple(
    (f"gold[{p}]", f"jailed[{p}]", f"hand_size[{p}]", *(f"prestige[{p}][{k}]" for k in PRESTIGE_TYPES))
    for p in range(SEATS)
)
ROW_NAMES = tuple(tuple(f"row[{p}][{c}]" for c in CARD_IDS) for p in range(SEATS))
EMPTY_SEAT = (0.0,) * len(SEAT_NAMES[0])
"""Each seat's entries and its row's, named once when the module loads rather than at every observation
(issue 26); an empty seat's entries."""


def observe(state: PaxState, role: int, out: Observation) -> None:
    """The regime, the market, and for each seat its gold, jail, hand size, prestige and cards in play;
    one's own hand (others' hand sizes only). The card sections are multi-hots over every card
    (`members`: they cost the cards present); a seat nobody takes is zeros."""
    d = state.d
    out.one_hot("regime", REGIME_IDS, d["regime"])
    out.add("depression", float(d["depression"]))
    out.add("topples_done", d["topples_done"] / len(TOPPLES))
    out.add("deck", min(1.0, sum(m + t for m, t in d["piles"]) / 120.0))
    out.members("market", CARD_IDS, {c for row in d["market"] for c in row if c})
    for p in range(SEATS):
        if p >= state.n:
            out.entries(SEAT_NAMES[p], EMPTY_SEAT)
            out.sparse(ROW_NAMES[p], {})
            continue
        prestige = state.prestige_by_kind(p)
        seat = (min(1.0, d["gold"][p] / GOLD_SCALE), float(d["jail"][p]), min(1.0, len(d["hands"][p]) / 5.0))
        out.entries(SEAT_NAMES[p], (*seat, *[min(1.0, prestige[k] / 20.0) for k in PRESTIGE_TYPES]))
        out.members(f"row[{p}]", CARD_IDS, [e["id"] for e in d["play"][p]])
    out.members("hand", CARD_IDS, d["hands"][role] if role < state.n else ())


def action_label(state: PaxState, action: int, lang: str) -> str:
    """`act.<verb>` with its target named: a card or Hacendado, a role, a faction, a face."""
    verb, _, what = state.game.actions.names[action].partition(" ")
    if (verb, what) == ("speculate", "reserve"):
        return state.game.catalog.text("act.to_reserve", lang, {})
    if verb in ("victim", "first"):
        ref = f"@role.{what}" if verb == "victim" else f"@role.jugador-{what}"
    elif verb == "faction":
        ref = f"@faction.{what}"
    elif verb == "face":
        ref = f"@word.{what}"
    elif what and not what.isdigit():
        ref = f"@card.{what}.name"
    else:
        ref = what
    return state.game.catalog.text(f"act.{verb}", lang, {"target": ref})


MENU = "prompt.action"
UPKEEP = "prompt.upkeep"


def situated_prompt(state: PaxState, lang: str) -> str | None:
    """The prompt of the decision now posed where it reads the position (issue 55), else None (the prompt
    as posed). It is worked out for the view, so the decision stored in the position (and its digest) is
    the one the rules pose. The action menu names the kinds of action an unused `extra_action` ability
    pays for (they cost none of the actions left, §I); the Depression's bill gives the cards, the sum and
    the gold, and when the gold falls short says to discard (§DEPRESIÓN ECONÓMICA)."""
    from ludoteca.games.pax_porfiriana.actions import VERBS
    from ludoteca.games.pax_porfiriana.economy import upkept
    from ludoteca.games.pax_porfiriana.turn import KIND

    wait = state.d["wait"]
    if wait is None or wait["role"] < 0:
        return None
    p: int = wait["role"]
    prompt: str = wait["prompt"]
    offered: list[int] = wait["actions"]
    text = state.game.catalog.text
    if prompt == MENU:
        unused = set(state.extra_actions(p)).difference(state.d["extra"])
        free = sorted({KIND[VERBS[x]] for x in offered if KIND.get(VERBS[x], "") in unused})
        if not free:
            return None
        left: int = wait["params"]["left"]
        return text("prompt.action_free", lang, {"left": left, "free": [f"@free.{k}" for k in free]})
    if prompt == UPKEEP:
        n: int = wait["params"]["n"]
        gold = state.d["gold"][p]
        per = int(COMPONENTS.depression["cost_per_card"])
        bill = {"n": n, "per": per, "cards": len(upkept(state, p)), "gold": gold}
        return text("prompt.upkeep_bill" if gold >= n else "prompt.upkeep_short", lang, bill)
    return None


def situated_label(state: PaxState, action: int, lang: str) -> str | None:
    """The label of an action of the decision now posed where it depends on the position (issue 55), else
    None (the plain `action_label`): in the action menu, a buy names the price to pay (the column's, to
    the bank or to the speculator, §COMPRAR CARTA, §ESPECULAR) and a public card its own; an action that
    costs no action (an unused `extra_action`) or two (§COMPRAR CARTA, §CARTA NEGRA, §COMPRAR TERRENOS)
    says so. In the Depression's bill `pass` pays it and a discard is a card not paid for
    (§DEPRESIÓN ECONÓMICA); in a Speculate action with free cubes `pass` takes a new cube (§ESPECULAR)."""
    from ludoteca.games.pax_porfiriana.turn import cost, free

    wait = state.d["wait"]
    if wait is None or wait["role"] < 0 or action not in wait["actions"]:
        return None
    text = state.game.catalog.text
    verb, _, what = state.game.actions.names[action].partition(" ")
    prompt: str = wait["prompt"]
    p: int = wait["role"]
    if prompt == MENU:
        if verb == "end":
            return None
        label = action_label(state, action, lang)
        n = next((PRICES[c] for _, c, card in slots(state) if card == what), None)
        if verb == "buy" and n is not None:
            speculator = state.d["spec"].get(what)
            paid = speculator is not None and speculator != p
            label = text(
                "act.buy_paid" if paid else "act.buy_price",
                lang,
                {"target": f"@card.{what}.name", "n": n, "who": f"@role.{ROLES[speculator or 0]}"},
            )
        elif verb == "public":
            label = text(
                "act.public_price", lang, {"target": f"@card.{what}.name", "n": PUBLIC_CARDS[what].cost}
            )
        if free(state, p, action):
            return text("act.costs_none", lang, {"label": label})
        n = cost(state, p, action)
        return label if n == 1 else text("act.costs", lang, {"label": label, "n": n})
    if prompt == UPKEEP and verb == "pass":
        bill: int = wait["params"]["n"]
        return text("act.pay_upkeep", lang, {"n": bill})
    if prompt == UPKEEP and verb == "discard":
        return text("act.discard_upkeep", lang, {"target": f"@card.{what}.name"})
    if prompt == "prompt.speculate" and verb == "pass":
        return text("act.new_cube", lang, {})
    return None
