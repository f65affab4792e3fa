"""§Capturas: a captured card is a prisoner in the captor's area; it may be eliminated (a character for a
coin, a leader for 2 VP and a level of popularity) or offered back to the player it was taken from."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.patria_libre import popularity
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.popularity import Shift
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


class Prisoner(TypedDict):
    """The locals of a prisoner's fate: the captor (`r`), the card, and the price offered for it."""

    r: str
    card: str
    price: NotRequired[int]


eliminate = PROCS.proc("eliminate", rule="A-capture", frame=Prisoner)


@eliminate.step()
def _eliminate(state: PatriaState, frame: Prisoner, action: int | None) -> None:
    """§Eliminando prisioneros: a character for a coin; a leader for 2 VP and a level of popularity."""
    r, card = frame["r"], frame["card"]
    state.d["area"][r].remove(card)
    del state.d["captured_from"][card]
    state.d["discard"].append(card)
    state.log("log.eliminate", who=f"@role.{r}", card=f"@card.{card}.name")
    if BOARD.cards[card]["type"] == "leader":
        state.add_vp(r, 2)
        state.replace(popularity.lose, Shift(r=r, n=1))
    else:
        state.give(r, 1)
        state.ret()


ransom = PROCS.proc("ransom", rule="A-capture", frame=Prisoner)


@ransom.step()
def _ransom(state: PatriaState, frame: Prisoner, action: int | None) -> None:
    """§Capturas: prisoners may be traded; here the captor offers the card back to the player it was
    taken from, for a price in coins, and that player accepts or refuses."""
    state.decide(
        state.idx(frame["r"]),
        "offer",
        [ID[f"price {n}"] for n in range(4)],
        then="priced",
        prompt="prompt.price",
        card=f"@card.{frame['card']}.name",
    )


@ransom.step("priced")
def _ransom_priced(state: PatriaState, frame: Prisoner, action: int) -> None:
    frame["price"] = int(target(action))
    owner = state.d["captured_from"][frame["card"]]
    options = [ID["refuse"]] + ([ID["accept"]] if state.d["coins"][owner] >= frame["price"] else [])
    state.log("log.offer", who=f"@role.{frame['r']}", card=f"@card.{frame['card']}.name", n=frame["price"])
    state.decide(
        state.idx(owner),
        "accept",
        options,
        then="answered",
        prompt="prompt.accept",
        card=f"@card.{frame['card']}.name",
        n=frame["price"],
    )


@ransom.step("answered")
def _ransom_answered(state: PatriaState, frame: Prisoner, action: int) -> None:
    r, card = frame["r"], frame["card"]
    owner = state.d["captured_from"][card]
    if action == ID["accept"]:
        state.take(owner, frame["price"])
        state.d["coins"][r] += frame["price"]
        state.d["area"][r].remove(card)
        state.d["area"][owner].append(card)
        del state.d["captured_from"][card]
        state.log("log.ransomed", who=f"@role.{owner}", card=f"@card.{card}.name")
    state.ret()
