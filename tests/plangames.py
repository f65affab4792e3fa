"""A tiny game with a planner, built to test the search over plans (`ai.plan_search`).

Shop: chance deals a hidden card 1–3 that only `keeper` sees; `buyer` then buys three goods one at a time,
red or blue, and `keeper` says X or Y (which changes nothing). A red good is worth 0.3 to the buyer and a
blue one 0.1, except with the card 3, where they swap. Buying red is worth more on average (0.7/3 against
0.5/3 a good), so a buyer who cannot see the card buys red; only one that peeked would buy blue on a 3.

The planner offers the buyer two plans, "all blue" (its favourite, so that a search has to overrule it) and
"all red", each three purchases; the keeper gets none (it plays at random in a sample). `SHORT` offers plans
that stop after one purchase, so the buyer plans again at every purchase; `BROKEN` offers a plan whose
next action is never legal.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from ludoteca.core.game import ActionTable, Game
from ludoteca.core.hooks import StateHooks
from ludoteca.core.i18n import Catalog
from ludoteca.core.plans import Plan, Planner
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import State

RED, BLUE, X, Y, CARD1, CARD2, CARD3 = range(7)
BUYER, KEEPER = 0, 1
GOODS = 3

SHOP = ProcedureSet()
shop = SHOP.proc("shop", rule="shop")


@shop.step()
def _deal(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.chance({CARD1: 1, CARD2: 1, CARD3: 1}, then="dealt")


@shop.step("dealt")
def _dealt(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["card"] = (action or 0) - CARD1 + 1
    s.ask(BUYER, [RED, BLUE], then="bought", prompt="prompt.buy")


@shop.step("bought")
def _bought(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["goods"] = [*s.d["goods"], action]
    if len(s.d["goods"]) < GOODS:
        s.ask(BUYER, [RED, BLUE], then="bought", prompt="prompt.buy")
    else:
        s.ask(KEEPER, [X, Y], then="said", prompt="prompt.say")


@shop.step("said")
def _said(s: State, frame: dict[str, Any], action: int | None) -> None:
    value = worth(s)
    s.end_game("result.over", [value, -value])


def worth(s: State) -> float:
    """The buyer's goods' worth, less the mean worth of three goods, to the buyer."""
    best = BLUE if s.d["card"] == 3 else RED
    return sum(0.3 if good == best else 0.1 for good in s.d["goods"]) - 0.6


def evaluate(s: State) -> list[float]:
    value = worth(s)
    return [value, -value]


class ShopState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = SHOP
    hooks: ClassVar[StateHooks] = StateHooks(evaluate=evaluate)

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {"card": self.d["card"] if role == KEEPER else None, "goods": list(self.d["goods"])}

    def resample_from_infostate(self, role: int, rng: random.Random) -> ShopState:
        twin = self.clone()
        if role == BUYER and self.d["card"] is not None:
            twin.d["card"] = rng.choice([1, 2, 3])
        return twin


class ShopPlanner:
    """ "all blue" and "all red" for the buyer, the keeper nothing; records every state it is given."""

    def __init__(self, short: bool = False, broken: bool = False) -> None:
        self.short, self.broken = short, broken
        self.seen: list[State] = []
        """Every state `plans` and `next_action` were called with."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        self.seen.append(state)
        if role != BUYER:
            return ()
        bought = len(state.d["goods"])
        stop = bought + 1 if self.short else GOODS
        size = stop - bought
        if self.broken:
            return (Plan("broken", "plan.broken", size=1, data=("broken", stop)),)
        return (
            Plan("all blue", "plan.buy", {"colour": "blue"}, size, data=("blue", stop)),
            Plan("all red", "plan.buy", {"colour": "red"}, size, data=("red", stop)),
        )

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        self.seen.append(state)
        colour, stop = plan.data
        if colour == "broken":
            return X  # never the buyer's to play
        if role != BUYER or len(state.d["goods"]) >= stop or state.current_player() != BUYER:
            return None
        return RED if colour == "red" else BLUE

    def phase(self, state: State[Any], role: int) -> tuple[Hashable, int]:
        """One stretch: the buyer's purchases, each of them a search that may still come."""
        return "purchases", GOODS - len(state.d["goods"])


class Shop(Game):
    id = "shop"
    title = "Shop"
    roles = ("buyer", "keeper")
    player_counts = (2,)
    rulebook = "tests/plangames.py"
    actions = ActionTable(("red", "blue", "x", "y", "card 1", "card 2", "card 3"))
    catalog = Catalog()

    def __init__(self, planner: Planner | None = None) -> None:
        self.planner = planner  # type: ignore[misc]

    def new_initial_state(self, options: dict[str, str] | None = None) -> ShopState:
        state = ShopState(self, self.parse_options(options), {"card": None, "goods": []})
        state.start("shop")
        return state

    def dealt(self, card: int) -> ShopState:
        """The buyer's first purchase with `card` dealt."""
        state = self.new_initial_state()
        state.apply_action(CARD1 + card - 1)
        return state
